/**
 * Names sort as a person reads them: case and accents aside, numbers by value, then by id. Pets
 * sorted by name, categories (always by name) and the dashboard's stock by category; name searches
 * ignore case and accents the same way (docs/decisions.md#names-sort-and-search-as-a-person-reads-them).
 */
import { afterEach, expect, test } from 'vitest';
import { nameContains } from '../../src-shared/name-keys';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

const PET_NAMES = ['Zoë', 'émile', 'Eddie', 'bob', 'Ängel', 'Émile', 'Oscar', 'Øyvind', 'Chloé', 'chloe'];
/** Accents and case do not count; equal keys (Émile/émile, Chloé/chloe) keep their id order; Ø has no base letter and comes after z. */
const PETS_BY_NAME = ['Ängel', 'bob', 'Chloé', 'chloe', 'Eddie', 'émile', 'Émile', 'Oscar', 'Zoë', 'Øyvind'];

function seedPets(): number {
  const category = t.ok('categories.create', { name: 'Mixed' });
  for (const name of PET_NAMES) t.ok('pets.create', { name, categoryId: category.id });
  return category.id;
}

test('pets sorted by name: alphabetical with case and accents aside, then by id; descending is the exact reverse', () => {
  t = openTestStore();
  seedPets();
  expect(t.ok('pets.list', { sort: 'name' }).items.map((pet) => pet.name)).toEqual(PETS_BY_NAME);
  expect(t.ok('pets.list', { sort: '-name' }).items.map((pet) => pet.name)).toEqual([...PETS_BY_NAME].reverse());
});

test('paging by name with a small limit walks the same order, every pet once, across equal keys', () => {
  t = openTestStore();
  seedPets();
  for (const sort of ['name', '-name'] as const) {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = t.ok('pets.list', { sort, limit: 3, cursor });
      names.push(...page.items.map((pet) => pet.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(sort === 'name' ? PETS_BY_NAME : [...PETS_BY_NAME].reverse());
  }
});

test('a renamed pet moves to its new place; an imported one lands in its place', () => {
  t = openTestStore();
  const categoryId = seedPets();
  const bob = t.ok('pets.list', { q: 'bob' }).items[0]!;
  t.ok('pets.update', { petId: bob.id, changes: { name: 'Élodie' } });
  t.ok('data.import', { format: 'csv', content: `name,category\nÄrwin,${categoryId}` });
  const names = t.ok('pets.list', { sort: 'name' }).items.map((pet) => pet.name);
  expect(names.slice(0, 7)).toEqual(['Ängel', 'Ärwin', 'Chloé', 'chloe', 'Eddie', 'Élodie', 'émile']);
});

test('categories list by name the same way, and so does the dashboard', () => {
  t = openTestStore();
  for (const name of ['Échassiers', 'Zèbres', 'chats', 'Dogs', 'Äffchen']) t.ok('categories.create', { name });
  const expected = ['Äffchen', 'chats', 'Dogs', 'Échassiers', 'Zèbres'];
  expect(t.ok('categories.list', {}).items.map((category) => category.name)).toEqual(expected);
  const first = t.ok('categories.list', { limit: 2 });
  const rest = t.ok('categories.list', { limit: 5, cursor: first.nextCursor! });
  expect([...first.items, ...rest.items].map((category) => category.name)).toEqual(expected);
  expect(t.ok('stats.overview', {}).stockByCategory.map((row) => row.name)).toEqual(expected);
});

test('the dashboard lists the first 500 categories of a larger shop, in name order (its answer is bounded)', () => {
  t = openTestStore();
  for (let n = 501; n >= 1; n--) t.ok('categories.create', { name: `Category ${n}` });
  const rows = t.ok('stats.overview', {}).stockByCategory;
  expect(rows).toHaveLength(PAGE_LIMIT_MAX);
  expect([rows[0].name, rows.at(-1)!.name]).toEqual(['Category 1', 'Category 500']);
});

test('numbers in names sort by value, in pets (both ways, and paged) and categories; searches still find digits as typed', () => {
  t = openTestStore();
  const category = t.ok('categories.create', { name: 'Dogs' });
  const typed = ['Charlie 101', 'Charlie 5', 'charlie 10', 'Charlie', 'Charlie 007', 'Charlie 7b', 'Charlie 12345678901', 'Charlie 99999999', 'Charlie x', '5 Birds'];
  for (const name of typed) t.ok('pets.create', { name, categoryId: category.id });
  // Digits before letters as before; leading zeros aside ("007" and "7" are equal keys: then by id).
  const expected = ['5 Birds', 'Charlie', 'Charlie 5', 'Charlie 007', 'Charlie 7b', 'charlie 10', 'Charlie 101', 'Charlie 99999999', 'Charlie 12345678901', 'Charlie x'];
  expect(t.ok('pets.list', { sort: 'name' }).items.map((pet) => pet.name)).toEqual(expected);
  expect(t.ok('pets.list', { sort: '-name' }).items.map((pet) => pet.name)).toEqual([...expected].reverse());
  const paged: string[] = [];
  let cursor: string | undefined;
  do {
    const page = t.ok('pets.list', { sort: 'name', limit: 3, cursor });
    paged.push(...page.items.map((pet) => pet.name));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(paged).toEqual(expected);

  expect(t.ok('pets.list', { q: 'charlie 1', sort: 'name' }).items.map((pet) => pet.name)).toEqual(['charlie 10', 'Charlie 101', 'Charlie 12345678901']);
  expect(t.ok('pets.list', { q: '007' }).items.map((pet) => pet.name)).toEqual(['Charlie 007']);

  for (const name of ['Room 10', 'Room 9', 'Room 100']) t.ok('categories.create', { name });
  expect(t.ok('categories.list', { q: 'room' }).items.map((c) => c.name)).toEqual(['Room 9', 'Room 10', 'Room 100']);
});

test('a name search ignores case and accents both ways, in pets, stock and categories', () => {
  t = openTestStore();
  seedPets();
  const names = (q: string) => t.ok('pets.list', { q }).items.map((pet) => pet.name);
  expect(names('emile')).toEqual(['émile', 'Émile']);
  expect(names('ÉMI')).toEqual(['émile', 'Émile']);
  expect(names('chloe')).toEqual(['Chloé', 'chloe']);
  expect(names('zoe')).toEqual(['Zoë']);
  expect(names('øy')).toEqual(['Øyvind']);
  expect(names('oy')).toEqual([]); // ø has no base letter: it is not an o
  expect(t.ok('inventory.list', { q: 'ANGEL' }).total).toBe(1);
  t.ok('categories.create', { name: 'Échassiers' });
  expect(t.ok('categories.list', { q: 'echa' }).items.map((category) => category.name)).toEqual(['Échassiers']);
  // Names stay distinct by case only: "Echassiers" is another category.
  expect(t.ok('categories.create', { name: 'Echassiers' }).name).toBe('Echassiers');
  expect(t.fail('categories.create', { name: 'ÉCHASSIERS' }).code).toBe('CATEGORY_NAME_TAKEN');
});

test('the screens that filter lists themselves match exactly what the service finds', () => {
  t = openTestStore();
  seedPets();
  for (const q of ['emile', 'ÉMI', 'chloe', 'CHLOÉ', 'zoe', 'øy', 'oy', 'e', ' bo ', 'äng', 'nobody']) {
    const found = t.ok('pets.list', { q }).items.map((pet) => pet.name);
    expect(PET_NAMES.filter((name) => nameContains(name, q)), q).toEqual(found);
  }
});
