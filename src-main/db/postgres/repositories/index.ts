import type { Recorder } from '../../repositories/recorded-by';
import { postgresCategoriesRepository } from './categories';
import { pageTotals } from './page-totals';
import { postgresClerkSessionsRepository } from './clerk-sessions';
import { postgresClerksRepository } from './clerks';
import { postgresCustomersRepository } from './customers';
import { postgresEventsRepository } from './events';
import { postgresIdempotencyKeysRepository } from './idempotency-keys';
import { postgresInventoryRepository } from './inventory';
import { postgresOrdersRepository } from './orders';
import { postgresPetDetailsRepository } from './pet-details';
import { postgresPetPhotosRepository } from './pet-photos';
import { postgresPetsRepository } from './pets';
import { postgresRefundsRepository } from './refunds';
import { postgresReportsRepository } from './reports';
import { postgresSalesRepository } from './sales';
import { postgresSettingsRepository } from './settings';
import { postgresStockMovementsRepository } from './stock-movements';
import { postgresStoredAmountsRepository } from './stored-amounts';
import { postgresTillsRepository } from './tills';
import { postgresTokensRepository } from './tokens';

/**
 * PostgreSQL's repositories of the store, the twins of SQLite's (service/context.ts createRepositories).
 * `writes`: what lists' totals are kept by (change-watch.ts); without it none are kept.
 */
export function postgresRepositories(recorder: Recorder, writes?: () => number) {
  const total = pageTotals(writes);
  const movements = postgresStockMovementsRepository(recorder, total);
  return {
    pets: postgresPetsRepository(total),
    petDetails: postgresPetDetailsRepository(),
    petPhotos: postgresPetPhotosRepository(),
    categories: postgresCategoriesRepository(total),
    inventory: postgresInventoryRepository(movements, total),
    movements,
    orders: postgresOrdersRepository(recorder, total),
    events: postgresEventsRepository(),
    settings: postgresSettingsRepository(),
    tokens: postgresTokensRepository(),
    idempotencyKeys: postgresIdempotencyKeysRepository(),
    customers: postgresCustomersRepository(total),
    sales: postgresSalesRepository(recorder, total),
    refunds: postgresRefundsRepository(recorder, total),
    reports: postgresReportsRepository(),
    clerks: postgresClerksRepository(),
    clerkSessions: postgresClerkSessionsRepository(),
    tills: postgresTillsRepository(),
    storedAmounts: postgresStoredAmountsRepository(),
  };
}
