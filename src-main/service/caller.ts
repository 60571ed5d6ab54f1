import { AsyncLocalStorage } from 'node:async_hooks';

/** A clerk's open session, as the caller's bearer (or the desk's) proved it. */
export interface SignedIn {
  sessionId: number;
  clerk: { id: number; name: string; role: 'clerk' | 'owner' };
}

/**
 * Who calls, as the transport proved it (docs/decisions.md#clerk-logins): the owner (the command
 * line, an API token), or a till (till null: the server's own desk) with the clerk signed in there.
 */
export type Caller = { kind: 'owner' } | { kind: 'till'; till: { id: number; name: string } | null; session: SignedIn | null };

export const OWNER_CALLER: Caller = Object.freeze({ kind: 'owner' });

const current = new AsyncLocalStorage<Caller>();

/** Runs `work` for `caller`: the sessions' handlers read where and who signs in or out. */
export function runForCaller<T>(caller: Caller, work: () => T): T {
  return current.run(caller, work);
}

/** The caller of the call being handled; the owner outside any (the command line, tests). */
export function currentCaller(): Caller {
  return current.getStore() ?? OWNER_CALLER;
}
