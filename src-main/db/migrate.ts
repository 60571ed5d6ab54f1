import type { Database } from 'better-sqlite3';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations/index';

export class DatabaseTooNewError extends Error {
  /** `database`: a file's path, or a PostgreSQL database's URL without its password (`onServer`). */
  constructor(database: string, found: number, onServer = false) {
    super(
      `The database ${database} has schema version ${found}, but this build knows versions up to ${LATEST_SCHEMA_VERSION}. ` +
        (onServer
          ? 'It was written by a newer Pet Store Clerk: update the app, or name a different database. Nothing in it was changed.'
          : 'It was written by a newer Pet Store Clerk: update the app, or open a different data folder. The file was not changed.'),
    );
    this.name = 'DatabaseTooNewError';
  }
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies every migration above the database's version, each in its own transaction together
 * with its bookkeeping (user_version and a schema_migrations row), so a failure leaves the
 * database at the last complete version.
 */
export function migrate(db: Database, upTo: number = LATEST_SCHEMA_VERSION, migrations: readonly Migration[] = MIGRATIONS): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  for (const migration of migrations) {
    if (migration.version > upTo) break;
    // Checked first without the write lock: a store already up to date opens while another
    // process (a long CLI import) holds that lock, instead of waiting for it and failing.
    if (schemaVersion(db) >= migration.version) continue;
    db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      if (schemaVersion(db) >= migration.version) return;
      db.exec(migration.sql);
      migration.backfill?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return schemaVersion(db);
}
