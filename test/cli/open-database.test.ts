/**
 * How every `petstore` command treats the --db file it is given (in this process on real files;
 * as another user, a real process): a file that cannot be the store is refused in one line naming
 * it (exit 1, no stack trace, the file untouched), and commands that only read never create a
 * database.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { occupyPort } from '../helpers/ports';
import { tempDir } from '../helpers/temp-store';
import { petstore, servePetstore, startPetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { BIN } from '../rest/support/processes';

let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-open-'));
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

type Result = { code: number | null; stdout: string; stderr: string };

/** The refusal a user should see: exit 1, and one line on stderr that names the file. */
function expectRefusal(result: Result, file: string, reason: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(result.stderr).toContain(file);
  expect(result.stderr).toMatch(reason);
}

test('a database in a folder that does not exist is refused in one line, by reading and writing commands alike', async () => {
  const file = join(dir, 'no', 'such', 'folder', 'x.db');
  const results = await Promise.all([
    petstore(['token', 'list', '--db', file]),
    petstore(['token', 'create', '--scope', 'read', '--db', file]),
    petstore(['serve', '--db', file, '--port', '0']),
    petstore(['seed', '--db', file]),
    petstore(['export', '--db', file]),
  ]);
  for (const result of results) expectRefusal(result, file, /folder .* does not exist/);
  expect(readdirSync(dir)).toEqual([]);
});

test('a file that is not a SQLite database, or a folder, is refused and left as it was', async () => {
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'shopping list: kibble, hay\n');
  const results = await Promise.all([
    petstore(['token', 'create', '--scope', 'write', '--db', text]),
    petstore(['token', 'list', '--db', text]),
    petstore(['export', '--db', text]),
    petstore(['serve', '--db', text, '--port', '0']),
  ]);
  for (const result of results) expectRefusal(result, text, /not a Pet Store database/);
  expect(readFileSync(text, 'utf8')).toBe('shopping list: kibble, hay\n');
  expect(readdirSync(dir)).toEqual(['notes.txt']);

  const folder = join(dir, 'a-folder');
  mkdirSync(folder);
  expectRefusal(await petstore(['token', 'list', '--db', folder]), folder, /is a folder/);
});

test("another program's SQLite database is refused: none of our tables are added to it", async () => {
  const file = join(dir, 'other-app.db');
  const other = new Database(file);
  other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')");
  other.close();
  const tables = () => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    } finally {
      db.close();
    }
  };

  expectRefusal(await petstore(['token', 'list', '--db', file]), file, /not a Pet Store database/);
  expectRefusal(await petstore(['token', 'create', '--scope', 'read', '--db', file]), file, /not a Pet Store database/);
  expect(tables()).toEqual(['notes']);
});

test('a database written by a newer build is refused in one line (exit 1), unchanged', async () => {
  const file = join(dir, 'future.db');
  expect((await petstore(['seed', '--db', file, '--pets', '3'])).code).toBe(0);
  const db = new Database(file);
  db.pragma('user_version = 9999');
  db.close();
  expectRefusal(await petstore(['token', 'list', '--db', file]), file, /newer/);
});

test('commands that only read refuse a missing database and create nothing', async () => {
  const file = join(dir, 'missing.db');
  const csv = join(dir, 'pets.csv');
  writeFileSync(csv, 'name,category,status,stock\nRex,Dogs,available,1\n');
  const results = await Promise.all([
    petstore(['token', 'list', '--db', file]),
    petstore(['token', 'revoke', '1', '--db', file]),
    petstore(['export', '--db', file]),
    petstore(['export', '--db', file, '--format', 'json', '--out', join(dir, 'out.json')]),
    petstore(['backup', '--db', file, '--to', join(dir, 'copy.db')]),
    petstore(['import', csv, '--dry-run', '--db', file]),
  ]);
  for (const result of results) {
    expectRefusal(result, file, /no database/i);
    expect(result.stdout).toBe('');
  }
  expect(readdirSync(dir)).toEqual(['pets.csv']);

  // Without --db: ./petstore.db, which is not created either.
  const bare = await petstore(['token', 'list'], { cwd: dir });
  expectRefusal(bare, join(dir, 'petstore.db'), /no database/i);
  expect(readdirSync(dir)).toEqual(['pets.csv']);
});

test('commands that write create a new database, which the reading commands then open', async () => {
  const tokens = join(dir, 'tokens.db');
  const created = await petstore(['token', 'create', '--scope', 'read', '--db', tokens]);
  expect(created.code, created.stderr).toBe(0);
  const listed = await petstore(['token', 'list', '--db', tokens]);
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toMatch(/\bread\b/);

  const seeded = join(dir, 'seeded.db');
  expect((await petstore(['seed', '--db', seeded, '--pets', '2'])).code).toBe(0);
  expect(existsSync(seeded)).toBe(true);
  const exported = await petstore(['export', '--db', seeded]);
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout.trim().split(/\r?\n/)).toHaveLength(3);
});

test('a writing command that fails as a whole leaves no new database behind; an import into a new one says so', async () => {
  const before = readdirSync(dir).sort();
  // A mistyped scope is a usage error, as a missing one is (exit 2), and opens no database.
  const badScope = await petstore(['token', 'create', '--scope', 'admin', '--db', join(dir, 'x.db')]);
  expect(badScope.code).toBe(2);
  expect(badScope.stderr.trim()).toBe('token create needs --scope read or --scope write, not "admin"');
  const noScope = await petstore(['token', 'create', '--db', join(dir, 'x.db')]);
  expect(noScope.code).toBe(2);
  expect(noScope.stderr.trim()).toBe('token create needs --scope read or --scope write');
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    const busy = await petstore(['serve', '--db', join(dir, 'shop2.db'), '--port', String((blocker.address() as AddressInfo).port)]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is already in use/);
  } finally {
    blocker.close();
  }
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, '{not json');
  const unreadable = await petstore(['import', broken, '--db', join(dir, 'new.db')]);
  expect(unreadable.code).toBe(1);
  expect(readdirSync(dir).sort()).toEqual([...before, 'broken.json'].sort());

  // A file whose every row is refused imports nothing: the store it would have created is not kept
  // (a mistyped --db would otherwise be an empty store that reading commands then open).
  const csv = join(dir, 'stock.csv');
  writeFileSync(csv, 'name,category\nRex,Dogs\n');
  const nothing = await petstore(['import', csv, '--db', join(dir, 'fresh.db')]);
  expect(nothing.code).toBe(1);
  expect(nothing.stderr).toMatch(/No category "Dogs"/);
  expect(nothing.stderr).not.toContain('Note: no database');
  expect(readdirSync(dir).sort()).toEqual([...before, 'broken.json', 'stock.csv'].sort());

  // One that imports something keeps the store it created, and says it created one.
  writeFileSync(csv, 'name,description\nDogs,\n');
  const intoNew = await petstore(['import', csv, '--db', join(dir, 'fresh.db')]);
  expect(intoNew.code, intoNew.stderr).toBe(0);
  expect(intoNew.stderr).toContain(`Note: no database at ${join(dir, 'fresh.db')}; a new, empty store was created there.`);
  expect(existsSync(join(dir, 'fresh.db'))).toBe(true);
});

test('token create and serve say so when --db named no database and they created a new, empty store (a typo would go unnoticed)', async () => {
  const typo = join(dir, 'petstroe.db');
  const created = await petstore(['token', 'create', '--scope', 'read', '--db', typo]);
  expect(created.code, created.stderr).toBe(0);
  expect(created.stderr).toContain(`Note: no database at ${typo}; a new, empty store was created there.`);
  const again = await petstore(['token', 'create', '--scope', 'read', '--db', typo]);
  expect(again.stderr).not.toContain('Note:');

  // Not when the command then fails and removes the store again (a port in use): that would point at nothing.
  const busy = await occupyPort();
  const refused = await petstore(['serve', '--db', join(dir, 'never.db'), '--port', String((busy.address() as AddressInfo).port)]);
  busy.close();
  expect(refused.code).toBe(1);
  expect(refused.stderr).not.toContain('Note:');
  expect(existsSync(join(dir, 'never.db'))).toBe(false);

  const other = join(dir, 'other.db');
  const server = startPetstore(['serve', '--db', other, '--port', '0']);
  await server.waitForOutput(/listening on/);
  expect(server.stderr).toContain(`Note: no database at ${other}; a new, empty store was created there.`);
});

test("commands that only read leave an older build's database at its version, byte for byte; one that writes upgrades it", async () => {
  // A store as an older build left it (schema 5: before orders kept their pet's name), with a pet, an order and a token.
  const file = join(dir, 'older.db');
  const old = openDatabase(file, { migrateUpTo: 5 });
  old.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order) VALUES (1, 'Dogs', 'dogs', 'dogs', 'dogs');
    INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status) VALUES (1, 'Rex', 'rex', 'rex', 'rex', 1, 'available');
    INSERT INTO inventory (pet_id, quantity) VALUES (1, 3);
    INSERT INTO orders (id, pet_id, quantity, complete, placed_at) VALUES (1, 1, 1, 0, '2026-01-01T00:00:00.000Z');`);
  old.close();
  const bytes = readFileSync(file);
  // Read from the header: even a read-only SQLite connection would leave -wal and -shm files beside it.
  const versionOf = () => readFileSync(file).readInt32BE(60);
  expect(versionOf()).toBe(5);

  const csv = join(dir, 'more.csv');
  writeFileSync(csv, 'name,category,status,stock\nBella,Dogs,available,1\n');
  const exported = await petstore(['export', '--db', file, '--resource', 'orders']);
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout).toMatch(/\r\n1,1,Rex,1,,false\r\n$/); // read through the upgraded copy: the order has its pet's name
  const copy = join(dir, 'copy.db');
  const backedUp = await petstore(['backup', '--db', file, '--to', copy]);
  expect(backedUp.code, backedUp.stderr).toBe(0);
  const dry = await petstore(['import', csv, '--dry-run', '--db', file]);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain('1 pet would be imported');
  const listed = await petstore(['token', 'list', '--db', file]);
  expect(listed.stdout).toBe('No tokens.\n');
  const settings = await petstore(['settings', '--db', file, '--json']);
  expect(JSON.parse(settings.stdout)).toMatchObject({ lowStockThreshold: expect.any(Number) });

  expect(versionOf()).toBe(5);
  expect(readFileSync(file).equals(bytes)).toBe(true);
  expect(readdirSync(dir).sort()).toEqual(['copy.db', 'more.csv', 'older.db']); // no -wal or -shm left beside it
  // The backup is a store of this build, with the data.
  const restored = new Database(copy, { readonly: true });
  expect(restored.prepare('SELECT pet_name FROM orders').pluck().get()).toBe('Rex');
  restored.close();

  // A command that writes upgrades the file, as opening it in the app does.
  const revoked = await petstore(['settings', 'set', 'lowStockThreshold=3', '--db', file]);
  expect(revoked.code, revoked.stderr).toBe(0);
  expect(versionOf()).toBe(LATEST_SCHEMA_VERSION);
});

test('while another connection holds the write lock (a long import), commands that read and the server start and answer', async () => {
  const file = join(dir, 'busy.db');
  expect((await petstore(['seed', '--db', file, '--pets', '5'])).code).toBe(0);
  const created = await petstore(['token', 'create', '--scope', 'read', '--db', file]);
  const token = created.stdout.trim();
  const holder = new Database(file);
  holder.exec('BEGIN IMMEDIATE');
  try {
    const [exported, listed, settings] = await Promise.all([
      petstore(['export', '--db', file, '--resource', 'pets']),
      petstore(['token', 'list', '--db', file]),
      petstore(['settings', '--db', file, '--json']),
    ]);
    for (const result of [exported, listed, settings]) expect(result.code, result.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(6);
    const server = await servePetstore(file);
    const pets = await fetch(`${server.url}/pets?limit=2`, { headers: { authorization: `Bearer ${token}` } });
    expect(pets.status).toBe(200);
    expect(((await pets.json()) as unknown[]).length).toBe(2);
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
  }
});

test('a database this user may not change: the commands that only read work (on a copy), those that write refuse in one line', async (context) => {
  const folder = join(dir, 'shared');
  mkdirSync(folder);
  const file = join(folder, 'store.db');
  expect((await petstore(['seed', '--db', file, '--pets', '3'])).code).toBe(0);
  chmodSync(file, 0o444);
  chmodSync(folder, 0o555);
  const bytes = readFileSync(file);
  // Root may write anything: the commands run as another user ("nobody") when the tests run as root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o777);
  const run = (args: string[]) =>
    new Promise<Result>((done) => {
      execFile(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) }, (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });
  try {
    // The other user must be able to run the CLI from this checkout at all (a checkout under a
    // private folder, a container that cannot switch users): otherwise there is nothing to test here.
    const probe = await new Promise<boolean>((done) =>
      execFile(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(BIN)}); require('fs').accessSync(${JSON.stringify(file)})`], asRoot ? { uid: 65534, gid: 65534 } : {}, (error) =>
        done(!error),
      ),
    );
    if (!probe) return context.skip();
    const exported = await run(['export', '--db', file, '--resource', 'pets']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(4);
    const listed = await run(['token', 'list', '--db', file]);
    expect(listed.stdout).toBe('No tokens.\n');
    const backedUp = await run(['backup', '--db', file, '--to', join(dir, 'copy.db')]);
    expect(backedUp.code, backedUp.stderr).toBe(0);

    for (const args of [['token', 'create', '--scope', 'read'], ['settings', 'set', 'lowStockThreshold=3'], ['serve', '--port', '0']]) {
      const refused = await run([...args, '--db', file]);
      expectRefusal(refused, file, /this user may not write to it or to its folder/);
      expect(refused.stderr).toContain('Commands that only read (export, backup, settings, token list, import --dry-run) still work.');
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(folder)).toEqual(['store.db']);
  } finally {
    chmodSync(folder, 0o755);
    chmodSync(dir, 0o700);
  }
}, 60_000); // six processes as another user: at most 19.5 s through tsx, 7.3 s through the bundle (load 6–11)
