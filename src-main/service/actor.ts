import { AsyncLocalStorage } from 'node:async_hooks';

/** Who a call is made by, as the records keep it (docs/decisions.md#clerk-logins). */
export interface Actor {
  /** The signed-in clerk; null when logins are off (the one user, the owner) or for the command line and API tokens. */
  clerk: { id: number; name: string; role: 'clerk' | 'owner' } | null;
  /** The paired till the call came from; null for the server's own desk, the command line and API tokens. */
  till: { id: number; name: string } | null;
}

/** The owner at the server's machine with logins off: what every call was before clerk logins. */
export const OWNER_AT_SERVER: Actor = Object.freeze({ clerk: null, till: null });

const current = new AsyncLocalStorage<Actor>();

/** Runs `work` (a handler) as `actor`: what it records (sales, refunds, movements, orders) names them. */
export function runAs<T>(actor: Actor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor of the call being handled; the owner at the server outside any (tests, migrations, the CLI). */
export function currentActor(): Actor {
  return current.getStore() ?? OWNER_AT_SERVER;
}

/** The four record columns (clerk_id, clerk_name, till_id, till_name) of the current actor. */
export function actorColumns(actor: Actor = currentActor()) {
  return {
    clerkId: actor.clerk?.id ?? null,
    clerkName: actor.clerk?.name ?? null,
    tillId: actor.till?.id ?? null,
    tillName: actor.till?.name ?? null,
  };
}
