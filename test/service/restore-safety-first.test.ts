/**
 * A restore makes its safety copy whole, under its own name, before it touches the live store: a
 * copy that cannot be moved to its name (a file lock, as antivirus software holds new files on
 * Windows) refuses the restore, and the shop stays as it was, with nothing left half-written.
 */
import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { forgetStorageFull } from '../../src-main/service/storage-full';
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

/** A shop with Rex, a backup of it, and Rex renamed since: what a restore would replace. */
async function shopChangedSinceItsBackup(): Promise<{ file: string; rexId: number }> {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const file = join(t.dir, 'monday.db');
  await createBackup(t.store, file);
  t.ok('pets.update', { petId: rex.id, changes: { name: 'Rex the Second' } });
  return { file, rexId: rex.id };
}

/** The rename into place refuses the safety copy (only it) with `code`. */
function refuseSafetyCopyRename(code: string): void {
  const original = vi.mocked(fs.renameSync).getMockImplementation()!;
  vi.mocked(fs.renameSync).mockImplementation((from, to) => {
    if (String(to).includes('before-restore')) throw Object.assign(new Error(`${code}: refused`), { code });
    return original(from, to);
  });
}

test('a safety copy that cannot be moved to its name refuses the restore before anything is replaced', async () => {
  const { file, rexId } = await shopChangedSinceItsBackup();
  const eventsBefore = t.ok('events.list', {}).length;

  const original = vi.mocked(fs.renameSync).getMockImplementation()!;
  refuseSafetyCopyRename('EPERM');
  await expect(restoreBackup(t.store, file)).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
    message: expect.stringMatching(/^Could not write the safety backup to .*backups, so nothing was restored: /),
  });
  expect(t.ok('pets.get', { petId: rexId }).name).toBe('Rex the Second');
  expect(t.ok('events.list', {})).toHaveLength(eventsBefore);
  expect(fs.readdirSync(join(t.dir, 'backups')), 'no partial copy is left').toEqual([]);

  // Once the file can be moved, the restore goes through and its copy holds the data as it was.
  vi.mocked(fs.renameSync).mockImplementation(original);
  const { safetyBackup } = await restoreBackup(t.store, file);
  expect(t.ok('pets.get', { petId: rexId }).name).toBe('Rex');
  const safety = new Database(safetyBackup, { readonly: true });
  expect(safety.prepare('SELECT name FROM pets').pluck().all()).toEqual(['Rex the Second']);
  safety.close();
});

test('a full disk while the safety copy is written is STORAGE_FULL (507), as for any write, and nothing is replaced', async () => {
  const { file, rexId } = await shopChangedSinceItsBackup();
  refuseSafetyCopyRename('ENOSPC');
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const { handlers } = createHostHandlers(t.store, 'browser-host');
    const answer = await invokeOperationAsync(handlers, 'backup.restore', { file });
    expect(answer).toEqual({ ok: false, error: { code: 'STORAGE_FULL', status: 507, message: expect.stringMatching(/^The disk is full, so nothing was written/) } });
  } finally {
    logged.mockRestore();
    forgetStorageFull();
  }
  expect(t.ok('pets.get', { petId: rexId }).name).toBe('Rex the Second');
  expect(fs.readdirSync(join(t.dir, 'backups')), 'no partial copy is left').toEqual([]);
});
