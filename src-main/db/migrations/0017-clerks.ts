/**
 * Clerk logins (docs/decisions.md#clerk-logins): clerks with a role and a PIN (scrypt, never in
 * clear), the sessions a till or the server's own desk opens for one (a secret's SHA-256; till_id
 * NULL is the server's desk), and who recorded each sale, refund, stock movement and order: the
 * clerk and till as they were named then, without foreign keys (a record, as a receipt is; a
 * restore keeps tills of its own). NULL clerk: the owner with logins off; NULL till: the server's
 * desk or the command line. Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE clerks (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  name_key   TEXT NOT NULL UNIQUE,
  role       TEXT NOT NULL CHECK (role IN ('clerk', 'owner')),
  pin_hash   TEXT NOT NULL,
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL
);

CREATE TABLE clerk_sessions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  clerk_id   INTEGER NOT NULL REFERENCES clerks(id),
  till_id    INTEGER REFERENCES tills(id),
  hash       TEXT NOT NULL UNIQUE,
  started_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ended_at   TEXT
);
CREATE INDEX clerk_sessions_by_clerk ON clerk_sessions(clerk_id);

ALTER TABLE sales ADD COLUMN clerk_id INTEGER;
ALTER TABLE sales ADD COLUMN clerk_name TEXT;
ALTER TABLE sales ADD COLUMN till_id INTEGER;
ALTER TABLE sales ADD COLUMN till_name TEXT;
ALTER TABLE refunds ADD COLUMN clerk_id INTEGER;
ALTER TABLE refunds ADD COLUMN clerk_name TEXT;
ALTER TABLE refunds ADD COLUMN till_id INTEGER;
ALTER TABLE refunds ADD COLUMN till_name TEXT;
ALTER TABLE stock_movements ADD COLUMN clerk_id INTEGER;
ALTER TABLE stock_movements ADD COLUMN clerk_name TEXT;
ALTER TABLE stock_movements ADD COLUMN till_id INTEGER;
ALTER TABLE stock_movements ADD COLUMN till_name TEXT;
ALTER TABLE orders ADD COLUMN clerk_id INTEGER;
ALTER TABLE orders ADD COLUMN clerk_name TEXT;
ALTER TABLE orders ADD COLUMN till_id INTEGER;
ALTER TABLE orders ADD COLUMN till_name TEXT;
`;
