/**
 * The reports, the overview and data import/export answer alike on SQLite and PostgreSQL
 * (docs/decisions.md#handlers-are-steps): the same shop made on both, then every report grouping,
 * the overview, every export, a preview and an import, answer by answer.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { CallableOperationName, OperationOutput } from '../../src-shared/contract';
import { refundShare } from '../../src-shared/money';
import type { Handlers } from '../../src-main/service/handler-types';
import { invokeOperation, invokeOperationAsync } from '../../src-main/service/invoke';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { openTestStore, type TestStore } from '../helpers/temp-store';

describePostgres('reports, the overview and data transfer on both engines', () => {
  const database = freshPostgresDatabase({ migrated: true });
  let postgres: PostgresStore;
  let sqlite: TestStore;
  beforeAll(async () => {
    postgres = await openPostgresStore(database.url, { maxConnections: 4 });
  });
  afterAll(async () => {
    await postgres?.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    sqlite = openTestStore();
  });
  afterEach(() => {
    sqlite.close();
    vi.useRealTimers();
  });

  /** Calls an operation on both stores, expects success on both, and gives both answers. */
  async function both<K extends CallableOperationName>(name: K, input: Record<string, unknown> = {}): Promise<[OperationOutput<K>, OperationOutput<K>]> {
    const onSqlite = invokeOperation(sqlite.store.handlers, name, input);
    const onPostgres = await invokeOperationAsync(postgres.handlers as unknown as Partial<Handlers>, name, input);
    if (!onSqlite.ok || !onPostgres.ok) throw new Error(`${name}: ${JSON.stringify({ sqlite: onSqlite, postgres: onPostgres })}`);
    return [onSqlite.data as OperationOutput<K>, onPostgres.data as OperationOutput<K>];
  }
  /** Calls on both at the instant given, expecting the same answer. */
  async function alike<K extends CallableOperationName>(name: K, input: Record<string, unknown> = {}, at = '2026-03-10T09:15:00Z'): Promise<OperationOutput<K>> {
    vi.setSystemTime(new Date(at));
    const [onSqlite, onPostgres] = await both(name, input);
    expect(onPostgres, `${name} ${JSON.stringify(input)}`).toEqual(onSqlite);
    return onSqlite;
  }

  const IMPORT_CSV = ['name,category,status,stock,sku', 'Kibble,Food,available,6,', 'Parrot,Birds,available,2,', 'Tabby,Cats,available,1,PUP-1', 'Puppy two,Dogs,available,1,pup-2'].join('\r\n');
  const IMPORT_CHOICES = { format: 'csv', content: IMPORT_CSV, sameName: 'addStock', createCategories: true };

  test('the same shop reports, exports, previews and imports alike', async () => {
    // A shop in Asia/Kolkata (its midnight is not on the hour: reports read summaries and records).
    await alike('settings.update', { timeZone: 'Asia/Kolkata' });
    const dogs = await alike('categories.create', { name: 'Dogs', taxRate: 1900, lowStockThreshold: 3 });
    const food = await alike('categories.create', { name: 'Food', description: 'Dry and wet' });
    const puppy = await alike('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 19999, sku: 'PUP-1', breed: 'Beagle' });
    const kibble = await alike('pets.create', { name: 'Kibble', categoryId: food.id, price: 1249 });
    await alike('pets.create', { name: 'Rex', categoryId: dogs.id, status: 'sold' });
    await alike('inventory.set', { petId: kibble.id, update: { quantity: 40 } });
    await alike('inventory.set', { petId: puppy.id, update: { quantity: 5 } });
    await alike('orders.place', { petId: puppy.id, quantity: 1 });
    // Two sales in a day's last half hour (from the records), one cancelled; one the next day (the summaries), partly refunded.
    const held = await alike('sales.create', { lines: [{ petId: kibble.id }], handover: 'later', payments: [{ method: 'other', amount: 1249 }] }, '2026-03-09T18:05:00Z');
    await alike('sales.create', { lines: [{ petId: kibble.id, quantity: 3 }], payments: [{ method: 'card', amount: 3747 }] }, '2026-03-09T18:10:00Z');
    await alike('sales.cancel', { saleId: held.id }, '2026-03-09T18:20:00Z');
    const sale = await alike('sales.create', { lines: [{ petId: puppy.id }, { petId: kibble.id, quantity: 2 }], discount: 500, payments: [{ method: 'cash', amount: 30000 }] });
    const sold = sale.lines[1]!;
    await alike('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sold.orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(sold, 0, 1).total }] } });

    for (const by of ['day', 'category', 'pet', 'paymentMethod']) await alike('reports.sales', { from: '2026-03-09', to: '2026-03-11', by });
    expect(await alike('reports.day', { date: '2026-03-09' })).toMatchObject({ sales: 2, cancelled: 1 });
    await alike('reports.day', { date: '2026-03-10' });
    expect(await alike('stats.overview')).toMatchObject({ petsByStatus: { available: 2, pending: 0, sold: 1 }, openOrders: 1 });
    await alike('data.export', { format: 'json' });
    for (const resource of ['pets', 'categories', 'orders', 'sales']) await alike('data.export', { format: 'csv', resource });
    await alike('data.previewImport', IMPORT_CHOICES);

    expect(await alike('data.import', IMPORT_CHOICES)).toMatchObject({ imported: 2, skipped: 1, restocked: 1, categoriesCreated: ['Birds', 'Cats'] });
    await alike('data.export', { format: 'json' });
    await alike('inventory.movements', { petId: kibble.id });
    await alike('events.list', { limit: 1000 });
  });
});
