import { randomBytes } from 'node:crypto';
import { StoreError } from '../../src-shared/errors';
import type { ClerkSession } from '../../src-shared/schemas/clerk';
import type { SessionRow } from '../db/repositories/clerk-sessions';
import type { Step } from '../db/step';
import { currentCaller } from './caller';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { noClerkHash, pinMatches } from './pin-hash';
import { createPinThrottle } from './pin-throttle';
import { hashSecret } from './tokens';

/** A session's bearer secrets start so: the REST auth tells them from API tokens (`psk_`) by it. */
export const SESSION_SECRET_PREFIX = 'pss_';
/** How long a session opens calls, however busy the till. */
export const SESSION_TTL_MS = 12 * 60 * 60_000;

export const toClerkSession = (row: SessionRow): ClerkSession => ({
  id: row.id,
  clerk: { id: row.clerkId, name: row.clerkName, role: row.role },
  till: row.tillId === null ? null : { id: row.tillId, name: row.tillName! },
  startedAt: row.startedAt,
  expiresAt: row.expiresAt,
});

const pinIncorrect = () => new StoreError('PIN_INCORRECT', 'That PIN is not right for this clerk');

/** Signing clerks in and out at a till or the server's desk (docs/decisions.md#clerk-logins). */
export const sessionHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'sessions'> => {
  const { clerks, clerkSessions: sessions } = ctx;
  // Wrong PINs per till and clerk, in this process's memory (pin-throttle.ts), shared with the others on PostgreSQL.
  const throttle = ctx.pinThrottle ?? createPinThrottle();

  /** The caller's session while it is open (not ended, expired, its clerk gone or its till revoked). */
  function* callersSession(): Step<SessionRow | undefined> {
    const caller = currentCaller();
    if (caller.kind !== 'till' || !caller.session) return undefined;
    const row = yield* sessions.findOpen(caller.session.sessionId);
    return row && Date.parse(row.expiresAt) > Date.now() ? row : undefined;
  }

  return {
    *'sessions.current'() {
      const clerkLogins = Boolean(yield* ctx.setting('clerkLogins'));
      const row = clerkLogins ? yield* callersSession() : undefined;
      return { clerkLogins, idleLockMinutes: yield* ctx.setting('idleLockMinutes'), session: row ? toClerkSession(row) : null };
    },

    *'sessions.start'({ clerkId, pin }) {
      const caller = currentCaller();
      if (caller.kind !== 'till') throw new StoreError('FORBIDDEN', "Clerks sign in at a till, with the till's own token");
      if (!(yield* ctx.setting('clerkLogins'))) throw new StoreError('FORBIDDEN', 'Clerk logins are off: nobody signs in');
      const key = `${caller.till?.id ?? 'desk'}:${clerkId}`;
      throttle.check(key);
      const clerk = yield* clerks.find(clerkId);
      // Unknown, left or wrong: one answer, after the same slow hash.
      const right = pinMatches(pin, clerk?.active === 1 ? clerk.pinHash : noClerkHash()) && clerk?.active === 1;
      if (!right) {
        throttle.failed(key);
        throw pinIncorrect();
      }
      throttle.succeeded(key);
      const secret = SESSION_SECRET_PREFIX + randomBytes(32).toString('base64url');
      const now = Date.now();
      return yield* ctx.write(function* () {
        // A clerk signing in over another's session at this till takes its place.
        if (caller.session) yield* sessions.end(caller.session.sessionId, new Date(now).toISOString());
        const id = yield* sessions.insert(clerkId, caller.till?.id ?? null, hashSecret(secret).toString('hex'), new Date(now).toISOString(), new Date(now + SESSION_TTL_MS).toISOString());
        return { session: toClerkSession((yield* sessions.findOpen(id))!), secret };
      });
    },

    *'sessions.end'() {
      const caller = currentCaller();
      if (caller.kind === 'till' && caller.session) {
        const { sessionId } = caller.session;
        yield* ctx.write(() => sessions.end(sessionId, new Date().toISOString()));
      }
      return null;
    },
  };
});
