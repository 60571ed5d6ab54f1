import type { Pool, PoolClient } from 'pg';
import { DatabaseTooNewError } from '../migrate';
import { POSTGRES_MIGRATIONS, type PostgresMigration } from './migrations/index';
import { describePostgresUrl } from './pool';

/**
 * The key of the advisory lock every migration transaction takes first: two processes starting
 * together on a fresh database queue there, and the second finds the work done.
 */
const MIGRATION_LOCK = 0x50657453; // "PetS"

/**
 * The bookkeeping: `schema_migrations` as SQLite has it, and `schema_version`, one row holding what
 * SQLite keeps in its header's user_version.
 */
const BOOKKEEPING = /* sql */ `
CREATE TABLE IF NOT EXISTS schema_migrations (version bigint PRIMARY KEY, name text COLLATE "C" NOT NULL, applied_at text COLLATE "C" NOT NULL);
CREATE TABLE IF NOT EXISTS schema_version (one bigint PRIMARY KEY CHECK (one = 1), version bigint NOT NULL);`;

/** The database's schema version: 0 for a database the app never migrated. Reads only. */
export async function postgresSchemaVersion(client: Pool | PoolClient): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_version') IS NOT NULL AS present");
  if (!rows[0].present) return 0;
  const found = await client.query<{ version: number }>('SELECT version FROM schema_version');
  return found.rows[0]?.version ?? 0;
}

export interface PostgresMigrateOptions {
  /** Names the database in the refusal of a newer one (default: the pool's URL without its password). */
  label?: string;
  /** The migrations to apply (tests give others). */
  migrations?: readonly PostgresMigration[];
}

/**
 * Brings the database's schema up to date: each migration above its version in one transaction
 * with its bookkeeping, under the migration lock, so a failure leaves the last complete version and
 * two processes never both apply one. A database newer than this build is refused before anything
 * is written.
 */
export async function migratePostgres(pool: Pool, options: PostgresMigrateOptions = {}): Promise<number> {
  const { migrations = POSTGRES_MIGRATIONS } = options;
  const latest = migrations[migrations.length - 1].version;
  const label = options.label ?? describePostgresUrl(pool.options.connectionString ?? '');
  const client = await pool.connect();
  try {
    // Read first, outside any transaction: a newer database is refused before anything is written,
    // and one already up to date opens without waiting for the lock.
    let found = await postgresSchemaVersion(client);
    if (found > latest) throw new DatabaseTooNewError(label, found, true);
    for (const migration of migrations) {
      if (migration.version <= found) continue;
      found = await applyOne(client, migration, label, latest);
    }
    return found;
  } finally {
    client.release();
  }
}

/** Applies `migration` in its own transaction unless another process did meanwhile; answers the version after. */
async function applyOne(client: PoolClient, migration: PostgresMigration, label: string, latest: number): Promise<number> {
  // READ COMMITTED whatever the server's default: the version read after the lock must see the other's commit.
  await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const found = await postgresSchemaVersion(client);
    if (found > latest) throw new DatabaseTooNewError(label, found, true);
    if (found >= migration.version) {
      await client.query('COMMIT');
      return found;
    }
    await client.query(BOOKKEEPING);
    await client.query(migration.sql);
    await migration.backfill?.(client);
    await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
      migration.version,
      migration.name,
      new Date().toISOString(),
    ]);
    await client.query(
      'INSERT INTO schema_version (one, version) VALUES (1, $1) ON CONFLICT (one) DO UPDATE SET version = excluded.version',
      [migration.version],
    );
    await client.query('COMMIT');
    return migration.version;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

