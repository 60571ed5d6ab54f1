/**
 * A backup is complete only once its name is on the disk: after the copy is moved to its name, the
 * folder is fsynced (a file's own sync does not make its name durable), as a restore's safety copy is.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import * as durable from '../../src-main/db/durable-files';
import { createBackup } from '../../src-main/service/backup';
import { openTestStore, type TestStore } from '../helpers/temp-store';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  const renameSync = vi.fn(original.renameSync);
  return { ...original, renameSync, default: { ...original, renameSync } };
});
vi.mock('../../src-main/db/durable-files', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src-main/db/durable-files')>();
  return { ...original, syncFolder: vi.fn(original.syncFolder) };
});

let t: TestStore | undefined;
afterEach(() => {
  vi.mocked(fs.renameSync).mockClear();
  vi.mocked(durable.syncFolder).mockClear();
  t?.close();
});

test.each([
  ['a folder the clerk chose', (dir: string) => join(dir, 'monday.db')],
  ['the backup folder', (dir: string) => join(dir, 'backups', 'monday.db')],
])("a backup to %s: the folder is fsynced after the copy is moved to its name", async (_where, fileIn) => {
  t = openTestStore();
  const file = fileIn(t.dir);
  await createBackup(t.store, file);
  const moved = vi.mocked(fs.renameSync).mock.calls.findIndex(([, to]) => String(to) === file);
  expect(moved, 'moved into place').toBeGreaterThanOrEqual(0);
  const movedAt = vi.mocked(fs.renameSync).mock.invocationCallOrder[moved]!;
  const synced = vi.mocked(durable.syncFolder).mock.calls
    .map(([folder], i) => ({ folder, at: vi.mocked(durable.syncFolder).mock.invocationCallOrder[i]! }))
    .filter(({ folder, at }) => folder === join(file, '..') && at > movedAt);
  expect(synced, 'the folder fsynced after the move').toHaveLength(1);
});
