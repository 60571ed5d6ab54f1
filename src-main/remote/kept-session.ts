/**
 * The clerk's session a till host keeps in memory (never in the till file, never in the page): its
 * secret is the bearer of the till's calls while it is open, else the till's own token is.
 */
import type { ClerkSession } from '../../src-shared/schemas/clerk';

export interface KeptSession {
  /** The bearer to send now: the open session's secret, else the till's token. */
  bearer(): string;
  /** The open session as the server answered it, or null. */
  readonly session: ClerkSession | null;
  keep(secret: string, session: ClerkSession): void;
  /** Forgets the session; with `secret`, only while that one is still kept (a newer sign-in stays). */
  forget(secret?: string): void;
}

export function keepSessions(tillToken: string): KeptSession {
  let kept: { secret: string; session: ClerkSession } | null = null;
  return {
    bearer: () => kept?.secret ?? tillToken,
    get session() {
      return kept?.session ?? null;
    },
    keep(secret, session) {
      kept = { secret, session };
    },
    forget(secret) {
      if (secret === undefined || kept?.secret === secret) kept = null;
    },
  };
}
