import { StoreError } from '../../src-shared/errors';
import type { OperationDef } from '../../src-shared/contract-types';
import { OWNER_AT_SERVER, type Actor } from './actor';
import type { Caller } from './caller';

/** "Add a clerk" → "add a clerk": the operation's summary inside a sentence. */
const inSentence = (summary: string) => summary.charAt(0).toLowerCase() + summary.slice(1);

/**
 * Who may call what (docs/decisions.md#owner-only-operations), asked once per call by every
 * transport's loop before the handler runs: the actor the handler runs as, or SIGN_IN_REQUIRED
 * (a till with nobody signed in, on an operation not marked `anyone`) or FORBIDDEN (a clerk on an
 * owner's operation). With logins off every caller is the owner, a till's calls recorded with its till.
 */
export function admit(def: OperationDef, caller: Caller, clerkLogins: () => boolean): Actor {
  if (caller.kind === 'owner') return OWNER_AT_SERVER;
  const { session, till } = caller;
  // What a locked till needs asks nothing more (service.health answers without the database).
  if (def.access === 'anyone') return session ? { clerk: session.clerk, till } : till ? { clerk: null, till } : OWNER_AT_SERVER;
  if (!clerkLogins()) return till ? { clerk: null, till } : OWNER_AT_SERVER;
  if (!session) {
    throw new StoreError('SIGN_IN_REQUIRED', `Sign in with your PIN to ${inSentence(def.summary)}`);
  }
  if (def.access === 'owner' && session.clerk.role !== 'owner') {
    throw new StoreError('FORBIDDEN', `Only an owner may ${inSentence(def.summary)}`);
  }
  return { clerk: session.clerk, till };
}

/** Who calls an in-process host now and whether logins are on: asked at each call (the desk's session, desk-session.ts). */
export type CallerNow = () => { caller: Caller; clerkLogins: () => boolean };
