import type Database from 'better-sqlite3';
import { copyFileSync, existsSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { safetyCopyName } from '../../src-shared/backup-names';
import { StoreError } from '../../src-shared/errors';
import { openLike } from '../db/connection';
import { syncFile, syncFolder } from '../db/durable-files';
import { migrate, schemaVersion } from '../db/migrate';
import { LATEST_SCHEMA_VERSION } from '../db/migrations/index';
import { createPrivateFile, createPrivateFolder } from '../db/private-files';
import { makeScratchFolder } from '../db/scratch-folders';
import { backupFolderBeside, isLiveDatabaseFile, partialFileOf, removeDeadPartials, removeQuietly, statOf } from '../db/live-files';
import { forgetAgainAfterRestore } from './customers';
import { isStorageFull } from './storage-full';
import type { Store } from './store';

/** `path`, or the first of `…-2.db`, `…-3.db` that does not exist: two safety backups in one second both stay. */
function unusedFile(path: string): string {
  let candidate = path;
  for (let n = 2; existsSync(candidate); n++) candidate = path.replace(/(\.db)?$/, `-${n}$1`);
  return candidate;
}

/** Where backups go unless the clerk picks another place: beside the database. */
export const backupFolderOf = (store: Store) => backupFolderBeside(store.db.name);

/** The backup folder, created (owner only) if it is not there yet, its name made durable with it. */
function ensureBackupFolder(store: Store): string {
  const folder = backupFolderOf(store);
  if (!existsSync(folder)) {
    createPrivateFolder(folder);
    syncFolder(dirname(folder));
  }
  return folder;
}

function checkedPath(file: string, store: Store): string {
  if (!isAbsolute(file)) throw new StoreError('VALIDATION_FAILED', 'Give the backup file as an absolute path', [{ path: 'file', message: 'Must be an absolute path' }]);
  const path = resolve(file);
  if (isLiveDatabaseFile(path, store.db.name)) {
    throw new StoreError('VALIDATION_FAILED', 'That is the live database itself (or one of its files)', [{ path: 'file', message: 'Choose another file' }]);
  }
  const existing = statOf(path);
  if (existing?.isDirectory()) {
    throw new StoreError('VALIDATION_FAILED', `${path} is a folder; name a file in it`, [{ path: 'file', message: 'A folder, not a file' }]);
  }
  // A device or a pipe is never a backup file, and moving a backup over one would replace it (/dev/null).
  if (existing && !existing.isFile()) {
    throw new StoreError('VALIDATION_FAILED', `${path} is not a regular file (a device or a pipe); choose a file`, [{ path: 'file', message: 'Not a regular file' }]);
  }
  // A link is followed, as `export --out` follows it: the file it names is replaced (not the link),
  // and a backup read through it comes with the `-wal` beside that file.
  return existing ? realpathSync(path) : path;
}

/**
 * SQLite's log or journal beside the target (a database in use there, or one not closed cleanly):
 * SQLite would read it with whatever file is put there, mixing its old pages into the backup.
 */
function refuseLeftoverLog(path: string): void {
  const log = ['-wal', '-journal'].map((suffix) => path + suffix).find((file) => statOf(file) !== undefined);
  if (log) {
    throw new StoreError(
      'VALIDATION_FAILED',
      `${log} is beside that file: a database there is in use or was not closed cleanly, and would mix its old data into the backup. Close what uses it, or choose another file`,
      [{ path: 'file', message: 'A database log is beside it' }],
    );
  }
}

/** Copies the live database with SQLite's online backup API: consistent while clerks keep working. */
export async function createBackup(store: Store, file: string, replace = false): Promise<{ file: string; bytes: number }> {
  const path = checkedPath(file, store);
  const folder = dirname(path);
  // Only our own backup folder is created; a folder the clerk names must exist. (Never mkdir
  // -p an arbitrary path: Node's recursive mkdir spins forever under /proc.)
  if (folder === backupFolderOf(store)) ensureBackupFolder(store);
  if (!existsSync(folder)) {
    throw new StoreError('VALIDATION_FAILED', `The folder ${folder} does not exist`, [{ path: 'file', message: 'Choose a file in an existing folder' }]);
  }
  // An earlier backup is never lost to a typo or a reused name: replacing one is asked for.
  if (existsSync(path) && !replace) {
    throw new StoreError('FILE_EXISTS', `${path} exists already; replace it, or choose another file`, [{ path: 'file', message: 'A file of that name exists' }]);
  }
  refuseLeftoverLog(path);
  store.context.commits.flush(); // the copy holds only committed work
  // Written beside the target, then moved over it: a replaced backup stays whole until the new one
  // is, and whatever the old file held (even something that is not a database) does not matter.
  const partial = partialFileOf(path);
  removeDeadPartials(folder); // what a backup killed here before left behind
  const failed = (error: unknown) =>
    new StoreError('VALIDATION_FAILED', `Could not write the backup to ${path}: ${inPlainWords(error)}`, [{ path: 'file', message: 'Not writable' }]);
  try {
    createPrivateFile(partial); // SQLite writes into it, keeping its mode (0600)
  } catch (error) {
    throw failed(error); // nothing of ours to remove (EEXIST: this process's other backup to that file)
  }
  try {
    await store.db.backup(partial);
    renameSync(partial, path);
    syncFolder(folder); // the new name on the disk too: a power cut now keeps the backup under it
  } catch (error) {
    removeQuietly(partial);
    throw failed(error);
  }
  return { file: path, bytes: statSync(path).size };
}

/**
 * The shop's data, parents before children; tokens, the tills and their pairing codes (a revoked
 * till must not come back in), the change log and `sale_numbers` (the highest receipt number given
 * before a restore) are not part of a restore.
 */
const RESTORED_TABLES = [
  'clerks', 'categories', 'pets', 'pet_details', 'pet_photos', 'inventory', 'orders', 'settings', 'customers',
  'sales', 'sale_lines', 'sale_payments', 'refunds', 'refund_lines', 'refund_payments', 'stock_movements',
] as const;

/** SQLite's and the file system's reasons in a clerk's words ("disk I/O error" says nothing to do). */
function inPlainWords(error: unknown): string {
  const { code, message } = error as Error & { code?: string };
  switch (code) {
    case 'SQLITE_CANTOPEN':
    case 'ENOENT':
    case 'EACCES':
    case 'EPERM':
      return 'the file cannot be opened there (check that the folder exists and may be written to)';
    case 'SQLITE_READONLY':
    case 'EROFS':
      return 'the folder or disk is read-only';
    case 'SQLITE_FULL':
    case 'ENOSPC':
      return 'the disk is full';
    case 'SQLITE_IOERR':
      return 'the disk reported an error while writing (is it still connected?)';
    case 'SQLITE_NOTADB':
      return 'not a Pet Store Clerk database';
    case 'EEXIST':
      return 'another backup to that file is under way';
    default:
      return message;
  }
}

/** Opens a private copy of a candidate backup and says why it cannot be restored, if it cannot. */
function checkBackupFile(store: Store, copy: string, shownAs: string): Database.Database {
  let source: Database.Database | undefined;
  try {
    source = openLike(store.db, copy, { fileMustExist: true });
    const version = schemaVersion(source);
    const hasPets = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pets'").get();
    if (!hasPets || version < 1) throw new Error('not a Pet Store Clerk database');
    if (version > LATEST_SCHEMA_VERSION) throw new Error(`written by a newer version (schema ${version})`);
    if (source.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('the file is damaged');
    return source;
  } catch (error) {
    source?.close();
    throw new StoreError('VALIDATION_FAILED', `${shownAs} cannot be restored: ${inPlainWords(error)}`, [{ path: 'file', message: 'Not a usable backup' }]);
  }
}

/**
 * The backup at `file`, checked, as a copy in a scratch folder (removed by `discard`): SQLite opens
 * even a read-only database in WAL mode with `-wal` and `-shm` files beside it, and the chosen file
 * and its folder are never written. Its own `-wal`, if it has one, is copied with it.
 */
function openBackup(store: Store, file: string): { path: string; copy: string; source: Database.Database; discard(): void } {
  const path = checkedPath(file, store);
  if (!existsSync(path)) throw new StoreError('NOT_FOUND', `There is no file ${path}`);
  const folder = makeScratchFolder('restore');
  const discard = () => rmSync(folder, { recursive: true, force: true });
  const copy = join(folder, 'restore.db');
  try {
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    return { path, copy, source: checkBackupFile(store, copy, path), discard };
  } catch (error) {
    discard();
    if (error instanceof StoreError) throw error;
    throw new StoreError('VALIDATION_FAILED', `${path} cannot be restored: ${inPlainWords(error)}`, [{ path: 'file', message: 'Not readable' }]);
  }
}

/** Checks a file as a restore would, writing nothing beside it: the clerk hears why before confirming. */
export function checkBackup(store: Store, file: string): { file: string } {
  const { path, source, discard } = openBackup(store, file);
  source.close();
  discard();
  return { file: path };
}

/**
 * Replaces the shop's data with a backup's, checked and migrated in a scratch copy, after a durable
 * safety copy of the data as it was, all under the live store's write lock; the open connection just
 * sees new rows. Why: docs/decisions.md#a-restore-writes-a-durable-safety-copy-first; what it keeps:
 * docs/decisions.md#what-a-restore-keeps.
 */
export async function restoreBackup(store: Store, file: string): Promise<{ restoredFrom: string; safetyBackup: string }> {
  const { path, copy, source, discard } = openBackup(store, file);
  try {
    migrate(source);
    source.close();
    return { restoredFrom: path, safetyBackup: replaceTablesFrom(store, copy) };
  } finally {
    if (source.open) source.close();
    discard();
  }
}

/**
 * The live store as it is now, in a new file of the backup folder, on the disk under its own name
 * before this returns: copied by a second connection (VACUUM INTO) while the caller holds the write
 * lock, so it is the last committed state and nothing can commit after it. The copy is synced,
 * moved to its name and the folder synced: a crash after this keeps it, and one before leaves only
 * a partial file (removed at the next start) with the live store untouched.
 */
function writeSafetyCopy(store: Store): string {
  const folder = backupFolderOf(store);
  let partial: string | undefined;
  try {
    ensureBackupFolder(store);
    const safety = unusedFile(join(folder, safetyCopyName()));
    partial = partialFileOf(safety);
    createPrivateFile(partial);
    const reader = openLike(store.db, store.db.name, { readonly: true, fileMustExist: true });
    try {
      reader.prepare('VACUUM INTO ?').run(partial); // a plain file (no -wal to lose); SQLite does not promise to sync it
    } finally {
      reader.close();
    }
    syncFile(partial);
    renameSync(partial, safety);
    syncFolder(folder);
    return safety;
  } catch (error) {
    if (partial) [partial, `${partial}-journal`].forEach(removeQuietly);
    if (isStorageFull(error)) throw error; // STORAGE_FULL, as any write on a full disk (service/errors.ts)
    throw new StoreError('VALIDATION_FAILED', `Could not write the safety backup to ${folder}, so nothing was restored: ${inPlainWords(error)}`, [
      { path: 'file', message: 'No safety backup' },
    ]);
  }
}

/** Makes the safety copy, then replaces the shop's tables from the scratch copy at `file`; returns the safety copy. */
function replaceTablesFrom(store: Store, file: string): string {
  const { db } = store;
  store.context.commits.flush(); // ATTACH cannot run inside a transaction
  db.prepare('ATTACH DATABASE ? AS restored').run(file);
  try {
    // The write lock first (BEGIN IMMEDIATE): from here no other connection commits until ours does.
    return store.context.write(() => {
      // Committed and synced before the live store is touched: a multi-file transaction in WAL mode
      // is atomic per file only, and a crash between the two commits lost the shop as it was.
      const safety = writeSafetyCopy(store);
      // Receipt numbers go on after the highest ever given here or in the backup: a printed one is never given again.
      db.exec('UPDATE main.sale_numbers SET last = max(last, (SELECT coalesce(max(number), 0) FROM main.sales))');
      // The report summaries are made again from the restored sales, once, rather than row by row.
      // Nobody stays signed in across a restore: the clerks, their PINs and roles are the backup's now.
      db.exec('DELETE FROM main.clerk_sessions');
      store.context.reports.replacingRecords(() => {
        for (const table of [...RESTORED_TABLES].reverse()) db.exec(`DELETE FROM main.${table}`);
        for (const table of RESTORED_TABLES) copyTable(db, table, 'restored', 'main');
      });
      forgetAgainAfterRestore(store.context);
      // Ids continue after the larger of the backup's and the store's own (AUTOINCREMENT keeps them
      // in sqlite_sequence): an id given out since the backup (on a receipt, in the change log, to
      // an integrator) is never given to something else.
      const names = RESTORED_TABLES.map((table) => `'${table}'`).join(', ');
      db.exec(`
        INSERT INTO main.sqlite_sequence (name, seq)
          SELECT name, max(seq) FROM (
            SELECT name, seq FROM main.sqlite_sequence WHERE name IN (${names})
            UNION ALL SELECT name, seq FROM restored.sqlite_sequence WHERE name IN (${names})
          ) GROUP BY name`);
      db.exec(`DELETE FROM main.sqlite_sequence WHERE name IN (${names}) AND rowid NOT IN (SELECT max(rowid) FROM main.sqlite_sequence GROUP BY name)`);
      // Answers kept for retries (Idempotency-Key) name resources the restore took away.
      db.exec('DELETE FROM main.idempotency_keys');
      // No per-row events: one that says everything changed, so other windows and integrators re-read.
      const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM main.${table}`).get() as { n: number }).n;
      store.context.events.append('store.restored', { categories: count('categories'), pets: count('pets'), orders: count('orders') });
      return safety;
    });
  } finally {
    db.exec('DETACH DATABASE restored');
  }
}

/** Copies a table's rows into the same table of another attached database, by column name. */
function copyTable(db: Database.Database, table: string, from: string, to: string): void {
  const columns = db.pragma(`${to}.table_info(${table})`) as { name: string }[];
  const list = columns.map((column) => `"${column.name}"`).join(', ');
  db.exec(`INSERT INTO ${to}.${table} (${list}) SELECT ${list} FROM ${from}.${table}`);
}

