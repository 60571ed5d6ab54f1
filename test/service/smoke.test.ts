import { afterEach, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

test('a pet created in a category is listed with its status', () => {
  t = openTestStore();
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  expect(t.ok('pets.list', {}).items).toEqual([rex]);
});
