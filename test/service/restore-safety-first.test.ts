/**
 * Once a restore has committed, its safety copy is the only record of the data as it was: a failure
 * to move it to its name (a file lock, as antivirus software holds new files on Windows) must not
 * remove it. The restore is reported done, naming the copy where it is.
 */
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { openTestStore, type TestStore } from '../helpers/temp-store';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  const renameSync = vi.fn(original.renameSync);
  return { ...original, renameSync, default: { ...original, renameSync } };
});

let t: TestStore;
afterEach(() => {
  vi.mocked(fs.renameSync).mockReset();
  t?.close();
});

test('a safety copy that cannot be moved to its name stays, and the restore names it', async () => {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const file = join(t.dir, 'monday.db');
  await createBackup(t.store, file);
  t.ok('pets.update', { petId: rex.id, changes: { name: 'Rex the Second' } });

  const original = vi.mocked(fs.renameSync).getMockImplementation()!;
  vi.mocked(fs.renameSync).mockImplementation((from, to) => {
    if (String(to).includes('before-restore')) throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    return original(from, to);
  });
  const { safetyBackup } = await restoreBackup(t.store, file);

  expect(t.ok('pets.get', { petId: rex.id }).name).toBe('Rex'); // the restore went through
  expect(safetyBackup).toMatch(/before-restore-.*\.db\.partial-\d+$/);
  const safety = new Database(safetyBackup, { readonly: true });
  expect(safety.prepare('SELECT name FROM pets').pluck().all()).toEqual(['Rex the Second']);
  safety.close();
});
