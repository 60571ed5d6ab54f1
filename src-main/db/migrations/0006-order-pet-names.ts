/**
 * An order keeps the name its pet had when it was placed: the sales history and a reprinted
 * receipt still say what was sold after the pet is renamed or deleted (orders outlive their pet).
 * Existing orders take their pet's current name, or, for a pet deleted already, the name its
 * `pet.deleted` event recorded; an order whose pet left no trace keeps none (NULL).
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE orders ADD COLUMN pet_name TEXT;
UPDATE orders SET pet_name = (SELECT name FROM pets WHERE pets.id = orders.pet_id);
UPDATE orders SET pet_name = (
  SELECT json_extract(data, '$.name') FROM events
  WHERE type = 'pet.deleted' AND json_extract(data, '$.id') = orders.pet_id
  ORDER BY id DESC LIMIT 1
) WHERE pet_name IS NULL;
`;
