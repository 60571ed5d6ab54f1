import { openDatabase, type Db, type OpenOptions } from '../db/connection';
import { createContext, type ServiceContext } from './context';
import { createEventFeed, type EventFeed } from './event-feed';
import { runNow, type Step } from '../db/step';
import { sqliteHandlerContextOf, type HandlerContext } from './handler-context';
import type { ServiceHandlers } from './handler-types';
import { stepHandlersOver } from './handler-modules';

export interface Store {
  db: Db;
  /** Every callable operation of the contract, by name. */
  handlers: ServiceHandlers;
  feed: EventFeed;
  context: ServiceContext;
  /** The handlers' view of the store: the repositories as steps (for machinery that reuses a handler's step). */
  steps: HandlerContext;
  close(): void;
}

/** The store service over an open database: what the app, the headless server and tests share. */
export function createStore(db: Db): Store {
  // Assigned once, after the context it is called back from (the feed needs the context's events).
  // eslint-disable-next-line prefer-const
  let feed: EventFeed | undefined;
  const context = createContext(db, () => feed?.pump());
  feed = createEventFeed(db, context.events, { isBatchOpen: () => context.commits.isOpen });

  const steps = sqliteHandlerContextOf(context);
  const { commits } = context;
  const handlers: Record<string, (input: unknown) => unknown> = {};
  for (const [name, handler] of Object.entries(stepHandlersOver(steps)) as [string, (input: unknown) => Step<unknown>][]) {
    handlers[name] = (input) => {
      // A batch the REST listener has open (group commit) is committed first, unless this joins it:
      // no other caller reads or answers uncommitted work.
      if (commits.isOpen && !commits.isJoining) commits.flush();
      // On SQLite a step never yields: it answers at once, inside SQLite's own transaction.
      return runNow(handler(input));
    };
  }

  return {
    db,
    handlers: handlers as ServiceHandlers,
    feed,
    context,
    steps,
    close() {
      context.commits.flush();
      feed?.stop();
      if (db.open) db.close();
    },
  };
}

/** Opens (creating and migrating as needed) the database file and the service on it. */
export function openStore(file: string, options: OpenOptions = {}): Store {
  return createStore(openDatabase(file, options));
}
