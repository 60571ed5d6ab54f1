import type { Db } from '../connection';

/** An open session with its clerk and till as named now (till null: the server's own desk). */
export interface SessionRow {
  id: number;
  clerkId: number;
  clerkName: string;
  role: 'clerk' | 'owner';
  tillId: number | null;
  tillName: string | null;
  /** The till's token: its rate budget is the session's. */
  tillTokenId: number | null;
  startedAt: string;
  expiresAt: string;
}

const OPEN_COLUMNS = `s.id, s.clerk_id AS clerkId, c.name AS clerkName, c.role, s.till_id AS tillId, t.name AS tillName, t.token_id AS tillTokenId,
  s.started_at AS startedAt, s.expires_at AS expiresAt`;
// Open: not ended, its clerk active, its till (if any) not revoked; expiry is the caller's to compare.
const OPEN_FROM = `FROM clerk_sessions s JOIN clerks c ON c.id = s.clerk_id
  LEFT JOIN tills t ON t.id = s.till_id LEFT JOIN api_tokens k ON k.id = t.token_id
  WHERE s.ended_at IS NULL AND c.active = 1 AND (s.till_id IS NULL OR (t.id IS NOT NULL AND k.revoked_at IS NULL))`;

/** Clerks' sessions at tills and the server's desk; only the SHA-256 of a secret is stored. */
export function clerkSessionsRepository(db: Db) {
  const insert = db.prepare<[number, number | null, string, string, string]>(
    'INSERT INTO clerk_sessions (clerk_id, till_id, hash, started_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const open = db.prepare<[string], SessionRow & { hash: string }>(`SELECT ${OPEN_COLUMNS}, s.hash ${OPEN_FROM} AND s.expires_at > ?`);
  const openById = db.prepare<[number], SessionRow>(`SELECT ${OPEN_COLUMNS} ${OPEN_FROM} AND s.id = ?`);
  const end = db.prepare<[string, number]>('UPDATE clerk_sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL');
  const endOfClerk = db.prepare<[string, number]>('UPDATE clerk_sessions SET ended_at = ? WHERE clerk_id = ? AND ended_at IS NULL');
  const endOfTill = db.prepare<[string, number]>('UPDATE clerk_sessions SET ended_at = ? WHERE till_id = ? AND ended_at IS NULL');
  const endAll = db.prepare<[string]>('UPDATE clerk_sessions SET ended_at = ? WHERE ended_at IS NULL');
  // Ended and expired sessions open nothing: forgotten when the next one starts.
  const forget = db.prepare<[string]>('DELETE FROM clerk_sessions WHERE ended_at IS NOT NULL OR expires_at <= ?');
  return {
    /** Stores a session after forgetting the ones that can no longer open anything. */
    insert: (clerkId: number, tillId: number | null, hash: string, startedAt: string, expiresAt: string) => {
      forget.run(startedAt);
      return Number(insert.run(clerkId, tillId, hash, startedAt, expiresAt).lastInsertRowid);
    },
    /** Every session that opens something at `now`, with its hash. */
    open: (now: string) => open.all(now),
    findOpen: (id: number) => openById.get(id),
    end: (id: number, at: string) => end.run(at, id).changes === 1,
    endOfClerk: (clerkId: number, at: string) => endOfClerk.run(at, clerkId).changes,
    endOfTill: (tillId: number, at: string) => endOfTill.run(at, tillId).changes,
    endAll: (at: string) => endAll.run(at).changes,
  };
}
export type ClerkSessionsRepository = ReturnType<typeof clerkSessionsRepository>;
