import type { Db } from '../db/connection';
import { categoriesRepository } from '../db/repositories/categories';
import { clerkSessionsRepository } from '../db/repositories/clerk-sessions';
import { clerksRepository } from '../db/repositories/clerks';
import { customersRepository } from '../db/repositories/customers';
import { eventsRepository } from '../db/repositories/events';
import { idempotencyKeysRepository } from '../db/repositories/idempotency-keys';
import { inventoryRepository } from '../db/repositories/inventory';
import { ordersRepository } from '../db/repositories/orders';
import { petDetailsRepository } from '../db/repositories/pet-details';
import { petPhotosRepository } from '../db/repositories/pet-photos';
import { petsRepository } from '../db/repositories/pets';
import { refundsRepository } from '../db/repositories/refunds';
import { reportsRepository } from '../db/repositories/reports';
import { salesRepository } from '../db/repositories/sales';
import { settingsRepository } from '../db/repositories/settings';
import { stockMovementsRepository, type MovementCause } from '../db/repositories/stock-movements';
import { storedAmountsRepository } from '../db/repositories/stored-amounts';
import { tillsRepository } from '../db/repositories/tills';
import { tokensRepository } from '../db/repositories/tokens';
import { DEFAULT_SETTINGS, type StoreSettings } from '../../src-shared/schemas/settings';
import { actorColumns } from './actor';
import { createGroupCommit } from './group-commit';
import { writeTransaction } from './transaction';

/** A change of a pet's stock, from and to, and why (the movement it writes). */
export interface StockChange extends MovementCause {
  from: number;
  to: number;
}

/** SQLite's repositories of the store, each answering at once. */
export function createRepositories(db: Db) {
  // Sales, refunds, movements and orders name the clerk and till of the call that makes them.
  const recorder = () => actorColumns();
  const movements = stockMovementsRepository(db, recorder);
  return {
    pets: petsRepository(db),
    petDetails: petDetailsRepository(db),
    petPhotos: petPhotosRepository(db),
    categories: categoriesRepository(db),
    inventory: inventoryRepository(db, movements),
    movements,
    orders: ordersRepository(db, recorder),
    events: eventsRepository(db),
    settings: settingsRepository(db),
    tokens: tokensRepository(db),
    idempotencyKeys: idempotencyKeysRepository(db),
    customers: customersRepository(db),
    sales: salesRepository(db, recorder),
    refunds: refundsRepository(db, recorder),
    reports: reportsRepository(db),
    clerks: clerksRepository(db),
    clerkSessions: clerkSessionsRepository(db),
    tills: tillsRepository(db),
    storedAmounts: storedAmountsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/**
 * SQLite's repositories and write-transaction runner, answering at once: what the hosts' own
 * machinery (verifiers, caches, the event feed) reads; handlers see them as steps (handler-context.ts).
 */
export function createContext(db: Db, afterCommit: () => void) {
  const repos = createRepositories(db);
  const commits = createGroupCommit(db, afterCommit);

  function setting<K extends keyof StoreSettings>(key: K): StoreSettings[K] {
    return repos.settings.get(key, DEFAULT_SETTINGS[key]);
  }

  return {
    db,
    ...repos,
    /** The same repositories, for whoever needs them all (the handlers' context). */
    repositories: repos,
    setting,
    commits,
    /**
     * One write transaction; subscribers hear of its events once it has committed. Inside an open
     * batch (group commit) a member's write is a savepoint and the batch's COMMIT tells them;
     * anyone else commits the batch first.
     */
    write<T>(work: () => T): T {
      if (commits.isOpen && !commits.isJoining) commits.flush();
      const result = writeTransaction(db, work);
      if (!commits.isOpen) afterCommit();
      return result;
    },
  };
}
export type ServiceContext = ReturnType<typeof createContext>;
