import type { StoreSettings } from '../../src-shared/schemas/settings';
import type { Step } from '../db/step';
import type { Handlers } from '../service/handler-types';
import { runOnceStep } from '../service/idempotency';
import type { PostgresStore } from '../service/postgres-store';
import { sessionsByHash, sessionVerifierOver, tillsByTokenOf, type OpenSession } from '../service/session-bearer';
import { readSettings } from '../service/settings-read';
import { activeTokensOf, tokenVerifierOver, type ActiveToken } from '../service/token-verifier';
import { createAuthThrottle } from './auth-throttle';
import { createRateLimiter } from './rate-limit';
import type { RequestCommits, RestStore } from './rest-store';
import { sharedLimits } from './shared-limits';

/** What every request's guard reads, read in one snapshot and kept until a watched table changes. */
interface Watched {
  settings: StoreSettings;
  tokens: readonly ActiveToken[];
  sessions: ReadonlyMap<string, OpenSession>;
  tillsByToken: ReadonlyMap<number, { id: number; name: string }>;
}

/** Each request's writes in a transaction of their own (the runner's): no batch is ever open. */
const ONE_TRANSACTION_EACH: RequestCommits = {
  isOpen: false,
  tryOpen: () => true,
  open: async () => undefined,
  join: (_writes, work) => work(),
  hold: (settle) => settle(undefined),
  flush: () => undefined,
};

/**
 * The PostgreSQL store as the listener serves it (docs/decisions.md#the-rest-listener-on-postgresql):
 * the guard's reads kept until a watched table changes (here: before the write's answer; in another
 * server process: when its NOTIFY arrives, change-watch.ts), and read again per request while no
 * notifications are heard. Call `ready()` before serving.
 */
export function postgresRestStore(store: PostgresStore): RestStore & { ready(): Promise<void> } {
  const { steps, watch } = store;
  let kept: Watched | undefined;
  let keptAt = -2;
  let loading: Promise<void> | undefined;

  function* readWatched(): Step<Watched> {
    return yield* steps.read(function* () {
      return {
        settings: yield* readSettings(steps),
        tokens: activeTokensOf(yield* steps.tokens.active()),
        sessions: sessionsByHash(yield* steps.clerkSessions.open(new Date().toISOString())),
        tillsByToken: tillsByTokenOf(yield* steps.tills.all()),
      };
    });
  }

  /** Reads what the guard needs again; a change while it read makes it read once more. */
  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        for (;;) {
          const at = watch.watched();
          const read = await store.run(readWatched());
          kept = read;
          keptAt = at;
          if (at === -1 || watch.watched() === at) return;
        }
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  const current = (): Promise<void> | undefined => {
    const at = watch.watched();
    if (kept && at !== -1 && at === keptAt) return undefined;
    return load();
  };
  /** What the guard reads: always loaded by `current()` first (the guard waits for it). */
  const watched = (): Watched => {
    if (!kept) throw new Error('The PostgreSQL REST store is read before ready()');
    return kept;
  };

  const handlers = store.handlers as unknown as Partial<Handlers>;
  return {
    engine: 'postgres',
    handlers,
    settings: () => watched().settings,
    rateLimitPerMinute: () => watched().settings.rateLimitPerMinute,
    tokenVerifier: (preset) =>
      tokenVerifierOver(
        {
          active: () => watched().tokens,
          touch(id, at) {
            // Bookkeeping only, in a write of its own that nobody waits for; a failure is tried again later.
            store.run(steps.write(() => steps.tokens.touch(id, at))).catch(() => undefined);
            return true;
          },
        },
        preset,
      ),
    sessionVerifier: () => sessionVerifierOver({ open: () => watched().sessions, tillsByToken: () => watched().tillsByToken }),
    current,
    commits: ONE_TRANSACTION_EACH,
    runOnce: (once, _handler, input) => {
      const create = store.stepHandlers[once.operation as keyof typeof store.stepHandlers] as (input: unknown) => Step<unknown>;
      return store.run(runOnceStep(steps, once, () => create(input)));
    },
    events: {
      latestId: () => store.run(steps.events.latestId()),
      after: (id, limit) => store.run(steps.events.after(id, limit)),
      subscribe: (listener) => store.feed.subscribe(listener),
    },
    // Shared with the store's other server processes when it serves (docs/decisions.md#limits-are-shared-across-server-processes).
    rateLimiter: (perMinute) => (store.limits ? sharedLimits(store.limits).rateLimiter(perMinute) : createRateLimiter(perMinute)),
    authThrottle: () => (store.limits ? sharedLimits(store.limits).authThrottle() : createAuthThrottle()),
    async ready() {
      await watch.ready();
      await load();
    },
  };
}
