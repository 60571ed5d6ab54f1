/**
 * `Category.lowStockThreshold` decides "low" wherever it is decided: `isLowStock`, `inventory.list`
 * with `low`, the dashboard's count and the `inventory.low` event. A new shop's own threshold is 3.
 * The field itself (set, cleared, bounded, carried) is tested with the tax rate's in category-overrides.test.ts.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { effectiveLowStockThreshold, isLowStock } from '../../src-shared/thresholds';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { appendedSince, lastEventId } from './support/observe-engines';
import { statementsRunBy } from './support/statements';

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

describeOnEngines('low stock by category', (fresh) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const lowIds = async () => (await t!.ok('inventory.list', { low: true })).items.map((item) => item.petId);
  const lowEvents = async (mark: number) => (await appendedSince(t!, mark)).filter((event) => event.type === 'inventory.low');

  /** A pet of the category with `stock` units, available. */
  async function petWith(categoryId: number, name: string, stock: number) {
    const pet = await t!.ok('pets.create', { name, categoryId });
    await t!.ok('inventory.set', { petId: pet.id, update: { quantity: stock } });
    return pet;
  }

  test('a new shop\'s threshold is 3: below 3 is low', async () => {
    t = await fresh();
    expect(DEFAULT_SETTINGS.lowStockThreshold).toBe(3);
    expect((await t.ok('settings.get', {})).lowStockThreshold).toBe(3);
    const fish = await t.ok('categories.create', { name: 'Fish' });
    const two = await petWith(fish.id, 'Two', 2);
    await petWith(fish.id, 'Three', 3);
    expect(await lowIds()).toEqual([two.id]);
    expect(await t.ok('stats.overview', {})).toMatchObject({ lowStock: 1, lowStockThreshold: 3 });
  });

  describe('the threshold in force decides low stock everywhere', () => {
    async function shop() {
      t = await fresh(); // the shop's threshold: 3
      const never = await t.ok('categories.create', { name: 'Never', lowStockThreshold: 0 });
      const ten = await t.ok('categories.create', { name: 'Ten', lowStockThreshold: 10 });
      const plain = await t.ok('categories.create', { name: 'Plain' });
      return { t, never, ten, plain };
    }

    test('a category at 0 is never low: not listed, not counted, no event even at 0', async () => {
      const { t, never } = await shop();
      const empty = await petWith(never.id, 'Empty', 3);
      const mark = await lastEventId(t);
      await t.ok('inventory.adjust', { petId: empty.id, adjustment: { delta: -2, reason: 'correction' } }); // 3 → 1 would cross the shop's 3
      await t.ok('orders.place', { petId: empty.id }); // its last unit: pending, still for sale
      expect(await t.ok('inventory.get', { petId: empty.id })).toMatchObject({ quantity: 0, status: 'pending' });
      expect(await lowIds()).toEqual([]);
      expect((await t.ok('stats.overview', {})).lowStock).toBe(0);
      expect(await lowEvents(mark)).toEqual([]);
    });

    test('a category at 10 flags a pet at 9; its event carries 10, fired when the stock falls from 10 to 9', async () => {
      const { t, ten, plain } = await shop();
      const nine = await petWith(ten.id, 'Nine', 9);
      const eleven = await petWith(ten.id, 'Eleven', 11);
      const five = await petWith(plain.id, 'Five', 5); // the shop's 3: not low
      expect(await lowIds()).toEqual([nine.id]);
      expect(await t.ok('inventory.list', { low: true })).toMatchObject({ total: 1 });
      expect(await t.ok('stats.overview', {})).toMatchObject({ lowStock: 1, lowStockThreshold: 3 });
      const mark = await lastEventId(t);
      await t.ok('inventory.adjust', { petId: eleven.id, adjustment: { delta: -1, reason: 'correction' } }); // 11 → 10: not below
      await t.ok('inventory.adjust', { petId: five.id, adjustment: { delta: -2, reason: 'correction' } }); // 5 → 3: not below 3
      expect(await lowEvents(mark)).toEqual([]);
      await t.ok('orders.place', { petId: eleven.id }); // 10 → 9: below 10
      await t.ok('inventory.adjust', { petId: nine.id, adjustment: { delta: -1, reason: 'correction' } }); // already low: no second event
      await t.ok('inventory.adjust', { petId: five.id, adjustment: { delta: -1, reason: 'correction' } }); // 3 → 2: the shop's
      expect((await lowEvents(mark)).map((event) => event.data)).toEqual([
        { petId: eleven.id, quantity: 9, status: 'available', threshold: 10 },
        { petId: five.id, quantity: 2, status: 'available', threshold: 3 },
      ]);
      expect(await lowIds()).toEqual([nine.id, eleven.id, five.id]);
      expect((await t.ok('stats.overview', {})).lowStock).toBe(3);
    });

    test('cleared with null, the shop\'s threshold applies again; changing a category\'s threshold fires no event', async () => {
      const { t, ten } = await shop();
      const nine = await petWith(ten.id, 'Nine', 9);
      const two = await petWith(ten.id, 'Two', 2);
      expect(await lowIds()).toEqual([nine.id, two.id]);
      const mark = await lastEventId(t);
      await t.ok('categories.update', { categoryId: ten.id, changes: { lowStockThreshold: null } });
      expect(await lowIds()).toEqual([two.id]);
      expect((await t.ok('stats.overview', {})).lowStock).toBe(1);
      await t.ok('settings.update', { lowStockThreshold: 1 });
      expect(await lowIds()).toEqual([]);
      // Raised, it makes both low at once: told by category.updated, not by an inventory.low per pet.
      await t.ok('categories.update', { categoryId: ten.id, changes: { lowStockThreshold: 20 } });
      expect(await lowIds()).toEqual([nine.id, two.id]);
      expect((await appendedSince(t, mark)).map((event) => event.type)).toEqual(['category.updated', 'settings.updated', 'category.updated']);
    });

    test('a pet moved to another category is low by its new category\'s threshold', async () => {
      const { t, ten, plain } = await shop();
      const five = await petWith(plain.id, 'Five', 5);
      expect(await lowIds()).toEqual([]);
      await t.ok('pets.update', { petId: five.id, changes: { categoryId: ten.id } });
      expect(await lowIds()).toEqual([five.id]);
    });
  });
});

// SQLite-only: SQLite's query plan (EXPLAIN QUERY PLAN of the statements the file ran).
describe('the low-stock queries on SQLite', () => {
  let s: TestStore | undefined;
  afterEach(() => s?.close());

  test('the low-stock list and count find each pet\'s category by its key: the pets are read once, no category scanned per pet', () => {
    const t = (s = openTestStore());
    const ten = t.ok('categories.create', { name: 'Ten', lowStockThreshold: 10 });
    const pet = t.ok('pets.create', { name: 'Nine', categoryId: ten.id });
    t.ok('inventory.set', { petId: pet.id, update: { quantity: 9 } });
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
});
