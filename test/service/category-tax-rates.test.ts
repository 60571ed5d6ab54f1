/**
 * `Category.taxRate`: a category's own tax rate in basis points, optional (absent: the shop's
 * `defaultTaxRate`), set on create, replaced by PUT (left out: cleared), changed or cleared (`null`)
 * by PATCH, carried by the category events, and bounded 0–10,000.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

const categoryEvents = () => t.ok('events.list', {}).filter((event) => event.type.startsWith('category.')).map(({ type, data }) => ({ type, data }));
const storedRate = (id: number) => t.store.db.prepare('SELECT tax_rate FROM categories WHERE id = ?').pluck().get(id);

describe('a category with a tax rate', () => {
  test('is created with it, reads and lists with it, and its event carries it', () => {
    t = openTestStore();
    const food = t.ok('categories.create', { name: 'Food', taxRate: 700 });
    const dogs = t.ok('categories.create', { name: 'Dogs' });
    expect(food).toEqual({ id: food.id, name: 'Food', taxRate: 700 });
    // Absent, not null or 0: the shop's default rate applies.
    expect(dogs).toEqual({ id: dogs.id, name: 'Dogs' });
    expect(storedRate(dogs.id)).toBeNull();
    expect(t.ok('categories.get', { categoryId: food.id })).toEqual(food);
    expect(t.ok('categories.list', {}).items).toEqual([dogs, food]);
    expect(categoryEvents()).toEqual([
      { type: 'category.created', data: food },
      { type: 'category.created', data: dogs },
    ]);
  });

  test('a rate of 0 is a rate (tax-free), not none', () => {
    t = openTestStore();
    const exempt = t.ok('categories.create', { name: 'Exempt', taxRate: 0 });
    expect(exempt.taxRate).toBe(0);
    expect(storedRate(exempt.id)).toBe(0);
  });

  test('PATCH changes the rate, leaves it when not sent, and clears it with null', () => {
    t = openTestStore();
    const { id } = t.ok('categories.create', { name: 'Food', description: 'Dry and wet', taxRate: 700 });
    expect(t.ok('categories.update', { categoryId: id, changes: { taxRate: 1900 } })).toEqual({ id, name: 'Food', description: 'Dry and wet', taxRate: 1900 });
    expect(t.ok('categories.update', { categoryId: id, changes: { name: 'Pet food' } })).toEqual({ id, name: 'Pet food', description: 'Dry and wet', taxRate: 1900 });
    // As IPC's structured clone keeps it: undefined is a field not sent.
    expect(t.ok('categories.update', { categoryId: id, changes: { description: 'Dry', taxRate: undefined } }).taxRate).toBe(1900);
    expect(t.ok('categories.update', { categoryId: id, changes: { taxRate: null } })).toEqual({ id, name: 'Pet food', description: 'Dry' });
    expect(storedRate(id)).toBeNull();
    expect(categoryEvents().at(-1)).toEqual({ type: 'category.updated', data: { id, name: 'Pet food', description: 'Dry' } });
  });

  test('PUT replaces the whole category: a rate left out is cleared', () => {
    t = openTestStore();
    const { id } = t.ok('categories.create', { name: 'Food', taxRate: 700 });
    expect(t.ok('categories.replace', { categoryId: id, category: { name: 'Food', taxRate: 1000 } })).toEqual({ id, name: 'Food', taxRate: 1000 });
    expect(t.ok('categories.replace', { categoryId: id, category: { name: 'Food' } })).toEqual({ id, name: 'Food' });
  });

  test.each([
    [10_001, 'Must be at most 10,000'],
    [-1, 'Must be at least 0'],
    [19.5, 'Must be a whole number'],
    ['1900', 'Must be a number'],
  ])('a rate of %j is VALIDATION_FAILED on create, replace and update', (taxRate, message) => {
    t = openTestStore();
    const { id } = t.ok('categories.create', { name: 'Food', taxRate: 700 });
    expect(t.fail('categories.create', { name: 'Toys', taxRate })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'taxRate', message }] });
    expect(t.fail('categories.replace', { categoryId: id, category: { name: 'Food', taxRate } })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'category.taxRate', message }],
    });
    expect(t.fail('categories.update', { categoryId: id, changes: { taxRate } })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'changes.taxRate', message }] });
    expect(t.ok('categories.get', { categoryId: id }).taxRate).toBe(700);
  });

  test('null is not a rate on create or replace (only PATCH clears with it)', () => {
    t = openTestStore();
    expect(t.fail('categories.create', { name: 'Toys', taxRate: null })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'taxRate', message: 'Must be a number, not null' }] });
  });

  test('the database refuses an out-of-range rate even written around the service', () => {
    t = openTestStore();
    const { id } = t.ok('categories.create', { name: 'Food' });
    expect(() => t.store.db.prepare('UPDATE categories SET tax_rate = 10001 WHERE id = ?').run(id)).toThrow(/CHECK constraint failed/);
  });
});
