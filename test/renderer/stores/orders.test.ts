import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { useAppInfoStore } from '../../../src-renderer/stores/app-info';
import { useOrdersStore } from '../../../src-renderer/stores/orders';
import { findPet, searchPets, stockOf } from '../../../src-renderer/stores/pet-lookup';
import { useReceiptStore } from '../../../src-renderer/stores/receipt';
import { useRealApi, type RealApiOptions, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

/** Dogs, with Rex (stock 5), Bella (stock 2) and Ghost (pending, no stock). */
function shop(harness: RendererHarness) {
  const dogs = harness.ok('categories.create', { name: 'Dogs' });
  const rex = harness.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  harness.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  const bella = harness.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  harness.ok('inventory.set', { petId: bella.id, update: { quantity: 2 } });
  const ghost = harness.ok('pets.create', { name: 'Ghost', categoryId: dogs.id, status: 'pending' });
  return { dogs, rex, bella, ghost };
}

test('place reserves the stock and lists the order, newest first, with its pet', async () => {
  h = useRealApi();
  const { rex, bella } = shop(h);
  const orders = useOrdersStore();
  const first = await orders.place({ petId: rex.id, quantity: 2, shipDate: '2030-01-15T10:00:00+02:00' });
  expect(first).toMatchObject({ petId: rex.id, quantity: 2, complete: false, shipDate: '2030-01-15T08:00:00.000Z' });
  const second = await orders.place({ petId: bella.id });
  expect(second.quantity).toBe(1);
  expect(h.ok('inventory.get', { petId: rex.id }).quantity).toBe(3);
  expect(orders.rows.map((row) => [row.id, row.pet?.name, row.quantity, row.complete])).toEqual([
    [second.id, 'Bella', 1, false],
    [first.id, 'Rex', 2, false],
  ]);
  expect(orders.total).toBe(2);
  expect(orders.hasMore).toBe(false);
});

test('place is refused by the service with INSUFFICIENT_STOCK or PET_NOT_AVAILABLE, and nothing is placed', async () => {
  h = useRealApi();
  const { bella } = shop(h);
  const orders = useOrdersStore();
  const short = await orders.place({ petId: bella.id, quantity: 3 }).catch((error: unknown) => error);
  expect(short).toBeInstanceOf(StoreError);
  expect(short).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409, message: `Only 2 of Bella (pet ${bella.id}) in stock; 3 ordered` });
  h.ok('pets.update', { petId: bella.id, changes: { status: 'pending' } });
  const held = await orders.place({ petId: bella.id, quantity: 1 }).catch((error: unknown) => error);
  expect(held).toMatchObject({ code: 'PET_NOT_AVAILABLE', message: `Bella (pet ${bella.id}) is pending, not available` });
  expect(h.ok('orders.list', {}).total).toBe(0);
  expect(h.ok('inventory.get', { petId: bella.id }).quantity).toBe(2);
});

test('complete fulfils an order; cancel keeps an open one as cancelled, out of the list, and returns its stock', async () => {
  h = useRealApi();
  const { rex, bella } = shop(h);
  const orders = useOrdersStore();
  const kept = await orders.place({ petId: rex.id, quantity: 1 });
  const dropped = await orders.place({ petId: bella.id, quantity: 2 });
  expect(h.ok('inventory.get', { petId: bella.id })).toMatchObject({ quantity: 0, status: 'pending' });

  const done = await orders.complete(kept.id);
  expect(done.complete).toBe(true);
  expect(orders.rows.find((row) => row.id === kept.id)?.complete).toBe(true);

  expect(await orders.cancel(dropped.id)).toBe(true);
  expect(orders.rows.map((row) => row.id)).toEqual([kept.id]);
  expect(h.ok('inventory.get', { petId: bella.id })).toMatchObject({ quantity: 2, status: 'available' });
  // Cancelled elsewhere first (a stale row): the service takes the second cancel as a harmless retry, the store says so.
  const stale = await orders.place({ petId: bella.id, quantity: 1 });
  h.ok('orders.cancel', { orderId: stale.id! });
  expect(await orders.cancel(stale.id!)).toBe(false);
  expect(orders.rows.map((row) => row.id)).toEqual([kept.id]);
  expect(h.ok('inventory.get', { petId: bella.id })).toMatchObject({ quantity: 2, status: 'available' });

  const again = await orders.cancel(kept.id).catch((error: unknown) => error);
  expect(again).toMatchObject({ code: 'ORDER_COMPLETE' });
});

test('filters: open, complete, one pet; a deleted pet’s complete order stays, without its pet', async () => {
  h = useRealApi();
  const { dogs, rex, bella } = shop(h);
  const a = h.ok('orders.place', { petId: rex.id, quantity: 1 });
  const b = h.ok('orders.place', { petId: bella.id, quantity: 1 });
  h.ok('orders.update', { orderId: b.id!, changes: { complete: true } });
  const c = h.ok('orders.place', { petId: bella.id, quantity: 1 });
  const orders = useOrdersStore();

  orders.filters.status = 'open';
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([c.id, a.id]);
  orders.filters.status = 'complete';
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([b.id]);
  orders.filters.status = 'all';
  orders.filters.petId = bella.id;
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([c.id, b.id]);
  expect(orders.total).toBe(2);

  // Sold and gone: the sale stays in the list.
  const solo = h.ok('pets.create', { name: 'Solo', categoryId: dogs.id });
  const sale = h.ok('orders.place', { petId: solo.id });
  h.ok('orders.update', { orderId: sale.id!, changes: { complete: true } });
  h.ok('pets.delete', { petId: solo.id });
  orders.filters.petId = null;
  await orders.reload();
  expect(orders.rows[0]).toMatchObject({ id: sale.id, petId: solo.id, pet: null });
});

test('loadMore appends the next page until every order is listed', async () => {
  h = useRealApi();
  const { dogs } = shop(h);
  const big = h.ok('pets.create', { name: 'Herd', categoryId: dogs.id });
  h.ok('inventory.set', { petId: big.id, update: { quantity: 1000 } });
  for (let i = 0; i < 130; i++) h.ok('orders.place', { petId: big.id });
  const orders = useOrdersStore();
  await orders.reload();
  expect(orders.rows).toHaveLength(100);
  expect(orders.hasMore).toBe(true);
  expect(orders.total).toBe(130);
  await orders.loadMore();
  expect(orders.rows).toHaveLength(130);
  expect(orders.hasMore).toBe(false);
  expect(new Set(orders.rows.map((row) => row.id)).size).toBe(130);
  expect(orders.rows.every((row) => row.pet?.name === 'Herd')).toBe(true);
});

test('searchPets finds by name or id with stock; availableOnly leaves out pets that cannot be ordered', async () => {
  h = useRealApi();
  const { rex, bella, ghost } = shop(h);
  expect((await searchPets('', { availableOnly: true })).map(({ pet, stock }) => [pet.name, stock])).toEqual([
    ['Bella', 2],
    ['Rex', 5],
  ]);
  expect((await searchPets('GHO', { availableOnly: true }))).toEqual([]);
  expect((await searchPets('gho')).map(({ pet, stock }) => [pet.id, stock])).toEqual([[ghost.id, 0]]);
  expect((await searchPets(String(rex.id))).map(({ pet }) => pet.id)[0]).toBe(rex.id);
  expect((await searchPets('ell')).map(({ pet }) => pet.id)).toEqual([bella.id]);
});

test('stockOf and findPet read one pet; an unknown pet is null', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  expect(await stockOf(rex.id)).toEqual({ petId: rex.id, quantity: 5, status: 'available' });
  expect((await findPet(rex.id))?.name).toBe('Rex');
  expect(await findPet(999)).toBeNull();
  expect(await stockOf(999).catch((error: unknown) => error)).toMatchObject({ code: 'NOT_FOUND' });
});

test('receipt gathers the order, its pet and category; a cancelled order has none: ORDER_CANCELLED', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  const orders = useOrdersStore();
  const receipts = useReceiptStore();
  const order = await orders.place({ petId: rex.id, quantity: 2, shipDate: '2030-03-01T09:30:00Z' });
  expect(await receipts.load(order.id)).toEqual({
    order: { id: order.id, petId: rex.id, quantity: 2, shipDate: '2030-03-01T09:30:00.000Z', complete: false, status: 'open', placedAt: order.placedAt, petName: 'Rex', clerk: null, till: null },
    pet: expect.objectContaining({ id: rex.id, name: 'Rex' }),
    categoryName: 'Dogs',
  });
  await orders.cancel(order.id);
  expect(await receipts.load(order.id).catch((error: unknown) => error)).toMatchObject({ code: 'ORDER_CANCELLED' });
  expect(await receipts.load(424242).catch((error: unknown) => error)).toMatchObject({ code: 'NOT_FOUND' });
});

test('runtime says where the app runs; printing to PDF is the desktop’s alone', async () => {
  h = useRealApi();
  const appInfo = useAppInfoStore();
  expect(await appInfo.runtime()).toBe('browser-host');
  const refusal = await appInfo.printToPdf('order-1.pdf').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ message: 'Printing to PDF is only available in the desktop app' });
});

/** A pet with stock for `count` orders, and that many orders placed (ids ascending: the list shows them newest first). */
function manyOrders(harness: RendererHarness, count: number) {
  const { dogs, rex } = shop(harness);
  const herd = harness.ok('pets.create', { name: 'Herd', categoryId: dogs.id });
  harness.ok('inventory.set', { petId: herd.id, update: { quantity: 1000 } });
  const ids = Array.from({ length: count }, () => harness.ok('orders.place', { petId: herd.id }).id!);
  return { dogs, rex, herd, ids };
}

test('fulfil and cancel change their rows in place: the pages loaded so far stay loaded', async () => {
  h = useRealApi();
  const { ids } = manyOrders(h, 250);
  const orders = useOrdersStore();
  await orders.reload();
  await orders.loadMore();
  expect(orders.rows).toHaveLength(200);
  const deep = ids[80]; // on the second page

  await orders.complete(deep);
  expect(orders.rows).toHaveLength(200);
  expect(orders.rows.find((row) => row.id === deep)).toMatchObject({ complete: true, pet: { name: 'Herd' } });
  await orders.cancel(ids[70]);
  expect(orders.rows).toHaveLength(199);
  expect(orders.rows.some((row) => row.id === ids[70])).toBe(false);
  expect(orders.total).toBe(249);
  // Open orders only: the fulfilled one leaves the list, the total follows.
  orders.filters.status = 'open';
  await orders.reload();
  await orders.loadMore();
  await orders.complete(ids[60]);
  expect(orders.rows.some((row) => row.id === ids[60])).toBe(false);
  expect(orders.total).toBe(247);
  expect(orders.hasMore).toBe(true);
  expect(orders.rows).toHaveLength(199); // two pages of 100, less the one fulfilled
});

test('changes made elsewhere are patched into the loaded rows, in order, without going back to the first page', async () => {
  h = useRealApi();
  const { dogs, rex, ids } = manyOrders(h, 150);
  const orders = useOrdersStore();
  await orders.reload();
  await orders.loadMore();
  expect(orders.rows).toHaveLength(150);
  const unsubscribe = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    // Placed, then at once fulfilled (the two events in turn: the row ends complete).
    const placedElsewhere = h.ok('orders.place', { petId: rex.id, quantity: 2 });
    h.ok('orders.update', { orderId: placedElsewhere.id!, changes: { complete: true } });
    await expect.poll(() => orders.rows[0]).toMatchObject({ id: placedElsewhere.id, complete: true, quantity: 2, pet: { name: 'Rex' } });
    expect(orders.rows).toHaveLength(151);
    await expect.poll(() => orders.total).toBe(151);

    h.ok('orders.cancel', { orderId: ids[10] });
    h.ok('orders.update', { orderId: ids[20], changes: { shipDate: '2030-05-01T10:00:00Z' } });
    h.ok('pets.update', { petId: rex.id, changes: { name: 'Rex II' } });
    await expect.poll(() => orders.rows.some((row) => row.id === ids[10])).toBe(false);
    await expect.poll(() => orders.rows.find((row) => row.id === ids[20])?.shipDate).toBe('2030-05-01T10:00:00.000Z');
    await expect.poll(() => orders.rows[0].pet?.name).toBe('Rex II');
    expect(orders.rows).toHaveLength(150);
    await expect.poll(() => orders.total).toBe(150);

    // The order's pet deleted (its order is complete): the row stays, without its pet.
    h.ok('pets.delete', { petId: rex.id });
    await expect.poll(() => orders.rows[0]).toMatchObject({ id: placedElsewhere.id, pet: null, petName: 'Rex' });

    // A new order for a pet no row shows yet: its pet is read.
    const solo = h.ok('pets.create', { name: 'Solo', categoryId: dogs.id });
    const soloOrder = h.ok('orders.place', { petId: solo.id });
    await expect.poll(() => orders.rows[0]).toMatchObject({ id: soloOrder.id, pet: { name: 'Solo' } });
  } finally {
    unsubscribe();
  }
});

test('an order changed elsewhere beyond the loaded pages is left to the page that brings it; the total still follows', async () => {
  h = useRealApi();
  const { ids } = manyOrders(h, 150);
  const orders = useOrdersStore();
  orders.filters.status = 'complete';
  h.ok('orders.update', { orderId: ids[149], changes: { complete: true } });
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([ids[149]]);
  const unsubscribe = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    h.ok('orders.update', { orderId: ids[0], changes: { complete: true } }); // older than every loaded row, but no page is left: listed
    await expect.poll(() => orders.rows.map((row) => row.id)).toEqual([ids[149], ids[0]]);
    expect(orders.total).toBe(2);
  } finally {
    unsubscribe();
  }

  orders.filters.status = 'all';
  await orders.reload(); // 100 of 150: more to load
  const beyond = ids[5]; // on the second page, not loaded
  const unsubscribeAgain = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    h.ok('orders.cancel', { orderId: beyond });
    await expect.poll(() => orders.total).toBe(149);
    expect(orders.rows).toHaveLength(100);
    await orders.loadMore();
    expect(orders.rows).toHaveLength(149);
    expect(orders.rows.some((row) => row.id === beyond)).toBe(false);
  } finally {
    unsubscribeAgain();
  }
});

/**
 * Holds the answers of the calls `matches` picks (answered by the service at once, kept from the
 * store until `release()`): stages an answer that arrives after things changed.
 */
function heldAnswers(matches: (operation: string, input: any) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = false;
  return {
    arrived: () => arrived,
    release: () => release(),
    around: (async (operation, input, call) => {
      if (!matches(operation, input)) return call();
      const answer = await call();
      arrived = true;
      await released;
      return answer;
    }) satisfies RealApiOptions['around'],
  };
}

test('a new order whose pet is still being read is not inserted once the filters leave it out', async () => {
  let soloId = -1;
  const petRead = heldAnswers((operation, input) => operation === 'pets.list' && input.id?.[0] === soloId);
  h = useRealApi({ around: petRead.around });
  const { dogs, rex } = shop(h);
  h.ok('orders.place', { petId: rex.id });
  const orders = useOrdersStore();
  orders.filters.status = 'open';
  await orders.reload();
  const unsubscribe = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    const solo = h.ok('pets.create', { name: 'Solo', categoryId: dogs.id });
    soloId = solo.id;
    const soloOrder = h.ok('orders.place', { petId: solo.id });
    await expect.poll(petRead.arrived).toBe(true);
    // The clerk switches to complete orders while Solo is read for the new open order's row.
    orders.filters.status = 'complete';
    await orders.reload();
    expect(orders.rows).toEqual([]);
    petRead.release();
    await orders.idle();
    expect(orders.rows.some((row) => row.id === soloOrder.id)).toBe(false);
    expect(orders.rows).toEqual([]);
    expect(orders.total).toBe(0);
  } finally {
    unsubscribe();
  }
});

test('a total read for the old filters does not overwrite the new filters’ total', async () => {
  let holdTotals = false;
  // Counted before the filters change, arriving after.
  const totalRead = heldAnswers((operation, input) => holdTotals && operation === 'orders.list' && input.limit === 1);
  h = useRealApi({ around: totalRead.around });
  const { rex } = shop(h);
  const first = h.ok('orders.place', { petId: rex.id });
  h.ok('orders.update', { orderId: first.id!, changes: { complete: true } });
  const orders = useOrdersStore();
  await orders.reload();
  expect(orders.total).toBe(1);
  const unsubscribe = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    holdTotals = true;
    h.ok('orders.place', { petId: rex.id }); // all orders: 2
    await expect.poll(totalRead.arrived).toBe(true);
    holdTotals = false;
    orders.filters.status = 'complete';
    await orders.reload();
    expect(orders.total).toBe(1);
    totalRead.release();
    await orders.idle();
    expect(orders.total).toBe(1); // not the 2 counted for "all"
    expect(orders.rows.map((row) => row.id)).toEqual([first.id]);
  } finally {
    unsubscribe();
  }
});

test('a change made elsewhere while a page is on its way is applied after the page, not undone by it', async () => {
  let holdPages = false;
  // The page as it was before the change, arriving after it.
  const pageHeld = heldAnswers((operation, input) => holdPages && operation === 'orders.list' && input.cursor !== undefined);
  h = useRealApi({ around: pageHeld.around });
  const { ids } = manyOrders(h, 150);
  const orders = useOrdersStore();
  await orders.reload();
  const unsubscribe = h.store.feed.subscribe((event) => void orders.applyEvent(event));
  try {
    holdPages = true;
    const more = orders.loadMore();
    await expect.poll(pageHeld.arrived).toBe(true);
    h.ok('orders.update', { orderId: ids[10], changes: { complete: true } }); // on the page on its way
    h.ok('orders.cancel', { orderId: ids[20] });
    pageHeld.release();
    await more;
    await orders.idle();
    expect(orders.rows).toHaveLength(149);
    expect(orders.rows.find((row) => row.id === ids[10])?.complete).toBe(true);
    expect(orders.rows.some((row) => row.id === ids[20])).toBe(false);
    expect(orders.total).toBe(149);
  } finally {
    unsubscribe();
  }
});

test('an order placed is reported placed even when showing it in place fails: the list is read again', async () => {
  let failPetRead = false;
  h = useRealApi({
    async around(operation, _input, call) {
      if (failPetRead && operation === 'pets.list') {
        failPetRead = false;
        throw new Error('the connection to the service was lost');
      }
      return call();
    },
  });
  const { dogs, rex } = shop(h);
  h.ok('orders.place', { petId: rex.id });
  const orders = useOrdersStore();
  await orders.reload();
  const solo = h.ok('pets.create', { name: 'Solo', categoryId: dogs.id });
  h.ok('inventory.set', { petId: solo.id, update: { quantity: 1 } });
  failPetRead = true; // the read of Solo for the new row fails once
  const created = await orders.place({ petId: solo.id });
  expect(created).toMatchObject({ petId: solo.id, complete: false });
  expect(failPetRead).toBe(false);
  expect(orders.rows[0]).toMatchObject({ id: created.id, pet: { name: 'Solo' } });
  expect(orders.rows).toHaveLength(2);
  expect(orders.total).toBe(2);
  expect(h.ok('orders.list', {}).total).toBe(2); // placed once
});

test('"cancelled" lists the cancelled orders, and a cancel here adds its row there; oldest first puts a new order last', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  const orders = useOrdersStore();
  const a = await orders.place({ petId: rex.id });
  const b = await orders.place({ petId: rex.id });
  orders.filters = { ...orders.filters, status: 'cancelled' };
  await orders.reload();
  expect(orders.rows).toEqual([]);
  await orders.cancel(a.id);
  expect(orders.rows.map((row) => [row.id, row.status])).toEqual([[a.id, 'cancelled']]);
  expect(orders.total).toBe(1);

  orders.filters = { ...orders.filters, status: 'all', sort: 'oldest' };
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([b.id]);
  const c = await orders.place({ petId: rex.id });
  expect(orders.rows.map((row) => row.id)).toEqual([b.id, c.id]);
});

test('a number finds that order alone, whatever the other filters; an unknown number finds none', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  const orders = useOrdersStore();
  const a = await orders.place({ petId: rex.id });
  await orders.place({ petId: rex.id });
  orders.filters = { ...orders.filters, status: 'complete', number: a.id };
  await orders.reload();
  expect(orders.rows.map((row) => row.id)).toEqual([a.id]);
  expect(orders.total).toBe(1);
  orders.filters = { ...orders.filters, number: 999 };
  await orders.reload();
  expect(orders.rows).toEqual([]);
  expect(orders.total).toBe(0);
});
