import type { IdempotentAnswer, idempotencyKeysRepository } from '../../repositories/idempotency-keys';
import { sql, type Stepped } from '../../step';
import { runResult } from './run-result';

type IdempotencyKeysRepository = ReturnType<typeof idempotencyKeysRepository>;

/** The first answers to REST creates that carried an `Idempotency-Key`, per token, on PostgreSQL. */
export function postgresIdempotencyKeysRepository(): Stepped<IdempotencyKeysRepository> {
  return {
    *find(tokenId: number, key: string) {
      const { rows } = yield* sql<IdempotentAnswer>(
        'SELECT operation, fingerprint, status, body, created_at AS "createdAt" FROM idempotency_keys WHERE token_id = $1 AND key = $2',
        [tokenId, key],
      );
      return rows[0] as IdempotentAnswer | undefined;
    },
    // SQLite's INSERT OR REPLACE: the key's answer is the new one.
    *put(tokenId: number, key: string, answer: IdempotentAnswer) {
      return runResult(
        yield* sql(
          `INSERT INTO idempotency_keys (token_id, key, operation, fingerprint, status, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (token_id, key) DO UPDATE SET operation = excluded.operation, fingerprint = excluded.fingerprint,
             status = excluded.status, body = excluded.body, created_at = excluded.created_at`,
          [tokenId, key, answer.operation, answer.fingerprint, answer.status, answer.body, answer.createdAt],
        ),
      );
    },
    /** Forgets the answers given before `before` (an ISO date-time). */
    *purge(before: string) {
      return (yield* sql('DELETE FROM idempotency_keys WHERE created_at < $1', [before])).rowCount;
    },
  };
}
