import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/** The Orders screen's finding: oldest first as well as newest, and the days an order was placed (the shop's days). */

let t: TestStore;
afterEach(() => t?.close());

/** Four orders of one pet, placed at the given instants (set in the file, as if placed then). */
function ordersPlacedAt(instants: string[]): number[] {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  t.ok('inventory.set', { petId: rex.id, update: { quantity: 10 } });
  const ids = instants.map(() => t.ok('orders.place', { petId: rex.id }).id);
  const db = new Database(t.file);
  const set = db.prepare('UPDATE orders SET placed_at = ? WHERE id = ?');
  instants.forEach((at, index) => set.run(at, ids[index]));
  db.close();
  return ids;
}

const ids = (page: { items: { id: number }[] }) => page.items.map((order) => order.id);

test('sort=oldest lists the first placed first, page by page; newest stays the default', () => {
  const [a, b, c, d] = ordersPlacedAt(['2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-03T10:00:00.000Z', '2026-11-04T10:00:00.000Z']);
  expect(ids(t.ok('orders.list', {}))).toEqual([d, c, b, a]);
  const first = t.ok('orders.list', { sort: 'oldest', limit: 3 });
  expect(ids(first)).toEqual([a, b, c]);
  expect(first.total).toBe(4);
  expect(ids(t.ok('orders.list', { sort: 'oldest', limit: 3, cursor: first.nextCursor! }))).toEqual([d]);
  // A cursor continues the list it came from: not the newest-first one.
  expect(t.fail('orders.list', { limit: 3, cursor: first.nextCursor! }).code).toBe('VALIDATION_FAILED');
});

test('from/to take whole days of the shop\'s time zone, or instants; cancelled orders only when asked for', () => {
  // 23:30 UTC on the 1st is already the 2nd in Berlin (UTC+1 in November).
  const [a, b, c] = ordersPlacedAt(['2026-11-01T22:30:00.000Z', '2026-11-01T23:30:00.000Z', '2026-11-03T10:00:00.000Z']);
  t.ok('settings.update', { timeZone: 'Europe/Berlin' });
  expect(ids(t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02' }))).toEqual([b]);
  expect(ids(t.ok('orders.list', { to: '2026-11-01' }))).toEqual([a]);
  expect(ids(t.ok('orders.list', { from: '2026-11-02' }))).toEqual([c, b]);
  expect(t.ok('orders.list', { from: '2026-11-02', limit: 1 }).total).toBe(2);
  expect(ids(t.ok('orders.list', { from: '2026-11-01T23:00:00Z', to: '2026-11-03T00:00:00+01:00' }))).toEqual([b]);
  t.ok('orders.cancel', { orderId: b });
  expect(ids(t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02' }))).toEqual([]);
  expect(ids(t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02', status: ['cancelled'] }))).toEqual([b]);
});

test('a day that is no date, or sort not newest/oldest, is refused with what to send', () => {
  ordersPlacedAt([]);
  for (const input of [{ from: '2026-13-01' }, { to: 'yesterday' }, { sort: 'price' }]) {
    const error = t.fail('orders.list', input);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  }
});
