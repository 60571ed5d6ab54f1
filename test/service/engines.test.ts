/**
 * The same store on both engines: a short day at the shop through the service, answered alike.
 * (The full suites run on both engines file by file; this is the first look that they can.)
 */
import { afterEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

describeOnEngines('a day at the shop', (fresh) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test('catalogue, stock, an order, events and the overview', async () => {
    t = await fresh();
    const dogs = await t.ok('categories.create', { name: 'Dogs' });
    const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 12_500, sku: 'REX-1' });
    expect(rex).toEqual({ id: 1, name: 'Rex', categoryId: dogs.id, status: 'available', price: 12_500, sku: 'REX-1' });
    expect(await t.ok('inventory.set', { petId: rex.id, update: { quantity: 3 } })).toEqual({ petId: rex.id, quantity: 3, status: 'available' });
    const order = await t.ok('orders.place', { petId: rex.id, quantity: 2 });
    expect(order).toMatchObject({ petId: rex.id, quantity: 2, status: 'open' });
    expect((await t.fail('orders.place', { petId: rex.id, quantity: 2 })).code).toBe('INSUFFICIENT_STOCK');
    expect((await t.fail('pets.create', { name: 'Rex 2', categoryId: dogs.id, sku: 'rex-1' })).code).toBe('SKU_TAKEN');
    const list = await t.ok('pets.list', { sort: 'name' });
    expect(list.items.map((pet) => pet.name)).toEqual(['Rex']);
    const events = await t.ok('events.list', { after: 0, limit: 100 });
    expect(events.map((event) => event.type)).toEqual(['category.created', 'pet.created', 'inventory.updated', 'order.placed', 'inventory.updated', 'inventory.low']);
    expect(events.map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const overview = await t.ok('stats.overview');
    expect(overview).toMatchObject({ petsByStatus: { available: 1, pending: 0, sold: 0 }, openOrders: 1 });
  });
});
