import type { StoredTokenScope } from '../../../../src-shared/schemas/token';
import type { TokenRow, TokensRepository } from '../../repositories/tokens';
import { sql, type Stepped } from '../../step';
import { runResult } from './run-result';

const COLUMNS =
  'id, label, scope, hash, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"';

/** API tokens on PostgreSQL; only SHA-256 hashes of the secrets are stored. */
export function postgresTokensRepository(): Stepped<TokensRepository> {
  return {
    *insert(label: string, scope: StoredTokenScope, hash: string, prefix: string) {
      const { rows } = yield* sql<{ id: number }>(
        'INSERT INTO api_tokens (label, scope, hash, prefix, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [label, scope, hash, prefix, new Date().toISOString()],
      );
      return rows[0].id;
    },
    *find(id: number) {
      const { rows } = yield* sql<TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE id = $1`, [id]);
      return rows[0] as TokenRow | undefined;
    },
    *all() {
      // A till's token is listed as that till (tills repository), not among the API tokens.
      const { rows } = yield* sql<TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE scope <> 'till' ORDER BY id DESC`);
      return rows;
    },
    *active() {
      // In id order, as SQLite's scan of the table gives them.
      const { rows } = yield* sql<TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL ORDER BY id`);
      return rows;
    },
    *revoke(id: number) {
      return runResult(yield* sql('UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [new Date().toISOString(), id]));
    },
    *touch(id: number, at: string) {
      return runResult(yield* sql('UPDATE api_tokens SET last_used_at = $1 WHERE id = $2', [at, id]));
    },
  };
}
