import { cacheUntilChange } from './change-cache';
import { clerkSessionsRepository, type SessionRow } from '../db/repositories/clerk-sessions';
import { tillsRepository } from '../db/repositories/tills';
import type { Caller } from './caller';
import type { ServiceContext } from './context';
import { SESSION_SECRET_PREFIX } from './sessions';
import { hashSecret } from './tokens';

/** Whether a bearer secret is a clerk's session (`pss_`) rather than a token (`psk_`). */
export const isSessionSecret = (secret: string): boolean => secret.startsWith(SESSION_SECRET_PREFIX);

/** A session secret as verified: who, where, and the till's token (its rate budget). */
export interface VerifiedSession {
  caller: Extract<Caller, { kind: 'till' }>;
  tillTokenId: number | null;
}

/**
 * Finds the open session of a secret (docs/decisions.md#clerk-logins). Open sessions are kept by
 * their SHA-256 until the sessions, clerks, tills or tokens change (a sign-out, a new PIN, a revoked
 * till: refused at once), here or in another process; expiry is checked at each call.
 */
export function createSessionVerifier(context: ServiceContext) {
  const sessions = clerkSessionsRepository(context.db);
  const tills = tillsRepository(context.db);
  const open = cacheUntilChange(context, ['clerk_sessions', 'clerks', 'tills', 'api_tokens'], () => {
    const byHash = new Map<string, SessionRow>();
    for (const { hash, ...row } of sessions.open(new Date().toISOString())) byHash.set(hash, row);
    return byHash;
  });
  const tillsByToken = cacheUntilChange(context, ['tills'], () => new Map(tills.all().map((till) => [till.tokenId, { id: till.id, name: till.name }])));

  return {
    /** The session `secret` opens now, if any. */
    verify(secret: string): VerifiedSession | undefined {
      const row = open().get(hashSecret(secret).toString('hex'));
      if (!row || Date.parse(row.expiresAt) <= Date.now()) return undefined;
      const till = row.tillId === null ? null : { id: row.tillId, name: row.tillName! };
      const clerk = { id: row.clerkId, name: row.clerkName, role: row.role };
      return { caller: { kind: 'till', till, session: { sessionId: row.id, clerk } }, tillTokenId: row.tillTokenId };
    },
    /** The till a till token was paired for. */
    tillOfToken: (tokenId: number) => tillsByToken().get(tokenId) ?? null,
  };
}
export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
