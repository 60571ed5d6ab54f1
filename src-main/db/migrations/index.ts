import type { Database } from 'better-sqlite3';
import { sql as catalogue } from './0001-catalogue';
import { sql as eventLog } from './0002-event-log';
import { sql as settingsAndTokens } from './0003-settings-and-tokens';
import { backfill as fillNameSortKeys, sql as nameSortKeys } from './0004-name-sort-keys';
import { backfill as fillNameOrderKeys, sql as nameOrderKeys } from './0005-name-order-keys';
import { sql as orderPetNames } from './0006-order-pet-names';
import { sql as petsByCategoryAndName } from './0007-pets-by-category-and-name';
import { sql as idempotencyKeys } from './0008-idempotency-keys';
import { backfill as pinTimeZone, sql as categoryTaxRates } from './0009-category-tax-rates';
import { sql as orderRecordsAndStockLedger } from './0010-order-records-and-stock-ledger';
import { sql as petRecord } from './0012-pet-record';
import { sql as customers } from './0011-customers';
import { sql as sales } from './0013-sales';
import { rebuildSql as fillReportSummaries, sql as reportSummaries } from './0014-report-summaries';
import { sql as categoryLowStock } from './0015-category-low-stock';
import { sql as tills } from './0016-tills';
import { sql as clerks } from './0017-clerks';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Data the SQL cannot compute itself, written after it in the same transaction. */
  backfill?: (db: Database) => void;
}

/**
 * Forward-only, in order. A shipped migration is never edited: add the next number.
 * (They are TypeScript modules holding SQL so that the bundled app and Node load them alike.)
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'catalogue', sql: catalogue },
  { version: 2, name: 'event-log', sql: eventLog },
  { version: 3, name: 'settings-and-tokens', sql: settingsAndTokens },
  { version: 4, name: 'name-sort-keys', sql: nameSortKeys, backfill: fillNameSortKeys },
  { version: 5, name: 'name-order-keys', sql: nameOrderKeys, backfill: fillNameOrderKeys },
  { version: 6, name: 'order-pet-names', sql: orderPetNames },
  { version: 7, name: 'pets-by-category-and-name', sql: petsByCategoryAndName },
  { version: 8, name: 'idempotency-keys', sql: idempotencyKeys },
  { version: 9, name: 'category-tax-rates', sql: categoryTaxRates, backfill: pinTimeZone },
  { version: 10, name: 'order-records-and-stock-ledger', sql: orderRecordsAndStockLedger },
  { version: 11, name: 'customers', sql: customers },
  { version: 12, name: 'pet-record', sql: petRecord },
  { version: 13, name: 'sales', sql: sales },
  { version: 14, name: 'report-summaries', sql: reportSummaries, backfill: (db) => db.exec(fillReportSummaries) },
  { version: 15, name: 'category-low-stock', sql: categoryLowStock },
  { version: 16, name: 'tills', sql: tills },
  { version: 17, name: 'clerks', sql: clerks },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
