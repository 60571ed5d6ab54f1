/**
 * The stores with a category's own low-stock threshold, on the real service: the categories store
 * sets and clears it, and the inventory store's `isLow` and "low only" follow it over the shop's.
 */
import { afterEach, expect, test } from 'vitest';
import { useCategoriesStore } from '../../../src-renderer/stores/categories';
import { useInventoryStore } from '../../../src-renderer/stores/inventory';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('the categories store creates a category with its threshold, changes it and clears it with null', async () => {
  h = useRealApi();
  const categories = useCategoriesStore();
  const fish = await categories.create({ name: 'Fish', lowStockThreshold: 10 });
  expect(categories.byId.get(fish.id)?.lowStockThreshold).toBe(10);
  await categories.update(fish.id, { lowStockThreshold: 0 });
  expect(categories.byId.get(fish.id)?.lowStockThreshold).toBe(0);
  await categories.update(fish.id, { lowStockThreshold: null });
  expect(categories.byId.get(fish.id)).toEqual({ id: fish.id, name: 'Fish' });
});

test('isLow and "low only" take the category\'s threshold over the shop\'s (3)', async () => {
  h = useRealApi();
  const ten = h.ok('categories.create', { name: 'Ten', lowStockThreshold: 10 });
  const never = h.ok('categories.create', { name: 'Never', lowStockThreshold: 0 });
  const plain = h.ok('categories.create', { name: 'Plain' });
  const nine = h.ok('pets.create', { name: 'Nine', categoryId: ten.id });
  h.ok('inventory.set', { petId: nine.id, update: { quantity: 9 } });
  h.ok('pets.create', { name: 'None', categoryId: never.id, status: 'pending' }); // 0 left, never low
  const two = h.ok('pets.create', { name: 'Two', categoryId: plain.id });
  h.ok('inventory.set', { petId: two.id, update: { quantity: 2 } });

  await useCategoriesStore().load();
  const inventory = useInventoryStore();
  await inventory.reload();
  const low = inventory.rows.filter((row) => inventory.isLow(row.quantity, row.status, row.categoryId)).map((row) => row.name);
  expect(low).toEqual(['Nine', 'Two']);
  expect(inventory.isLow(0, 'pending', never.id)).toBe(false);
  expect(inventory.isLow(9, 'available')).toBe(false); // no category given: the shop's 3

  inventory.filters.lowOnly = true;
  await inventory.reload();
  expect(inventory.rows.map((row) => row.petId)).toEqual([nine.id, two.id]);
});
