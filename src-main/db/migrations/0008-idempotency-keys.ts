/**
 * Idempotency keys (the `Idempotency-Key` header of a REST create): the first answer to a key,
 * kept for 24 hours so that a client's retry of the same request gets it again instead of a second
 * order. Per token (0 is the preset PETSTORE_API_TOKEN); written in the same transaction as the
 * resource it created. Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
CREATE TABLE idempotency_keys (
  token_id    INTEGER NOT NULL,
  key         TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status      INTEGER NOT NULL,
  body        TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (token_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys(created_at);
`;
