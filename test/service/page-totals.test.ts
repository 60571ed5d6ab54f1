/**
 * List totals are exact whatever writes them away: kept per filter only until this connection or
 * another one (another process: the CLI beside the app) commits. The same for the pets per category.
 */
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { OTHER_WRITERS_WINDOW_MS } from '../../src-main/db/other-writers';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { countsIn, statementsRunBy } from './support/statements';

let t: TestStore;
afterEach(() => t?.close());

test('totals follow every commit, by this connection or another, on every page', async () => {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  for (let i = 0; i < 5; i++) t.ok('pets.create', { name: `Rex ${i}`, categoryId: dogs.id });

  const firstPage = () => t.ok('pets.list', { limit: 2 });
  const secondPage = () => t.ok('pets.list', { limit: 2, cursor: firstPage().nextCursor! });
  expect(firstPage().total).toBe(5);
  expect(secondPage().total).toBe(5);
  expect(t.ok('pets.list', { limit: 50 })).toMatchObject({ total: 5, nextCursor: null }); // one page holds all

  t.ok('pets.create', { name: 'Rex 5', categoryId: dogs.id }); // this connection
  expect(firstPage().total).toBe(6);
  expect(secondPage().total).toBe(6);

  const other = new Database(t.file); // another connection, as another process would be
  const stray = other.prepare("INSERT INTO pets (name, name_folded, category_id, status) VALUES ('Stray', 'stray', ?, 'pending')").run(dogs.id);
  other.prepare('INSERT INTO inventory (pet_id, quantity) VALUES (?, 0)').run(stray.lastInsertRowid);
  other.close();
  await new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_WINDOW_MS + 1)); // another process's commit: seen within the window
  expect(firstPage().total).toBe(7);
  expect(t.ok('pets.list', { limit: 2, status: ['pending'] }).total).toBe(1);

  t.ok('pets.delete', { petId: firstPage().items[0].id });
  expect(firstPage().total).toBe(6);
  expect(t.ok('orders.list', { limit: 1 }).total).toBe(0);
  t.ok('orders.place', { petId: firstPage().items[0].id });
  t.ok('orders.place', { petId: firstPage().items[1].id });
  expect(t.ok('orders.list', { limit: 1 }).total).toBe(2);
  expect(t.ok('inventory.list', { limit: 1 }).total).toBe(6);
});

test('totals stay exact for more filters than are kept at once, and follow a commit', () => {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const [a, b, c] = ['Rex', 'Max', 'Bo'].map((name) => t.ok('pets.create', { name, categoryId: dogs.id }).id);
  // 300 different id filters (more than the 256 totals kept at once), each matching three pets one
  // per page, so every total is counted, not read off its page.
  const byIds = (extra: number) => t.ok('pets.list', { id: [a, b, c, 1000 + extra], limit: 1 }).total;
  for (let extra = 0; extra < 300; extra++) expect(byIds(extra)).toBe(3);
  expect(byIds(0)).toBe(3); // dropped when the cache started over, counted again
  expect(countsIn(statementsRunBy(t.store.db, () => expect(byIds(299)).toBe(3)))).toBe(0); // still kept: not counted again
  expect(countsIn(statementsRunBy(t.store.db, () => expect(byIds(300)).toBe(3)))).toBe(1); // a new filter is counted
  t.ok('pets.delete', { petId: b });
  expect(byIds(0)).toBe(2);
  expect(byIds(299)).toBe(2);
});

test('pets per category follow every commit, by this connection or another', async () => {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const cats = t.ok('categories.create', { name: 'Cats' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  expect(t.ok('categories.petCounts', {})).toEqual([{ categoryId: dogs.id, pets: 1 }]);
  const again = statementsRunBy(t.store.db, () => expect(t.ok('categories.petCounts', {})).toEqual([{ categoryId: dogs.id, pets: 1 }]));
  expect(countsIn(again)).toBe(0); // kept, not counted again

  t.ok('pets.update', { petId: rex.id, changes: { categoryId: cats.id } }); // this connection
  expect(t.ok('categories.petCounts', {})).toEqual([{ categoryId: cats.id, pets: 1 }]);

  const other = new Database(t.file); // another process, such as the CLI importing
  other.prepare("INSERT INTO pets (name, name_folded, category_id, status) VALUES ('Stray', 'stray', ?, 'pending')").run(dogs.id);
  other.close();
  await new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_WINDOW_MS + 1));
  expect(t.ok('categories.petCounts', {})).toEqual([
    { categoryId: dogs.id, pets: 1 },
    { categoryId: cats.id, pets: 1 },
  ]);
});
