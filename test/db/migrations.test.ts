/**
 * The database file across versions of the app: a fresh file reaches the latest schema with the
 * connection settings the service relies on; every older file upgrades with its data intact and
 * the service working on it; a file from a newer app is refused and left exactly as it was; a
 * migration that fails leaves the last complete version; two app instances may create the same
 * file at once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/connection';
import { DatabaseTooNewError, migrate, schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, type Migration } from '../../src-main/db/migrations/index';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { summariesAndRecords } from '../helpers/report-summaries';
import { fixture, killAll, spawnTs } from '../concurrency/support/child';

const cleanups: (() => void)[] = [];
afterEach(async () => {
  await killAll();
  cleanups.splice(0).reverse().forEach((cleanup) => cleanup());
});

/** A path for a database file in a fresh temp folder, removed after the test. */
function newFile(): { file: string; dir: string } {
  const { dir, cleanup } = tempDir('petstore-db-');
  cleanups.push(cleanup);
  return { file: join(dir, 'store.db'), dir };
}

function track<T extends Db | Store>(handle: T): T {
  cleanups.push(() => handle.close());
  return handle;
}

const EVERY_TABLE = ['api_tokens', 'categories', 'clerk_sessions', 'clerks', 'customers', 'events', 'idempotency_keys', 'inventory', 'orders', 'pairing_codes', 'pet_details', 'pet_photos', 'pets',
  'refund_lines', 'refund_payments', 'refunds', 'report_category_hours', 'report_category_names', 'report_hours', 'report_payment_hours',
  'report_pet_hours', 'report_pet_names', 'sale_lines', 'sale_numbers', 'sale_payments', 'sales', 'schema_migrations', 'settings', 'stock_movements', 'tills'];

const tables = (db: Db) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map(
    (row) => row.name,
  );

/** Every table and index with the SQL that makes it (an added column changes its table's SQL). */
const schemaObjects = (db: Db) =>
  db.prepare("SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();

/** The schema a new file has at `version`. */
function schemaAt(version: number) {
  const db = openDatabase(newFile().file, { migrateUpTo: version });
  try {
    return schemaObjects(db);
  } finally {
    db.close();
  }
}

const migrationRows = (db: Db) =>
  (db.prepare('SELECT version, name, applied_at AS appliedAt FROM schema_migrations ORDER BY version').all() as {
    version: number;
    name: string;
    appliedAt: string;
  }[]);

const connectionSettings = (db: Db) => ({
  journalMode: db.pragma('journal_mode', { simple: true }),
  synchronous: db.pragma('synchronous', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
  busyTimeout: db.pragma('busy_timeout', { simple: true }),
});

/** Calls through the same entry point as IPC; returns the data or fails the test with the Error object. */
function ok<T = any>(store: Store, name: string, input: unknown = {}): T {
  const result = invokeOperation(store.handlers, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

const fingerprint = (file: string) => ({
  size: statSync(file).size,
  sha256: createHash('sha256').update(readFileSync(file)).digest('hex'),
});

describe('a fresh database', () => {
  test('reaches the latest version with every table, its migration history and the connection settings', () => {
    const { file } = newFile();
    const db = track(openDatabase(file));

    const versions = MIGRATIONS.map(({ version }) => version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(LATEST_SCHEMA_VERSION).toBe(versions.at(-1));
    expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(tables(db)).toEqual(EVERY_TABLE);
    const rows = migrationRows(db);
    expect(rows.map(({ version, name }) => ({ version, name }))).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    for (const row of rows) expect(new Date(row.appliedAt).toISOString()).toBe(row.appliedAt);

    expect(connectionSettings(db)).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: 1, busyTimeout: 5000 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  test('every open sets WAL, synchronous FULL and foreign keys again (SQLite keeps only WAL in the file)', () => {
    const { file } = newFile();
    openDatabase(file).close();
    const firstRows = (() => {
      const db = openDatabase(file);
      try {
        return migrationRows(db);
      } finally {
        db.close();
      }
    })();

    // A plain connection shows what the file itself keeps: WAL mode (the rest is per connection).
    const plain = new Database(file);
    try {
      expect(plain.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      plain.close();
    }

    for (let open = 0; open < 3; open++) {
      const db = openDatabase(file, { busyTimeoutMs: 1234 });
      try {
        expect(connectionSettings(db)).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: 1, busyTimeout: 1234 });
        // Reopening migrates nothing again.
        expect(migrationRows(db)).toEqual(firstRows);
        expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      } finally {
        db.close();
      }
    }

    // And the foreign keys are really enforced on a reopened file: a pet in no category is refused.
    const db = track(openDatabase(file));
    expect(() => db.prepare("INSERT INTO pets (name, name_folded, category_id, status) VALUES ('Rex', 'rex', 999, 'available')").run()).toThrow(
      /FOREIGN KEY/,
    );
  });

  test('the service works on it at once', () => {
    const { file } = newFile();
    const store = track(openStore(file));
    const category = ok(store, 'categories.create', { name: 'Cats' });
    const pet = ok(store, 'pets.create', { name: 'Tom', categoryId: category.id });
    const order = ok(store, 'orders.place', { petId: pet.id });
    expect(ok(store, 'orders.get', { orderId: order.id })).toMatchObject({ petId: pet.id, quantity: 1, complete: false });
  });
});

/** Data a clerk could have had at each version, written with that version's raw SQL. */
const DATA_AT_VERSION: Record<number, (db: Db) => void> = {
  1: (db) =>
    db.exec(`
      INSERT INTO categories (id, name, name_folded, description) VALUES (1, 'Dogs', 'dogs', 'Good ones'), (2, 'Birds', 'birds', NULL);
      INSERT INTO pets (id, name, name_folded, category_id, status) VALUES
        (1, 'Rex', 'rex', 1, 'available'),
        (2, 'Tweety', 'tweety', 2, 'pending'),
        (3, 'Fido', 'fido', 1, 'sold');
      INSERT INTO inventory (pet_id, quantity) VALUES (1, 3), (2, 0), (3, 0);
      INSERT INTO orders (id, pet_id, quantity, ship_date, complete, placed_at) VALUES
        (1, 2, 1, '2025-03-01T10:00:00.000Z', 0, '2025-02-27T09:00:00.000Z'),
        (2, 3, 1, NULL, 1, '2025-02-28T09:00:00.000Z');
    `),
  2: (db) =>
    db
      .prepare("INSERT INTO events (id, type, at, data) VALUES (1, 'pet.created', '2025-02-27T08:00:00.000Z', ?)")
      .run(JSON.stringify({ id: 1, name: 'Rex', categoryId: 1, status: 'available' })),
  3: (db) => db.exec(`INSERT INTO settings (key, value) VALUES ('lowStockThreshold', '2')`),
  4: (db) => db.exec(`UPDATE pets SET name_sort = lower(name); UPDATE categories SET name_sort = lower(name);`),
  5: (db) => db.exec(`UPDATE pets SET name_order = lower(name); UPDATE categories SET name_order = lower(name);`),
  6: (db) => db.exec(`UPDATE orders SET pet_name = 'Tweety' WHERE pet_id = 2`),
  7: () => {}, // an index only: nothing new a clerk could have written
  8: (db) =>
    db
      .prepare("INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body, created_at) VALUES (0, 'retry-1', 'abc', 201, ?, '2025-03-01T10:00:00.000Z')")
      .run(JSON.stringify({ id: 1, petId: 2, quantity: 1, complete: false })),
  9: (db) => db.exec(`UPDATE categories SET tax_rate = 700 WHERE id = 2; UPDATE settings SET value = '"Europe/Berlin"' WHERE key = 'timeZone';`),
  10: (db) =>
    // From version 10 on, stock has its movements (the upgrade opened Rex's 3) and an order of a sale its price.
    db.exec(`UPDATE stock_movements SET note = 'Counted at the upgrade' WHERE pet_id = 1; UPDATE orders SET unit_price = 1999 WHERE id = 2;`),
  11: (db) =>
    db.exec(`INSERT INTO customers (id, name, name_sort, name_order, email, email_sort, created_at, updated_at)
      VALUES (1, 'Ann', 'ann', 'ann', 'ann@example.com', 'ann@example.com', '2025-03-01T10:00:00.000Z', '2025-03-01T10:00:00.000Z')`),
  12: (db) =>
    // From version 12 on, a pet may have a price, a SKU, the animal's details and a photo.
    db.exec(`UPDATE pets SET price = 4999, sku = 'REX-1', photo_type = 'image/png', photo_size = 8, photo_updated_at = '2025-03-01T10:00:00.000Z' WHERE id = 1;
      INSERT INTO pet_details (pet_id, breed, microchip) VALUES (1, 'Beagle', '276098100000001');
      INSERT INTO pet_photos (pet_id, bytes) VALUES (1, x'89504e470d0a1a0a');`),
  13: (db) =>
    // From version 13 on, orders are lines of sales: Fido's complete order (2, priced at version 10) was receipt 1, paid in cash.
    db.exec(`UPDATE sale_numbers SET last = 1;
      INSERT INTO sales (id, number, created_at, status, handover, currency, prices_include_tax, subtotal, discount, net, tax, total, paid, change_given, completed_at)
        VALUES (1, 1, '2025-02-28T09:00:00.000Z', 'completed', 'now', 'EUR', 1, 1999, 0, 1680, 319, 1999, 2000, 1, '2025-02-28T09:00:00.000Z');
      INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total)
        VALUES (1, 0, 2, 3, 'Fido', 1, 'Dogs', 1, 1999, 1900, 1999, 0, 1680, 319, 1999);
      INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (1, 0, 'cash', 2000);
      UPDATE orders SET sale_id = 1 WHERE id = 2;`),
  14: (db) =>
    // From version 14 on, the report summaries add up every sale and refund: Fido came back two days later, paid back in cash.
    db.exec(`INSERT INTO refunds (id, sale_id, created_at, kind, restock, reason, net, tax, amount)
        VALUES (1, 1, '2025-03-02T09:00:00.000Z', 'refund', 0, 'Changed their mind', 1680, 319, 1999);
      INSERT INTO refund_lines (refund_id, sale_id, line, quantity, net, tax, total) VALUES (1, 1, 0, 1, 1680, 319, 1999);
      INSERT INTO refund_payments (refund_id, position, method, amount) VALUES (1, 0, 'cash', 1999);
      UPDATE sale_lines SET returned = 1 WHERE sale_id = 1; UPDATE sales SET refunded = 1999 WHERE id = 1;`),
  15: (db) => db.exec(`UPDATE categories SET low_stock_threshold = 1 WHERE id = 1`), // Dogs: low only when none is left
  16: (db) =>
    // From version 16 on, a till paired with a code has a token of scope till.
    db.exec(`INSERT INTO api_tokens (id, label, scope, hash, prefix, created_at) VALUES (7, 'Counter 2', 'till', 'abcdef', 'psk_abcdef', '2025-03-03T09:00:00.000Z');
      INSERT INTO tills (id, name, token_id, paired_at) VALUES (1, 'Counter 2', 7, '2025-03-03T09:00:00.000Z');
      INSERT INTO pairing_codes (code, created_at, expires_at, used_at) VALUES ('ABCDE12345', '2025-03-03T08:55:00.000Z', '2025-03-03T09:05:00.000Z', '2025-03-03T09:00:00.000Z');`),
  17: (db) =>
    // From version 17 on, clerks sign in at tills, and each sale names who served and where.
    db.exec(`INSERT INTO clerks (id, name, name_key, role, pin_hash, active, created_at) VALUES (1, 'Ben', 'ben', 'clerk', 'scrypt$16384$8$1$c2FsdA$aGFzaA', 1, '2025-03-04T09:00:00.000Z');
      INSERT INTO clerk_sessions (clerk_id, till_id, hash, started_at, expires_at) VALUES (1, 1, 'abcdef', '2025-03-04T09:00:00.000Z', '2025-03-04T21:00:00.000Z');
      UPDATE sales SET clerk_id = 1, clerk_name = 'Ben', till_id = 1, till_name = 'Counter 2' WHERE id = 1;`),
};

/** Pets whose stock is not the sum of their movements (the stock ledger must always add up). */
const ledgerGaps = (db: Db) =>
  db
    .prepare('SELECT i.pet_id AS petId, i.quantity, coalesce(sum(m.delta), 0) AS moved FROM inventory i LEFT JOIN stock_movements m ON m.pet_id = i.pet_id GROUP BY i.pet_id HAVING i.quantity <> moved')
    .all();

describe('upgrading a database written by an earlier version', () => {
  test('every version has representative data here (add an entry with each new migration)', () => {
    for (const { version } of MIGRATIONS) expect(DATA_AT_VERSION[version], `data for version ${version}`).toBeTypeOf('function');
  });

  for (const from of [0, ...MIGRATIONS.slice(0, -1).map(({ version }) => version)]) {
    test(`from version ${from}: reaches version ${LATEST_SCHEMA_VERSION} with the data intact, and the service works on it`, () => {
      const { file } = newFile();
      const old = openDatabase(file, { migrateUpTo: 0 });
      try {
        // Each version's data written at that version, with its raw SQL, before the next migration (which may
        // reshape a table: version 10 rebuilt orders), as a clerk's store went through them.
        for (const { version } of MIGRATIONS.filter((m) => m.version <= from)) {
          migrate(old, version);
          DATA_AT_VERSION[version](old);
        }
        expect(schemaVersion(old)).toBe(from);
        expect(migrationRows(old).map((row) => row.version)).toEqual(MIGRATIONS.filter((m) => m.version <= from).map((m) => m.version));
      } finally {
        old.close();
      }

      const store = track(openStore(file));
      const db = store.db;
      expect(schemaVersion(db)).toBe(LATEST_SCHEMA_VERSION);
      expect(tables(db)).toEqual(EVERY_TABLE);
      expect(migrationRows(db).map(({ version, name }) => ({ version, name }))).toEqual(
        MIGRATIONS.map(({ version, name }) => ({ version, name })),
      );
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);

      if (from === 0) {
        // Nothing to keep: an empty shop that works.
        expect(ok(store, 'pets.list').items).toEqual([]);
        const category = ok(store, 'categories.create', { name: 'Dogs' });
        const pet = ok(store, 'pets.create', { name: 'Rex', categoryId: category.id });
        expect(ok(store, 'orders.place', { petId: pet.id })).toMatchObject({ id: 1, petId: pet.id });
        return;
      }

      // What the clerk had is still there, as the service presents it.
      expect(ok(store, 'categories.list').items).toEqual([
        expect.objectContaining({ id: 2, name: 'Birds' }),
        expect.objectContaining({ id: 1, name: 'Dogs', description: 'Good ones' }),
      ]);
      expect(ok(store, 'pets.list').items).toEqual([
        expect.objectContaining({ id: 1, name: 'Rex', status: 'available' }),
        expect.objectContaining({ id: 2, name: 'Tweety', status: 'pending' }),
        expect.objectContaining({ id: 3, name: 'Fido', status: 'sold' }),
      ]);
      expect(ok(store, 'pets.list', { q: 'REX' }).items.map((pet: { id: number }) => pet.id)).toEqual([1]);
      // Names written before sort keys existed sort by name all the same.
      expect(ok(store, 'pets.list', { sort: 'name' }).items.map((pet: { name: string }) => pet.name)).toEqual(['Fido', 'Rex', 'Tweety']);
      expect(ok(store, 'inventory.get', { petId: 1 })).toEqual({ petId: 1, quantity: 3, status: 'available' });
      expect(ok(store, 'orders.get', { orderId: 1 })).toMatchObject({ id: 1, petId: 2, quantity: 1, complete: false });
      expect(new Date(ok(store, 'orders.get', { orderId: 1 }).shipDate).toISOString()).toBe('2025-03-01T10:00:00.000Z');
      expect(ok(store, 'orders.get', { orderId: 2 })).toMatchObject({ id: 2, petId: 3, complete: true });
      const eventsBefore = ok<{ id: number; type: string }[]>(store, 'events.list', { after: 0 });
      expect(eventsBefore.map((event) => event.type)).toEqual(from >= 2 ? ['pet.created'] : []);

      // And the shop carries on: new orders get the next ids, stock is reserved, history grows.
      const order = ok(store, 'orders.place', { petId: 1, quantity: 2 });
      expect(order).toMatchObject({ id: 3, petId: 1, quantity: 2, complete: false });
      expect(ok(store, 'inventory.get', { petId: 1 })).toEqual({ petId: 1, quantity: 1, status: 'available' });
      ok(store, 'orders.update', { orderId: 1, changes: { complete: true } });
      expect(ok(store, 'pets.list', { id: [2] }).items[0].status).toBe('sold');
      const newPet = ok(store, 'pets.create', { name: 'Polly', categoryId: 2 });
      expect(newPet.id).toBe(4);
      const events = ok<{ id: number; type: string }[]>(store, 'events.list', { after: 0, limit: 1000 });
      expect(events.length).toBeGreaterThan(eventsBefore.length);
      expect(events.map((event) => event.id)).toEqual([...events.map((event) => event.id)].sort((a, b) => a - b));
      expect(events.slice(eventsBefore.length).map((event) => event.type)).toContain('order.placed');
      expect(ok(store, 'settings.get')).toBeTruthy();
      // The stock ledger adds up for every pet, the stock it had before version 10 included.
      expect(ledgerGaps(db)).toEqual([]);
      // The report summaries hold what the sales and refunds add up to, those from before version 14 included.
      const { kept, fromRecords } = summariesAndRecords(db);
      expect(kept).toEqual(fromRecords);
      if (from >= 13) {
        // A sale from before clerk logins names nobody (docs/decisions.md#who-recorded-it).
        expect(ok(store, 'sales.get', { saleId: 1 })).toMatchObject({ clerk: null, till: null });
        const { totals } = ok(store, 'reports.sales', { from: '2025-02-28', to: '2025-03-02' });
        expect(totals).toMatchObject({ sales: 1, total: 1999, refunds: from >= 14 ? 1999 : 0, takings: from >= 14 ? 0 : 1999 });
      }
    });
  }
});

describe('version 6: orders keep their pet\'s name', () => {
  test('existing orders take their pet\'s name, or for a deleted pet the name its pet.deleted event recorded', () => {
    const { file } = newFile();
    const old = openDatabase(file, { migrateUpTo: 5 });
    try {
      for (let version = 1; version <= 5; version++) DATA_AT_VERSION[version](old);
      // Fido (pet 3) was deleted, leaving his completed order and the event that says who he was.
      old.exec('DELETE FROM inventory WHERE pet_id = 3; DELETE FROM pets WHERE id = 3;');
      old.prepare("INSERT INTO events (type, at, data) VALUES ('pet.deleted', '2025-03-02T00:00:00.000Z', ?)").run(
        JSON.stringify({ id: 3, name: 'Fido', categoryId: 1, status: 'sold' }),
      );
      old.exec("INSERT INTO orders (id, pet_id, quantity, complete, placed_at) VALUES (9, 77, 1, 1, '2025-01-01T00:00:00.000Z')");
    } finally {
      old.close();
    }
    const store = track(openStore(file));
    expect(ok(store, 'orders.get', { orderId: 1 })).toMatchObject({ petId: 2, petName: 'Tweety' });
    expect(ok(store, 'orders.get', { orderId: 2 })).toMatchObject({ petId: 3, petName: 'Fido', complete: true });
    // A pet that left no trace: the order says nothing rather than a wrong name.
    expect(ok(store, 'orders.get', { orderId: 9 })).not.toHaveProperty('petName');
  });
});

describe('version 7: a pet of the same name is found by category and name', () => {
  test('the pets already there are in the new index: an import notes a same-named pet without walking the category', () => {
    const { file } = newFile();
    const old = openDatabase(file, { migrateUpTo: 6 });
    try {
      for (let version = 1; version <= 6; version++) DATA_AT_VERSION[version](old);
    } finally {
      old.close();
    }
    const store = track(openStore(file));
    const preview = ok(store, 'data.previewImport', { format: 'csv', content: 'name,category\nREX,Dogs\n' });
    expect(preview.rows[0]).toMatchObject({ outcome: 'import', notes: ['The store already has a pet named "REX" in Dogs (pet 1)'] });
    const plan = store.db.prepare('EXPLAIN QUERY PLAN SELECT id FROM pets WHERE category_id = ? AND name_sort = ? ORDER BY id LIMIT 1').all(1, 'rex');
    expect(plan).toEqual([expect.objectContaining({ detail: 'SEARCH pets USING COVERING INDEX pets_by_category_and_name (category_id=? AND name_sort=?)' })]);
  });
});

describe('a database written by a newer version of the app', () => {
  /** A file at LATEST+1, as a newer build would leave it; `wal` as this app's files are. */
  function tooNewFile(journal: 'delete' | 'wal'): { file: string; dir: string } {
    const { file, dir } = newFile();
    if (journal === 'wal') openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma(`journal_mode = ${journal}`);
    raw.exec('CREATE TABLE IF NOT EXISTS shiny_new_feature (id INTEGER PRIMARY KEY)');
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    raw.close();
    // The newer app closed cleanly: no -wal or -shm left beside the file.
    expect(readdirSync(dir)).toEqual(['store.db']);
    return { file, dir };
  }

  for (const journal of ['delete', 'wal'] as const) {
    test(`is refused with DatabaseTooNewError and left byte-for-byte as it was (${journal === 'wal' ? 'WAL mode, as this app writes' : 'rollback journal'})`, () => {
      const { file, dir } = tooNewFile(journal);
      const before = fingerprint(file);

      for (const open of [() => openDatabase(file), () => openStore(file), () => openDatabase(file, { migrateUpTo: 1 })]) {
        let error: unknown;
        try {
          track(open());
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(DatabaseTooNewError);
        const { name, message } = error as Error;
        expect(name).toBe('DatabaseTooNewError');
        expect(message).toContain(`schema version ${LATEST_SCHEMA_VERSION + 1}`);
        expect(message).toContain(`up to ${LATEST_SCHEMA_VERSION}`);
        expect(message).toMatch(/update the app/i);
        expect(message).toContain(file);
      }

      expect(fingerprint(file)).toEqual(before);
      // Nothing was created beside it either: no -wal, -shm or -journal file.
      expect(readdirSync(dir)).toEqual(['store.db']);
      expect(existsSync(`${file}-wal`)).toBe(false);

      // Still the newer app's database, untouched, as a plain connection shows.
      const raw = new Database(file, { readonly: true });
      try {
        expect(raw.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1);
        expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        raw.close();
      }
    });
  }
});

describe('a migration that fails midway', () => {
  const alpha: Migration = { version: 1, name: 'alpha', sql: 'CREATE TABLE alpha (x INTEGER); INSERT INTO alpha VALUES (1);' };
  const brokenBeta: Migration = {
    version: 2,
    name: 'beta',
    sql: 'CREATE TABLE beta (y INTEGER); INSERT INTO alpha VALUES (2); CREATE INDEX beta_y ON beta(y); CREATE TABLE gamma (;',
  };

  test('leaves the database at the last complete version, with nothing of the failed one', () => {
    const { file } = newFile();
    const db = track(openDatabase(file, { migrateUpTo: 0 }));
    expect(() => migrate(db, 2, [alpha, brokenBeta])).toThrow(/syntax error/);

    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['alpha', 'schema_migrations']);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'beta%' OR name = 'gamma'").all()).toEqual([]);
    expect(db.prepare('SELECT x FROM alpha').pluck().all()).toEqual([1]);
    expect(migrationRows(db).map(({ version, name }) => ({ version, name }))).toEqual([{ version: 1, name: 'alpha' }]);
    expect(db.inTransaction).toBe(false);

    // The fixed migration then applies on the same file, from where it stopped.
    const fixedBeta = { ...brokenBeta, sql: brokenBeta.sql.replace('CREATE TABLE gamma (;', 'CREATE TABLE gamma (z);') };
    expect(migrate(db, 2, [alpha, fixedBeta])).toBe(2);
    expect(tables(db)).toEqual(['alpha', 'beta', 'gamma', 'schema_migrations']);
    expect(db.prepare('SELECT x FROM alpha ORDER BY x').pluck().all()).toEqual([1, 2]);
    expect(migrationRows(db).map((row) => row.version)).toEqual([1, 2]);
  });

  test('a failed step of the real schema keeps the data, and the current build finishes the upgrade later', () => {
    const { file } = newFile();
    const last = MIGRATIONS[MIGRATIONS.length - 1];
    const broken = [...MIGRATIONS.slice(0, -1), { ...last, sql: `${last.sql}\nINSERT INTO no_such_table VALUES (1);` }];
    const db = openDatabase(file, { migrateUpTo: 1 });
    try {
      DATA_AT_VERSION[1](db);
      expect(() => migrate(db, last.version, broken)).toThrow(/no such table/);
      const previous = MIGRATIONS[MIGRATIONS.length - 2].version;
      expect(schemaVersion(db)).toBe(previous);
      // Nothing of the failed step is left: tables, columns and indexes are the previous version's.
      expect(schemaObjects(db)).toEqual(schemaAt(previous));
      expect(migrationRows(db).map((row) => row.version)).toEqual(MIGRATIONS.slice(0, -1).map((m) => m.version));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }

    const store = track(openStore(file));
    expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
    expect(tables(store.db)).toEqual(EVERY_TABLE);
    expect(ok(store, 'pets.list').items.map((pet: { name: string }) => pet.name)).toEqual(['Rex', 'Tweety', 'Fido']);
    expect(ok(store, 'orders.place', { petId: 1 })).toMatchObject({ id: 3, petId: 1 });
  });
});

describe('two app instances opening a new file at the same moment', () => {
  test(
    'both succeed, and the schema is created once (two processes, three rounds)',
    async () => {
      for (let round = 1; round <= 3; round++) {
        const { file } = newFile();
        const children = [0, 1].map(() => spawnTs(fixture('db/fixtures/open-store.ts'), [file]));
        await Promise.all(children.map((child) => child.waitForLine(/^ready$/)));
        expect(existsSync(file)).toBe(false);
        for (const child of children) {
          child.send('go');
          child.endInput();
        }
        const answers = await Promise.all(children.map((child) => child.waitForLine(/^\{/)));
        await Promise.all(children.map((child) => child.exited));
        expect(answers.map((line) => JSON.parse(line)), `round ${round}`).toEqual([
          { ok: true, version: LATEST_SCHEMA_VERSION },
          { ok: true, version: LATEST_SCHEMA_VERSION },
        ]);
        const db = openDatabase(file);
        try {
          expect(migrationRows(db).map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
          expect(tables(db)).toEqual(EVERY_TABLE);
        } finally {
          db.close();
        }
      }
    },
    30_000,
  );

  test('opening waits for another instance busy creating the file, instead of failing at once', async () => {
    // The other instance has just created the file and holds its write lock (it is converting it
    // to WAL and migrating); it lets go after 300 ms. The busy timeout (here 3 s) is what this
    // instance should wait — SQLite answers `PRAGMA journal_mode = WAL` with SQLITE_BUSY at once
    // in this situation, without consulting the busy timeout.
    const { file } = newFile();
    const other = new Worker(fixture('db/fixtures/hold-write-lock.mjs'), { workerData: { file, holdMs: 300 } });
    cleanups.push(() => void other.terminate());
    const released = new Promise((resolve) => other.on('message', (message) => message === 'released' && resolve(message)));
    await new Promise((resolve, reject) => {
      other.once('message', resolve);
      other.once('error', reject);
    });

    const started = Date.now();
    let outcome: string;
    try {
      const db = openDatabase(file, { busyTimeoutMs: 3000 });
      outcome = `opened at version ${schemaVersion(db)}, journal ${db.pragma('journal_mode', { simple: true })}`;
      db.close();
    } catch (error) {
      outcome = `failed after ${Date.now() - started} ms: ${(error as { code?: string }).code} ${(error as Error).message}`;
    }
    await released;
    expect(outcome).toBe(`opened at version ${LATEST_SCHEMA_VERSION}, journal wal`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
