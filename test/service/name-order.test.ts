/**
 * Names sort as a person reads them: case and accents aside, numbers by value, then by id. Pets
 * sorted by name, categories (always by name) and the dashboard's stock by category; name searches
 * ignore case and accents the same way (docs/decisions.md#names-sort-and-search-as-a-person-reads-them).
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { nameContains } from '../../src-shared/name-keys';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

const PET_NAMES = ['Zoë', 'émile', 'Eddie', 'bob', 'Ängel', 'Émile', 'Oscar', 'Øyvind', 'Chloé', 'chloe'];
/** Accents and case do not count; equal keys (Émile/émile, Chloé/chloe) keep their id order; Ø has no base letter and comes after z. */
const PETS_BY_NAME = ['Ängel', 'bob', 'Chloé', 'chloe', 'Eddie', 'émile', 'Émile', 'Oscar', 'Zoë', 'Øyvind'];

describeOnEngines('names in reading order', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  async function seedPets(): Promise<number> {
    const category = await t.ok('categories.create', { name: 'Mixed' });
    for (const name of PET_NAMES) await t.ok('pets.create', { name, categoryId: category.id });
    return category.id;
  }
  const petNames = async (input: Record<string, unknown>) => (await t.ok('pets.list', input)).items.map((pet) => pet.name);

  test('pets sorted by name: alphabetical with case and accents aside, then by id; descending is the exact reverse', async () => {
    await seedPets();
    expect(await petNames({ sort: 'name' })).toEqual(PETS_BY_NAME);
    expect(await petNames({ sort: '-name' })).toEqual([...PETS_BY_NAME].reverse());
  });

  test('paging by name with a small limit walks the same order, every pet once, across equal keys', async () => {
    await seedPets();
    for (const sort of ['name', '-name'] as const) {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await t.ok('pets.list', { sort, limit: 3, cursor });
        names.push(...page.items.map((pet) => pet.name));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(names).toEqual(sort === 'name' ? PETS_BY_NAME : [...PETS_BY_NAME].reverse());
    }
  });

  test('a renamed pet moves to its new place; an imported one lands in its place', async () => {
    const categoryId = await seedPets();
    const bob = (await t.ok('pets.list', { q: 'bob' })).items[0]!;
    await t.ok('pets.update', { petId: bob.id, changes: { name: 'Élodie' } });
    await t.ok('data.import', { format: 'csv', content: `name,category\nÄrwin,${categoryId}` });
    const names = await petNames({ sort: 'name' });
    expect(names.slice(0, 7)).toEqual(['Ängel', 'Ärwin', 'Chloé', 'chloe', 'Eddie', 'Élodie', 'émile']);
  });

  test('categories list by name the same way, and so does the dashboard', async () => {
    for (const name of ['Échassiers', 'Zèbres', 'chats', 'Dogs', 'Äffchen']) await t.ok('categories.create', { name });
    const expected = ['Äffchen', 'chats', 'Dogs', 'Échassiers', 'Zèbres'];
    expect((await t.ok('categories.list', {})).items.map((category) => category.name)).toEqual(expected);
    const first = await t.ok('categories.list', { limit: 2 });
    const rest = await t.ok('categories.list', { limit: 5, cursor: first.nextCursor! });
    expect([...first.items, ...rest.items].map((category) => category.name)).toEqual(expected);
    expect((await t.ok('stats.overview', {})).stockByCategory.map((row) => row.name)).toEqual(expected);
  });

  test('the dashboard lists the first 500 categories of a larger shop, in name order (its answer is bounded)', async () => {
    for (let n = 501; n >= 1; n--) await t.ok('categories.create', { name: `Category ${n}` });
    const rows = (await t.ok('stats.overview', {})).stockByCategory;
    expect(rows).toHaveLength(PAGE_LIMIT_MAX);
    expect([rows[0].name, rows.at(-1)!.name]).toEqual(['Category 1', 'Category 500']);
  });

  test('numbers in names sort by value, in pets (both ways, and paged) and categories; searches still find digits as typed', async () => {
    const category = await t.ok('categories.create', { name: 'Dogs' });
    const typed = ['Charlie 101', 'Charlie 5', 'charlie 10', 'Charlie', 'Charlie 007', 'Charlie 7b', 'Charlie 12345678901', 'Charlie 99999999', 'Charlie x', '5 Birds'];
    for (const name of typed) await t.ok('pets.create', { name, categoryId: category.id });
    // Digits before letters as before; leading zeros aside ("007" and "7" are equal keys: then by id).
    const expected = ['5 Birds', 'Charlie', 'Charlie 5', 'Charlie 007', 'Charlie 7b', 'charlie 10', 'Charlie 101', 'Charlie 99999999', 'Charlie 12345678901', 'Charlie x'];
    expect(await petNames({ sort: 'name' })).toEqual(expected);
    expect(await petNames({ sort: '-name' })).toEqual([...expected].reverse());
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.ok('pets.list', { sort: 'name', limit: 3, cursor });
      paged.push(...page.items.map((pet) => pet.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(expected);

    expect(await petNames({ q: 'charlie 1', sort: 'name' })).toEqual(['charlie 10', 'Charlie 101', 'Charlie 12345678901']);
    expect(await petNames({ q: '007' })).toEqual(['Charlie 007']);

    for (const name of ['Room 10', 'Room 9', 'Room 100']) await t.ok('categories.create', { name });
    expect((await t.ok('categories.list', { q: 'room' })).items.map((c) => c.name)).toEqual(['Room 9', 'Room 10', 'Room 100']);
  });

  test('a name search ignores case and accents both ways, in pets, stock and categories', async () => {
    await seedPets();
    const names = (q: string) => petNames({ q });
    expect(await names('emile')).toEqual(['émile', 'Émile']);
    expect(await names('ÉMI')).toEqual(['émile', 'Émile']);
    expect(await names('chloe')).toEqual(['Chloé', 'chloe']);
    expect(await names('zoe')).toEqual(['Zoë']);
    expect(await names('øy')).toEqual(['Øyvind']);
    expect(await names('oy')).toEqual([]); // ø has no base letter: it is not an o
    expect((await t.ok('inventory.list', { q: 'ANGEL' })).total).toBe(1);
    await t.ok('categories.create', { name: 'Échassiers' });
    expect((await t.ok('categories.list', { q: 'echa' })).items.map((category) => category.name)).toEqual(['Échassiers']);
    // Names stay distinct by case only: "Echassiers" is another category.
    expect((await t.ok('categories.create', { name: 'Echassiers' })).name).toBe('Echassiers');
    expect((await t.fail('categories.create', { name: 'ÉCHASSIERS' })).code).toBe('CATEGORY_NAME_TAKEN');
  });

  test('the screens that filter lists themselves match exactly what the service finds', async () => {
    await seedPets();
    for (const q of ['emile', 'ÉMI', 'chloe', 'CHLOÉ', 'zoe', 'øy', 'oy', 'e', ' bo ', 'äng', 'nobody']) {
      const found = await petNames({ q });
      expect(PET_NAMES.filter((name) => nameContains(name, q)), q).toEqual(found);
    }
  });
});
