/** Catalogue, stock and orders. Shipped in 0.1.0: never edit, add a new migration instead. */
export const sql = /* sql */ `
CREATE TABLE categories (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL,
  name_folded TEXT NOT NULL UNIQUE,
  description TEXT
);

CREATE TABLE pets (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL,
  name_folded TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  status      TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold'))
);
CREATE INDEX pets_by_category ON pets(category_id, id);
CREATE INDEX pets_by_status ON pets(status, id);
CREATE INDEX pets_by_name ON pets(name_folded, id);

CREATE TABLE inventory (
  pet_id   INTEGER PRIMARY KEY REFERENCES pets(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 0 AND 1000000)
);

-- No foreign key to pets: completed orders outlive a deleted pet as sales history.
-- The service refuses to delete a pet with open orders.
CREATE TABLE orders (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  pet_id    INTEGER NOT NULL,
  quantity  INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  ship_date TEXT,
  complete  INTEGER NOT NULL DEFAULT 0 CHECK (complete IN (0, 1)),
  placed_at TEXT NOT NULL
);
CREATE INDEX orders_by_pet ON orders(pet_id, id);
CREATE INDEX orders_open_by_pet ON orders(pet_id) WHERE complete = 0;
`;
