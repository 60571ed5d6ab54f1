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

/** A session as the verifier keeps it (found by its hash). */
export type OpenSession = SessionRow;

/** Where a verifier finds the open sessions and the tills: each engine's, kept until they change. */
export interface SessionSource {
  /** The open sessions by the SHA-256 (hex) of their secrets; expiry is the verifier's to check. */
  open(): ReadonlyMap<string, OpenSession>;
  /** Each paired till by its token's id. */
  tillsByToken(): ReadonlyMap<number, { id: number; name: string }>;
}

/** Open sessions by hash, from either engine's `clerkSessions.open(now)` rows. */
export function sessionsByHash(rows: readonly (SessionRow & { hash: string })[]): Map<string, OpenSession> {
  const byHash = new Map<string, OpenSession>();
  for (const { hash, ...row } of rows) byHash.set(hash, row);
  return byHash;
}

/** Tills by their token's id, from either engine's `tills.all()` rows. */
export const tillsByTokenOf = (tills: readonly { id: number; name: string; tokenId: number }[]) =>
  new Map(tills.map((till) => [till.tokenId, { id: till.id, name: till.name }]));

/**
 * Finds the open session of a secret (docs/decisions.md#clerk-logins). A sign-out, a new PIN or a
 * revoked till changes what the source gives, so it is refused at once; expiry is checked at each call.
 */
export function sessionVerifierOver(source: SessionSource) {
  return {
    /** The session `secret` opens now, if any. */
    verify(secret: string): VerifiedSession | undefined {
      const row = source.open().get(hashSecret(secret).toString('hex'));
      if (!row || Date.parse(row.expiresAt) <= Date.now()) return undefined;
      const till = row.tillId === null ? null : { id: row.tillId, name: row.tillName! };
      const clerk = { id: row.clerkId, name: row.clerkName, role: row.role };
      return { caller: { kind: 'till', till, session: { sessionId: row.id, clerk } }, tillTokenId: row.tillTokenId };
    },
    /** The till a till token was paired for. */
    tillOfToken: (tokenId: number) => source.tillsByToken().get(tokenId) ?? null,
  };
}
export type SessionVerifier = ReturnType<typeof sessionVerifierOver>;

/**
 * The session verifier on SQLite: open sessions kept until the sessions, clerks, tills or tokens
 * change, here or in another process (change-cache.ts).
 */
export function createSessionVerifier(context: ServiceContext): SessionVerifier {
  const sessions = clerkSessionsRepository(context.db);
  const tills = tillsRepository(context.db);
  return sessionVerifierOver({
    open: cacheUntilChange(context, ['clerk_sessions', 'clerks', 'tills', 'api_tokens'], () => sessionsByHash(sessions.open(new Date().toISOString()))),
    tillsByToken: cacheUntilChange(context, ['tills'], () => tillsByTokenOf(tills.all())),
  });
}
