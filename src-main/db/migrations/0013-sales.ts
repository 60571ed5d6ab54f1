/**
 * Sales and refunds.
 *
 * A sale is a basket: `sale_lines` snapshot what each line was (pet and category names, unit
 * price, tax rate) and what src-shared/money.ts priced it at; each line is an order of the orders
 * table (`orders.sale_id`, migration 10). `sale_payments` are the payments taken. A refund (also the
 * one a cancel writes) has its lines, priced by `refundShare`, and the payments that paid it back;
 * `sale_lines.returned` and `sales.refunded` keep the running sums. Amounts are stored as priced and
 * never computed again (reports read them). The CHECKs hold the sums a sale must keep.
 *
 * Receipt numbers: the next is the highest so far plus one, read in the sale's write transaction, so a
 * refused sale takes none and there are no gaps. `sale_numbers` (one row) keeps the highest number
 * the store had given when a restore replaced its sales, so a number printed since a backup is never reused.
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE sales (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  number             INTEGER NOT NULL UNIQUE CHECK (number >= 1),
  created_at         TEXT NOT NULL,
  status             TEXT NOT NULL CHECK (status IN ('open', 'completed', 'cancelled')),
  handover           TEXT NOT NULL CHECK (handover IN ('now', 'later')),
  ship_date          TEXT,
  note               TEXT,
  customer_id        INTEGER REFERENCES customers(id),
  currency           TEXT NOT NULL,
  prices_include_tax INTEGER NOT NULL CHECK (prices_include_tax IN (0, 1)),
  subtotal           INTEGER NOT NULL CHECK (subtotal >= 0),
  discount           INTEGER NOT NULL CHECK (discount BETWEEN 0 AND subtotal),
  net                INTEGER NOT NULL CHECK (net >= 0),
  tax                INTEGER NOT NULL CHECK (tax >= 0),
  total              INTEGER NOT NULL CHECK (total = net + tax),
  paid               INTEGER NOT NULL CHECK (paid >= total),
  change_given       INTEGER NOT NULL CHECK (change_given = paid - total),
  refunded           INTEGER NOT NULL DEFAULT 0 CHECK (refunded BETWEEN 0 AND total),
  completed_at       TEXT,
  cancelled_at       TEXT
);
CREATE INDEX sales_by_created ON sales(created_at);
CREATE INDEX sales_by_customer ON sales(customer_id, created_at) WHERE customer_id IS NOT NULL;
CREATE INDEX sales_by_status ON sales(status, created_at);

CREATE TABLE sale_lines (
  sale_id       INTEGER NOT NULL REFERENCES sales(id),
  line          INTEGER NOT NULL CHECK (line >= 0),
  order_id      INTEGER NOT NULL UNIQUE,
  pet_id        INTEGER NOT NULL,
  pet_name      TEXT NOT NULL,
  category_id   INTEGER NOT NULL,
  category_name TEXT NOT NULL,
  quantity      INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  unit_price    INTEGER NOT NULL CHECK (unit_price >= 0),
  tax_rate      INTEGER NOT NULL CHECK (tax_rate BETWEEN 0 AND 10000),
  gross         INTEGER NOT NULL CHECK (gross = unit_price * quantity),
  discount      INTEGER NOT NULL CHECK (discount BETWEEN 0 AND gross),
  net           INTEGER NOT NULL CHECK (net >= 0),
  tax           INTEGER NOT NULL CHECK (tax >= 0),
  total         INTEGER NOT NULL CHECK (total = net + tax),
  returned      INTEGER NOT NULL DEFAULT 0 CHECK (returned BETWEEN 0 AND quantity),
  PRIMARY KEY (sale_id, line)
) WITHOUT ROWID;

CREATE TABLE sale_payments (
  sale_id  INTEGER NOT NULL REFERENCES sales(id),
  position INTEGER NOT NULL CHECK (position >= 0),
  method   TEXT NOT NULL CHECK (method IN ('cash', 'card', 'other')),
  amount   INTEGER NOT NULL CHECK (amount > 0),
  PRIMARY KEY (sale_id, position)
) WITHOUT ROWID;

CREATE TABLE refunds (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  sale_id    INTEGER NOT NULL REFERENCES sales(id),
  created_at TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('refund', 'cancel')),
  restock    INTEGER NOT NULL CHECK (restock IN (0, 1)),
  reason     TEXT,
  net        INTEGER NOT NULL CHECK (net >= 0),
  tax        INTEGER NOT NULL CHECK (tax >= 0),
  amount     INTEGER NOT NULL CHECK (amount = net + tax)
);
CREATE INDEX refunds_by_sale ON refunds(sale_id, id);
CREATE INDEX refunds_by_created ON refunds(created_at);

CREATE TABLE refund_lines (
  refund_id INTEGER NOT NULL REFERENCES refunds(id),
  sale_id   INTEGER NOT NULL,
  line      INTEGER NOT NULL,
  quantity  INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
  net       INTEGER NOT NULL CHECK (net >= 0),
  tax       INTEGER NOT NULL CHECK (tax >= 0),
  total     INTEGER NOT NULL CHECK (total = net + tax),
  PRIMARY KEY (refund_id, line),
  FOREIGN KEY (sale_id, line) REFERENCES sale_lines(sale_id, line)
) WITHOUT ROWID;

CREATE TABLE refund_payments (
  refund_id INTEGER NOT NULL REFERENCES refunds(id),
  position  INTEGER NOT NULL CHECK (position >= 0),
  method    TEXT NOT NULL CHECK (method IN ('cash', 'card', 'other')),
  amount    INTEGER NOT NULL CHECK (amount > 0),
  PRIMARY KEY (refund_id, position)
) WITHOUT ROWID;

CREATE TABLE sale_numbers (
  one  INTEGER PRIMARY KEY CHECK (one = 1),
  last INTEGER NOT NULL CHECK (last >= 0)
);
INSERT INTO sale_numbers (one, last) VALUES (1, 0);
`;
