/**
 * Ctrl-C, SIGTERM and SIGKILL during `petstore backup` and `import` (real processes, as only a
 * process gets signals): what each leaves behind, and the exit code a shell reports.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { petstore } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';
import { waitForOutput } from '../helpers/wait-for-output';
import { BIN, killAll, spawnNode, type Exit, type Spawned } from '../rest/support/processes';

// The longest of these tests took 10.9 s through tsx and 4.5 s through the bundle (4 runs each, the
// 2-core machine at load 6–11): bounds of 4–5 times the slower.
const TEST_MS = 60_000;
const WAIT_MS = 45_000;

let dir: string;
let cleanup: () => void;
let db: string;

/** Shared by the tests, which only read them: a 50,000-pet export to import, a 34 MB database to back up. */
let shared: { dir: string; cleanup: () => void };
let large: string;
let big: string;
const PETS = 50_000;

beforeAll(async () => {
  shared = tempDir('petstore-cli-signals-shared-');
  large = join(shared.dir, 'large.json');
  // A whole-store JSON export of one category and 50,000 pets: importing it takes seconds.
  const pets = Array.from({ length: PETS }, (_, i) => ({ id: i + 1, name: `Bulk ${i}`, categoryId: 1, status: 'available', stock: 1 + (i % 50) }));
  writeFileSync(large, JSON.stringify({ categories: [{ id: 1, name: 'Dogs', description: null }], pets, orders: [] }));
  // Large enough (34 MB) that the copy, SQLite's backup in steps of 100 pages, takes about 0.1 s
  // unloaded: long beside the 2-ms look for its file and the signal's delivery.
  big = join(shared.dir, 'big.db');
  const seeded = await petstore(['seed', '--db', big, '--pets', '200000']);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterAll(() => shared.cleanup());

beforeEach(async () => {
  ({ dir, cleanup } = tempDir('petstore-cli-signals-'));
  db = join(dir, 'store.db');
  const seeded = await petstore(['seed', '--db', db, '--pets', '30']);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterEach(async () => {
  await killAll();
  cleanup();
});

/** Resolves once `seen()` holds (looked at every 2 ms); rejects when the process ends first, or at the timeout. */
async function until(proc: Spawned, what: string, seen: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  const checks = new Set<() => void>();
  const timer = setInterval(() => checks.forEach((check) => check()), 2);
  let ended: Exit | undefined;
  void proc.exited.then((exit) => (ended = exit));
  const output = () => `\nstdout: ${proc.stdout.slice(-500)}\nstderr: ${proc.stderr.slice(-500)}`;
  try {
    await waitForOutput({
      checks,
      find: () => (seen() ? true : undefined),
      gone: () => (ended ? `process exited (${JSON.stringify(ended)}) before ${what}${output()}` : undefined),
      timedOut: () => `no ${what} within ${timeoutMs} ms${output()}`,
      timeoutMs,
    });
  } finally {
    clearInterval(timer);
  }
}

const databaseFiles = (file: string) => [file, `${file}-wal`, `${file}-shm`];
/** The file's stat, or undefined while it does not exist (it may go between two looks: no exists-then-stat). */
const statOf = (file: string) => statSync(file, { throwIfNoEntry: false });
/** Only the import's inserts (spilled from SQLite's cache before the commit) make the -wal file this large. */
const importWriting = (file: string) => (statOf(`${file}-wal`)?.size ?? 0) > 1024 * 1024;

/** Every row of every table, in a stable order: equal before and after means the database is as it was. */
function contents(file: string): Record<string, string[]> {
  const raw = new Database(file, { readonly: true });
  try {
    const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    return Object.fromEntries(tables.map((table) => [table, raw.prepare(`SELECT * FROM "${table}"`).all().map((row) => JSON.stringify(row)).sort()]));
  } finally {
    raw.close();
  }
}

const STOPPED = 'SIGINT: stopped; nothing was imported and the new database was removed.\n';

/** Ctrl-C, and SIGTERM as a service manager sends it: exit codes as a shell reports those signals. */
const STOP_SIGNALS = [
  { stop: 'Ctrl-C', signal: 'SIGINT', code: 130 },
  { stop: 'SIGTERM', signal: 'SIGTERM', code: 143 },
] as const;

for (const { stop, signal, code } of STOP_SIGNALS) test(`${stop} during the check of an import into a new database removes it before the import writes anything (exit ${code})`, async () => {
  const target = join(dir, 'new.db');
  const proc = spawnNode([BIN, 'import', large, '--db', target]);
  // The file appears when the import opens (creates) the store; checking its 50,000 pets follows.
  await until(proc, `${target} to be created`, () => existsSync(target));
  proc.child.kill(signal);
  // Handled after the check, before the transaction: the -wal never grows as the import's inserts make it.
  let largestWal = 0;
  const watchWal = setInterval(() => (largestWal = Math.max(largestWal, statOf(`${target}-wal`)?.size ?? 0)), 2);
  const exit = await proc.exitWithin(WAIT_MS).finally(() => clearInterval(watchWal));

  expect(exit, proc.stderr).toMatchObject({ code, signal: null });
  expect(proc.stderr).toBe(STOPPED.replace('SIGINT', signal));
  expect(proc.stdout).toBe('');
  expect(largestWal).toBeLessThan(1024 * 1024);
  expect(databaseFiles(target).filter((path) => existsSync(path))).toEqual([]);
}, TEST_MS);

test('Ctrl-C during the transaction of an import into a new database: once it commits, the new store is removed and nothing is reported imported', async () => {
  const target = join(dir, 'new.db');
  const proc = spawnNode([BIN, 'import', large, '--db', target]);
  await until(proc, 'the import writing', () => importWriting(target));
  proc.child.kill('SIGINT');
  const exit = await proc.exitWithin(WAIT_MS);

  // The import runs in this thread, so the signal is handled after its commit; this run made the
  // store, so removing it undoes exactly the import.
  expect(exit, proc.stderr).toMatchObject({ code: 130, signal: null });
  expect(proc.stderr).toBe(STOPPED);
  expect(proc.stdout).toBe('');
  expect(databaseFiles(target).filter((path) => existsSync(path))).toEqual([]);
}, TEST_MS);

for (const { stop, signal, code } of STOP_SIGNALS) test(`${stop} during a backup removes its half-written copy and leaves no backup (exit ${code})`, async () => {
  const target = join(dir, 'copy.db');
  const proc = spawnNode([BIN, 'backup', '--db', big, '--to', target]);
  const partial = () => `${target}.partial-${proc.child.pid}`;
  await until(proc, 'the copy to begin', () => existsSync(partial()));
  proc.child.kill(signal);
  const exit = await proc.exitWithin(WAIT_MS);

  expect(exit, proc.stderr).toMatchObject({ code, signal: null });
  expect(proc.stderr).toBe(`${signal}: stopped; nothing was written.\n`);
  expect(proc.stdout).toBe('');
  expect([target, partial(), `${partial()}-journal`].filter((path) => existsSync(path))).toEqual([]);
}, TEST_MS);

test('a backup killed outright (SIGKILL, no tidying up) leaves its half-written copy; the next backup to that folder removes it', async () => {
  // The 34 MB database: the kill lands during the copy.
  const target = join(dir, 'copy.db');
  const proc = spawnNode([BIN, 'backup', '--db', big, '--to', target]);
  const partial = `${target}.partial-${proc.child.pid}`;
  await until(proc, 'the copy to begin', () => existsSync(partial));
  proc.child.kill('SIGKILL');
  expect(await proc.exitWithin(WAIT_MS)).toMatchObject({ code: null, signal: 'SIGKILL' });
  expect(existsSync(partial), 'a killed process cannot remove its file').toBe(true);

  const next = await petstore(['backup', '--db', db, '--to', join(dir, 'later.db')]);
  expect(next.code, next.stderr).toBe(0);
  expect([partial, `${partial}-journal`].filter((path) => existsSync(path))).toEqual([]);
  expect(existsSync(target)).toBe(false);
}, TEST_MS);

test('Ctrl-C during an import into an existing database ends it at once and leaves the database as it was', async () => {
  const before = contents(db);
  const proc = spawnNode([BIN, 'import', large, '--db', db]);
  await until(proc, 'the import writing', () => importWriting(db));
  proc.child.kill('SIGINT');
  const exit = await proc.exitWithin(WAIT_MS);

  const after = contents(db);
  if (after.pets!.length === before.pets!.length) {
    // The usual case: not watched, so the signal ends the process in the middle of the transaction,
    // and SQLite leaves out what was never committed.
    expect(exit, proc.stderr).toMatchObject({ code: null, signal: 'SIGINT' });
    expect(after).toEqual(before);
  } else {
    // The transaction had committed before the signal came: every pet is in, none twice, and
    // nothing claims otherwise.
    expect(after.pets).toHaveLength(before.pets!.length + PETS);
    expect(exit.code).not.toBe(130);
    expect(proc.stderr).not.toMatch(/nothing was imported/);
  }
  const check = new Database(db, { readonly: true });
  expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
  check.close();
}, TEST_MS);
