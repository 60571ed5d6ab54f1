import { API_VERSION } from '../../src-shared/api-result';
import { openDatabase, type Db, type OpenOptions } from '../db/connection';
import { categoryHandlers } from './categories';
import { clerkHandlers } from './clerks';
import { customerHandlers } from './customers';
import { createContext, type ServiceContext } from './context';
import { createEventFeed, type EventFeed } from './event-feed';
import type { ServiceHandlers } from './handler-types';
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
import { APP_VERSION } from './version';

export interface Store {
  db: Db;
  /** Every callable operation of the contract, by name. */
  handlers: ServiceHandlers;
  feed: EventFeed;
  context: ServiceContext;
  close(): void;
}

/** The store service over an open database: what the app, the headless server and tests share. */
export function createStore(db: Db): Store {
  // Assigned once, after the context it is called back from (the feed needs the context's events).
  // eslint-disable-next-line prefer-const
  let feed: EventFeed | undefined;
  const context = createContext(db, () => feed?.pump());
  feed = createEventFeed(db, context.events, { isBatchOpen: () => context.commits.isOpen });

  const handlers: ServiceHandlers = settledFirst(context, {
    ...petHandlers(context),
    ...photoHandlers(context),
    ...categoryHandlers(context),
    ...orderHandlers(context),
    ...inventoryHandlers(context),
    ...settingsHandlers(context),
    ...shopHandlers(context),
    ...tokenHandlers(context),
    ...overviewHandlers(context),
    ...dataTransferHandlers(context),
    ...customerHandlers(context),
    ...saleHandlers(context),
    ...reportHandlers(context),
    ...tillHandlers(context),
    ...clerkHandlers(context),
    ...sessionHandlers(context),
    'events.list': ({ after, limit }) => context.events.after(after, limit),
    'events.latest': () => ({ lastEventId: context.events.latestId() }),
    'service.health': () => ({ status: 'ok', version: APP_VERSION, apiVersion: API_VERSION }),
  });

  return {
    db,
    handlers,
    feed,
    context,
    close() {
      context.commits.flush();
      feed?.stop();
      if (db.open) db.close();
    },
  };
}

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
