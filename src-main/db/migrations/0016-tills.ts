/**
 * Tills paired with this shop server (docs/decisions.md#pairing-a-till). A till's token is an API
 * token of scope `till`: api_tokens is made again with that scope allowed (SQLite cannot change a
 * CHECK), keeping every row, id and the AUTOINCREMENT high mark. `pairing_codes` holds the one-time
 * codes in clear: each is the key of an HMAC the server must compute, for 10 minutes.
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE api_tokens_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  label        TEXT NOT NULL,
  scope        TEXT NOT NULL CHECK (scope IN ('read', 'write', 'till')),
  hash         TEXT NOT NULL UNIQUE,
  prefix       TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT
);
INSERT INTO api_tokens_new (id, label, scope, hash, prefix, created_at, last_used_at, revoked_at)
  SELECT id, label, scope, hash, prefix, created_at, last_used_at, revoked_at FROM api_tokens;
DELETE FROM sqlite_sequence WHERE name = 'api_tokens_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'api_tokens_new', seq FROM sqlite_sequence WHERE name = 'api_tokens';
DROP TABLE api_tokens;
ALTER TABLE api_tokens_new RENAME TO api_tokens;

CREATE TABLE tills (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  name      TEXT NOT NULL,
  token_id  INTEGER NOT NULL UNIQUE REFERENCES api_tokens(id),
  paired_at TEXT NOT NULL
);

CREATE TABLE pairing_codes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  code       TEXT NOT NULL UNIQUE CHECK (length(code) = 10),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at    TEXT
);
`;
