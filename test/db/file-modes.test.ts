/**
 * The store's files are its owner's only: a new database (API tokens, orders) and the -wal and -shm
 * files SQLite makes beside it are created 0600 whatever the umask, where SQLite alone made them
 * 0644 less the umask (world-readable under the usual 022). A file that exists keeps its mode.
 */
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { tempDir } from '../helpers/temp-store';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** Runs `work` with the process's umask set to `mask` (permissive ones: what many systems have). */
function withUmask(mask: number, work: () => void): void {
  const old = process.umask(mask);
  try {
    work();
  } finally {
    process.umask(old);
  }
}

for (const mask of [0o022, 0o000]) {
  test.skipIf(process.platform === 'win32')(`a new database and its -wal and -shm are created 0600 under umask ${mask.toString(8).padStart(3, '0')}`, () => {
    const { dir, cleanup } = tempDir('petstore-modes-');
    cleanups.push(cleanup);
    const file = join(dir, 'store.db');
    withUmask(mask, () => {
      const db = openDatabase(file);
      cleanups.unshift(() => db.close());
      db.exec("INSERT INTO categories (name, name_folded) VALUES ('Dogs', 'dogs')");
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    });
  });
}

test.skipIf(process.platform === 'win32')('an existing database keeps the mode its owner gave it, and its -wal and -shm take it', () => {
  const { dir, cleanup } = tempDir('petstore-modes-');
  cleanups.push(cleanup);
  const file = join(dir, 'shared.db');
  closeSync(openSync(file, 'w'));
  chmodSync(file, 0o640); // shared with a group on purpose
  withUmask(0o022, () => {
    const db = openDatabase(file);
    cleanups.unshift(() => db.close());
    expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['640', '640', '640']);
  });
});
