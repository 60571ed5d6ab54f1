/**
 * The pets store's bulk change, selection and delete with undo, on the real service (the client's
 * calls go through the contract's in-process invoke).
 */
import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { usePetsStore } from '../../../src-renderer/stores/pets';
import { useRealApi, type RendererHarness } from '../support/real-api';
import { PNG } from '../../helpers/images';

let h: RendererHarness;
afterEach(() => h?.close());

test('bulkUpdate changes every pet named and the loaded rows follow; new filters clear the selection', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const cats = h.ok('categories.create', { name: 'Cats' });
  const ids = ['Rex', 'Bella', 'Max'].map((name) => h.ok('pets.create', { name, categoryId: dogs.id }).id);
  const pets = usePetsStore();
  await pets.reload();
  pets.selectLoaded(true);
  expect([...pets.selected]).toEqual(ids);
  pets.toggleSelected(ids[1]!);
  expect([...pets.selected]).toEqual([ids[0], ids[2]]);
  expect(await pets.bulkUpdate([...pets.selected], { categoryId: cats.id, price: 999 })).toBe(2);
  expect(pets.rows.map((row) => [row.name, row.categoryId, row.price])).toEqual([
    ['Rex', cats.id, 999],
    ['Bella', dogs.id, undefined],
    ['Max', cats.id, 999],
  ]);
  pets.filters.q = 'x';
  await Promise.resolve();
  expect(pets.selected.size).toBe(0);
});

test('a refused bulk change rejects with the store’s Error object and changes nothing', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const bella = h.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  h.ok('orders.place', { petId: bella.id });
  const pets = usePetsStore();
  const refusal = await pets.bulkUpdate([rex.id, bella.id], { status: 'sold' }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'PET_HAS_OPEN_ORDERS', status: 409 });
  expect(h.ok('pets.list', {}).items.map((pet) => pet.status)).toEqual(['available', 'pending']);
});

test('removeKeeping then restore puts the pet back as a new pet: record, details, held stock and photo', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const pet = h.ok('pets.create', { name: 'Pip', categoryId: dogs.id, price: 1500, sku: 'PIP-1', breed: 'Pug', vaccinations: [{ name: 'Rabies', date: '2024-01-02' }] });
  h.ok('inventory.set', { petId: pet.id, update: { quantity: 3 } });
  h.ok('pets.update', { petId: pet.id, changes: { status: 'pending' } });
  h.ok('photos.put', { petId: pet.id, photo: PNG });
  const pets = usePetsStore();
  await pets.reload();
  const deleted = await pets.removeKeeping(pet.id);
  expect(pets.rows).toEqual([]);
  expect(h.call('pets.get', { petId: pet.id }).ok).toBe(false);
  const back = await pets.restore(deleted);
  expect(back.id).not.toBe(pet.id);
  const [stored] = h.ok('pets.list', { details: true }).items;
  expect(stored).toMatchObject({ name: 'Pip', status: 'pending', price: 1500, sku: 'PIP-1', breed: 'Pug', vaccinations: [{ name: 'Rabies', date: '2024-01-02' }], photo: { contentType: 'image/png' } });
  expect(h.ok('inventory.get', { petId: back.id }).quantity).toBe(3);
  expect(h.ok('photos.get', { petId: back.id }).bytes).toEqual(new Uint8Array(PNG));
  expect(pets.rows.map((row) => [row.name, row.stock])).toEqual([['Pip', 3]]);
});
