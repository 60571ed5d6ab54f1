import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { usePetsStore } from '../../../src-renderer/stores/pets';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('reload lists the pets matching the filters, with their stock', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  h.ok('pets.create', { name: 'Bella', categoryId: dogs.id, status: 'pending' });
  const pets = usePetsStore();
  await pets.reload();
  expect(pets.rows.map((row) => [row.name, row.stock])).toEqual([
    ['Rex', 1],
    ['Bella', 0],
  ]);
  pets.filters.status = ['pending'];
  await pets.reload();
  expect(pets.rows.map((row) => row.name)).toEqual(['Bella']);
  expect(pets.total).toBe(1);
});

test('create rejects with the service’s Error object and adds nothing', async () => {
  h = useRealApi();
  const pets = usePetsStore();
  const refusal = await pets.create({ name: 'Ghost', categoryId: 999 }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'REFERENCE_NOT_FOUND', status: 422 });
  expect(h.ok('pets.list', {}).total).toBe(0);
});

test('searches typed while one runs are coalesced into one more query, with the latest text', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  for (const name of ['Rex', 'Rexa', 'Bella', 'Max']) h.ok('pets.create', { name, categoryId: dogs.id });
  const pets = usePetsStore();
  const runs: Promise<void>[] = [];
  for (const text of ['r', 're', 'rex', 'rexa']) {
    pets.filters.q = text;
    runs.push(pets.reload());
  }
  await Promise.all(runs);
  // The first keystroke's query, then one for everything typed while it ran.
  expect(h.invoked.filter((name) => name === 'pets.list')).toHaveLength(2);
  expect(pets.rows.map((row) => row.name)).toEqual(['Rexa']);
  expect(pets.total).toBe(1);
});

test('changes from anywhere are applied to the loaded rows: edits and stock in place, additions by reloading', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const pets = usePetsStore();
  await pets.reload();
  const seen: string[] = [];
  const unsubscribe = h.store.feed.subscribe((event) => {
    seen.push(event.type);
    pets.applyEvent(event);
  });
  h.ok('pets.update', { petId: rex.id, changes: { name: 'Rex the Second' } });
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 9 } });
  expect(pets.rows).toEqual([expect.objectContaining({ id: rex.id, name: 'Rex the Second', stock: 9, status: 'available' })]);

  h.ok('pets.create', { name: 'Newcomer', categoryId: dogs.id });
  await expect.poll(() => pets.rows.map((row) => row.name)).toEqual(['Rex the Second', 'Newcomer']);
  expect(pets.total).toBe(2);
  unsubscribe();
  expect(seen).toEqual(expect.arrayContaining(['pet.updated', 'inventory.updated', 'pet.created']));
});
