import { now, stepped, runNow, type Step, type Stepped } from '../db/step';
import { DEFAULT_SETTINGS, type StoreSettings } from '../../src-shared/schemas/settings';
import type { Repositories, ServiceContext } from './context';
import type { PinThrottle } from './pin-throttle';

/** Every repository of the store as steps: what either engine gives the handlers. */
export type StoreRepositories = { [K in keyof Repositories]: Stepped<Repositories[K]> };

/**
 * What handlers work with, the same on both engines (docs/decisions.md#handlers-are-steps): the
 * repositories, a setting, and transactions. Handlers are generators: `yield*` every step.
 */
export interface HandlerContext extends StoreRepositories {
  /** The engine the store is on: what a server tells of it (its backups are made differently). */
  engine: 'sqlite' | 'postgres';
  /** A setting's stored value, or its default. */
  setting<K extends keyof StoreSettings>(key: K): Step<StoreSettings[K]>;
  /** `work` as one write transaction (a savepoint inside another); events are heard once it commits. */
  write<T>(work: () => Step<T>): Step<T>;
  /** `work`'s reads in one snapshot (a report's figures agree with each other). */
  read<T>(work: () => Step<T>): Step<T>;
  /** Wrong PINs shared by the store's server processes (PostgreSQL); without it, the handlers keep their own. */
  pinThrottle?: PinThrottle;
}

/** SQLite's handler context: its repositories answer at once, its transactions are SQLite's own. */
export function sqliteHandlerContext(context: ServiceContext): HandlerContext {
  const { db } = context;
  const repositories: Record<string, unknown> = {};
  for (const [name, repository] of Object.entries(context.repositories)) repositories[name] = stepped(repository);
  return {
    ...(repositories as StoreRepositories),
    engine: 'sqlite',
    setting: (key) => now(() => context.settings.get(key, DEFAULT_SETTINGS[key])),
    write: (work) => now(() => context.write(() => runNow(work()))),
    // A deferred transaction: its first read fixes the snapshot the others see.
    read: (work) => now(() => (db.inTransaction ? runNow(work()) : db.transaction(() => runNow(work()))())),
  };
}

const contexts = new WeakMap<ServiceContext, HandlerContext>();
/** The one handler context of a SQLite service context (made at first use), for machinery that runs a step. */
export function sqliteHandlerContextOf(context: ServiceContext): HandlerContext {
  let ctx = contexts.get(context);
  if (!ctx) contexts.set(context, (ctx = sqliteHandlerContext(context)));
  return ctx;
}
