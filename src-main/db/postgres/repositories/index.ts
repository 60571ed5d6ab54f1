import type { Recorder } from '../../repositories/recorded-by';
import { postgresCategoriesRepository } from './categories';
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

/** PostgreSQL's repositories of the store, the twins of SQLite's (service/context.ts createRepositories). */
export function postgresRepositories(recorder: Recorder) {
  const movements = postgresStockMovementsRepository(recorder);
  return {
    pets: postgresPetsRepository(),
    petDetails: postgresPetDetailsRepository(),
    petPhotos: postgresPetPhotosRepository(),
    categories: postgresCategoriesRepository(),
    inventory: postgresInventoryRepository(movements),
    movements,
    orders: postgresOrdersRepository(recorder),
    events: postgresEventsRepository(),
    settings: postgresSettingsRepository(),
    tokens: postgresTokensRepository(),
    idempotencyKeys: postgresIdempotencyKeysRepository(),
    customers: postgresCustomersRepository(),
    sales: postgresSalesRepository(recorder),
    refunds: postgresRefundsRepository(recorder),
    reports: postgresReportsRepository(),
    clerks: postgresClerksRepository(),
    clerkSessions: postgresClerkSessionsRepository(),
    tills: postgresTillsRepository(),
    storedAmounts: postgresStoredAmountsRepository(),
  };
}
