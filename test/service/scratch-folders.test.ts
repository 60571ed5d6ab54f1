/**
 * A restore (or a check) copies the backup into a scratch folder, and a reading command copies an
 * older or read-only store into one: `petstore-restore-<pid>-…`, `petstore-read-<pid>-…`, 0700. A
 * SIGKILL leaves the folder and its copy of the shop's data; the next restore or store open removes
 * those whose process is gone, and leaves a running process's alone.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { openStoreFile } from '../../src-main/host/open-store';
import { checkBackup, createBackup } from '../../src-main/service/backup';
import { openStore } from '../../src-main/service/store';
import { openTestStore, tempDir, type TestStore } from '../helpers/temp-store';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  const mkdtempSync = vi.fn(original.mkdtempSync);
  return { ...original, mkdtempSync, default: { ...original, mkdtempSync } };
});

// The system's temporary folder while a test's step runs: what other tests leave in /tmp is not ours to judge.
const scratch = tempDir('petstore-scratch-test-');
afterAll(scratch.cleanup);
function inScratchTmp<T>(work: () => T): T {
  const systemTmp = process.env.TMPDIR;
  process.env.TMPDIR = scratch.dir;
  try {
    return work();
  } finally {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
  }
}
/** The folders made in the scratch temporary folder. */
const scratchFoldersMade = () =>
  vi.mocked(fs.mkdtempSync).mock.results.map((result) => String(result.value)).filter((path) => path.startsWith(`${scratch.dir}/`));

let t: TestStore | undefined;
afterEach(() => {
  vi.mocked(fs.mkdtempSync).mockClear();
  t?.close();
  t = undefined;
  for (const name of fs.readdirSync(scratch.dir)) fs.rmSync(join(scratch.dir, name), { recursive: true, force: true });
});

function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  return pid!;
}

/** Leftovers of a killed process, a running one's folder, and folders that are not scratch folders of ours. */
function leaveFolders(): { dead: string[]; kept: string[] } {
  const pid = deadPid();
  const dead = [`petstore-restore-${pid}-a1B2c3`, `petstore-read-${pid}-Zz9yX8`];
  const kept = [`petstore-restore-${process.pid}-live01`, 'petstore-restore-crash-123456', 'petstore-read-Ab12Cd', `petstore-restored-${pid}-x`];
  for (const name of [...dead, ...kept]) {
    fs.mkdirSync(join(scratch.dir, name), { mode: 0o700 });
    fs.writeFileSync(join(scratch.dir, name, 'store.db'), 'a copy of the shop');
  }
  return { dead, kept };
}

test("a restore's scratch folder is named with its process, and a check removes the dead processes' first", async () => {
  t = openTestStore();
  const file = join(t.dir, 'monday.db');
  await createBackup(t.store, file);
  const { kept } = leaveFolders();

  expect(inScratchTmp(() => checkBackup(t!.store, file))).toEqual({ file });
  expect(scratchFoldersMade()).toEqual([expect.stringMatching(new RegExp(`^${scratch.dir}/petstore-restore-${process.pid}-\\w{6}$`))]);
  expect(fs.readdirSync(scratch.dir).sort()).toEqual([...kept].sort()); // its own is gone too
});

test("a reading command's copy is named with its process too", () => {
  const dir = tempDir('petstore-scratch-store-');
  try {
    const file = join(dir.dir, 'older.db');
    openDatabase(file, { migrateUpTo: LATEST_SCHEMA_VERSION - 1 }).close();
    const store = inScratchTmp(() => openStoreFile(file, 'read-only'));
    const made = scratchFoldersMade();
    expect(made).toEqual([expect.stringMatching(new RegExp(`^${scratch.dir}/petstore-read-${process.pid}-\\w{6}$`))]);
    expect(fs.statSync(made[0]!).mode & 0o777).toBe(0o700);
    store.close();
    expect(fs.existsSync(made[0]!)).toBe(false);
  } finally {
    dir.cleanup();
  }
});

test("opening a store removes the dead processes' scratch folders and leaves the others", () => {
  const dir = tempDir('petstore-scratch-store-');
  try {
    const { kept } = leaveFolders();
    inScratchTmp(() => openStore(join(dir.dir, 'shop.db'))).close();
    expect(fs.readdirSync(scratch.dir).sort()).toEqual([...kept].sort());
  } finally {
    dir.cleanup();
  }
});
