import type { StoredTokenScope } from '../../../src-shared/schemas/token';
import type { Db } from '../connection';

export interface TokenRow {
  id: number;
  label: string;
  scope: StoredTokenScope;
  hash: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const COLUMNS =
  'id, label, scope, hash, prefix, created_at AS createdAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt';

/** API tokens; only SHA-256 hashes of the secrets are stored. */
export function tokensRepository(db: Db) {
  const insert = db.prepare<[string, StoredTokenScope, string, string, string]>(
    'INSERT INTO api_tokens (label, scope, hash, prefix, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE id = ?`);
  // A till's token is listed as that till (tills repository), not among the API tokens.
  const all = db.prepare<[], TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE scope <> 'till' ORDER BY id DESC`);
  const active = db.prepare<[], TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL`);
  const revoke = db.prepare<[string, number]>('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const touch = db.prepare<[string, number]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');
  return {
    insert: (label: string, scope: StoredTokenScope, hash: string, prefix: string) =>
      Number(insert.run(label, scope, hash, prefix, new Date().toISOString()).lastInsertRowid),
    find: (id: number) => byId.get(id),
    all: () => all.all(),
    active: () => active.all(),
    revoke: (id: number) => revoke.run(new Date().toISOString(), id),
    touch: (id: number, at: string) => touch.run(at, id),
  };
}
export type TokensRepository = ReturnType<typeof tokensRepository>;
