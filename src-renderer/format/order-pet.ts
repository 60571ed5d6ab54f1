/**
 * How an order names its pet, the same on every screen: "Rex (#7)" while the pet is in the
 * catalogue, "Rex (#7, deleted)" from the name the order kept once it is not, "Pet #7 (deleted)"
 * for an old order that kept none. `current` is the pet's current name, when it still exists.
 */
export function orderPetLabel(order: { petId?: number; petName?: string }, current: string | null | undefined): string {
  if (current) return `${current} (#${order.petId})`;
  return deletedPetLabel(order.petId, order.petName);
}

/** A pet no longer in the catalogue, by the last name known of it: "Rex (#7, deleted)", else "Pet #7 (deleted)". */
export const deletedPetLabel = (petId: number | undefined, lastName: string | undefined): string =>
  lastName ? `${lastName} (#${petId}, deleted)` : `Pet #${petId} (deleted)`;
