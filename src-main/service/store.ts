import { openDatabase, type Db, type OpenOptions } from '../db/connection';
import { categoryHandlers } from './categories';
import { clerkHandlers } from './clerks';
import { customerHandlers } from './customers';
import { createContext, type ServiceContext } from './context';
import { createEventFeed, type EventFeed } from './event-feed';
import { eventHandlers } from './event-handlers';
import { runNow, type Step } from '../db/step';
import { sqliteHandlerContext, type HandlerContext } from './handler-context';
import { STEPS, type ServiceHandlers, type SqliteHandlerModule, type StepHandlerModule } from './handler-types';
import { settingsHandlers, shopHandlers } from './settings';
import { tokenHandlers } from './tokens';
import { overviewHandlers } from './overview';
import { dataTransferHandlers } from './data-transfer';
import { inventoryHandlers } from './inventory';
import { orderHandlers } from './orders';
import { petHandlers } from './pets';
import { photoHandlers } from './pet-photos';
import { saleHandlers } from './sales';
import { sessionHandlers } from './sessions';
import { reportHandlers } from './reports';
import { tillHandlers } from './tills';

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

  const steps = sqliteHandlerContext(context);
  /** A module's handlers as SQLite runs them: a step handler runs to its end at once. */
  function mount<H extends object>(module: StepHandlerModule<H> | SqliteHandlerModule<H>): AnsweringNow<H> {
    if (!(STEPS in module)) return module(context) as AnsweringNow<H>;
    const answering: Record<string, (input: unknown) => unknown> = {};
    for (const [name, handler] of Object.entries(module(steps)) as [string, (input: unknown) => Step<unknown>][]) {
      answering[name] = (input) => runNow(handler(input));
    }
    return answering as AnsweringNow<H>;
  }

  const handlers: ServiceHandlers = settledFirst(context, {
    ...mount(petHandlers),
    ...mount(photoHandlers),
    ...mount(categoryHandlers),
    ...mount(orderHandlers),
    ...mount(inventoryHandlers),
    ...mount(settingsHandlers),
    ...mount(shopHandlers),
    ...mount(tokenHandlers),
    ...mount(overviewHandlers),
    ...mount(dataTransferHandlers),
    ...mount(customerHandlers),
    ...mount(saleHandlers),
    ...mount(reportHandlers),
    ...mount(tillHandlers),
    ...mount(clerkHandlers),
    ...mount(sessionHandlers),
    ...mount(eventHandlers),
  });

  return {
    db,
    handlers,
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

/** Step handlers as they answer on SQLite: at once. */
type AnsweringNow<H> = { [K in keyof H]: H[K] extends (input: infer I) => Step<infer O> ? (input: I) => O : H[K] };

/**
 * The handlers as every caller outside a batch must see them: a batch the REST listener has open
 * (group commit) is committed before they run, so they never read or answer uncommitted work.
 */
function settledFirst(context: ServiceContext, handlers: ServiceHandlers): ServiceHandlers {
  const { commits } = context;
  const settled: Record<string, (input: never) => unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (input: never) => unknown][]) {
    settled[name] = (input) => {
      if (commits.isOpen && !commits.isJoining) commits.flush();
      return handler(input);
    };
  }
  return settled as ServiceHandlers;
}

/** Opens (creating and migrating as needed) the database file and the service on it. */
export function openStore(file: string, options: OpenOptions = {}): Store {
  return createStore(openDatabase(file, options));
}
