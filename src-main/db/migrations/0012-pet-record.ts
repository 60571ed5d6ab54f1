/**
 * The pet record: a price, a SKU and what its photo is on the pet itself (lists, events and the till
 * read them with the row, no join), the animal's details in a table beside it and the photo's bytes
 * in another, so that neither widens the rows a list of pets walks
 * (docs/decisions.md#the-animals-record-is-read-one-pet-at-a-time). Existing pets get no price, SKU,
 * details or photo. Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE pets ADD COLUMN price INTEGER CHECK (price BETWEEN 0 AND 100000000);
ALTER TABLE pets ADD COLUMN sku TEXT CHECK (length(sku) BETWEEN 1 AND 32);
-- SKUs are unique case aside (ASCII: SQLite's upper() folds only ASCII, all a SKU holds); NULLs never clash.
CREATE UNIQUE INDEX pets_by_sku ON pets(upper(sku));
-- The photo's type, size and time, set with its bytes (pet_photos) in one transaction; NULL: none.
ALTER TABLE pets ADD COLUMN photo_type TEXT CHECK (photo_type IN ('image/jpeg', 'image/png', 'image/webp'));
ALTER TABLE pets ADD COLUMN photo_size INTEGER;
ALTER TABLE pets ADD COLUMN photo_updated_at TEXT;

CREATE TABLE pet_details (
  pet_id       INTEGER PRIMARY KEY REFERENCES pets(id) ON DELETE CASCADE,
  breed        TEXT,
  sex          TEXT CHECK (sex IN ('female', 'male', 'unknown')),
  birth_date   TEXT,
  microchip    TEXT CHECK (length(microchip) = 15),
  vaccinations TEXT, -- a JSON array of {name, date}
  health_notes TEXT
);
CREATE UNIQUE INDEX pet_details_by_microchip ON pet_details(microchip);

CREATE TABLE pet_photos (
  pet_id INTEGER PRIMARY KEY REFERENCES pets(id) ON DELETE CASCADE,
  bytes  BLOB NOT NULL
);
`;
