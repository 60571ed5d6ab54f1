import type { Db } from '../connection';

export interface IdempotentAnswer {
  /** The create that gave it (null for answers kept before version 11). */
  operation: string | null;
  fingerprint: string;
  status: number;
  body: string;
  createdAt: string;
}

/** The first answers to REST creates that carried an `Idempotency-Key`, per token. */
export function idempotencyKeysRepository(db: Db) {
  const find = db.prepare<[number, string], IdempotentAnswer>(
    'SELECT operation, fingerprint, status, body, created_at AS createdAt FROM idempotency_keys WHERE token_id = ? AND key = ?',
  );
  const put = db.prepare<[number, string, string | null, string, number, string, string]>(
    'INSERT OR REPLACE INTO idempotency_keys (token_id, key, operation, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const purge = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    find: (tokenId: number, key: string) => find.get(tokenId, key),
    put: (tokenId: number, key: string, answer: IdempotentAnswer) =>
      put.run(tokenId, key, answer.operation, answer.fingerprint, answer.status, answer.body, answer.createdAt),
    /** Forgets the answers given before `before` (an ISO date-time). */
    purge: (before: string) => purge.run(before).changes,
  };
}
