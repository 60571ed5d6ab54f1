/**
 * A restore brings back every table of the shop: each table of the schema is either copied from the
 * backup row for row, or named below with why it is not (docs/decisions.md#what-a-restore-keeps).
 * A new table therefore fails here until someone decides which it is.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { runForCaller } from '../../src-main/service/caller';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/** Tables a restore does not copy from the backup, and why. */
const NOT_COPIED: Record<string, string> = {
  api_tokens: 'a revoked token must not come back to life',
  clerk_sessions: "cleared: nobody stays signed in across a restore (the clerks, PINs and roles are the backup's)",
  pairing_codes: "this server's codes: a code used since the backup must not pair again",
  events: 'the change log goes on, so event clients resuming stay right',
  idempotency_keys: 'cleared: the kept answers name what the restore took away',
  schema_migrations: "the store's own history of its schema",
  sale_numbers: 'receipt numbers go on after the highest ever given',
  sqlite_sequence: 'ids go on after the highest ever given, here or in the backup',
  tills: 'the tills paired with this server, with their tokens: a revoked till must not come back in',
};
/** The report summaries are made again from the restored sales (a property of the reports' tests). */
const REBUILT = /^report_/;

let t: TestStore;
afterEach(() => t?.close());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A table's rows in one order whatever its key (some tables are WITHOUT ROWID). */
function rowsOf(db: Database.Database, schema: string, table: string): string[] {
  return db.prepare(`SELECT * FROM ${schema}.${table}`).all().map((row) => JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value))).sort();
}

test('a restore brings back every table of the shop as the backup holds it: pet details, photos, the stock ledger, sales', async () => {
  t = openTestStore();
  const { handlers } = createHostHandlers(t.store, 'browser-host');
  const call = (name: string, input: unknown) => invokeOperationAsync(handlers, name, input);

  const dogs = t.ok('categories.create', { name: 'Dogs', taxRate: 900, lowStockThreshold: 1 });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 45000, sku: 'REX-1', breed: 'Beagle', microchip: '276098100000001' });
  t.ok('photos.put', { petId: rex.id, photo: PNG });
  t.ok('inventory.adjust', { petId: rex.id, adjustment: { delta: 4, reason: 'received', note: 'Litter' } });
  const ann = t.ok('customers.create', { name: 'Ann' });
  t.ok('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], customerId: ann.id, payments: [{ method: 'cash', amount: 100000 }] });
  const olga = t.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' });

  const file = join(t.dir, 'backups', 'whole-shop.db');
  expect(await call('backup.create', { file })).toMatchObject({ ok: true });

  // The shop changes after the backup: a photo gone, details changed, stock moved, another sale.
  t.ok('photos.delete', { petId: rex.id });
  t.ok('pets.update', { petId: rex.id, changes: { breed: 'Basset', price: 39900 } });
  t.ok('inventory.adjust', { petId: rex.id, adjustment: { delta: -1, reason: 'died' } });
  t.ok('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'card', amount: 39900 }] });
  t.ok('clerks.update', { clerkId: olga.id, name: 'Olga B', pin: '4321' });
  t.ok('clerks.create', { name: 'Ben', pin: '5678' });
  t.ok('settings.update', { clerkLogins: true });
  const desk = { kind: 'till', till: null, session: null } as const;
  expect(runForCaller(desk, () => t.call('sessions.start', { clerkId: olga.id, pin: '4321' }))).toMatchObject({ ok: true });

  expect(await call('backup.restore', { file })).toMatchObject({ ok: true });
  // Nobody stays signed in: the clerks are the backup's (Olga, her old PIN; no Ben).
  expect(t.store.db.prepare('SELECT count(*) AS n FROM clerk_sessions').get()).toEqual({ n: 0 });
  expect(t.ok('clerks.list', { includeInactive: true })).toMatchObject([{ name: 'Olga' }]);

  const { db } = t.store;
  db.prepare('ATTACH DATABASE ? AS backup').run(file);
  try {
    const tables = (db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'").all() as { name: string }[])
      .map((row) => row.name)
      .filter((name) => !(name in NOT_COPIED) && !REBUILT.test(name));
    expect(tables).toEqual(expect.arrayContaining(['pets', 'pet_details', 'pet_photos', 'stock_movements', 'sales']));
    for (const table of tables) expect(rowsOf(db, 'main', table), `table ${table}`).toEqual(rowsOf(db, 'backup', table));
  } finally {
    db.exec('DETACH DATABASE backup');
  }

  // What a clerk then sees: the animal, its photo and a ledger that adds up to its stock.
  expect(t.ok('pets.get', { petId: rex.id })).toMatchObject({ breed: 'Beagle', price: 45000 });
  expect(t.ok('photos.get', { petId: rex.id })).toMatchObject({ contentType: 'image/png' });
  const stock = t.ok('inventory.get', { petId: rex.id }).quantity;
  const movements = t.ok('inventory.movements', { petId: rex.id }).items;
  expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(stock);
});
