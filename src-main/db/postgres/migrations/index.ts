import type { PoolClient } from 'pg';
import { machineTimeZone } from '../../../../src-shared/schemas/settings';
import { sql as baseline } from './0017-baseline';
import { watchedTablesSql } from './watched-tables';

export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
  /** Data the SQL cannot compute itself, written after it in the same transaction. */
  backfill?: (client: PoolClient) => Promise<unknown>;
}

/**
 * Forward-only, in order; each version the same as SQLite's of that number (src-main/db/migrations),
 * so a version means one schema on either engine. A shipped migration is never edited.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 17,
    name: 'baseline',
    // The watch of the cached tables came with the REST listener on PostgreSQL, before any PostgreSQL store shipped.
    sql: baseline + watchedTablesSql,
    // The shop's time zone is this machine's at the first start, as SQLite's migration 9 pins it.
    backfill: (client) =>
      client.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', ['timeZone', JSON.stringify(machineTimeZone())]),
  },
];

export const LATEST_POSTGRES_SCHEMA_VERSION = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1].version;
