/**
 * The reports, the overview and data import/export are steps (docs/decisions.md#handlers-are-steps):
 * on an engine whose every repository call yields and whose transactions the runner opens, as
 * PostgreSQL's will, they answer exactly as the store's own handlers do; each read runs in one
 * snapshot and an import in one write transaction.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { contract, type CallableOperationName } from '../../src-shared/contract';
import { refundShare } from '../../src-shared/money';
import type { Step } from '../../src-main/db/step';
import { dataTransferHandlers } from '../../src-main/service/data-transfer';
import { overviewHandlers } from '../../src-main/service/overview';
import { reportHandlers } from '../../src-main/service/reports';
import { yieldingEngine, type YieldingEngine } from '../helpers/yielding-steps';
import type { TestStore } from '../helpers/temp-store';
import { openStoreForRules } from './support/observe';

let stores: TestStore[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T09:15:00Z'));
});
afterEach(() => {
  for (const t of stores) t.close();
  stores = [];
  vi.useRealTimers();
});

/**
 * A shop in Asia/Kolkata (its midnight is not on the hour: reports read summaries and records):
 * two categories, three pets, two sales in the last half hour of a day (read from the records), one
 * of them cancelled, one the next day (from the hourly summaries) and a refund.
 */
function openShop(): TestStore {
  const t = openStoreForRules();
  stores.push(t);
  t.ok('settings.update', { timeZone: 'Asia/Kolkata' });
  const dogs = t.ok('categories.create', { name: 'Dogs', taxRate: 1900, lowStockThreshold: 3 });
  const food = t.ok('categories.create', { name: 'Food', description: 'Dry and wet' });
  const puppy = t.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 19999, sku: 'PUP-1', breed: 'Beagle' });
  const kibble = t.ok('pets.create', { name: 'Kibble', categoryId: food.id, price: 1249 });
  t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, status: 'sold' });
  t.ok('inventory.set', { petId: kibble.id, update: { quantity: 40 } });
  t.ok('inventory.set', { petId: puppy.id, update: { quantity: 5 } });
  t.ok('orders.place', { petId: puppy.id, quantity: 1 });
  vi.setSystemTime(new Date('2026-03-09T18:05:00Z'));
  const held = t.ok('sales.create', { lines: [{ petId: kibble.id }], handover: 'later', payments: [{ method: 'other', amount: 1249 }] });
  vi.setSystemTime(new Date('2026-03-09T18:10:00Z'));
  t.ok('sales.create', { lines: [{ petId: kibble.id, quantity: 3 }], payments: [{ method: 'card', amount: 3747 }] });
  t.ok('sales.cancel', { saleId: held.id });
  vi.setSystemTime(new Date('2026-03-10T09:15:00Z'));
  const sale = t.ok('sales.create', { lines: [{ petId: puppy.id }, { petId: kibble.id, quantity: 2 }], discount: 500, payments: [{ method: 'cash', amount: 30000 }] });
  const sold = sale.lines[1]!;
  t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sold.orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(sold, 0, 1).total }] } });
  return t;
}

/** The three modules' handlers over the yielding engine, called with input as the contract parses it. */
function yieldingHandlers(engine: YieldingEngine) {
  const steps = Object.assign({}, ...[reportHandlers, overviewHandlers, dataTransferHandlers].map((module) => module(engine.ctx))) as Record<
    string,
    (input: unknown) => Step<unknown>
  >;
  return (name: CallableOperationName, raw: unknown = {}) => engine.drive(steps[name](contract[name].input.parse(raw)));
}

const IMPORT_CSV = ['name,category,status,stock,sku', 'Kibble,Food,available,6,', 'Parrot,Birds,available,2,', 'Tabby,Cats,available,1,PUP-1', 'Puppy two,Dogs,available,1,pup-2'].join('\r\n');
const IMPORT_CHOICES = { format: 'csv', content: IMPORT_CSV, sameName: 'addStock', createCategories: true } as const;

test('each report, the overview, every export and a preview answer as on SQLite, each read in one snapshot', () => {
  const t = openShop();
  const engine = yieldingEngine(t.store);
  const call = yieldingHandlers(engine);
  const reads: [CallableOperationName, Record<string, unknown>][] = [
    ...(['day', 'category', 'pet', 'paymentMethod'] as const).map((by): [CallableOperationName, Record<string, unknown>] => ['reports.sales', { from: '2026-03-09', to: '2026-03-11', by }]),
    ['reports.day', { date: '2026-03-10' }],
    ['stats.overview', {}],
    ['data.export', { format: 'json' }],
    ...(['pets', 'categories', 'orders', 'sales'] as const).map((resource): [CallableOperationName, Record<string, unknown>] => ['data.export', { format: 'csv', resource }]),
    ['data.previewImport', IMPORT_CHOICES],
  ];
  for (const [name, input] of reads) {
    const before = { ...engine.asked, modes: [...engine.asked.modes] };
    expect(call(name, input), `${name} ${JSON.stringify(input)}`).toEqual(t.ok(name, input));
    expect(engine.asked.modes.slice(before.modes.length), name).toEqual(['read']);
    expect(engine.asked.query, name).toBeGreaterThan(before.query);
  }
  // The figures are what the shop did (a step not run would leave a count out, on both engines alike).
  expect(t.ok('reports.day', { date: '2026-03-09' })).toMatchObject({ sales: 2, cancelled: 1 });
  expect(t.ok('reports.day', { date: '2026-03-10' })).toMatchObject({ sales: 1, refunds: refundShare(t.ok('sales.get', { saleId: 3 }).lines[1]!, 0, 1).total });
  expect(t.ok('reports.sales', { from: '2026-03-09', to: '2026-03-10', by: 'day' }).totals).toMatchObject({ sales: 3, cancelled: 1 });
  expect(t.ok('data.export', { format: 'csv', resource: 'sales' }).rows).toBe(4);
});

test('an import writes in one transaction what the store\'s own import writes; an all-or-nothing refusal writes nothing', () => {
  const viaSteps = openShop();
  const viaStore = openShop();
  const engine = yieldingEngine(viaSteps.store);
  const call = yieldingHandlers(engine);

  const refused = (() => {
    try {
      call('data.import', { ...IMPORT_CHOICES, allOrNothing: true });
    } catch (error) {
      return (error as { code?: string }).code;
    }
  })();
  expect(refused).toBe('VALIDATION_FAILED');
  expect(viaSteps.ok('data.export', { format: 'json' })).toEqual(viaStore.ok('data.export', { format: 'json' }));

  engine.asked.modes.length = 0;
  const done = call('data.import', IMPORT_CHOICES);
  expect(engine.asked.modes).toEqual(['write']);
  expect(done).toEqual(viaStore.ok('data.import', IMPORT_CHOICES));
  expect(done).toMatchObject({ imported: 2, skipped: 1, restocked: 1, categoriesCreated: ['Birds', 'Cats'] });
  // The same pets, stock, categories and events: the restock's movement and standing included.
  expect(viaSteps.ok('data.export', { format: 'json' })).toEqual(viaStore.ok('data.export', { format: 'json' }));
  expect(viaSteps.ok('events.list', { limit: 1000 })).toEqual(viaStore.ok('events.list', { limit: 1000 }));
  expect(viaSteps.ok('inventory.movements', { petId: 2 })).toEqual(viaStore.ok('inventory.movements', { petId: 2 }));
  // Kibble's delivery: its stock grew by the row's 6, a movement received from the import.
  expect(viaSteps.ok('inventory.movements', { petId: 2 }).items[0]).toMatchObject({ reason: 'received', note: 'import', delta: 6 });
});
