/**
 * Customers: the people the shop sells to. Forgetting one keeps the row (their sales will point at
 * it) and erases the person, also from the change log's earlier customer events (found by the
 * customer's id through `events_by_customer`, not by reading the whole log) and from the kept
 * answers of Idempotency-Key retries (which now say which operation gave them).
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE customers (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  name         TEXT NOT NULL,
  name_sort    TEXT NOT NULL,
  name_order   TEXT NOT NULL,
  phone        TEXT,
  phone_digits TEXT NOT NULL DEFAULT '',
  email        TEXT,
  email_sort   TEXT NOT NULL DEFAULT '',
  note         TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL,
  forgotten_at TEXT
);
CREATE INDEX customers_by_name ON customers(name_order, id) WHERE forgotten_at IS NULL;
CREATE INDEX events_by_customer ON events(json_extract(data, '$.id')) WHERE type IN ('customer.created', 'customer.updated');
ALTER TABLE idempotency_keys ADD COLUMN operation TEXT;
`;
