import type { ClerkSessionsRepository, SessionRow } from '../../repositories/clerk-sessions';
import { sql, type Stepped } from '../../step';

const OPEN_COLUMNS = `s.id, s.clerk_id AS "clerkId", c.name AS "clerkName", c.role, s.till_id AS "tillId", t.name AS "tillName",
  t.token_id AS "tillTokenId", s.started_at AS "startedAt", s.expires_at AS "expiresAt"`;
// Open: not ended, its clerk active, its till (if any) not revoked; expiry is the caller's to compare.
const OPEN_FROM = `FROM clerk_sessions s JOIN clerks c ON c.id = s.clerk_id
  LEFT JOIN tills t ON t.id = s.till_id LEFT JOIN api_tokens k ON k.id = t.token_id
  WHERE s.ended_at IS NULL AND c.active = 1 AND (s.till_id IS NULL OR (t.id IS NOT NULL AND k.revoked_at IS NULL))`;

/**
 * Ended and expired sessions forgotten, then the new one stored, in one statement: the insert reads
 * the count of the forgotten rows, so the DELETE has run before it (an unread one would run after).
 */
const FORGET_AND_INSERT = `WITH forgotten AS (DELETE FROM clerk_sessions WHERE ended_at IS NOT NULL OR expires_at <= $4 RETURNING 1)
  INSERT INTO clerk_sessions (clerk_id, till_id, hash, started_at, expires_at)
  SELECT $1::bigint, $2::bigint, $3::text, $4::text, $5::text FROM (SELECT count(*) FROM forgotten) AS done
  RETURNING id`;

/** Clerks' sessions at tills and the server's desk on PostgreSQL; only the SHA-256 of a secret is stored. */
export function postgresClerkSessionsRepository(): Stepped<ClerkSessionsRepository> {
  const ending = function* (where: string, values: unknown[]) {
    return (yield* sql(`UPDATE clerk_sessions SET ended_at = $1 WHERE ${where} ended_at IS NULL`, values)).rowCount;
  };
  return {
    /** Stores a session after forgetting the ones that can no longer open anything. */
    *insert(clerkId: number, tillId: number | null, hash: string, startedAt: string, expiresAt: string) {
      const { rows } = yield* sql<{ id: number }>(FORGET_AND_INSERT, [clerkId, tillId, hash, startedAt, expiresAt]);
      return rows[0].id;
    },
    /** Every session that opens something at `now`, with its hash (in id order, as SQLite's scan gives them). */
    *open(now: string) {
      const { rows } = yield* sql<SessionRow & { hash: string }>(`SELECT ${OPEN_COLUMNS}, s.hash ${OPEN_FROM} AND s.expires_at > $1 ORDER BY s.id`, [now]);
      return rows;
    },
    *findOpen(id: number) {
      const { rows } = yield* sql<SessionRow>(`SELECT ${OPEN_COLUMNS} ${OPEN_FROM} AND s.id = $1`, [id]);
      return rows[0] as SessionRow | undefined;
    },
    *end(id: number, at: string) {
      return (yield* ending('id = $2 AND', [at, id])) === 1;
    },
    *endOfClerk(clerkId: number, at: string) {
      return yield* ending('clerk_id = $2 AND', [at, clerkId]);
    },
    *endOfTill(tillId: number, at: string) {
      return yield* ending('till_id = $2 AND', [at, tillId]);
    },
    *endAll(at: string) {
      return yield* ending('', [at]);
    },
  };
}
