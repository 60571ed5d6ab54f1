/**
 * `Category.lowStockThreshold` decides "low" wherever it is decided: `isLowStock`, `inventory.list`
 * with `low`, the dashboard's count and the `inventory.low` event. A new shop's own threshold is 3.
 * The field itself (set, cleared, bounded, carried) is tested with the tax rate's in category-overrides.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { effectiveLowStockThreshold, isLowStock } from '../../src-shared/thresholds';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { appendedSince, lastEventId } from './support/observe';
import { statementsRunBy } from './support/statements';

let t: TestStore;
afterEach(() => t?.close());

const lowIds = () => t.ok('inventory.list', { low: true }).items.map((item) => item.petId);
const lowEvents = (mark: number) => appendedSince(t, mark).filter((event) => event.type === 'inventory.low');

/** A pet of the category with `stock` units, available. */
function petWith(categoryId: number, name: string, stock: number) {
  const pet = t.ok('pets.create', { name, categoryId });
  t.ok('inventory.set', { petId: pet.id, update: { quantity: stock } });
  return pet;
}

test('isLowStock takes the category\'s threshold over the shop\'s; 0 is never low, a sold pet never low', () => {
  expect(effectiveLowStockThreshold({ shop: 3 })).toBe(3);
  expect(effectiveLowStockThreshold({ shop: 3, category: null })).toBe(3);
  expect(effectiveLowStockThreshold({ shop: 3, category: 0 })).toBe(0);
  expect(isLowStock(9, { shop: 3, category: 10 }, 'available')).toBe(true);
  expect(isLowStock(2, { shop: 3, category: 1 }, 'available')).toBe(false);
  expect(isLowStock(0, { shop: 3, category: 0 }, 'pending')).toBe(false);
  expect(isLowStock(2, { shop: 3, category: null }, 'available')).toBe(true);
  expect(isLowStock(0, { shop: 3, category: 10 }, 'sold')).toBe(false);
});

test('a new shop\'s threshold is 3: below 3 is low', () => {
  t = openTestStore();
  expect(DEFAULT_SETTINGS.lowStockThreshold).toBe(3);
  expect(t.ok('settings.get', {}).lowStockThreshold).toBe(3);
  const fish = t.ok('categories.create', { name: 'Fish' });
  const two = petWith(fish.id, 'Two', 2);
  petWith(fish.id, 'Three', 3);
  expect(lowIds()).toEqual([two.id]);
  expect(t.ok('stats.overview', {})).toMatchObject({ lowStock: 1, lowStockThreshold: 3 });
});

describe('the threshold in force decides low stock everywhere', () => {
  function shop() {
    t = openTestStore(); // the shop's threshold: 3
    const never = t.ok('categories.create', { name: 'Never', lowStockThreshold: 0 });
    const ten = t.ok('categories.create', { name: 'Ten', lowStockThreshold: 10 });
    const plain = t.ok('categories.create', { name: 'Plain' });
    return { never, ten, plain };
  }

  test('a category at 0 is never low: not listed, not counted, no event even at 0', () => {
    const { never } = shop();
    const empty = petWith(never.id, 'Empty', 3);
    const mark = lastEventId(t);
    t.ok('inventory.adjust', { petId: empty.id, adjustment: { delta: -2, reason: 'correction' } }); // 3 → 1 would cross the shop's 3
    t.ok('orders.place', { petId: empty.id }); // its last unit: pending, still for sale
    expect(t.ok('inventory.get', { petId: empty.id })).toMatchObject({ quantity: 0, status: 'pending' });
    expect(lowIds()).toEqual([]);
    expect(t.ok('stats.overview', {}).lowStock).toBe(0);
    expect(lowEvents(mark)).toEqual([]);
  });

  test('a category at 10 flags a pet at 9; its event carries 10, fired when the stock falls from 10 to 9', () => {
    const { ten, plain } = shop();
    const nine = petWith(ten.id, 'Nine', 9);
    const eleven = petWith(ten.id, 'Eleven', 11);
    const five = petWith(plain.id, 'Five', 5); // the shop's 3: not low
    expect(lowIds()).toEqual([nine.id]);
    expect(t.ok('inventory.list', { low: true })).toMatchObject({ total: 1 });
    expect(t.ok('stats.overview', {})).toMatchObject({ lowStock: 1, lowStockThreshold: 3 });
    const mark = lastEventId(t);
    t.ok('inventory.adjust', { petId: eleven.id, adjustment: { delta: -1, reason: 'correction' } }); // 11 → 10: not below
    t.ok('inventory.adjust', { petId: five.id, adjustment: { delta: -2, reason: 'correction' } }); // 5 → 3: not below 3
    expect(lowEvents(mark)).toEqual([]);
    t.ok('orders.place', { petId: eleven.id }); // 10 → 9: below 10
    t.ok('inventory.adjust', { petId: nine.id, adjustment: { delta: -1, reason: 'correction' } }); // already low: no second event
    t.ok('inventory.adjust', { petId: five.id, adjustment: { delta: -1, reason: 'correction' } }); // 3 → 2: the shop's
    expect(lowEvents(mark).map((event) => event.data)).toEqual([
      { petId: eleven.id, quantity: 9, status: 'available', threshold: 10 },
      { petId: five.id, quantity: 2, status: 'available', threshold: 3 },
    ]);
    expect(lowIds()).toEqual([nine.id, eleven.id, five.id]);
    expect(t.ok('stats.overview', {}).lowStock).toBe(3);
  });

  test('cleared with null, the shop\'s threshold applies again; changing a category\'s threshold fires no event', () => {
    const { ten } = shop();
    const nine = petWith(ten.id, 'Nine', 9);
    const two = petWith(ten.id, 'Two', 2);
    expect(lowIds()).toEqual([nine.id, two.id]);
    const mark = lastEventId(t);
    t.ok('categories.update', { categoryId: ten.id, changes: { lowStockThreshold: null } });
    expect(lowIds()).toEqual([two.id]);
    expect(t.ok('stats.overview', {}).lowStock).toBe(1);
    t.ok('settings.update', { lowStockThreshold: 1 });
    expect(lowIds()).toEqual([]);
    // Raised, it makes both low at once: told by category.updated, not by an inventory.low per pet.
    t.ok('categories.update', { categoryId: ten.id, changes: { lowStockThreshold: 20 } });
    expect(lowIds()).toEqual([nine.id, two.id]);
    expect(appendedSince(t, mark).map((event) => event.type)).toEqual(['category.updated', 'settings.updated', 'category.updated']);
  });

  test('a pet moved to another category is low by its new category\'s threshold', () => {
    const { ten, plain } = shop();
    const five = petWith(plain.id, 'Five', 5);
    expect(lowIds()).toEqual([]);
    t.ok('pets.update', { petId: five.id, changes: { categoryId: ten.id } });
    expect(lowIds()).toEqual([five.id]);
  });
});

test('the low-stock list and count find each pet\'s category by its key: the pets are read once, no category scanned per pet', () => {
  t = openTestStore();
  const ten = t.ok('categories.create', { name: 'Ten', lowStockThreshold: 10 });
  petWith(ten.id, 'Nine', 9);
  const runs = statementsRunBy(t.store.db, () => {
    t.ok('inventory.list', { low: true });
    t.ok('stats.overview', {});
  });
  const low = [...runs].filter(([sql]) => sql.includes('low_stock_threshold'));
  expect(low.length).toBeGreaterThanOrEqual(2); // the page and the count (the overview's count is the same)
  for (const [sql, { args }] of low) {
    const plan = (t.store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((step) => step.detail);
    expect(plan, sql).toContainEqual(expect.stringMatching(/^SEARCH c USING INTEGER PRIMARY KEY/));
    expect(plan.filter((step) => /SCAN c\b|CORRELATED/.test(step)), sql).toEqual([]);
  }
});
