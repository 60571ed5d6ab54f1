import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { DatabaseTooNewError, migrate, schemaVersion } from './migrate';
import { LATEST_SCHEMA_VERSION } from './migrations/index';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path to a better_sqlite3.node built for this runtime (Electron); default: npm's build. */
  nativeBinding?: string;
  /** Apply migrations only up to this version (tests of upgrades). */
  migrateUpTo?: number;
  /** How long a writer waits for another connection's lock before SERVICE_BUSY. */
  busyTimeoutMs?: number;
}

/** The per-connection settings; SQLite does not persist these in the file. */
function configure(db: Db, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('journal_mode = WAL');
  // WAL + FULL: an acknowledged commit survives a power cut, not only a process crash.
  // (better-sqlite3 is compiled with WAL_SYNCHRONOUS=1, so this must be set on every connection.)
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
}

/**
 * Opens (creating if needed) a store database and brings its schema up to date.
 * A database written by a newer build is refused before anything is written to it.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const { nativeBinding, busyTimeoutMs = 5000 } = options;
  if (existsSync(file)) {
    // Look at the version read-only first, so a too-new file is left exactly as it was.
    const probe = new Database(file, { readonly: true, fileMustExist: true, nativeBinding });
    let found: number;
    try {
      found = schemaVersion(probe);
    } finally {
      probe.close();
    }
    if (found > LATEST_SCHEMA_VERSION) throw new DatabaseTooNewError(file, found);
  }
  const db = new Database(file, { nativeBinding });
  try {
    configure(db, busyTimeoutMs);
    migrate(db, options.migrateUpTo);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
