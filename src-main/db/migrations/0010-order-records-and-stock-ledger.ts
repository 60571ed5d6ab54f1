/**
 * Orders are records and stock has a ledger.
 *
 * Orders get a `status` (open, complete, cancelled): a cancel keeps the row instead of deleting it.
 * SQLite cannot turn a column into a generated one, so the table is rebuilt with `complete` derived
 * from `status` (one truth; SQL reading `complete` still reads "fulfilled"), the sale columns
 * (`sale_id`, `unit_price`: the sales to come fill them), and AUTOINCREMENT's high-water mark
 * carried over, so an id a cancelled-and-deleted order had is never given again. `placed_at` was
 * written with every order since version 1: each order keeps its real time.
 *
 * `stock_movements` is the ledger: one row per change of a pet's stock, adding up to it. Every pet
 * with stock gets an `opening` movement of that stock, dated now (none for a stock of 0). No foreign
 * keys: movements outlive a deleted pet as the record, and the sales table comes later.
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE orders_0010 (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  pet_id     INTEGER NOT NULL,
  pet_name   TEXT,
  quantity   INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  ship_date  TEXT,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'cancelled')),
  complete   INTEGER GENERATED ALWAYS AS (status = 'complete') VIRTUAL,
  placed_at  TEXT NOT NULL,
  sale_id    INTEGER,
  unit_price INTEGER CHECK (unit_price >= 0)
);
INSERT INTO sqlite_sequence (name, seq) SELECT 'orders_0010', seq FROM sqlite_sequence WHERE name = 'orders';
INSERT INTO orders_0010 (id, pet_id, pet_name, quantity, ship_date, status, placed_at)
  SELECT id, pet_id, pet_name, quantity, ship_date, CASE complete WHEN 1 THEN 'complete' ELSE 'open' END, placed_at FROM orders;
DROP TABLE orders;
ALTER TABLE orders_0010 RENAME TO orders;
CREATE INDEX orders_by_pet ON orders(pet_id, id);
CREATE INDEX orders_open_by_pet ON orders(pet_id) WHERE status = 'open';
CREATE INDEX orders_by_status ON orders(status, id);
CREATE INDEX orders_by_sale ON orders(sale_id) WHERE sale_id IS NOT NULL;

CREATE TABLE stock_movements (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  pet_id         INTEGER NOT NULL,
  at             TEXT NOT NULL,
  delta          INTEGER NOT NULL CHECK (delta <> 0),
  quantity_after INTEGER NOT NULL CHECK (quantity_after BETWEEN 0 AND 1000000),
  reason         TEXT NOT NULL CHECK (reason IN ('opening', 'received', 'order', 'cancelled', 'returned', 'correction', 'lost', 'died')),
  order_id       INTEGER,
  sale_id        INTEGER,
  note           TEXT
);
CREATE INDEX stock_movements_by_pet ON stock_movements(pet_id, id);

INSERT INTO stock_movements (pet_id, at, delta, quantity_after, reason)
  SELECT pet_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), quantity, quantity, 'opening' FROM inventory WHERE quantity > 0 ORDER BY pet_id;
`;
