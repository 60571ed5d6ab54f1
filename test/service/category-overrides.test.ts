/**
 * A category field that overrides a shop setting (`taxRate` over `defaultTaxRate`,
 * `lowStockThreshold` over the shop's): optional (absent: the shop's applies), set on create,
 * replaced by PUT (left out: cleared), changed or cleared (`null`) by PATCH, 0 a value, carried by
 * the category events, and bounded in the schema and the database. One body for each field.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CATEGORY_OVERRIDES } from '../helpers/category-overrides';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { checkRefused, rawSql } from './support/around-the-service';

describeOnEngines('category overrides', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  const categoryEvents = async () =>
    (await t.ok('events.list', {})).filter((event) => event.type.startsWith('category.')).map(({ type, data }) => ({ type, data }));

  describe.each(CATEGORY_OVERRIDES)("a category's $field", ({ field, column, max, values: [value, other], refused }) => {
    const stored = async (id: number) => (await rawSql<Record<string, unknown>>(t, `SELECT ${column} FROM categories WHERE id = ?`, [id]))[0][column];

    test('is set on create, read and listed with it, carried by its event; absent is none (the shop\'s applies)', async () => {
      const own = await t.ok('categories.create', { name: 'Food', [field]: value });
      const plain = await t.ok('categories.create', { name: 'Dogs' });
      expect(own).toEqual({ id: own.id, name: 'Food', [field]: value });
      // Absent, not null or 0.
      expect(plain).toEqual({ id: plain.id, name: 'Dogs' });
      expect(await stored(plain.id)).toBeNull();
      expect(await t.ok('categories.get', { categoryId: own.id })).toEqual(own);
      expect((await t.ok('categories.list', {})).items).toEqual([plain, own]);
      expect(await categoryEvents()).toEqual([
        { type: 'category.created', data: own },
        { type: 'category.created', data: plain },
      ]);
    });

    test('0 is a value (tax-free, never low), not none', async () => {
      const zero = await t.ok('categories.create', { name: 'Zero', [field]: 0 });
      expect(zero[field]).toBe(0);
      expect(await stored(zero.id)).toBe(0);
    });

    test('PATCH changes it, leaves it when not sent, and clears it with null; the event says so', async () => {
      const { id } = await t.ok('categories.create', { name: 'Food', description: 'Dry and wet', [field]: value });
      expect(await t.ok('categories.update', { categoryId: id, changes: { [field]: other } })).toEqual({ id, name: 'Food', description: 'Dry and wet', [field]: other });
      expect(await t.ok('categories.update', { categoryId: id, changes: { name: 'Pet food' } })).toEqual({ id, name: 'Pet food', description: 'Dry and wet', [field]: other });
      // As IPC's structured clone keeps it: undefined is a field not sent.
      expect((await t.ok('categories.update', { categoryId: id, changes: { description: 'Dry', [field]: undefined } }))[field]).toBe(other);
      expect(await t.ok('categories.update', { categoryId: id, changes: { [field]: null } })).toEqual({ id, name: 'Pet food', description: 'Dry' });
      expect(await stored(id)).toBeNull();
      expect((await categoryEvents()).at(-1)).toEqual({ type: 'category.updated', data: { id, name: 'Pet food', description: 'Dry' } });
    });

    test('PUT replaces the whole category: left out, it is cleared', async () => {
      const { id } = await t.ok('categories.create', { name: 'Food', [field]: value });
      expect(await t.ok('categories.replace', { categoryId: id, category: { name: 'Food', [field]: other } })).toEqual({ id, name: 'Food', [field]: other });
      expect(await t.ok('categories.replace', { categoryId: id, category: { name: 'Food' } })).toEqual({ id, name: 'Food' });
      expect(await stored(id)).toBeNull();
    });

    test.each(refused)('%j is VALIDATION_FAILED naming it on create, replace and update; nothing changes', async (bad, message) => {
      const { id } = await t.ok('categories.create', { name: 'Food', [field]: value });
      for (const [name, input, path] of [
        ['categories.create', { name: 'Toys', [field]: bad }, field],
        ['categories.replace', { categoryId: id, category: { name: 'Food', [field]: bad } }, `category.${field}`],
        ['categories.update', { categoryId: id, changes: { [field]: bad } }, `changes.${field}`],
      ] as const) {
        const error = await t.fail(name, input);
        expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
        expect(error.details).toEqual([{ path, message: message ?? expect.any(String) }]);
      }
      expect((await t.ok('categories.list', {})).items).toEqual([{ id, name: 'Food', [field]: value }]);
    });

    test('null is not a value on create or replace (only PATCH clears with it)', async () => {
      const { id } = await t.ok('categories.create', { name: 'Food' });
      expect(await t.fail('categories.create', { name: 'Toys', [field]: null })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: field, message: 'Must be a number, not null' }] });
      expect(await t.fail('categories.replace', { categoryId: id, category: { name: 'Food', [field]: null } })).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: `category.${field}` }] });
    });

    test('the database refuses a value out of range even written around the service', async () => {
      const { id } = await t.ok('categories.create', { name: 'Food' });
      await expect(rawSql(t, `UPDATE categories SET ${column} = ? WHERE id = ?`, [max + 1, id])).rejects.toThrow(checkRefused(t));
      await expect(rawSql(t, `UPDATE categories SET ${column} = -1 WHERE id = ?`, [id])).rejects.toThrow(checkRefused(t));
      expect(await stored(id)).toBeNull();
    });
  });
});
