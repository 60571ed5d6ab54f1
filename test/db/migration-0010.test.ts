/**
 * Version 10 (orders are records; the stock ledger): a store written before it upgrades with every
 * order in its state and its real placing time, order ids that never come back, `complete` still
 * readable in SQL, and an `opening` movement for each pet's stock (none for a stock of 0).
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { MIGRATIONS } from '../../src-main/db/migrations/index';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok } = upgradeTestKit();

/** The newest version before 10: what the build before this migration left. */
const BEFORE = MIGRATIONS.filter(({ version }) => version < 10).at(-1)!.version;

/**
 * A store as the version before left it: three pets (stock 3, 0, 0), an open and a complete
 * order, and a cancelled order that version deleted (id 5: the ids went that far).
 */
function olderFile(): string {
  const { dir, cleanup } = tempDir('petstore-v10-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: BEFORE });
  try {
    db.exec(`
      INSERT INTO categories (id, name, name_folded, name_sort, name_order) VALUES (1, 'Dogs', 'dogs', 'dogs', 'dogs');
      INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status) VALUES
        (1, 'Rex', 'rex', 'rex', 'rex', 1, 'available'),
        (2, 'Tweety', 'tweety', 'tweety', 'tweety', 1, 'pending'),
        (3, 'Fido', 'fido', 'fido', 'fido', 1, 'sold');
      INSERT INTO inventory (pet_id, quantity) VALUES (1, 3), (2, 0), (3, 0);
      INSERT INTO orders (id, pet_id, pet_name, quantity, ship_date, complete, placed_at) VALUES
        (1, 2, 'Tweety', 1, '2025-03-01T10:00:00.000Z', 0, '2025-02-27T09:00:00.000Z'),
        (2, 3, 'Fido', 1, NULL, 1, '2025-02-28T09:00:00.000Z'),
        (5, 1, 'Rex', 1, NULL, 0, '2025-03-01T09:00:00.000Z');
      DELETE FROM orders WHERE id = 5;
    `);
  } finally {
    db.close();
  }
  return file;
}



test('orders keep their state and the time they were placed; complete stays readable in SQL', () => {
  const store = open(olderFile());
  expect(ok(store, 'orders.get', { orderId: 1 })).toEqual({
    id: 1,
    petId: 2,
    quantity: 1,
    shipDate: '2025-03-01T10:00:00.000Z',
    complete: false,
    status: 'open',
    placedAt: '2025-02-27T09:00:00.000Z',
    petName: 'Tweety',
    clerk: null,
    till: null,
  });
  expect(ok(store, 'orders.get', { orderId: 2 })).toMatchObject({ complete: true, status: 'complete', placedAt: '2025-02-28T09:00:00.000Z' });
  // SQL that reads `complete` (reports, a peer benchmark) still reads "fulfilled"; cancelled is not complete.
  ok(store, 'orders.cancel', { orderId: 1 });
  expect(store.db.prepare('SELECT id, status, complete FROM orders ORDER BY id').all()).toEqual([
    { id: 1, status: 'cancelled', complete: 0 },
    { id: 2, status: 'complete', complete: 1 },
  ]);
});

test('an id a deleted order had is never given again: the next order takes the one after the highest ever', () => {
  const store = open(olderFile());
  expect(ok(store, 'orders.place', { petId: 1 }).id).toBe(6);
});

test('every pet with stock gets one opening movement of it, dated at the upgrade; none for a stock of 0', () => {
  const before = Date.now();
  const store = open(olderFile());
  const rex = ok(store, 'inventory.movements', { petId: 1 });
  expect(rex).toEqual({
    items: [{ id: expect.any(Number), at: expect.any(String), delta: 3, quantityAfter: 3, reason: 'opening', clerk: null, till: null }],
    total: 1,
    nextCursor: null,
  });
  expect(Date.parse(rex.items[0].at)).toBeGreaterThanOrEqual(before - 1000);
  expect(rex.items[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/); // the form every other time has
  expect(ok(store, 'inventory.movements', { petId: 2 }).items).toEqual([]);
  expect(ok(store, 'inventory.movements', { petId: 3 }).items).toEqual([]);
  // And the ledger carries on from there.
  ok(store, 'orders.place', { petId: 1, quantity: 2 });
  expect(ok(store, 'inventory.movements', { petId: 1 }).items.map((m: { delta: number; quantityAfter: number }) => [m.delta, m.quantityAfter])).toEqual([
    [-2, 1],
    [3, 3],
  ]);
});
