/**
 * Opening the store on a file someone named (the CLI's --db, the browser host's): what is wrong
 * with the file is said in one line, and a run that fails leaves no database it created.
 */
import Database from 'better-sqlite3';
import { accessSync, constants, copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { storedSchemaVersion } from '../db/connection';
import { headerUserVersion } from '../db/file-header';
import { LATEST_SCHEMA_VERSION } from '../db/migrations/index';
import { makeScratchFolder } from '../db/scratch-folders';
import { openStore, type Store } from '../service/store';
import { serveShopCertificate } from './shop-server';

/** What is wrong with the file, in one line that names it: the CLI exits 1 on it, the browser host too. */
export class StoreFileError extends Error {}

/** One run that opens stores (a CLI command's, or the process's): how it reads paths, what it created, where it says so. */
export interface OpeningRun {
  /** A path as given, made absolute (a relative one is read from the run's folder). */
  path(given: string): string;
  /** The database files this run created: a run that then fails leaves none behind. */
  readonly createdDatabases: Set<string>;
  /** A line for the person running it. */
  warn(line: string): void;
}

let processRun: OpeningRun | undefined;
/** For callers that are not a CLI command (the browser host): one run, the process's. */
const processWide = (): OpeningRun =>
  (processRun ??= { path: (given) => resolve(given), createdDatabases: new Set(), warn: (line) => console.error(line) });

/** Says so when this run created `db`: a mistyped or forgotten --db would otherwise go to a new, empty store without a word. */
export function noteIfCreated(db: string, run: OpeningRun = processWide()): void {
  const file = run.path(db);
  if (run.createdDatabases.has(file)) run.warn(`Note: no database at ${file}; a new, empty store was created there.`);
}

/**
 * Removes the databases this run created, with their -wal and -shm files, and says how many: called
 * when a command fails as a whole (a bad --scope, a port in use, an unreadable import), which wrote
 * nothing worth keeping, or is stopped (an import's Ctrl-C).
 */
export function removeCreatedDatabases(run: OpeningRun = processWide()): number {
  const created = run.createdDatabases;
  const removed = created.size;
  for (const file of created) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  created.clear();
  return removed;
}

/**
 * 'read-only' for commands that only read (export, backup, a dry run, listing): they never create
 * a database, nor change one; 'must-exist' for those that change what is there (a revoke, settings
 * set); 'may-create' for those that may start a new store.
 */
export type DbAccess = 'read-only' | 'must-exist' | 'may-create';

/**
 * Opens the store on the file `db` names. Whatever is wrong with the file becomes one line that
 * names it (a StoreFileError) instead of a driver error with a stack trace, and it is checked before
 * the store opens it: opening creates a missing file and migrates whatever SQLite file it is given.
 */
export function openStoreFile(db: string, access: DbAccess, run: OpeningRun = processWide()): Store {
  const file = run.path(db);
  try {
    refuseMissingDatabase(db, access, run);
    if (!existsSync(file)) {
      run.createdDatabases.add(file);
    } else {
      if (statSync(file).isDirectory()) throw new StoreFileError(`${file} is a folder, not a database file.`);
      const problem = whyNotOurs(file, access);
      if (problem) throw new StoreFileError(`${file} is not a Pet Store database (${problem}).`);
      const writable = canWriteStore(file);
      if (access === 'read-only' && (!writable || storedSchemaVersion(file) < LATEST_SCHEMA_VERSION)) return openCopy(file);
      if (!writable) {
        throw new StoreFileError(
          `Cannot change ${file}: this user may not write to it or to its folder (SQLite writes its -wal and -shm files there). ` +
            'Commands that only read (export, backup, settings, token list, import --dry-run) still work.',
        );
      }
    }
    const store = openStore(file);
    serveShopCertificate(store); // `petstore serve` presents it, `petstore till pair` shows it
    return store;
  } catch (error) {
    if (error instanceof StoreFileError) throw error;
    const { name, message, code } = error as Error & { code?: string };
    if (name === 'DatabaseTooNewError') throw new StoreFileError(message); // names the file and says what to do
    if (code === 'SQLITE_NOTADB') throw new StoreFileError(`${file} is not a Pet Store database (not a SQLite file).`);
    throw new StoreFileError(`Cannot open ${file}: ${message}`);
  }
}

/**
 * The checks that need no open: a missing folder, a missing database the command may not create, or
 * a folder this user may not create it in. A command that reads long input (import from stdin)
 * makes them first, so a mistyped --db is said at once and not after the input.
 */
export function refuseMissingDatabase(db: string, access: DbAccess, run: OpeningRun = processWide()): void {
  const file = run.path(db);
  if (!existsSync(dirname(file))) throw new StoreFileError(`Cannot open ${file}: the folder ${dirname(file)} does not exist.`);
  if (existsSync(file)) return;
  if (access !== 'may-create') throw new StoreFileError(`No database at ${file}: this command does not create one (seed, import, token create and serve do).`);
  if (!canWrite(dirname(file))) throw new StoreFileError(`Cannot create ${file}: this user may not write to the folder ${dirname(file)}.`);
}

const canWrite = (path: string) => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** Whether this user can write the store: the file, and its -wal and -shm (new ones go in its folder). */
const canWriteStore = (file: string) =>
  canWrite(file) && (canWrite(dirname(file)) || (canWrite(`${file}-wal`) && canWrite(`${file}-shm`)));

/**
 * A store on a copy of the database (upgraded if need be, removed when the store closes), for a
 * command that only reads an older build's file or one this user may not write
 * (docs/decisions.md#reading-commands-never-change-the-file).
 */
function openCopy(file: string): Store {
  const folder = makeScratchFolder('read');
  try {
    const copy = join(folder, 'store.db');
    snapshot(file, copy);
    const store = openStore(copy);
    return {
      ...store,
      close() {
        store.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A consistent copy of a database another process may be using. A file with no -wal beside it was
 * closed cleanly and is whole: its bytes are copied, so nothing is left beside it (even a read-only
 * SQLite connection leaves -wal and -shm files). If it changed meanwhile, or is in use, SQLite
 * copies a snapshot (VACUUM INTO from a read-only connection; the -wal is there already).
 */
function snapshot(file: string, copy: string): void {
  if (!existsSync(`${file}-wal`)) {
    const before = statSync(file);
    copyFileSync(file, copy);
    const after = statSync(file);
    if (!existsSync(`${file}-wal`) && after.mtimeMs === before.mtimeMs && after.size === before.size) return;
    rmSync(copy, { force: true });
  }
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    source.prepare('VACUUM INTO ?').run(copy);
  } finally {
    source.close();
  }
}

/**
 * Why an existing file cannot be the store, if it cannot. Our databases carry a schema version, so
 * the header usually settles it; SQLite itself is asked only about version 0 (a new file, another
 * program's database, or ours with its version still in the -wal file), because even a read-only
 * connection leaves -wal and -shm files beside a database it then refuses.
 */
function whyNotOurs(file: string, access: DbAccess): string | undefined {
  if (statSync(file).size === 0) return access !== 'may-create' ? 'it is empty' : undefined; // SQLite takes it as a new database
  const version = headerUserVersion(file);
  if (version === undefined) return 'not a SQLite file';
  if (version > 0) return undefined;

  const probe = new Database(file, { readonly: true, fileMustExist: true });
  try {
    if ((probe.pragma('user_version', { simple: true }) as number) > 0) return undefined;
    const tables = probe.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations'").pluck().get() as number;
    if (tables > 0) return 'a SQLite database of another program'; // migrating would add our tables to it
    return access !== 'may-create' ? 'it is empty' : undefined;
  } finally {
    probe.close();
  }
}
