/**
 * Version 13 (sales): a store written at version 12 upgrades with its orders as they were (an open
 * order, a complete one, a cancelled one: none becomes a sale, no price is invented), no sales, and
 * the first sale made after it is receipt 1; its order of a sale is kept as it was placed. The
 * stored-amounts check then finds the sale (the currency can no longer change).
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { invokeOperation } from '../../src-main/service/invoke';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok: call } = upgradeTestKit();

/** A store file at version 12 with a priced pet and three orders of it: open, complete, cancelled. */
function version12File(): string {
  const { dir, cleanup } = tempDir('petstore-v13-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: 12 });
  try {
    expect(schemaVersion(db)).toBe(12);
    db.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order, tax_rate) VALUES (1, 'Dogs', 'dogs', 'dogs', 'dogs', 1900);
      INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status, price) VALUES (1, 'Rex', 'rex', 'rex', 'rex', 1, 'available', 4999);
      INSERT INTO inventory (pet_id, quantity) VALUES (1, 5);
      INSERT INTO stock_movements (pet_id, at, delta, quantity_after, reason) VALUES (1, '2025-03-01T10:00:00.000Z', 8, 8, 'opening');
      INSERT INTO orders (id, pet_id, pet_name, quantity, status, placed_at) VALUES
        (1, 1, 'Rex', 1, 'open', '2025-03-01T10:00:00.000Z'),
        (2, 1, 'Rex', 1, 'complete', '2025-03-01T11:00:00.000Z'),
        (3, 1, 'Rex', 1, 'cancelled', '2025-03-01T12:00:00.000Z');
      INSERT INTO stock_movements (pet_id, at, delta, quantity_after, reason, order_id) VALUES
        (1, '2025-03-01T10:00:00.000Z', -1, 7, 'order', 1), (1, '2025-03-01T11:00:00.000Z', -1, 6, 'order', 2),
        (1, '2025-03-01T12:00:00.000Z', -1, 5, 'order', 3);`);
  } finally {
    db.close();
  }
  return file;
}



test('orders keep their state and no sale is invented; the first sale is receipt 1; then the currency is in use', () => {
  const store = open(version12File());
  expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
  expect(call(store, 'sales.list')).toEqual({ items: [], total: 0, nextCursor: null });
  const orders = call(store, 'orders.list', { status: ['open', 'complete', 'cancelled'] }).items;
  expect(orders.map(({ id, status, saleId, unitPrice }: Record<string, unknown>) => ({ id, status, saleId, unitPrice }))).toEqual([
    { id: 3, status: 'cancelled', saleId: undefined, unitPrice: undefined },
    { id: 2, status: 'complete', saleId: undefined, unitPrice: undefined },
    { id: 1, status: 'open', saleId: undefined, unitPrice: undefined },
  ]);
  // The old open order is an order on its own: cancelling it still works.
  expect(call(store, 'orders.cancel', { orderId: 1 })).toBeNull();

  const sale = call(store, 'sales.create', { lines: [{ petId: 1, quantity: 2 }], payments: [{ method: 'card', amount: 9998 }] });
  expect(sale).toMatchObject({ id: 1, number: 1, total: 9998, lines: [{ orderId: 4, taxRate: 1900 }] });
  expect(call(store, 'orders.get', { orderId: 4 })).toMatchObject({ saleId: 1, unitPrice: 4999, status: 'complete' });
  // The pet's ledger still adds up to its stock (4 left after the cancel gave one back and the sale took two).
  const movements = call(store, 'inventory.movements', { petId: 1 }).items as { delta: number }[];
  expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(call(store, 'inventory.get', { petId: 1 }).quantity);
  expect(call(store, 'inventory.get', { petId: 1 }).quantity).toBe(4);

  // A priced pet held amounts already; the sale is named among them now.
  const refused = invokeOperation(store.handlers, 'settings.update', { currency: 'USD' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'CURRENCY_IN_USE', message: expect.stringContaining('1 sale') } });
});
