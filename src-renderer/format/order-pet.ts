/**
 * How an order names its pet, the same on every screen: "Rex (#7)" while the pet is in the
 * catalogue, "Rex (#7, deleted)" from the name the order kept once it is not, "Pet #7 (deleted)"
 * for an old order that kept none. `current` is the pet's current name, when it still exists.
 */
export function orderPetLabel(order: { petId?: number; petName?: string }, current: string | null | undefined): string {
  if (current) return `${current} (#${order.petId})`;
  return order.petName ? `${order.petName} (#${order.petId}, deleted)` : `Pet #${order.petId} (deleted)`;
}
