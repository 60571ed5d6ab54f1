/**
 * Every row of docs/states.md, on both engines (describeOnEngines), through the service as IPC calls it.
 * Each test sets a pet in the row's from-state, takes the action, and checks the pet's status and
 * stock, the orders, and the exact events the step appended; refusals check the code and that
 * nothing at all changed. Test names start with the row id (test/docs/states.test.ts checks that).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { appendedSince, expectRefused, lastEventId, shop as makeShop, snapshot, standing } from './support/observe-engines';

describeOnEngines('the state table', (fresh) => {
  let t: EngineStore;
  let shop: Awaited<ReturnType<typeof makeShop>>;
  beforeEach(async () => {
    t = await fresh();
    shop = await makeShop(t);
    // The table's low-stock rows are written for t = 1 (the pet ran out); a new shop's default is 3.
    await t.ok('settings.update', { lowStockThreshold: 1 });
  });
  afterEach(() => t.close());

  const pet = (id: number) => t.ok('pets.get', { petId: id });
  const order = (id: number) => t.ok('orders.get', { orderId: id });
  const openOrders = async (petId: number) => (await t.ok('orders.list', { petId, complete: false })).items.map((o) => o.id);
  const item = (petId: number, quantity: number, status: string) => ({ petId, quantity, status });
  const setThreshold = (lowStockThreshold: number) => t.ok('settings.update', { lowStockThreshold });

  describe('creating pets', () => {
    test('T1: an available pet (status given or left out) starts with stock 1', async () => {
      const mark = await lastEventId(t);
      const given = await t.ok('pets.create', { name: 'Rex', categoryId: shop.dogs.id, status: 'available' });
      const defaulted = await t.ok('pets.create', { name: 'Bella', categoryId: shop.dogs.id });
      expect(defaulted.status).toBe('available');
      expect(await standing(t, given.id)).toEqual({ status: 'available', stock: 1 });
      expect(await standing(t, defaulted.id)).toEqual({ status: 'available', stock: 1 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.created', data: given },
        { type: 'pet.created', data: defaulted },
      ]);
    });

    test('T2: a pending pet starts with stock 0', async () => {
      const mark = await lastEventId(t);
      const created = await t.ok('pets.create', { name: 'Rex', categoryId: shop.dogs.id, status: 'pending' });
      expect(await standing(t, created.id)).toEqual({ status: 'pending', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.created', data: created }]);
    });

    test('T3: a sold pet starts with stock 0', async () => {
      const mark = await lastEventId(t);
      const created = await t.ok('pets.create', { name: 'Rex', categoryId: shop.dogs.id, status: 'sold' });
      expect(await standing(t, created.id)).toEqual({ status: 'sold', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.created', data: created }]);
    });

    test('T4: a pet in a category that does not exist is refused: REFERENCE_NOT_FOUND, nothing created', async () => {
      const error = await expectRefused(t, 'pets.create', { name: 'Rex', categoryId: shop.dogs.id + 1 }, 'REFERENCE_NOT_FOUND');
      expect(error.details?.map((d) => d.path)).toEqual(['categoryId']);
    });

    test('T5: imported rows get their stock (default by status), announced when not the default; inconsistent rows are skipped', async () => {
      const mark = await lastEventId(t);
      const csv = [
        'name,category,status,stock',
        'Ana,Dogs,available,',
        'Ben,Dogs,available,4',
        'Cid,Dogs,pending,',
        'Dot,Dogs,pending,2',
        'Eve,Dogs,sold,',
        'Fay,Dogs,available,0', // available needs stock
        'Gus,Dogs,sold,3', // sold has none
        'Hal,Cats,available,', // no such category
      ].join('\n');
      expect(await t.ok('data.import', { format: 'csv', content: csv })).toEqual({ imported: 5, skipped: 3 });
      const pets = (await t.ok('pets.list', { limit: 500 })).items;
      expect(await Promise.all(pets.map(async (p) => [p.name, await standing(t, p.id)]))).toEqual([
        ['Ana', { status: 'available', stock: 1 }],
        ['Ben', { status: 'available', stock: 4 }],
        ['Cid', { status: 'pending', stock: 0 }],
        ['Dot', { status: 'pending', stock: 2 }],
        ['Eve', { status: 'sold', stock: 0 }],
      ]);
      // A stock other than the one creation implies is announced, so that a mirror fed by events has it.
      const [ana, ben, cid, dot, eve] = pets;
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.created', data: ana },
        { type: 'pet.created', data: ben },
        { type: 'inventory.updated', data: item(ben.id, 4, 'available') },
        { type: 'pet.created', data: cid },
        { type: 'pet.created', data: dot },
        { type: 'inventory.updated', data: item(dot.id, 2, 'pending') },
        { type: 'pet.created', data: eve },
      ]);
    });
  });

  describe('placing orders', () => {
    test('T6: an available pet with more stock than ordered stays available with the rest', async () => {
      const id = await shop.available(5);
      const mark = await lastEventId(t);
      const placed = await t.ok('orders.place', { petId: id, quantity: 2 });
      expect(placed).toEqual({ id: placed.id, petId: id, quantity: 2, complete: false, status: 'open', placedAt: placed.placedAt, petName: (await t.ok('pets.get', { petId: id })).name, clerk: null, till: null });
      expect(Date.parse(placed.placedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 3 });
      expect(await openOrders(id)).toEqual([placed.id]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.placed', data: placed },
        { type: 'inventory.updated', data: item(id, 3, 'available') },
      ]);
    });

    test('T7: ordering the last units makes the pet pending with stock 0', async () => {
      const id = await shop.available(3);
      const mark = await lastEventId(t);
      const placed = await t.ok('orders.place', { petId: id, quantity: 3 });
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await openOrders(id)).toEqual([placed.id]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.placed', data: placed },
        { type: 'pet.updated', data: { ...await pet(id), status: 'pending' } },
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
    });

    test('T8: more than the stock is refused whatever the status: INSUFFICIENT_STOCK, nothing reserved', async () => {
      const available = await shop.available(2);
      const ranOut = await shop.available(1);
      await shop.order(ranOut); // pending · 0
      const held = await shop.held(2);
      expect(await standing(t, ranOut)).toEqual({ status: 'pending', stock: 0 });
      expect((await expectRefused(t, 'orders.place', { petId: available, quantity: 3 }, 'INSUFFICIENT_STOCK')).message).toMatch(/Only 2 .* 3 ordered/);
      await expectRefused(t, 'orders.place', { petId: ranOut }, 'INSUFFICIENT_STOCK');
      await expectRefused(t, 'orders.place', { petId: held, quantity: 3 }, 'INSUFFICIENT_STOCK');
      expect(await standing(t, available)).toEqual({ status: 'available', stock: 2 });
    });

    test('T9: a pet on hold (pending with stock) is refused: PET_NOT_AVAILABLE', async () => {
      const held = await shop.held(3);
      expect((await expectRefused(t, 'orders.place', { petId: held, quantity: 3 }, 'PET_NOT_AVAILABLE')).message).toMatch(/pending/);
      expect(await standing(t, held)).toEqual({ status: 'pending', stock: 3 });
    });

    test('T10: a sold pet is refused: PET_NOT_AVAILABLE', async () => {
      const sold = await shop.created('sold');
      expect((await expectRefused(t, 'orders.place', { petId: sold }, 'PET_NOT_AVAILABLE')).message).toMatch(/sold/);
      // Also a pet sold through its orders, and one asked for more than it ever had.
      const id = await shop.available(1);
      await t.ok('orders.update', { orderId: await shop.order(id), changes: { complete: true } });
      expect(await standing(t, id)).toEqual({ status: 'sold', stock: 0 });
      await expectRefused(t, 'orders.place', { petId: id, quantity: 5 }, 'PET_NOT_AVAILABLE');
    });

    test('T11: an order for a pet that does not exist is refused: REFERENCE_NOT_FOUND', async () => {
      const id = await shop.available(1);
      const error = await expectRefused(t, 'orders.place', { petId: id + 1 }, 'REFERENCE_NOT_FOUND');
      expect(error.details?.map((d) => d.path)).toEqual(['petId']);
    });
  });

  describe('fulfilling orders', () => {
    test('T12: fulfilling while the pet has stock changes only the order (available and held alike)', async () => {
      const id = await shop.available(5);
      const orderId = await shop.order(id, 2);
      const mark = await lastEventId(t);
      const done = await t.ok('orders.update', { orderId, changes: { complete: true } });
      expect(done).toEqual({ id: orderId, petId: id, quantity: 2, complete: true, status: 'complete', placedAt: expect.any(String), petName: (await t.ok('pets.get', { petId: id })).name, clerk: null, till: null });
      expect((await order(orderId)).complete).toBe(true);
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 3 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'order.completed', data: done }]);

      const held = await shop.available(4);
      const heldOrder = await shop.order(held, 1);
      await t.ok('pets.update', { petId: held, changes: { status: 'pending' } });
      const mark2 = await lastEventId(t);
      const heldDone = await t.ok('orders.update', { orderId: heldOrder, changes: { complete: true } });
      expect(await standing(t, held)).toEqual({ status: 'pending', stock: 3 });
      expect(await appendedSince(t, mark2)).toEqual([{ type: 'order.completed', data: heldDone }]);
    });

    test('T13: fulfilling one of several open orders of a pet with no stock leaves it pending', async () => {
      const id = await shop.available(2);
      const first = await shop.order(id);
      const second = await shop.order(id);
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      const mark = await lastEventId(t);
      const done = await t.ok('orders.update', { orderId: first, changes: { complete: true } });
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await openOrders(id)).toEqual([second]);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'order.completed', data: done }]);
    });

    test('T14: fulfilling the last open order of a pet with no stock sells it', async () => {
      const id = await shop.available(2);
      const first = await shop.order(id);
      const second = await shop.order(id);
      await t.ok('orders.update', { orderId: first, changes: { complete: true } });
      const mark = await lastEventId(t);
      const done = await t.ok('orders.update', { orderId: second, changes: { complete: true } });
      expect(await standing(t, id)).toEqual({ status: 'sold', stock: 0 });
      expect(await openOrders(id)).toEqual([]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.completed', data: done },
        { type: 'pet.updated', data: { ...await pet(id), status: 'sold' } },
      ]);
    });

    test('T15: fulfilling a complete order again (or sending its own ship date) is a harmless retry', async () => {
      const id = await shop.available(3);
      const orderId = (await t.ok('orders.place', { petId: id, shipDate: '2026-11-22T10:00:00Z' })).id!;
      const done = await t.ok('orders.update', { orderId, changes: { complete: true } });
      const before = await standing(t, id);
      const mark = await lastEventId(t);
      expect(await t.ok('orders.update', { orderId, changes: { complete: true } })).toEqual(done);
      expect(await t.ok('orders.update', { orderId, changes: { complete: true, shipDate: '2026-11-22T10:00:00Z' } })).toEqual(done);
      // The same instant written with another offset is the same ship date.
      expect(await t.ok('orders.update', { orderId, changes: { shipDate: '2026-11-22T12:00:00+02:00' } })).toEqual(done);
      expect(await order(orderId)).toEqual(done);
      expect(await standing(t, id)).toEqual(before);
      expect(await appendedSince(t, mark)).toEqual([]);
    });

    test('T16: reopening a complete order or changing its ship date is refused: ORDER_COMPLETE', async () => {
      const id = await shop.available(3);
      const orderId = (await t.ok('orders.place', { petId: id, shipDate: '2026-11-22T10:00:00Z' })).id!;
      await t.ok('orders.update', { orderId, changes: { complete: true } });
      await expectRefused(t, 'orders.update', { orderId, changes: { complete: false } }, 'ORDER_COMPLETE');
      await expectRefused(t, 'orders.update', { orderId, changes: { shipDate: '2026-12-01T10:00:00Z' } }, 'ORDER_COMPLETE');
      await expectRefused(t, 'orders.update', { orderId, changes: { complete: true, shipDate: '2026-12-01T10:00:00Z' } }, 'ORDER_COMPLETE');
      // A complete order without a ship date cannot get one either.
      const bare = await shop.order(id);
      await t.ok('orders.update', { orderId: bare, changes: { complete: true } });
      await expectRefused(t, 'orders.update', { orderId: bare, changes: { shipDate: '2026-12-01T10:00:00Z' } }, 'ORDER_COMPLETE');
    });

    test('T17: setting the ship date of an open order stores it in UTC and appends order.updated; the same date again appends nothing', async () => {
      const id = await shop.available(3);
      const orderId = await shop.order(id);
      const mark = await lastEventId(t);
      const changed = await t.ok('orders.update', { orderId, changes: { shipDate: '2026-11-22T10:00:00+02:00' } });
      expect(changed).toEqual({ id: orderId, petId: id, quantity: 1, complete: false, status: 'open', placedAt: changed.placedAt, shipDate: '2026-11-22T08:00:00.000Z', petName: (await t.ok('pets.get', { petId: id })).name, clerk: null, till: null });
      expect(await order(orderId)).toEqual(changed);
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 2 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'order.updated', data: changed }]);

      const again = await lastEventId(t);
      expect(await t.ok('orders.update', { orderId, changes: { shipDate: '2026-11-22T08:00:00Z' } })).toEqual(changed);
      expect(await appendedSince(t, again)).toEqual([]);
    });

    test('T54: shipDate null clears an open order\'s ship date and appends order.updated; a complete order keeps its date', async () => {
      const id = await shop.available(3);
      const orderId = (await t.ok('orders.place', { petId: id, shipDate: '2026-11-22T10:00:00Z' })).id!;
      const mark = await lastEventId(t);
      const cleared = await t.ok('orders.update', { orderId, changes: { shipDate: null } });
      expect(cleared).toEqual({ id: orderId, petId: id, quantity: 1, complete: false, status: 'open', placedAt: cleared.placedAt, petName: (await t.ok('pets.get', { petId: id })).name, clerk: null, till: null });
      expect(await order(orderId)).toEqual(cleared);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'order.updated', data: cleared }]);
      // Clearing what is not there changes nothing.
      const again = await lastEventId(t);
      expect(await t.ok('orders.update', { orderId, changes: { shipDate: null } })).toEqual(cleared);
      expect(await appendedSince(t, again)).toEqual([]);

      const dated = (await t.ok('orders.place', { petId: id, shipDate: '2026-11-22T10:00:00Z' })).id!;
      const done = await t.ok('orders.update', { orderId: dated, changes: { complete: true } });
      await expectRefused(t, 'orders.update', { orderId: dated, changes: { shipDate: null } }, 'ORDER_COMPLETE');
      expect(await order(dated)).toEqual(done);
    });

    test('T18: complete: false on an open order changes nothing', async () => {
      const id = await shop.available(1);
      const orderId = await shop.order(id);
      const before = await order(orderId);
      const mark = await lastEventId(t);
      expect(await t.ok('orders.update', { orderId, changes: { complete: false } })).toEqual(before);
      expect(await order(orderId)).toEqual(before);
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([]);
    });
  });

  describe('cancelling orders', () => {
    test('T19: cancelling returns the stock to an available pet and keeps the order as cancelled', async () => {
      const id = await shop.available(5);
      const placed = await t.ok('orders.place', { petId: id, quantity: 2 });
      const mark = await lastEventId(t);
      expect(await t.ok('orders.cancel', { orderId: placed.id! })).toBeNull();
      // Kept as the record of what was ordered (it used to be deleted: GET answered 404).
      const cancelled = { ...placed, status: 'cancelled' };
      expect(await order(placed.id!)).toEqual(cancelled);
      expect((await t.ok('orders.list', { petId: id })).items).toEqual([]); // lists leave it out…
      expect((await t.ok('orders.list', { petId: id, status: ['cancelled'] })).items).toEqual([cancelled]); // …unless asked
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 5 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.cancelled', data: cancelled },
        { type: 'inventory.updated', data: item(id, 5, 'available') },
      ]);
    });

    test('T20: cancelling an order of a pet that ran out makes it available again', async () => {
      const id = await shop.available(2);
      const placed = await t.ok('orders.place', { petId: id, quantity: 2 });
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      const mark = await lastEventId(t);
      await t.ok('orders.cancel', { orderId: placed.id! });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 2 });
      expect(await openOrders(id)).toEqual([]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.cancelled', data: { ...placed, status: 'cancelled' } },
        { type: 'pet.updated', data: { ...await pet(id), status: 'available' } },
        { type: 'inventory.updated', data: item(id, 2, 'available') },
      ]);
    });

    test('T21: cancelling an order of a held pet returns the stock and lifts the hold', async () => {
      const id = await shop.available(5);
      const placed = await t.ok('orders.place', { petId: id, quantity: 2 });
      await t.ok('pets.update', { petId: id, changes: { status: 'pending' } });
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 3 });
      const mark = await lastEventId(t);
      await t.ok('orders.cancel', { orderId: placed.id! });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 5 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.cancelled', data: { ...placed, status: 'cancelled' } },
        { type: 'pet.updated', data: { ...await pet(id), status: 'available' } },
        { type: 'inventory.updated', data: item(id, 5, 'available') },
      ]);
    });

    test('T22: stock returned past 1,000,000 stops at 1,000,000', async () => {
      const id = await shop.available(10);
      const placed = await t.ok('orders.place', { petId: id, quantity: 5 });
      await t.ok('inventory.set', { petId: id, update: { quantity: 999_998 } });
      const mark = await lastEventId(t);
      await t.ok('orders.cancel', { orderId: placed.id! });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 1_000_000 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'order.cancelled', data: { ...placed, status: 'cancelled' } },
        { type: 'inventory.updated', data: item(id, 1_000_000, 'available') },
      ]);
    });

    test('T23: cancelling at the maximum stock cancels the order and leaves the stock', async () => {
      const id = await shop.available(10);
      const placed = await t.ok('orders.place', { petId: id, quantity: 5 });
      await t.ok('inventory.set', { petId: id, update: { quantity: 1_000_000 } });
      const mark = await lastEventId(t);
      await t.ok('orders.cancel', { orderId: placed.id! });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 1_000_000 });
      expect(await openOrders(id)).toEqual([]);
      expect((await order(placed.id!)).status).toBe('cancelled');
      expect(await appendedSince(t, mark)).toEqual([{ type: 'order.cancelled', data: { ...placed, status: 'cancelled' } }]);
    });

    test('T24: cancelling a complete order is refused: ORDER_COMPLETE, the sale stays', async () => {
      const id = await shop.available(1);
      const orderId = await shop.order(id);
      await t.ok('orders.update', { orderId, changes: { complete: true } });
      await expectRefused(t, 'orders.cancel', { orderId }, 'ORDER_COMPLETE');
      expect((await order(orderId)).complete).toBe(true);
      expect(await standing(t, id)).toEqual({ status: 'sold', stock: 0 });
    });

    test('T58: cancelling a cancelled order again is a harmless retry: nothing changes, no event', async () => {
      const id = await shop.available(3);
      const orderId = await shop.order(id, 2);
      await t.ok('orders.cancel', { orderId });
      const before = await snapshot(t);
      expect(await t.ok('orders.cancel', { orderId })).toBeNull();
      expect(await snapshot(t)).toEqual(before); // stock not given back twice, no second order.cancelled
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 3 });
      expect(await order(orderId)).toMatchObject({ status: 'cancelled', complete: false });
    });

    test('T59: fulfilling or changing a cancelled order is refused: ORDER_CANCELLED', async () => {
      const id = await shop.available(3);
      const orderId = (await t.ok('orders.place', { petId: id, shipDate: '2026-11-22T10:00:00Z' })).id!;
      await t.ok('orders.cancel', { orderId });
      const error = await expectRefused(t, 'orders.update', { orderId, changes: { complete: true } }, 'ORDER_CANCELLED');
      expect(error.message).toBe(`Order ${orderId} was cancelled`);
      await expectRefused(t, 'orders.update', { orderId, changes: { shipDate: '2026-12-01T10:00:00Z' } }, 'ORDER_CANCELLED');
      await expectRefused(t, 'orders.update', { orderId, changes: { shipDate: null } }, 'ORDER_CANCELLED');
      await expectRefused(t, 'orders.update', { orderId, changes: { complete: false } }, 'ORDER_CANCELLED');
      expect(await order(orderId)).toMatchObject({ status: 'cancelled', complete: false, shipDate: '2026-11-22T10:00:00.000Z' });
    });
  });

  describe('setting the stock', () => {
    test('T25: a new stock for an available pet', async () => {
      const id = await shop.available(3);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 7 } })).toEqual(item(id, 7, 'available'));
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 7 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'inventory.updated', data: item(id, 7, 'available') }]);
    });

    test('T26: restocking a sold pet makes it available', async () => {
      const id = await shop.created('sold');
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 2 } })).toEqual(item(id, 2, 'available'));
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 2 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: { ...await pet(id), status: 'available' } },
        { type: 'inventory.updated', data: item(id, 2, 'available') },
      ]);
    });

    test('T27: restocking a pending pet without stock makes it available, whether it ran out (its open orders stay open) or was set aside', async () => {
      const id = await shop.available(1);
      const orderId = await shop.order(id);
      const setAside = await shop.created('pending');
      const mark = await lastEventId(t);
      await t.ok('inventory.set', { petId: id, update: { quantity: 4 } });
      expect(await t.ok('inventory.set', { petId: setAside, update: { quantity: 2 } })).toEqual(item(setAside, 2, 'available'));
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 4 });
      expect(await openOrders(id)).toEqual([orderId]);
      expect(await standing(t, setAside)).toEqual({ status: 'available', stock: 2 });
      expect(await openOrders(setAside)).toEqual([]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: { ...await pet(id), status: 'available' } },
        { type: 'inventory.updated', data: item(id, 4, 'available') },
        { type: 'pet.updated', data: { ...await pet(setAside), status: 'available' } },
        { type: 'inventory.updated', data: item(setAside, 2, 'available') },
      ]);
    });

    test('T28: setting a held pet\'s own stock makes it available without an inventory event', async () => {
      const id = await shop.held(3);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 3 } })).toEqual(item(id, 3, 'available'));
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 3 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: { ...await pet(id), status: 'available' } }]);
    });

    test('T53: a new count for a held pet (more or fewer) makes it available, as the brief\'s restock rule says', async () => {
      for (const quantity of [1, 5]) {
        const id = await shop.held(3);
        const mark = await lastEventId(t);
        expect(await t.ok('inventory.set', { petId: id, update: { quantity } })).toEqual(item(id, quantity, 'available'));
        expect(await standing(t, id)).toEqual({ status: 'available', stock: quantity });
        expect(await appendedSince(t, mark)).toEqual([
          { type: 'pet.updated', data: { ...await pet(id), status: 'available' } },
          { type: 'inventory.updated', data: item(id, quantity, 'available') },
        ]);
      }
    });

    test('T29: stock 0 for an available pet with open orders makes it pending', async () => {
      const id = await shop.available(3);
      const orderId = await shop.order(id);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 0 } })).toEqual(item(id, 0, 'pending'));
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await openOrders(id)).toEqual([orderId]);
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: { ...await pet(id), status: 'pending' } },
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
    });

    test('T30: stock 0 for an available pet without open orders sells it', async () => {
      const id = await shop.available(3);
      await t.ok('orders.update', { orderId: await shop.order(id), changes: { complete: true } }); // a complete order does not count
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 0 } })).toEqual(item(id, 0, 'sold'));
      expect(await standing(t, id)).toEqual({ status: 'sold', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: { ...await pet(id), status: 'sold' } },
        { type: 'inventory.updated', data: item(id, 0, 'sold') },
        // Sold is not for sale: not low stock (T50).
      ]);
    });

    test('T31: stock 0 for a held pet keeps it pending', async () => {
      const id = await shop.held(2);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 0 } })).toEqual(item(id, 0, 'pending'));
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
    });

    test('T32: setting the stock a pet already has changes nothing', async () => {
      const available = await shop.available(3);
      const sold = await shop.created('sold');
      const setAside = await shop.created('pending');
      const ranOut = await shop.available(1);
      const orderId = await shop.order(ranOut);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.set', { petId: available, update: { quantity: 3 } })).toEqual(item(available, 3, 'available'));
      expect(await t.ok('inventory.set', { petId: sold, update: { quantity: 0 } })).toEqual(item(sold, 0, 'sold'));
      expect(await t.ok('inventory.set', { petId: setAside, update: { quantity: 0 } })).toEqual(item(setAside, 0, 'pending'));
      expect(await t.ok('inventory.set', { petId: ranOut, update: { quantity: 0 } })).toEqual(item(ranOut, 0, 'pending'));
      expect(await standing(t, available)).toEqual({ status: 'available', stock: 3 });
      expect(await standing(t, sold)).toEqual({ status: 'sold', stock: 0 });
      expect(await standing(t, setAside)).toEqual({ status: 'pending', stock: 0 });
      expect(await standing(t, ranOut)).toEqual({ status: 'pending', stock: 0 });
      expect(await openOrders(ranOut)).toEqual([orderId]);
      expect(await appendedSince(t, mark)).toEqual([]);
    });
  });

  describe('losses and deaths (never a sale)', () => {
    const lose = (petId: number, reason: 'lost' | 'died', to: number) => t.ok('inventory.set', { petId, update: { quantity: to, reason } });

    test('T55: a loss or death taking an available pet to 0 makes it pending, never sold (with or without open orders)', async () => {
      const lost = await shop.available(3); // no open orders: a count of 0 would sell it (T30)
      await t.ok('orders.update', { orderId: await shop.order(lost), changes: { complete: true } }); // a complete order does not count
      const died = await shop.available(2);
      const ordered = await shop.available(3);
      await shop.order(ordered);
      const mark = await lastEventId(t);
      expect(await lose(lost, 'lost', 0)).toEqual(item(lost, 0, 'pending'));
      expect(await t.ok('inventory.adjust', { petId: died, adjustment: { delta: -2, reason: 'died', note: 'Fell ill' } })).toEqual(item(died, 0, 'pending'));
      expect(await lose(ordered, 'died', 0)).toEqual(item(ordered, 0, 'pending'));
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: { ...await pet(lost), status: 'pending' } },
        { type: 'inventory.updated', data: item(lost, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(lost, 0, 'pending'), threshold: 1 } },
        { type: 'pet.updated', data: { ...await pet(died), status: 'pending' } },
        { type: 'inventory.updated', data: item(died, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(died, 0, 'pending'), threshold: 1 } },
        { type: 'pet.updated', data: { ...await pet(ordered), status: 'pending' } },
        { type: 'inventory.updated', data: item(ordered, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(ordered, 0, 'pending'), threshold: 1 } },
      ]);
      // Out of stock, not sold: restocking makes it available again (T27).
      expect((await t.ok('inventory.set', { petId: lost, update: { quantity: 1 } })).status).toBe('available');
    });

    test('T56: a loss or death on a held pet keeps the hold (it is no restock)', async () => {
      const id = await shop.held(4);
      const mark = await lastEventId(t);
      expect(await lose(id, 'lost', 3)).toEqual(item(id, 3, 'pending'));
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -1, reason: 'died' } })).toEqual(item(id, 2, 'pending'));
      expect(await lose(id, 'died', 0)).toEqual(item(id, 0, 'pending'));
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'inventory.updated', data: item(id, 3, 'pending') },
        { type: 'inventory.updated', data: item(id, 2, 'pending') },
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
    });

    test('T57: a count set with a reason that says the other way is refused: STOCK_REASON_MISMATCH', async () => {
      const id = await shop.available(3);
      const rising = await expectRefused(t, 'inventory.set', { petId: id, update: { quantity: 5, reason: 'lost' } }, 'STOCK_REASON_MISMATCH');
      expect(rising.message).toBe(`The stock of ${(await pet(id)).name} (pet ${id}) is 3: 5 would add units, which is not "lost"`);
      await expectRefused(t, 'inventory.set', { petId: id, update: { quantity: 4, reason: 'died' } }, 'STOCK_REASON_MISMATCH');
      const falling = await expectRefused(t, 'inventory.set', { petId: id, update: { quantity: 1, reason: 'received' } }, 'STOCK_REASON_MISMATCH');
      expect(falling.message).toMatch(/1 would take away units, which is not "received"/);
      // A correction goes either way, and the same count with any reason changes nothing.
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 1, reason: 'correction' } })).toEqual(item(id, 1, 'available'));
      expect(await t.ok('inventory.set', { petId: id, update: { quantity: 1, reason: 'received' } })).toEqual(item(id, 1, 'available'));
    });
  });

  describe('status changes by hand', () => {
    test('T33: marking a pet without stock available restocks one animal', async () => {
      const sold = await shop.created('sold');
      const pending = await shop.created('pending');
      const mark = await lastEventId(t);
      const soldNow = await t.ok('pets.update', { petId: sold, changes: { status: 'available' } });
      const pendingNow = await t.ok('pets.replace', { petId: pending, pet: { name: 'Renamed', categoryId: shop.dogs.id, status: 'available' } });
      expect(soldNow.status).toBe('available');
      expect(pendingNow).toEqual({ id: pending, name: 'Renamed', categoryId: shop.dogs.id, status: 'available' });
      expect(await standing(t, sold)).toEqual({ status: 'available', stock: 1 });
      expect(await standing(t, pending)).toEqual({ status: 'available', stock: 1 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: soldNow },
        { type: 'inventory.updated', data: item(sold, 1, 'available') },
        { type: 'pet.updated', data: pendingNow },
        { type: 'inventory.updated', data: item(pending, 1, 'available') },
      ]);
    });

    test('T34: marking a held pet available keeps its stock', async () => {
      const id = await shop.held(4);
      const mark = await lastEventId(t);
      const now = await t.ok('pets.update', { petId: id, changes: { status: 'available' } });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 4 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: now }]);
    });

    test('T35: marking an available pet pending is a hold that leaves the stock alone', async () => {
      const id = await shop.available(4);
      const orderId = await shop.order(id);
      const mark = await lastEventId(t);
      const now = await t.ok('pets.update', { petId: id, changes: { status: 'pending' } });
      expect(now.status).toBe('pending');
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 3 });
      expect(await openOrders(id)).toEqual([orderId]);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: now }]);
    });

    test('T49: marking a sold pet pending sets it aside again, without stock; restocking then makes it available', async () => {
      const id = await shop.created('sold');
      const mark = await lastEventId(t);
      const now = await t.ok('pets.update', { petId: id, changes: { status: 'pending' } });
      expect(now.status).toBe('pending');
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await openOrders(id)).toEqual([]);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: now }]);
      await expectRefused(t, 'orders.place', { petId: id, quantity: 1 }, 'INSUFFICIENT_STOCK'); // T8: nothing to sell yet
    });

    test('T36: marking a pet without open orders sold empties its stock', async () => {
      const available = await shop.available(3);
      const ranOut = await shop.created('pending');
      const mark = await lastEventId(t);
      const soldNow = await t.ok('pets.update', { petId: available, changes: { status: 'sold' } });
      const pendingNow = await t.ok('pets.update', { petId: ranOut, changes: { status: 'sold' } });
      expect(await standing(t, available)).toEqual({ status: 'sold', stock: 0 });
      expect(await standing(t, ranOut)).toEqual({ status: 'sold', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: soldNow },
        { type: 'inventory.updated', data: item(available, 0, 'sold') },
        // Sold is not for sale: not low stock (T50).
        // Stock was 0 already: the status changes, the stock does not.
        { type: 'pet.updated', data: pendingNow },
      ]);
    });

    test('T51: marking a pet available whose open orders hold its last units is refused: PET_HAS_OPEN_ORDERS, no unit made up', async () => {
      const ranOut = await shop.available(1);
      const order = await shop.order(ranOut); // its only unit: pending · 0 · an open order
      const mark = await lastEventId(t);
      const viaPatch = await expectRefused(t, 'pets.update', { petId: ranOut, changes: { status: 'available' } }, 'PET_HAS_OPEN_ORDERS');
      expect(viaPatch.message).toMatch(/open orders hold its last units: restock it/);
      // A PUT to rename it, without status (which means available), is refused the same way and says why.
      const viaPut = await expectRefused(t, 'pets.replace', { petId: ranOut, pet: { name: 'Renamed', categoryId: shop.dogs.id } }, 'PET_HAS_OPEN_ORDERS');
      expect(viaPut.message).toMatch(/PUT without status means available/);
      expect(await standing(t, ranOut)).toEqual({ status: 'pending', stock: 0 });
      expect(await appendedSince(t, mark)).toEqual([]);
      await expectRefused(t, 'orders.place', { petId: ranOut }, 'INSUFFICIENT_STOCK'); // the animal is not sold twice
      // Renaming it with its status, or by PATCH, is fine; restocking makes it available (T27).
      expect((await t.ok('pets.replace', { petId: ranOut, pet: { name: 'Renamed', categoryId: shop.dogs.id, status: 'pending' } })).name).toBe('Renamed');
      expect((await t.ok('inventory.set', { petId: ranOut, update: { quantity: 1 } })).status).toBe('available');
      expect((await t.ok('orders.get', { orderId: order })).complete).toBe(false);
    });

    test('T37: marking a pet with open orders sold is refused: PET_HAS_OPEN_ORDERS', async () => {
      const available = await shop.available(3);
      await shop.order(available);
      const ranOut = await shop.available(1);
      await shop.order(ranOut);
      await expectRefused(t, 'pets.update', { petId: available, changes: { status: 'sold' } }, 'PET_HAS_OPEN_ORDERS');
      await expectRefused(t, 'pets.replace', { petId: ranOut, pet: { name: 'X', categoryId: shop.dogs.id, status: 'sold' } }, 'PET_HAS_OPEN_ORDERS');
      expect(await standing(t, available)).toEqual({ status: 'available', stock: 2 });
      expect(await standing(t, ranOut)).toEqual({ status: 'pending', stock: 0 });
    });

    test('T38: renaming or moving a pet (no status, or the same one) keeps status and stock', async () => {
      const cats = await t.ok('categories.create', { name: 'Cats' });
      const id = await shop.held(2);
      const mark = await lastEventId(t);
      const renamed = await t.ok('pets.update', { petId: id, changes: { name: 'Tom', categoryId: cats.id } });
      const same = await t.ok('pets.replace', { petId: id, pet: { name: 'Tom', categoryId: cats.id, status: 'pending' } });
      expect(renamed).toEqual({ id, name: 'Tom', categoryId: cats.id, status: 'pending' });
      expect(same).toEqual(renamed);
      expect(await pet(id)).toEqual(renamed);
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 2 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: renamed },
        { type: 'pet.updated', data: same },
      ]);
    });

    test('T39: replacing a pet without a status makes it available (the default), restocking one if it had none', async () => {
      const id = await shop.created('sold');
      const mark = await lastEventId(t);
      const now = await t.ok('pets.replace', { petId: id, pet: { name: 'Back', categoryId: shop.dogs.id } });
      expect(now).toEqual({ id, name: 'Back', categoryId: shop.dogs.id, status: 'available' });
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 1 });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: now },
        { type: 'inventory.updated', data: item(id, 1, 'available') },
      ]);
    });

    test('T40: moving a pet to a category that does not exist is refused: REFERENCE_NOT_FOUND', async () => {
      const id = await shop.available(2);
      const missing = shop.dogs.id + 100;
      const viaPatch = await expectRefused(t, 'pets.update', { petId: id, changes: { categoryId: missing, status: 'sold' } }, 'REFERENCE_NOT_FOUND');
      expect(viaPatch.details?.map((d) => d.path)).toEqual(['categoryId']);
      await expectRefused(t, 'pets.replace', { petId: id, pet: { name: 'X', categoryId: missing } }, 'REFERENCE_NOT_FOUND');
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 2 });
    });
  });

  describe('deleting pets', () => {
    test('T41: a pet without open orders is deleted with its stock; complete orders stay as sales history', async () => {
      const id = await shop.available(3);
      const sale = await shop.order(id);
      const done = await t.ok('orders.update', { orderId: sale, changes: { complete: true } });
      const before = await pet(id);
      const mark = await lastEventId(t);
      expect(await t.ok('pets.delete', { petId: id })).toBeNull();
      expect((await t.fail('pets.get', { petId: id })).code).toBe('NOT_FOUND');
      expect((await t.fail('inventory.get', { petId: id })).code).toBe('NOT_FOUND');
      expect((await t.ok('inventory.list', { petId: [id] })).items).toEqual([]);
      expect(await order(sale)).toEqual(done);
      expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.deleted', data: before }]);
    });

    test('T42: a pet with open orders is not deleted: PET_HAS_OPEN_ORDERS', async () => {
      const id = await shop.available(3);
      await shop.order(id);
      await expectRefused(t, 'pets.delete', { petId: id }, 'PET_HAS_OPEN_ORDERS');
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 2 });
    });
  });

  describe('low stock', () => {
    const lowOf = async (mark: number) => (await appendedSince(t, mark)).filter((e) => e.type === 'inventory.low');

    test('T43: inventory.low fires once when the stock falls from at-or-above the threshold to below it', async () => {
      await setThreshold(3);
      const byOrder = await shop.available(5);
      const bySet = await shop.available(5);
      const byEmptying = await shop.held(5);
      const mark = await lastEventId(t);
      await t.ok('orders.place', { petId: byOrder, quantity: 2 }); // 5 → 3: not below
      expect((await appendedSince(t, mark)).map((e) => e.type)).toEqual(['order.placed', 'inventory.updated']);
      const mark2 = await lastEventId(t);
      await t.ok('orders.place', { petId: byOrder, quantity: 1 }); // 3 → 2: crosses
      await t.ok('inventory.set', { petId: bySet, update: { quantity: 1 } }); // 5 → 1
      await t.ok('inventory.adjust', { petId: byEmptying, adjustment: { delta: -5, reason: 'correction' } }); // 5 → 0, on hold
      const appended = await appendedSince(t, mark2);
      expect(appended.map((e) => e.type)).toEqual([
        'order.placed', 'inventory.updated', 'inventory.low',
        'inventory.updated', 'inventory.low',
        'inventory.updated', 'inventory.low',
      ]);
      expect((await lowOf(mark2)).map((e) => e.data)).toEqual([
        { ...item(byOrder, 2, 'available'), threshold: 3 },
        { ...item(bySet, 1, 'available'), threshold: 3 },
        { ...item(byEmptying, 0, 'pending'), threshold: 3 },
      ]);
    });

    test('T50: a pet that leaves sale is not low stock: no inventory.low, not listed as low, not counted', async () => {
      await setThreshold(3);
      const marked = await shop.available(5);
      const emptied = await shop.available(5);
      const restockedLow = await shop.created('sold');
      const held = await shop.held(2); // pending with stock below the threshold: still for sale, low
      const mark = await lastEventId(t);
      await t.ok('pets.update', { petId: marked, changes: { status: 'sold' } }); // 5 → 0, sold (T36)
      await t.ok('inventory.set', { petId: emptied, update: { quantity: 0 } }); // 5 → 0, sold (T30)
      await t.ok('inventory.set', { petId: restockedLow, update: { quantity: 2 } }); // sold → available at 2: a rise, no event (T44)
      expect(await lowOf(mark)).toEqual([]);
      expect(await standing(t, marked)).toEqual({ status: 'sold', stock: 0 });
      const low = await t.ok('inventory.list', { low: true });
      expect(low.items.map((entry) => entry.petId)).toEqual([restockedLow, held]);
      expect(low.total).toBe(2);
      expect((await t.ok('stats.overview', {})).lowStock).toBe(2);
    });

    test('T44: no inventory.low while the stock stays below, stays at or above, or rises; it fires again after a restock', async () => {
      await setThreshold(3);
      const id = await shop.available(2); // created at 1, set to 2: already below, rising
      const mark = await lastEventId(t);
      await t.ok('orders.place', { petId: id }); // 2 → 1: already below
      await t.ok('inventory.set', { petId: id, update: { quantity: 0 } }); // 1 → 0: still below
      await t.ok('inventory.set', { petId: id, update: { quantity: 10 } }); // rises
      await t.ok('orders.place', { petId: id, quantity: 7 }); // 10 → 3: at the threshold, not below
      await t.ok('orders.cancel', { orderId: await shop.order(id, 1) }); // 3 → 2 → 3: crosses down, then rises back
      expect((await lowOf(mark)).map((e) => e.data.quantity)).toEqual([2]);
      expect(await standing(t, id)).toEqual({ status: 'available', stock: 3 });
    });

    test('T45: with the threshold at 0, inventory.low never fires', async () => {
      await setThreshold(0);
      const id = await shop.available(2);
      const mark = await lastEventId(t);
      await t.ok('orders.place', { petId: id, quantity: 2 });
      await t.ok('inventory.set', { petId: id, update: { quantity: 0 } });
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 0 });
      expect(await lowOf(mark)).toEqual([]);
      expect((await t.ok('inventory.list', { low: true })).items).toEqual([]);
    });
  });

  describe('adjusting the stock by some units (the app\'s − and +)', () => {
    test('T46: adjusts from the stock as it is when applied, with the status and events of the count it reaches', async () => {
      const id = await shop.available(5);
      await t.ok('orders.place', { petId: id, quantity: 2 }); // an order the clerk's screen may not show yet: 5 → 3
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received' } })).toEqual(item(id, 4, 'available'));
      expect(await appendedSince(t, mark)).toEqual([{ type: 'inventory.updated', data: item(id, 4, 'available') }]);

      // Down to 0 with an open order: pending, as inventory.set {quantity: 0} would (T29).
      const low = await lastEventId(t);
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -4, reason: 'correction' } })).toEqual(item(id, 0, 'pending'));
      expect(await appendedSince(t, low)).toEqual([
        { type: 'pet.updated', data: { ...await pet(id), status: 'pending' } },
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
      // And up again: available (T27).
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 2, reason: 'received' } })).toEqual(item(id, 2, 'available'));

      const sold = await shop.created('sold');
      expect(await t.ok('inventory.adjust', { petId: sold, adjustment: { delta: 3, reason: 'received' } })).toEqual(item(sold, 3, 'available')); // T26
    });

    test('T52: taking units away from a held pet corrects its count and keeps the hold; adding units restocks it', async () => {
      const id = await shop.held(4);
      const mark = await lastEventId(t);
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -1, reason: 'correction' } })).toEqual(item(id, 3, 'pending'));
      expect(await standing(t, id)).toEqual({ status: 'pending', stock: 3 });
      expect(await appendedSince(t, mark)).toEqual([{ type: 'inventory.updated', data: item(id, 3, 'pending') }]);
      // Down to 0 it stays held (T31), with the low-stock event of the crossing.
      const empty = await lastEventId(t);
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -3, reason: 'correction' } })).toEqual(item(id, 0, 'pending'));
      expect(await appendedSince(t, empty)).toEqual([
        { type: 'inventory.updated', data: item(id, 0, 'pending') },
        { type: 'inventory.low', data: { ...item(id, 0, 'pending'), threshold: 1 } },
      ]);
      // Adding units is a restock: available (T27).
      expect(await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 2, reason: 'received' } })).toEqual(item(id, 2, 'available'));
    });

    test('T47: taking away more than there is (an order took the units first) is refused: INSUFFICIENT_STOCK, nothing changes', async () => {
      const id = await shop.available(2);
      await t.ok('orders.place', { petId: id, quantity: 2 });
      const error = await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta: -1, reason: 'correction' } }, 'INSUFFICIENT_STOCK');
      expect(error.message).toBe(`Only 0 of ${(await pet(id)).name} (pet ${id}) in stock; cannot take away 1`);
    });

    test('T48: passing 1,000,000 is refused: VALIDATION_FAILED naming `delta`, nothing changes', async () => {
      const id = await shop.available(999_999);
      const error = await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta: 2, reason: 'received' } }, 'VALIDATION_FAILED');
      expect(error.message).toBe('Stock is 999,999: adding 2 would pass the maximum of 1,000,000');
      expect(error.details).toEqual([{ path: 'delta', message: error.message }]);
      expect((await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received' } })).quantity).toBe(1_000_000);
    });
  });
});
