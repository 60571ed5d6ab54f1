import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { INVENTORY_PAGE_SIZE, useInventoryStore } from '../../../src-renderer/stores/inventory';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

/** A category and `names.length` pets in it; returns their ids in order. */
function seed(names: string[], categoryName = 'Dogs'): { categoryId: number; ids: number[] } {
  const category = h.ok('categories.create', { name: categoryName });
  const ids = names.map((name) => h.ok('pets.create', { name, categoryId: category.id }).id);
  return { categoryId: category.id, ids };
}

/** `count` pets named "Pet 1"… in one import (one transaction: quick); returns their ids in order. */
function seedMany(count: number, categoryName = 'Fish'): number[] {
  const category = h.ok('categories.create', { name: categoryName });
  const lines = Array.from({ length: count }, (_, i) => `Pet ${i + 1},${category.id}`);
  expect(h.ok('data.import', { format: 'csv', content: ['name,category', ...lines].join('\n') }).imported).toBe(count);
  return allIds(category.id);
}

function allIds(categoryId: number): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = h.ok('pets.list', { categoryId, limit: 500, cursor });
    ids.push(...page.items.map((pet) => pet.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

const view = (rows: { name: string; quantity: number; status: string }[]) => rows.map((row) => `${row.name}:${row.quantity}:${row.status}`);

test('reload shows stock with each pet’s name and category, and the threshold from the settings', async () => {
  h = useRealApi();
  const { categoryId, ids } = seed(['Rex', 'Bella']);
  h.ok('inventory.set', { petId: ids[1], update: { quantity: 7 } });
  h.ok('settings.update', { lowStockThreshold: 3 });

  const inventory = useInventoryStore();
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rex:1:available', 'Bella:7:available']);
  expect(inventory.rows.every((row) => row.categoryId === categoryId)).toBe(true);
  expect(inventory.total).toBe(2);
  expect(inventory.hasMore).toBe(false);
  expect(useSettingsStore().lowStockThreshold).toBe(3);
  expect(inventory.isLow(2, 'available')).toBe(true);
  expect(inventory.isLow(2, 'pending')).toBe(true);
  expect(inventory.isLow(3, 'available')).toBe(false);
  expect(inventory.isLow(0, 'sold')).toBe(false); // not for sale: nothing to restock
});

test('pages through the server: one page at first, the rest on demand, never everything at once', async () => {
  h = useRealApi();
  const count = INVENTORY_PAGE_SIZE + 30;
  const ids = seedMany(count);

  const inventory = useInventoryStore();
  await inventory.reload();
  expect(inventory.rows).toHaveLength(INVENTORY_PAGE_SIZE);
  expect(inventory.total).toBe(count);
  expect(inventory.hasMore).toBe(true);

  await inventory.loadMore();
  expect(inventory.rows.map((row) => row.petId)).toEqual(ids);
  expect(inventory.hasMore).toBe(false);
  await inventory.loadMore(); // nothing more: no duplicates
  expect(inventory.rows).toHaveLength(count);
});

test('"low stock only" asks the service for entries below the threshold', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex', 'Bella', 'Milo']);
  h.ok('settings.update', { lowStockThreshold: 3 });
  h.ok('inventory.set', { petId: ids[0], update: { quantity: 2 } });
  h.ok('inventory.set', { petId: ids[1], update: { quantity: 3 } });
  h.ok('orders.place', { petId: ids[2], quantity: 1 }); // Milo's last unit: pending, still for sale
  h.ok('pets.create', { name: 'Tom', categoryId: h.ok('pets.get', { petId: ids[0] }).categoryId, status: 'sold' }); // not for sale: never low

  const inventory = useInventoryStore();
  inventory.filters.lowOnly = true;
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rex:2:available', 'Milo:0:pending']);
  expect(inventory.total).toBe(2);
});

test('a name search shows the stock of the pets whose name contains it, counted; with "low stock only" too', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex', 'Rexina', 'Bella', 'Rexy']);
  h.ok('settings.update', { lowStockThreshold: 1 }); // said here: the default may change
  h.ok('inventory.set', { petId: ids[1], update: { quantity: 9 } });
  h.ok('orders.place', { petId: ids[3], quantity: 1 });

  const inventory = useInventoryStore();
  inventory.filters.q = 'REX';
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rex:1:available', 'Rexina:9:available', 'Rexy:0:pending']);
  expect(inventory.total).toBe(3);

  inventory.filters.lowOnly = true; // threshold 1: only Rexy is below it
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rexy:0:pending']);
  expect(inventory.total).toBe(1);

  inventory.filters.q = 'nobody';
  inventory.filters.lowOnly = false;
  await inventory.reload();
  expect(inventory.rows).toEqual([]);
  expect(inventory.total).toBe(0);
});

test('setQuantity stores the stock and shows the status it implies: 0 sells, more makes available', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex']);
  const inventory = useInventoryStore();
  await inventory.reload();

  const emptied = await inventory.setQuantity(ids[0], 0);
  expect(emptied).toEqual({ petId: ids[0], quantity: 0, status: 'sold' });
  expect(view(inventory.rows)).toEqual(['Rex:0:sold']);
  expect(h.ok('inventory.get', { petId: ids[0] })).toMatchObject({ quantity: 0, status: 'sold' });

  await inventory.setQuantity(ids[0], 4);
  expect(view(inventory.rows)).toEqual(['Rex:4:available']);
  expect(h.ok('pets.list', { id: [ids[0]] }).items[0]!.status).toBe('available');
  expect(inventory.isSaving(ids[0])).toBe(false);
});

test('setQuantity rejects out-of-bounds stock with the service’s Error object and changes nothing', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex']);
  const inventory = useInventoryStore();
  await inventory.reload();
  const refusal = await inventory.setQuantity(ids[0], 1_000_001).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  expect(view(inventory.rows)).toEqual(['Rex:1:available']);
  expect(h.ok('inventory.get', { petId: ids[0] }).quantity).toBe(1);
  expect(inventory.isSaving(ids[0])).toBe(false);
});

test('refresh brings changes made elsewhere into the rows on screen and keeps the loaded window', async () => {
  h = useRealApi();
  const count = 1100;
  const ids = seedMany(count);
  const categoryId = h.ok('pets.list', { id: [ids[0]!] }).items[0]!.categoryId;
  const inventory = useInventoryStore();
  await inventory.reload();
  await inventory.loadMore();
  await inventory.loadMore();
  expect(inventory.rows).toHaveLength(3 * INVENTORY_PAGE_SIZE);

  // Elsewhere (REST, another window): a stock change, a rename, a deletion, a threshold change.
  h.ok('inventory.set', { petId: ids[5], update: { quantity: 0 } });
  h.ok('pets.replace', { petId: ids[6], pet: { name: 'Renamed', categoryId } });
  h.ok('pets.delete', { petId: ids[7] });
  h.ok('settings.update', { lowStockThreshold: 2 });

  await inventory.refresh();
  expect(inventory.rows.find((row) => row.petId === ids[5])).toMatchObject({ quantity: 0, status: 'sold' });
  expect(inventory.rows.find((row) => row.petId === ids[6])?.name).toBe('Renamed');
  expect(inventory.rows.some((row) => row.petId === ids[7])).toBe(false);
  expect(inventory.total).toBe(count - 1);
  expect(inventory.lowStockThreshold).toBe(2);
  // The window shown (up to the last pet loaded, read in pages of 500), not the whole inventory.
  expect(inventory.rows.length).toBeGreaterThanOrEqual(3 * INVENTORY_PAGE_SIZE - 1);
  expect(inventory.rows.length).toBeLessThan(count - 1);
  expect(inventory.hasMore).toBe(true);
  await inventory.loadMore();
  expect(inventory.rows.map((row) => row.petId)).toEqual(ids.filter((id) => id !== ids[7]).slice(0, inventory.rows.length));
});

test('with "low stock only", a refresh drops rows restocked elsewhere and adds rows that ran low', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex', 'Bella', 'Milo']);
  h.ok('settings.update', { lowStockThreshold: 1 }); // said here: the default may change
  h.ok('orders.place', { petId: ids[0], quantity: 1 });
  const inventory = useInventoryStore();
  inventory.filters.lowOnly = true;
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rex:0:pending']);

  h.ok('inventory.set', { petId: ids[0], update: { quantity: 5 } });
  h.ok('orders.place', { petId: ids[2], quantity: 1 });
  await Promise.all([inventory.refresh(), inventory.refresh()]); // folded into one more run
  expect(view(inventory.rows)).toEqual(['Milo:0:pending']);
  expect(inventory.total).toBe(1);
});

test('a search with "low stock only" pages and counts its matches, however far apart they are', async () => {
  h = useRealApi();
  const ids = seedMany(1200);
  h.ok('settings.update', { lowStockThreshold: 1 }); // said here: the default may change
  seed(['Other']); // not part of the search
  const low = [ids[3]!, ...ids.slice(700, 700 + INVENTORY_PAGE_SIZE), ids[1199]!];
  for (const petId of low) h.ok('orders.place', { petId, quantity: 1 }); // each one's only unit: pending, low
  h.ok('orders.place', { petId: h.ok('pets.list', { q: 'other' }).items[0]!.id, quantity: 1 });

  const inventory = useInventoryStore();
  inventory.filters.q = 'pet';
  inventory.filters.lowOnly = true;
  await inventory.reload();
  expect(inventory.rows).toHaveLength(INVENTORY_PAGE_SIZE);
  expect(inventory.total).toBe(low.length);
  expect(inventory.hasMore).toBe(true);
  await inventory.loadMore();
  expect(inventory.rows.map((row) => row.petId)).toEqual(low);
  expect(inventory.hasMore).toBe(false);
});

test('"load more" continues the list on screen, not filters the clerk is still typing', async () => {
  h = useRealApi();
  const ids = seedMany(INVENTORY_PAGE_SIZE + 10);
  const inventory = useInventoryStore();
  await inventory.reload();
  inventory.filters.q = 'no such pet'; // typed, not yet applied (the view reloads after a pause)
  inventory.filters.lowOnly = true;
  await inventory.loadMore();
  expect(inventory.rows.map((row) => row.petId)).toEqual(ids);
  expect(inventory.applied).toEqual({ q: '', lowOnly: false });
  await inventory.reload();
  expect(inventory.rows).toEqual([]);
  expect(inventory.applied).toEqual({ q: 'no such pet', lowOnly: true });
});

test('a reload wins over a "load more" and a refresh that started before it', async () => {
  h = useRealApi();
  seedMany(INVENTORY_PAGE_SIZE + 10);
  const { ids } = seed(['Zelda']);
  const inventory = useInventoryStore();
  await inventory.reload();
  const more = inventory.loadMore();
  const refreshed = inventory.refresh();
  inventory.filters.q = 'zelda';
  await Promise.all([more, refreshed, inventory.reload()]);
  expect(inventory.rows.map((row) => row.petId)).toEqual(ids);
  expect(inventory.total).toBe(1);
  expect(inventory.loading).toBe(false);
});

test('saves for one pet are stored in the order asked, so quick clicks end on the last count', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex']);
  const inventory = useInventoryStore();
  await inventory.reload();
  const saves = [2, 3, 4, 5].map((quantity) => inventory.setQuantity(ids[0]!, quantity));
  expect(inventory.isSaving(ids[0]!)).toBe(true);
  const items = await Promise.all(saves);
  expect(items.map((item) => item.quantity)).toEqual([2, 3, 4, 5]);
  expect(view(inventory.rows)).toEqual(['Rex:5:available']);
  expect(h.ok('inventory.get', { petId: ids[0]! }).quantity).toBe(5);
  expect(inventory.isSaving(ids[0]!)).toBe(false);
});

test('a refresh that read before a save finished does not put the old count back', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex', 'Bella']);
  const inventory = useInventoryStore();
  await inventory.reload();
  for (let round = 2; round < 12; round++) {
    const refreshed = inventory.refresh(); // reads the rows while the save below is on its way
    await inventory.setQuantity(ids[0]!, round);
    await refreshed;
    expect(inventory.rows[0]).toMatchObject({ petId: ids[0], quantity: round });
  }
});

test('with "low stock only", a pet restocked here keeps its row through refreshes, as the store holds it now, until a reload', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex', 'Bella', 'Milo']);
  h.ok('settings.update', { lowStockThreshold: 3 });
  const inventory = useInventoryStore();
  inventory.filters.lowOnly = true;
  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Rex:1:available', 'Bella:1:available', 'Milo:1:available']);

  await inventory.setQuantity(ids[1]!, 5); // no longer low: the clerk's row stays, in its place
  await inventory.setQuantity(ids[0]!, 4);
  await inventory.refresh();
  expect(view(inventory.rows)).toEqual(['Rex:4:available', 'Bella:5:available', 'Milo:1:available']);
  expect(inventory.total).toBe(1);

  // Elsewhere: Bella restocked again (shown as she is now), Rex deleted (gone).
  h.ok('inventory.set', { petId: ids[1]!, update: { quantity: 7 } });
  h.ok('pets.delete', { petId: ids[0]! });
  await inventory.refresh();
  expect(view(inventory.rows)).toEqual(['Bella:7:available', 'Milo:1:available']);

  await inventory.reload();
  expect(view(inventory.rows)).toEqual(['Milo:1:available']);
});

test('the − and + buttons adjust from the stock as stored; the ledger says + received, − a correction', async () => {
  h = useRealApi();
  const { ids } = seed(['Rex']);
  h.ok('inventory.set', { petId: ids[0], update: { quantity: 3 } });
  const inventory = useInventoryStore();
  await inventory.reload();
  expect(await inventory.adjustQuantity(ids[0], 1)).toEqual({ petId: ids[0], quantity: 4, status: 'available' });
  expect(await inventory.adjustQuantity(ids[0], -2)).toEqual({ petId: ids[0], quantity: 2, status: 'available' });
  expect(view(inventory.rows)).toEqual(['Rex:2:available']);
  const ledger = h.ok('inventory.movements', { petId: ids[0] }).items.map(({ delta, reason }) => [delta, reason]);
  expect(ledger).toEqual([
    [-2, 'correction'],
    [1, 'received'],
    [2, 'received'],
    [1, 'opening'],
  ]);
});
