import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { StoreError } from '../../src-shared/errors';
import { migrate, schemaVersion } from '../db/migrate';
import { LATEST_SCHEMA_VERSION } from '../db/migrations/index';
import type { Store } from './store';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

/** Where backups go unless the clerk picks another place: beside the database. */
export const backupFolderOf = (store: Store) => join(dirname(store.db.name), 'backups');

function checkedPath(file: string, store: Store): string {
  if (!isAbsolute(file)) throw new StoreError('VALIDATION_FAILED', 'Give the backup file as an absolute path', [{ path: 'file', message: 'Must be an absolute path' }]);
  const path = resolve(file);
  if (path === resolve(store.db.name)) throw new StoreError('VALIDATION_FAILED', 'That is the live database itself', [{ path: 'file', message: 'Choose another file' }]);
  return path;
}

/** Copies the live database with SQLite's online backup API: consistent while clerks keep working. */
export async function createBackup(store: Store, file: string): Promise<{ file: string; bytes: number }> {
  const path = checkedPath(file, store);
  try {
    mkdirSync(dirname(path), { recursive: true });
    await store.db.backup(path);
  } catch (error) {
    throw new StoreError('VALIDATION_FAILED', `Could not write the backup to ${path}: ${(error as Error).message}`, [{ path: 'file', message: 'Not writable' }]);
  }
  return { file: path, bytes: statSync(path).size };
}

/**
 * Replaces the data with a backup's. The backup is checked first (a SQLite store this build can
 * read), the current data is saved to backups/before-restore-<time>.db, then the backup's pages are
 * copied into the live database (SQLite's backup API again) and migrated up if it is older.
 */
export async function restoreBackup(store: Store, file: string): Promise<{ restoredFrom: string; safetyBackup: string }> {
  const path = checkedPath(file, store);
  if (!existsSync(path)) throw new StoreError('NOT_FOUND', `There is no file ${path}`);
  let source: Database.Database;
  try {
    source = new Database(path, { readonly: true, fileMustExist: true });
    const version = schemaVersion(source);
    const hasPets = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pets'").get();
    if (!hasPets || version < 1) throw new Error('not a Pet Store Clerk database');
    if (version > LATEST_SCHEMA_VERSION) throw new Error(`written by a newer version (schema ${version})`);
    if (source.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('the file is damaged');
  } catch (error) {
    throw new StoreError('VALIDATION_FAILED', `${path} cannot be restored: ${(error as Error).message}`, [{ path: 'file', message: 'Not a usable backup' }]);
  }
  try {
    const safety = await createBackup(store, join(backupFolderOf(store), `before-restore-${stamp()}.db`));
    await source.backup(store.db.name);
    migrate(store.db);
    store.feed.reset();
    return { restoredFrom: path, safetyBackup: safety.file };
  } finally {
    source.close();
  }
}

/** A default file name for a new backup in the backup folder. */
export const suggestedBackupFile = (store: Store) => join(backupFolderOf(store), `petstore-${stamp()}.db`);
