import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { openStore } from '../../src-main/service/store';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

/** Backups are shell operations (asynchronous): called through the host's table, as the app does. */
function host() {
  t = openTestStore();
  const { handlers } = createHostHandlers(t.store, 'browser-host');
  return (name: string, input: unknown) => invokeOperationAsync(handlers, name, input);
}

test('a backup is a consistent copy that restores the data as it was, after a safety backup', async () => {
  const call = host();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const info = await call('app.info', {});
  expect(info).toMatchObject({ ok: true, data: { runtime: 'browser-host', databaseFile: t.file, backupFolder: join(t.dir, 'backups') } });

  const file = join(t.dir, 'backups', 'before-changes.db');
  const backup = await call('backup.create', { file });
  expect(backup).toMatchObject({ ok: true, data: { file } });
  expect((backup as { data: { bytes: number } }).data.bytes).toBeGreaterThan(0);
  const copy = new Database(file, { readonly: true });
  expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(copy.prepare('SELECT name FROM pets').all()).toEqual([{ name: 'Rex' }]);
  copy.close();

  // Work goes on after the backup…
  t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  t.ok('categories.create', { name: 'Cats' });

  // Checking the file writes nothing: the work since the backup is still there.
  expect(await call('backup.check', { file })).toEqual({ ok: true, data: { file } });
  expect(t.ok('pets.list', {}).items.map((pet) => pet.name)).toEqual(['Rex', 'Bella']);

  // …and the restore brings back the backup's data in the live store, keeping the present in a safety copy.
  const restored = await call('backup.restore', { file });
  expect(restored.ok).toBe(true);
  const { safetyBackup } = (restored as { data: { safetyBackup: string } }).data;
  expect(safetyBackup).toMatch(/backups\/before-restore-.*\.db$/);
  expect(t.ok('pets.list', {}).items.map((pet) => pet.name)).toEqual(['Rex']);
  expect(t.ok('categories.list', {}).items.map((c) => c.name)).toEqual(['Dogs']);
  const safety = new Database(safetyBackup, { readonly: true });
  expect(safety.prepare('SELECT name FROM pets ORDER BY id').all()).toEqual([{ name: 'Rex' }, { name: 'Bella' }]);
  safety.close();

  // Two restores within one second each keep their own safety copy (named like the suggested backups).
  const [first, second] = [await call('backup.restore', { file }), await call('backup.restore', { file })] as { ok: true; data: { safetyBackup: string } }[];
  expect(first.ok && second.ok).toBe(true);
  expect(first.data.safetyBackup).not.toBe(second.data.safetyBackup);
  expect(first.data.safetyBackup).toMatch(/before-restore-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d(-\d+)?\.db$/);
  expect(existsSync(first.data.safetyBackup) && existsSync(second.data.safetyBackup)).toBe(true);

  // The store keeps working on the restored data.
  t.ok('pets.create', { name: 'Max', categoryId: dogs.id });
  expect(t.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(t.store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
});

test('an older backup is migrated up after the restore', async () => {
  const call = host();
  const old = join(t.dir, 'old.db');
  const legacy = new Database(old);
  const { MIGRATIONS } = await import('../../src-main/db/migrations/index');
  legacy.exec(MIGRATIONS[0].sql);
  legacy.exec("INSERT INTO categories (name, name_folded) VALUES ('Birds', 'birds')");
  legacy.pragma('user_version = 1');
  legacy.close();
  expect(await call('backup.restore', { file: old })).toMatchObject({ ok: true });
  expect(t.ok('categories.list', {}).items.map((c) => c.name)).toEqual(['Birds']);
  expect(t.store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
  // No event per restored row: one that says the whole shop changed, with what it now holds.
  expect(t.ok('events.list', {})).toEqual([
    { id: 1, type: 'store.restored', at: expect.any(String), data: { categories: 1, pets: 0, orders: 0 } },
  ]);
});

test('a file that is not a usable backup is refused and nothing changes', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  const junk = join(t.dir, 'junk.db');
  writeFileSync(junk, 'not a database at all');
  const other = join(t.dir, 'other.db');
  new Database(other).exec('CREATE TABLE notes (x)');
  const newer = join(t.dir, 'newer.db');
  const future = new Database(newer);
  future.exec('CREATE TABLE pets (id)');
  future.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
  future.close();

  for (const [file, reason] of [
    [junk, /cannot be restored/],
    [other, /not a Pet Store Clerk database/],
    [newer, /newer version/],
  ] as const) {
    const result = await call('backup.restore', { file });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', status: 400 } });
    expect((result as { error: { message: string } }).error.message).toMatch(reason);
    // Checked beforehand (the Settings screen asks before it confirms), the answer is the same.
    expect(await call('backup.check', { file })).toEqual(result);
  }
  expect(await call('backup.check', { file: join(t.dir, 'missing.db') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  expect(await call('backup.check', { file: 'relative.db' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  expect(await call('backup.restore', { file: join(t.dir, 'missing.db') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  expect(await call('backup.restore', { file: 'relative.db' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  expect(t.ok('categories.list', {}).items.map((c) => c.name), 'refused restores change nothing').toEqual(['Dogs']);
  expect(t.ok('events.list', {}).map((event) => event.type), 'and announce nothing').toEqual(['category.created']);
  expect(await call('backup.create', { file: t.file })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  expect(await call('backup.create', { file: '/proc/forbidden/x.db' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  // A folder that cannot take the file: said in words a clerk can act on, not SQLite's.
  expect(await call('backup.create', { file: '/proc/x.db' })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', message: 'Could not write the backup to /proc/x.db: the file cannot be opened there (check that the folder exists and may be written to)' },
  });
  // An existing file is replaced only when asked: an earlier backup is never lost to a reused name.
  const earlier = join(t.dir, 'earlier.db');
  writeFileSync(earlier, 'an earlier backup');
  expect(await call('backup.create', { file: earlier })).toMatchObject({ ok: false, error: { code: 'FILE_EXISTS', status: 409 } });
  expect(readFileSync(earlier, 'utf8')).toBe('an earlier backup');
  expect(await call('backup.create', { file: earlier, replace: true })).toMatchObject({ ok: true });
  expect(await call('backup.check', { file: earlier })).toMatchObject({ ok: true });
  expect(existsSync(join(t.dir, 'backups'))).toBe(false); // no safety backup was needed
  expect(t.ok('categories.list', {}).items.map((c) => c.name)).toEqual(['Dogs']);
});

test('a backup never replaces the live database’s own files: its log, its index, a link to it, nor a folder', async () => {
  const call = host();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const link = join(t.dir, 'same-file.db');
  linkSync(t.file, link);
  const folder = join(t.dir, 'a-folder');
  mkdirSync(folder);
  for (const file of [t.file, `${t.file}-wal`, `${t.file}-shm`, `${t.file}-journal`, link]) {
    const result = await call('backup.create', { file, replace: true });
    expect(result, file).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'That is the live database itself (or one of its files)' } });
  }
  expect(await call('backup.create', { file: folder, replace: true })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', message: `${folder} is a folder; name a file in it` },
  });
  // A path under a file (not a folder) is refused in words, not as an internal fault.
  const plain = join(t.dir, 'plain.txt');
  writeFileSync(plain, 'a file');
  expect(await call('backup.create', { file: join(plain, 'x.db') })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  expect(await call('backup.check', { file: join(plain, 'x.db') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  // The store still works and still holds its data.
  t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  expect(t.ok('pets.list', {}).items.map((pet) => pet.name)).toEqual(['Rex', 'Bella']);
  expect(existsSync(`${t.file}-journal`)).toBe(false);
});

test('after a restore, ids go on after the highest ever given: one given out since the backup is not given again', async () => {
  const call = host();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const file = join(t.dir, 'before.db');
  expect(await call('backup.create', { file })).toMatchObject({ ok: true });
  // Given out after the backup: a category, a pet, an order (its number is on a receipt).
  const later = t.ok('categories.create', { name: 'Cats' });
  const laterPet = t.ok('pets.create', { name: 'Tom', categoryId: later.id });
  const laterOrder = t.ok('orders.place', { petId: rex.id });
  expect(await call('backup.restore', { file })).toMatchObject({ ok: true });

  const category = t.ok('categories.create', { name: 'Fish' });
  const pet = t.ok('pets.create', { name: 'Nemo', categoryId: category.id });
  const order = t.ok('orders.place', { petId: rex.id });
  expect(category.id).toBeGreaterThan(later.id);
  expect(pet.id).toBeGreaterThan(laterPet.id);
  expect(order.id!).toBeGreaterThan(laterOrder.id!);
  const db = new Database(t.file, { readonly: true });
  const sequences = db.prepare('SELECT name, count(*) AS n FROM sqlite_sequence GROUP BY name HAVING n > 1').all();
  db.close();
  expect(sequences, 'one sequence row per table').toEqual([]);
});

test('checking and restoring a backup leave nothing beside it: no -wal or -shm file appears in its folder', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  const folder = join(t.dir, 'kept');
  mkdirSync(folder);
  const file = join(folder, 'shop.db');
  expect(await call('backup.create', { file })).toMatchObject({ ok: true });
  expect(readdirSync(folder)).toEqual(['shop.db']);
  const before = readFileSync(file);
  expect(await call('backup.check', { file })).toMatchObject({ ok: true });
  expect(readdirSync(folder)).toEqual(['shop.db']);
  expect(await call('backup.restore', { file })).toMatchObject({ ok: true });
  expect(readdirSync(folder)).toEqual(['shop.db']);
  expect(readFileSync(file).equals(before), 'the chosen file is only read').toBe(true);
});

test('a backup never replaces a device or a pipe, nor goes where a database log would mix old data into it', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  // A pipe stands for every file that is not a regular one (a device: /dev/null, as an owner typed
  // it, was replaced by a backup file; not tried here, so that a regression cannot do it again).
  const { execFileSync } = await import('node:child_process');
  const pipe = join(t.dir, 'a-pipe');
  execFileSync('mkfifo', [pipe]);
  expect(await call('backup.create', { file: pipe, replace: true })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', message: `${pipe} is not a regular file (a device or a pipe); choose a file` },
  });
  expect(lstatSync(pipe).isFIFO()).toBe(true);

  // An earlier database at the target, killed with work in its log: a backup moved over it would
  // be read together with that log.
  const target = join(t.dir, 'copy.db');
  const killed = new Database(target);
  killed.pragma('journal_mode = WAL');
  killed.exec('CREATE TABLE stale (x); INSERT INTO stale VALUES (1)');
  copyFileSync(`${target}-wal`, join(t.dir, 'kept-wal'));
  killed.close(); // a clean close checkpoints and removes the log: put it back, as a kill leaves it
  copyFileSync(join(t.dir, 'kept-wal'), `${target}-wal`);
  for (const log of [`${target}-wal`, `${target}-journal`]) {
    if (log.endsWith('-journal')) renameSync(`${target}-wal`, log);
    const refused = await call('backup.create', { file: target, replace: true });
    expect(refused, log).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: [{ path: 'file', message: 'A database log is beside it' }] } });
    expect((refused as { error: { message: string } }).error.message).toContain(`${log} is beside that file`);
  }
  rmSync(`${target}-journal`);
  expect(await call('backup.create', { file: target, replace: true })).toMatchObject({ ok: true });
  const copy = new Database(target, { readonly: true });
  expect(copy.prepare("SELECT name FROM sqlite_schema WHERE name = 'stale'").all()).toEqual([]);
  expect(copy.prepare('SELECT name FROM categories').all()).toEqual([{ name: 'Dogs' }]);
  copy.close();
});

test('a backup to a symbolic link replaces the file it names, as an export does, and the link stays', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  const real = join(t.dir, 'on-the-stick.db');
  expect(await call('backup.create', { file: real })).toMatchObject({ ok: true });
  const link = join(t.dir, 'latest.db');
  symlinkSync(real, link);

  t.ok('categories.create', { name: 'Cats' });
  expect(await call('backup.create', { file: link, replace: true })).toMatchObject({ ok: true, data: { file: real } });
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  const copy = new Database(real, { readonly: true });
  expect(copy.prepare('SELECT name FROM categories ORDER BY name').all()).toEqual([{ name: 'Cats' }, { name: 'Dogs' }]);
  copy.close();
  expect(await call('backup.check', { file: link })).toEqual({ ok: true, data: { file: real } });
});

test('a restore forgets the answers kept for Idempotency-Key retries (they name orders it took away); the safety copy keeps them', async () => {
  const call = host();
  const { runOnce } = await import('../../src-main/service/idempotency');
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const file = join(t.dir, 'monday.db');
  expect((await call('backup.create', { file })).ok).toBe(true);
  const once = { tokenId: 0, key: 'order-1', operation: 'orders.place', request: 'orders.place Rex', status: 201 };
  const placed = runOnce(t.store.context, once, () => t.ok('orders.place', { petId: rex.id }));
  expect(placed).toMatchObject({ data: { petId: rex.id } });
  expect(runOnce(t.store.context, once, () => t.ok('orders.place', { petId: rex.id }))).toMatchObject({ replay: { status: 201 } });

  const restored = await call('backup.restore', { file });
  expect(restored.ok).toBe(true);
  expect(t.store.db.prepare('SELECT count(*) FROM idempotency_keys').pluck().get()).toBe(0);
  const safety = new Database((restored as { data: { safetyBackup: string } }).data.safetyBackup, { readonly: true });
  expect(safety.prepare('SELECT key FROM idempotency_keys').pluck().all()).toEqual(['order-1']);
  safety.close();
});

/** The id of a process that has ended (a short Node run): what a killed backup's partial file names. */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  return pid!;
}

test('partial files of processes that no longer exist go at the next backup to that folder and at the next start; a running one’s stay', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  const dead = deadPid();
  const stick = join(t.dir, 'stick');
  mkdirSync(stick);
  const leftovers = [`monday.db.partial-${dead}`, `monday.db.partial-${dead}-journal`];
  const kept = [`tuesday.db.partial-${process.pid}`, 'notes.partial-text', 'monday.db'];
  for (const name of [...leftovers, ...kept]) writeFileSync(join(stick, name), 'x');
  expect(await call('backup.create', { file: join(stick, 'wednesday.db') })).toMatchObject({ ok: true });
  expect(readdirSync(stick).sort()).toEqual([...kept, 'wednesday.db'].sort());

  // A restore or backup killed in the backup folder: the next start (opening the store, here a
  // second one on the same file, as the CLI's) removes its file.
  const backups = join(t.dir, 'backups');
  mkdirSync(backups);
  writeFileSync(join(backups, `before-restore-2026-11-24-04-28-14.db.partial-${dead}`), 'x');
  writeFileSync(join(backups, `before-restore-2026-11-24-04-28-14.db.partial-${process.pid}`), 'x');
  openStore(t.file).close();
  expect(readdirSync(backups)).toEqual([`before-restore-2026-11-24-04-28-14.db.partial-${process.pid}`]);
});

test.skipIf(process.platform === 'win32')('backups, safety copies and the backup folder are the owner’s only (0600, 0700) under a permissive umask', async () => {
  const call = host();
  t.ok('categories.create', { name: 'Dogs' });
  const old = process.umask(0o022);
  try {
    const file = join(t.dir, 'backups', 'monday.db');
    expect(await call('backup.create', { file })).toMatchObject({ ok: true });
    const replaced = join(t.dir, 'replaced.db');
    writeFileSync(replaced, 'an older backup', { mode: 0o644 });
    expect(await call('backup.create', { file: replaced, replace: true })).toMatchObject({ ok: true });
    const restored = await call('backup.restore', { file });
    expect(restored.ok).toBe(true);
    const { safetyBackup } = (restored as { data: { safetyBackup: string } }).data;
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect({ folder: modeOf(join(t.dir, 'backups')), backup: modeOf(file), replaced: modeOf(replaced), safety: modeOf(safetyBackup) }).toEqual({
      folder: '700',
      backup: '600',
      replaced: '600',
      safety: '600',
    });
  } finally {
    process.umask(old);
  }
});
