import type { StoreEvent } from '../../src-shared/schemas/event';
import { StoreSettings } from '../../src-shared/schemas/settings';
import type { IdempotentAnswer } from '../db/repositories/idempotency-keys';
import { cacheUntilChange } from '../service/change-cache';
import type { EventListener } from '../service/event-feed';
import type { GroupCommit } from '../service/group-commit';
import type { Handlers } from '../service/handler-types';
import { runOnce, type IdempotentRequest } from '../service/idempotency';
import { createSessionVerifier, type SessionVerifier } from '../service/session-bearer';
import { readSettingsNow } from '../service/settings-read';
import { createTokenVerifier } from '../service/sqlite-token-verifier';
import type { Store } from '../service/store';
import type { TokenVerifier } from '../service/token-verifier';
import { createAuthThrottle, type AuthThrottle } from './auth-throttle';
import { createRateLimiter, type RateLimiter } from './rate-limit';

/** A value now (SQLite) or later (PostgreSQL). */
export type Answer<T> = T | Promise<T>;

/** How a request's writes commit: SQLite's group commit (service/group-commit.ts), or one transaction each. */
export type RequestCommits = Pick<GroupCommit, 'isOpen' | 'tryOpen' | 'open' | 'join' | 'hold' | 'flush'>;

/** The change log as the event stream reads it. */
export interface EventLog {
  latestId(): Answer<number>;
  /** Committed events after `id`, oldest first. */
  after(id: number, limit: number): Answer<StoreEvent[]>;
  /** Live delivery of every event committed from now on, here or in another process. */
  subscribe(listener: EventListener): () => void;
}

/**
 * The store as the REST listener serves it, on either engine (docs/decisions.md#the-rest-listener-on-postgresql):
 * what every request's guard reads, kept and synchronous (settings, tokens, clerks' sessions); the
 * handlers; how writes commit; Idempotency-Keys; the event log; the budgets shared by its processes.
 */
export interface RestStore {
  readonly engine: 'sqlite' | 'postgres';
  /** The store's handlers: answering at once on SQLite, with a promise on PostgreSQL. */
  readonly handlers: Partial<Handlers>;
  settings(): StoreSettings;
  rateLimitPerMinute(): number;
  tokenVerifier(preset?: string): TokenVerifier;
  sessionVerifier(): SessionVerifier;
  /** Nothing while what the guard reads is current; else a promise settled once it is (PostgreSQL, after a change). */
  current(): Promise<void> | undefined;
  readonly commits: RequestCommits;
  /** Runs the store's create `operation` once per Idempotency-Key (service/idempotency.ts), as `handler` does it. */
  runOnce(once: IdempotentRequest, handler: (input: unknown) => unknown, input: unknown): Answer<{ data: unknown } | { replay: IdempotentAnswer }>;
  readonly events: EventLog;
  rateLimiter(perMinute: () => number): RateLimiter;
  authThrottle(): AuthThrottle;
}

/** The SQLite store as the listener serves it: caches kept by change-cache.ts, group commit, budgets in this process. */
export function sqliteRestStore(store: Store): RestStore {
  const { context } = store;
  const settings = cacheUntilChange(context, ['settings'], () => readSettingsNow(context));
  // The one setting every request needs, cached on its own: a change of any setting invalidates
  // the caches, and re-reading one setting costs one query where all of them cost seven and a parse.
  const rateLimitPerMinute = cacheUntilChange(context, ['settings'], () => StoreSettings.shape.rateLimitPerMinute.parse(context.setting('rateLimitPerMinute')));
  return {
    engine: 'sqlite',
    handlers: store.handlers,
    settings,
    rateLimitPerMinute,
    tokenVerifier: (preset) => createTokenVerifier(context, preset),
    sessionVerifier: () => createSessionVerifier(context),
    current: () => undefined,
    commits: context.commits,
    runOnce: (once, handler, input) => runOnce(context, once, () => handler(input)),
    events: {
      latestId: () => context.events.latestId(),
      after(id, limit) {
        context.commits.flush(); // a stream may read while a batch is open: only committed events
        return context.events.after(id, limit);
      },
      subscribe: (listener) => store.feed.subscribe(listener),
    },
    rateLimiter: (perMinute) => createRateLimiter(perMinute),
    authThrottle: () => createAuthThrottle(),
  };
}
