/**
 * Version 14 (the report summaries): a store with sales at the version before upgrades with its
 * summaries filled from the records, so every report reads the same as on a store that kept them
 * from its first sale; the triggers keep them from then on; the reports' queries use their indexes.
 * The sales are made by the service on a current store and moved, row for row, into a file at
 * version 13, as the sales tables have the same shape at both versions.
 */
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src-main/db/migrations/index';
import { type Store } from '../../src-main/service/store';
import { priceSale, refundShare } from '../../src-shared/money';
import type { Sale } from '../../src-shared/schemas/sale';
import { summariesAndRecords } from '../helpers/report-summaries';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok } = upgradeTestKit();
afterEach(() => vi.useRealTimers());

/** The version this migration upgrades from. */
const PREVIOUS = MIGRATIONS[MIGRATIONS.findIndex(({ version }) => version === 14) - 1]!.version;
const SALES_TABLES = ['sales', 'sale_lines', 'sale_payments', 'refunds', 'refund_lines', 'refund_payments'];


/** A current store in Berlin with a week of sales: some refunded, one cancelled, at every hour. */
function shopWithSales(dir: string): Store {
  vi.useFakeTimers({ toFake: ['Date'] });
  const store = open(join(dir, 'current.db'));
  ok(store, 'settings.update', { timeZone: 'Europe/Berlin' });
  const dogs = ok(store, 'categories.create', { name: 'Dogs', taxRate: 1900 });
  const food = ok(store, 'categories.create', { name: 'Food', taxRate: 700 });
  const puppy = ok(store, 'pets.create', { name: 'Puppy', categoryId: dogs.id, price: 19999 });
  const kibble = ok(store, 'pets.create', { name: 'Kibble', categoryId: food.id, price: 1249 });
  for (const pet of [puppy, kibble]) ok(store, 'inventory.set', { petId: pet.id, update: { quantity: 500 } });
  const start = Date.parse('2026-10-22T00:17:00Z');
  for (let i = 0; i < 60; i++) {
    vi.setSystemTime(start + i * 2.9 * 3_600_000);
    const lines = i % 3 ? [{ pet: kibble, quantity: 1 + (i % 4) }] : [{ pet: puppy, quantity: 1 }, { pet: kibble, quantity: 1 }];
    const discount = i % 5 === 0 ? 100 : 0;
    const priced = priceSale({ lines: lines.map(({ pet, quantity }) => ({ unitPrice: pet.price, quantity, taxRate: pet === puppy ? 1900 : 700 })), discount, pricesIncludeTax: true });
    if (!priced.ok) throw new Error('priced');
    const sale: Sale = ok(store, 'sales.create', {
      lines: lines.map(({ pet, quantity }) => ({ petId: pet.id, quantity })),
      discount,
      handover: i % 11 === 5 ? 'later' : 'now',
      payments: [i % 2 ? { method: 'card', amount: priced.sale.total } : { method: 'cash', amount: 30000 }],
    });
    if (i % 11 === 5) ok(store, 'sales.cancel', { saleId: sale.id });
    if (i % 7 === 3 && i % 11 !== 5) {
      const line = sale.lines[0];
      vi.setSystemTime(start + i * 2.9 * 3_600_000 + 26 * 3_600_000);
      ok(store, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: line.orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(line, 0, 1).total }] } });
    }
  }
  vi.useRealTimers();
  return store;
}

/** A file at the previous version holding the current store's sales and settings, row for row. */
function previousVersionCopy(dir: string, current: Store): string {
  const file = join(dir, 'previous.db');
  const db = openDatabase(file, { migrateUpTo: PREVIOUS });
  try {
    expect(schemaVersion(db)).toBe(PREVIOUS);
    db.prepare('ATTACH DATABASE ? AS current').run(current.db.name);
    db.transaction(() => {
      db.exec('DELETE FROM settings; INSERT INTO settings SELECT * FROM current.settings; DELETE FROM sale_numbers; INSERT INTO sale_numbers SELECT * FROM current.sale_numbers;');
      // Only the columns the previous version had: later migrations add some (17: who recorded a sale).
      for (const table of SALES_TABLES) {
        const columns = (db.prepare("SELECT name FROM pragma_table_info(?, 'main')").all(table) as { name: string }[]).map(({ name }) => name).join(', ');
        db.exec(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM current.${table}`);
      }
    })();
    db.exec('DETACH DATABASE current');
  } finally {
    db.close();
  }
  return file;
}

const reportsOf = (store: Store) => [
  ...['day', 'category', 'pet', 'paymentMethod'].map((by) => ok(store, 'reports.sales', { from: '2026-10-20', to: '2026-11-01', by })),
  ...['2026-10-22', '2026-10-25', '2026-10-29'].map((date) => ok(store, 'reports.day', { date })),
];

test('a store with sales upgrades with its summaries filled: every report reads as on a store that kept them all along', () => {
  const { dir, cleanup } = tempDir('petstore-v14-');
  cleanups.push(cleanup);
  const current = shopWithSales(dir);
  const upgraded = open(previousVersionCopy(dir, current));
  expect(schemaVersion(upgraded.db)).toBe(LATEST_SCHEMA_VERSION);
  // Pets and categories were not copied: the reports name them as last sold.
  const before = reportsOf(current);
  expect(reportsOf(upgraded)).toEqual(before);
  expect(before[0].totals).toMatchObject({ sales: 60, cancelled: 5 });
  expect(before[0].totals.refunds).toBeGreaterThan(0);
  const { kept, fromRecords } = summariesAndRecords(upgraded.db);
  expect(kept).toEqual(fromRecords);
  expect(kept.report_hours.length).toBeGreaterThan(50);
});

test('after the upgrade the triggers keep the summaries: a sale, a refund and a cancel count at once', () => {
  const { dir, cleanup } = tempDir('petstore-v14-');
  cleanups.push(cleanup);
  const db = openDatabase(join(dir, 'empty.db'), { migrateUpTo: PREVIOUS });
  db.close();
  const store = open(join(dir, 'empty.db'));
  const dogs = ok(store, 'categories.create', { name: 'Dogs' });
  const rex = ok(store, 'pets.create', { name: 'Rex', categoryId: dogs.id, price: 500 });
  ok(store, 'inventory.set', { petId: rex.id, update: { quantity: 5 } });
  const sale = ok(store, 'sales.create', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 1000 }] });
  ok(store, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'card', amount: 500 }] } });
  const later = ok(store, 'sales.create', { lines: [{ petId: rex.id }], handover: 'later', payments: [{ method: 'other', amount: 500 }] });
  ok(store, 'sales.cancel', { saleId: later.id });
  const sums = store.db.prepare('SELECT sum(sales) AS sales, sum(quantity) AS quantity, sum(total) AS total, sum(refunds) AS refunds, sum(cancelled) AS cancelled FROM report_hours').get();
  expect(sums).toEqual({ sales: 2, quantity: 3, total: 1500, refunds: 1000, cancelled: 1 });
  const { kept, fromRecords } = summariesAndRecords(store.db);
  expect(kept).toEqual(fromRecords);
});

test("the reports' queries read their indexes, never a whole table", () => {
  const { dir, cleanup } = tempDir('petstore-v14-');
  cleanups.push(cleanup);
  const store = open(join(dir, 'plans.db'));
  const plan = (sql: string) => (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail);
  const span = "BETWEEN '2026-01-01' AND '2026-01-02'";
  expect(plan(`SELECT * FROM report_hours WHERE hour ${span}`).join('; ')).toMatch(/SEARCH report_hours USING PRIMARY KEY \(hour>\? AND hour<\?\)/);
  expect(plan(`SELECT category_id, sum(total) FROM report_category_hours WHERE hour ${span} GROUP BY category_id`).join('; ')).toMatch(/SEARCH report_category_hours USING PRIMARY KEY/);
  expect(plan(`SELECT sum(l.total) FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE s.created_at ${span}`).join('; ')).toMatch(/SEARCH s USING (COVERING )?INDEX sales_by_created.*SEARCH l USING PRIMARY KEY \(sale_id=\?\)/);
  expect(plan(`SELECT sum(rl.total) FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id WHERE r.created_at ${span}`).join('; ')).toMatch(/SEARCH r USING (COVERING )?INDEX refunds_by_created.*SEARCH rl USING PRIMARY KEY \(refund_id=\?\)/);
  expect(plan(`SELECT count(*) FROM sales WHERE cancelled_at ${span}`).join('; ')).toMatch(/USING COVERING INDEX sales_by_cancelled/);
});
