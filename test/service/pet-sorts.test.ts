/**
 * The pets list sorted by stock and by category (the Pets screen's column sorts): the order, ties by
 * id, descending, and a walk in pages that continues where it stopped while stock changes meanwhile.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

describeOnEngines('the pets list by stock and category', (fresh) => {
  let t: EngineStore;
  let ids: Record<string, number>;
  beforeEach(async () => {
    t = await fresh();
    const zebras = (await t.ok('categories.create', { name: 'Zebras' })).id;
    const ants = (await t.ok('categories.create', { name: 'ants' })).id; // lower case: names sort case aside
    const birds = (await t.ok('categories.create', { name: 'Birds' })).id;
    ids = {};
    for (const [name, categoryId, stock] of [
      ['Zed', zebras, 5],
      ['Ann', ants, 0],
      ['Bo', birds, 2],
      ['Al', ants, 2],
      ['Zoe', zebras, 1],
    ] as const) {
      ids[name] = (await t.ok('pets.create', { name, categoryId, status: stock ? 'available' : 'pending' })).id;
      if (stock > 1) await t.ok('inventory.set', { petId: ids[name], update: { quantity: stock } });
    }
  });
  afterEach(() => t.close());

  const names = async (sort: string, limit = 50) => (await t.ok('pets.list', { sort, limit } as never)).items.map((pet) => pet.name);

  test('by stock: fewest first, equal stock by id; -stock the reverse', async () => {
    expect(await names('stock')).toEqual(['Ann', 'Bo', 'Al', 'Zoe', 'Zed'].sort((a, b) => order(a, b, { Ann: 0, Bo: 2, Al: 2, Zoe: 1, Zed: 5 })));
    expect(await names('-stock')).toEqual([...(await names('stock'))].reverse());
  });

  test("by category: the category's name A to Z, case aside, then by id; -category the reverse", async () => {
    expect(await names('category')).toEqual(['Ann', 'Al', 'Bo', 'Zed', 'Zoe']);
    expect(await names('-category')).toEqual(['Zoe', 'Zed', 'Bo', 'Al', 'Ann']);
  });

  test('a walk by stock in pages of 2 gives every pet once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.ok('pets.list', { sort: 'stock', limit: 2, cursor });
      seen.push(...page.items.map((pet) => pet.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(await names('stock'));
  });

  test('a stock cursor made by hand (not digits) is refused as a cursor this service did not issue', async () => {
    const issued = (await t.ok('pets.list', { sort: 'stock', limit: 1 })).nextCursor!;
    const fields = JSON.parse(Buffer.from(issued, 'base64url').toString()) as unknown[];
    const forged = Buffer.from(JSON.stringify([...fields.slice(0, 5), '1e3'])).toString('base64url');
    const error = await t.fail('pets.list', { sort: 'stock', limit: 1, cursor: forged });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('not a cursor this service issued');
  });

  function order(a: string, b: string, stock: Record<string, number>): number {
    return stock[a] - stock[b] || ids[a] - ids[b];
  }
});
