import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { headerUserVersion } from './file-header';
import { backupFolderBeside, removeDeadPartials } from './live-files';
import { DatabaseTooNewError, migrate, schemaVersion } from './migrate';
import { LATEST_SCHEMA_VERSION } from './migrations/index';
import { createPrivateFile } from './private-files';
import { removeDeadScratchFolders } from './scratch-folders';

export type Db = Database.Database;

export interface OpenOptions {
  /** Path to a better_sqlite3.node built for this runtime (Electron); default: npm's build. */
  nativeBinding?: string;
  /** Apply migrations only up to this version (tests of upgrades). */
  migrateUpTo?: number;
  /** How long a writer waits for another connection's lock before SERVICE_BUSY. */
  busyTimeoutMs?: number;
}

/**
 * Sorts and temporary tables in memory, not in temporary files: a read never needs disk space (a
 * large sort spilled to a full disk failed with SQLITE_FULL). docs/decisions.md#reads-need-no-disk-space
 */
const keepTemporaryDataInMemory = (db: Db) => db.pragma('temp_store = MEMORY');

/** The per-connection settings; SQLite does not persist these in the file. */
function configure(db: Db, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // SQLite answers this pragma with SQLITE_BUSY at once, without its busy handler, while another
  // instance holds the lock of a fresh file (it is converting it too): wait as the busy timeout says.
  retryWhileBusy(() => db.pragma('journal_mode = WAL'), busyTimeoutMs);
  // WAL + FULL: an acknowledged commit survives a power cut, not only a process crash.
  // (better-sqlite3 is compiled with WAL_SYNCHRONOUS=1, so this must be set on every connection.)
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  keepTemporaryDataInMemory(db);
}

/** The native build each connection was opened with: a second connection to its files must use the same. */
const bindings = new WeakMap<Db, string | undefined>();

/**
 * Opens (creating if needed) a store database and brings its schema up to date.
 * A database written by a newer build is refused before anything is written to it.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const { nativeBinding, busyTimeoutMs = 5000 } = options;
  const found = storedSchemaVersion(file, nativeBinding);
  if (found > LATEST_SCHEMA_VERSION) throw new DatabaseTooNewError(file, found);
  createPrivately(file);
  const db = new Database(file, { nativeBinding });
  bindings.set(db, nativeBinding);
  try {
    configure(db, busyTimeoutMs);
    migrate(db, options.migrateUpTo);
  } catch (error) {
    db.close();
    throw error;
  }
  // A backup or restore killed on a past run left its half-written file, or its scratch copy; this start removes them.
  removeDeadPartials(backupFolderBeside(file));
  removeDeadScratchFolders();
  return db;
}

/** Another database file opened with the same native build as `db` (Electron's, or Node's). */
export function openLike(db: Db, file: string, options: Database.Options = {}): Db {
  const other = new Database(file, { ...options, nativeBinding: bindings.get(db) });
  keepTemporaryDataInMemory(other);
  return other;
}

/**
 * A new database file is created 0600 before SQLite opens it (SQLite would create it 0644 less the
 * umask, world-readable with the API tokens in it); its -wal and -shm then get the same mode. An
 * existing file keeps the mode its owner gave it. Should the file not be creatable, SQLite's own
 * open says why.
 */
function createPrivately(file: string): void {
  if (file === '' || file === ':memory:' || existsSync(file)) return;
  try {
    createPrivateFile(file);
  } catch {
    // EEXIST (another process created it meanwhile) or a folder SQLite will refuse too, in its words.
  }
}

/**
 * The schema version of an existing file, read without writing anything beside it: a cleanly
 * closed file holds it in its header (a SQLite connection, even read-only, would create -wal and
 * -shm files next to a WAL database). Only when a -wal file is there already (the file is in use,
 * or its last writer crashed) can the newest version be in it, and SQLite is asked.
 * 0 for a file that does not exist or is not a SQLite database (opening it then says why).
 */
export function storedSchemaVersion(file: string, nativeBinding?: string): number {
  if (!existsSync(file)) return 0;
  if (existsSync(`${file}-wal`)) {
    const probe = new Database(file, { readonly: true, fileMustExist: true, nativeBinding });
    try {
      return schemaVersion(probe);
    } finally {
      probe.close();
    }
  }
  return headerUserVersion(file) ?? 0;
}

/** Runs `work` again while SQLite reports the database busy, for up to `timeoutMs`. */
function retryWhileBusy<T>(work: () => T, timeoutMs: number): T {
  const deadline = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      return work();
    } catch (error) {
      const busy = String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY');
      if (!busy || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, 25); // a synchronous pause: opening a database is synchronous
    }
  }
}
