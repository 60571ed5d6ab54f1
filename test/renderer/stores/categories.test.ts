import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { useCategoriesStore } from '../../../src-renderer/stores/categories';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('load lists every category by name; nameOf names them, or falls back to the id', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  h.ok('categories.create', { name: 'Cats', description: 'Purring' });
  const categories = useCategoriesStore();
  await categories.load();
  expect(categories.items.map((c) => [c.name, c.description])).toEqual([
    ['Cats', 'Purring'],
    ['Dogs', undefined],
  ]);
  expect(categories.loading).toBe(false);
  expect(categories.nameOf(dogs.id)).toBe('Dogs');
  expect(categories.nameOf(999)).toBe('#999');
});

test('load pages through more categories than one page holds', async () => {
  h = useRealApi();
  for (let i = 0; i < 505; i++) h.ok('categories.create', { name: `Kind ${String(i).padStart(3, '0')}` });
  const categories = useCategoriesStore();
  await categories.load();
  expect(categories.items).toHaveLength(505);
  expect(categories.items.at(-1)?.name).toBe('Kind 504');
});

test('create stores the category and reloads the list', async () => {
  h = useRealApi();
  const categories = useCategoriesStore();
  const created = await categories.create({ name: '  Birds ', description: 'Feathered' });
  expect(created).toMatchObject({ name: 'Birds', description: 'Feathered' });
  expect(categories.items.map((c) => c.name)).toEqual(['Birds']);
  expect(h.ok('categories.get', { categoryId: created.id }).name).toBe('Birds');
  expect(categories.petCounts[created.id], 'a new category has no pets (shown as 0, not "–")').toBe(0);
});

test('a duplicate name (any case) is refused with CATEGORY_NAME_TAKEN and a detail on the name field', async () => {
  h = useRealApi();
  h.ok('categories.create', { name: 'Birds' });
  const categories = useCategoriesStore();
  const refusal = await categories.create({ name: 'BIRDS' }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'CATEGORY_NAME_TAKEN', status: 409, details: [{ path: 'name' }] });
  expect(h.ok('categories.list', {}).total).toBe(1);
});

test('update changes only the fields given; an empty description clears it; a taken name is refused', async () => {
  h = useRealApi();
  const fish = h.ok('categories.create', { name: 'Fish', description: 'Wet' });
  h.ok('categories.create', { name: 'Birds' });
  const categories = useCategoriesStore();
  await categories.load();
  const renamed = await categories.update(fish.id, { name: 'Fishes' });
  expect(renamed, 'the description is kept').toEqual({ id: fish.id, name: 'Fishes', description: 'Wet' });
  const cleared = await categories.update(fish.id, { description: '' });
  expect(cleared, 'no description, not an empty one').toEqual({ id: fish.id, name: 'Fishes' });
  expect(categories.byId.get(fish.id)).toEqual({ id: fish.id, name: 'Fishes' });
  const refusal = await categories.update(fish.id, { name: 'birds' }).catch((error: unknown) => error);
  expect(refusal).toMatchObject({ code: 'CATEGORY_NAME_TAKEN' });
  expect(h.ok('categories.get', { categoryId: fish.id }).name).toBe('Fishes');
});

test('remove deletes an unused category; one still in use is refused with CATEGORY_IN_USE and kept', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const empty = h.ok('categories.create', { name: 'Empty' });
  h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const categories = useCategoriesStore();
  await categories.load();

  const refusal = await categories.remove(dogs.id).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'CATEGORY_IN_USE', status: 409, message: 'Category "Dogs" still has 1 pet: move or delete them first' });
  expect(categories.items.map((c) => c.name)).toEqual(['Dogs', 'Empty']);

  await categories.remove(empty.id);
  expect(categories.items.map((c) => c.name)).toEqual(['Dogs']);
  expect(h.fail('categories.get', { categoryId: empty.id }).code).toBe('NOT_FOUND');
});

test('loadPetCounts counts the pets of each category', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const cats = h.ok('categories.create', { name: 'Cats' });
  h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  h.ok('pets.create', { name: 'Fido', categoryId: dogs.id, status: 'sold' });
  const categories = useCategoriesStore();
  await categories.load();
  await categories.loadPetCounts();
  expect(categories.petCounts).toEqual({ [dogs.id]: 2, [cats.id]: 0 });
});
