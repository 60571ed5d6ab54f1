/** A category no longer in the catalogue, by the last name known of it: "Lizards (deleted)". */
export const deletedCategoryLabel = (name: string): string => `${name} (deleted)`;
