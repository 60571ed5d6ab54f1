import { afterEach, expect, test, vi } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

/** The Orders screen's finding: oldest first as well as newest, and the days an order was placed (the shop's days). */

describeOnEngines('the orders list', (fresh) => {
  let t: EngineStore;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  /** Orders of one pet, placed at the given instants (the clock set to each; only Date is faked, so I/O runs as ever). */
  async function ordersPlacedAt(instants: string[]): Promise<number[]> {
    t = await fresh();
    const dogs = await t.ok('categories.create', { name: 'Dogs' });
    const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
    await t.ok('inventory.set', { petId: rex.id, update: { quantity: 10 } });
    const ids: number[] = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const at of instants) {
      vi.setSystemTime(new Date(at));
      ids.push((await t.ok('orders.place', { petId: rex.id })).id!);
    }
    vi.useRealTimers();
    return ids;
  }

  const ids = (page: { items: { id: number }[] }) => page.items.map((order) => order.id);

  test('sort=oldest lists the first placed first, page by page; newest stays the default', async () => {
    const [a, b, c, d] = await ordersPlacedAt(['2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', '2026-11-03T10:00:00.000Z', '2026-11-04T10:00:00.000Z']);
    expect(ids(await t.ok('orders.list', {}))).toEqual([d, c, b, a]);
    const first = await t.ok('orders.list', { sort: 'oldest', limit: 3 });
    expect(ids(first)).toEqual([a, b, c]);
    expect(first.total).toBe(4);
    expect(ids(await t.ok('orders.list', { sort: 'oldest', limit: 3, cursor: first.nextCursor! }))).toEqual([d]);
    // A cursor continues the list it came from: not the newest-first one.
    expect((await t.fail('orders.list', { limit: 3, cursor: first.nextCursor! })).code).toBe('VALIDATION_FAILED');
  });

  test("from/to take whole days of the shop's time zone, or instants; cancelled orders only when asked for", async () => {
    // 23:30 UTC on the 1st is already the 2nd in Berlin (UTC+1 in November).
    const [a, b, c] = await ordersPlacedAt(['2026-11-01T22:30:00.000Z', '2026-11-01T23:30:00.000Z', '2026-11-03T10:00:00.000Z']);
    await t.ok('settings.update', { timeZone: 'Europe/Berlin' });
    expect(ids(await t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02' }))).toEqual([b]);
    expect(ids(await t.ok('orders.list', { to: '2026-11-01' }))).toEqual([a]);
    expect(ids(await t.ok('orders.list', { from: '2026-11-02' }))).toEqual([c, b]);
    expect((await t.ok('orders.list', { from: '2026-11-02', limit: 1 })).total).toBe(2);
    expect(ids(await t.ok('orders.list', { from: '2026-11-01T23:00:00Z', to: '2026-11-03T00:00:00+01:00' }))).toEqual([b]);
    await t.ok('orders.cancel', { orderId: b });
    expect(ids(await t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02' }))).toEqual([]);
    expect(ids(await t.ok('orders.list', { from: '2026-11-02', to: '2026-11-02', status: ['cancelled'] }))).toEqual([b]);
  });

  test('a day that is no date, or sort not newest/oldest, is refused with what to send', async () => {
    await ordersPlacedAt([]);
    for (const input of [{ from: '2026-13-01' }, { to: 'yesterday' }, { sort: 'price' }]) {
      const error = await t.fail('orders.list', input);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
  });
});
