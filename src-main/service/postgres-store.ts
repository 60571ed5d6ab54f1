import type pg from 'pg';
import type { OperationOutput, ParsedInput } from '../../src-shared/contract';
import { migratePostgres } from '../db/postgres/migrate';
import { openPostgresPool } from '../db/postgres/pool';
import { postgresRepositories } from '../db/postgres/repositories/index';
import { createChangeWatch, type ChangeWatch } from '../db/postgres/change-watch';
import { listenForNotifications } from '../db/postgres/notifications';
import { runStep } from '../db/postgres/run-step';
import type { Step } from '../db/step';
import { DEFAULT_SETTINGS, type StoreSettings } from '../../src-shared/schemas/settings';
import { actorColumns } from './actor';
import type { HandlerContext, StoreRepositories } from './handler-context';
import { stepHandlersOver, type StepServiceHandlers } from './handler-modules';
import type { LimitsBroadcast } from './limits-broadcast';
import { createPinThrottle } from './pin-throttle';
import { changeCommitted, inStorageFullEpisode } from './storage-full';
import { createPostgresEventFeed, type PostgresEventFeed } from './postgres-event-feed';
import { openSharedLimits } from './postgres-limits-channel';

/** The store's handlers on PostgreSQL: each answers once its queries have. */
export type AsyncServiceHandlers = {
  [K in keyof StepServiceHandlers]: (input: ParsedInput<K>) => Promise<OperationOutput<K>>;
};

export interface PostgresStore {
  pool: pg.Pool;
  handlers: AsyncServiceHandlers;
  /** The handlers' view of the store (the repositories as steps): run one with `run`. */
  steps: HandlerContext;
  /** The handlers as steps, by operation (to run one inside other work: an Idempotency-Key's). */
  stepHandlers: StepServiceHandlers;
  /** What caches are kept by: this process's commits, and (serving) every other's. */
  watch: ChangeWatch;
  /** A serving process's counts shared with the others (rate limits, failed authentications, PINs). */
  limits: LimitsBroadcast | undefined;
  /** Runs a step on this store's database. */
  run<T>(step: Step<T>): Promise<T>;
  feed: PostgresEventFeed;
  close(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** Connections the pool keeps at most. */
  maxConnections?: number;
  /**
   * A server process (`petstore serve`): it hears the others' commits and counts (one LISTEN
   * connection), so it may keep what its requests read, and shares its limits with them.
   */
  serving?: boolean;
}

/** PostgreSQL's handler context: its repositories yield their queries; transactions are the runner's. */
export function postgresHandlerContext(repositories: StoreRepositories): HandlerContext {
  return {
    ...repositories,
    engine: 'postgres',
    *setting<K extends keyof StoreSettings>(key: K) {
      return (yield* repositories.settings.get(key, DEFAULT_SETTINGS[key])) as StoreSettings[K];
    },
    write: (work) => transaction('write', work),
    read: (work) => transaction('read', work),
  };
}

function* transaction<T>(mode: 'write' | 'read', work: () => Step<T>): Step<T> {
  return (yield { kind: 'transaction', mode, work }) as T;
}

/**
 * Opens the store on the PostgreSQL database at `url` (migrating it; a newer schema is refused):
 * the same handlers as on SQLite, each run by the step runner on a pool of connections.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const pool = openPostgresPool(url, { max: options.maxConnections });
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const notifications = options.serving ? listenForNotifications(url) : undefined;
  const limits = notifications && openSharedLimits(notifications, pool);
  const watch = createChangeWatch(notifications);
  // Sales, refunds, movements and orders name the clerk and till of the call that makes them.
  const steps = postgresHandlerContext(postgresRepositories(() => actorColumns(), watch.writes));
  // Wrong PINs count across the server processes (docs/decisions.md#limits-are-shared-across-server-processes).
  if (limits) steps.pinThrottle = createPinThrottle(() => Date.now(), limits);
  const feed = createPostgresEventFeed(pool, url, steps.events);
  const run = <T>(step: Step<T>) =>
    runStep(pool, step, {
      afterCommit: (committed) => {
        watch.committed(committed);
        // A write committed: a minute after a full disk's last refusal, that ends its episode (storage-full.ts).
        if (inStorageFullEpisode()) changeCommitted();
        feed.pump();
      },
    });
  const stepHandlers = stepHandlersOver(steps);
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(stepHandlers) as [string, (input: unknown) => Step<unknown>][]) {
    handlers[name] = (input) => run(handler(input));
  }
  return {
    pool,
    handlers: handlers as AsyncServiceHandlers,
    steps,
    stepHandlers,
    watch,
    limits,
    run,
    feed,
    async close() {
      await feed.stop();
      limits?.close();
      await notifications?.close();
      await pool.end();
    },
  };
}
