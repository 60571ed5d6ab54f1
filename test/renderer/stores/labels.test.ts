/** Labels' pets (stores/labels.ts) on the real service: in the order asked, a pet gone said apart, the shop's currency. */
import { afterEach, expect, test } from 'vitest';
import { useLabelsStore } from '../../../src-renderer/stores/labels';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('the pets as they are now, in the order asked; ids of pets deleted since are returned apart', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, sku: 'REX-1', price: 1999 });
  const bella = h.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  const gone = h.ok('pets.create', { name: 'Gone', categoryId: dogs.id });
  h.ok('pets.delete', { petId: gone.id });
  h.ok('pets.update', { petId: rex.id, changes: { price: 2499 } });
  const labels = useLabelsStore();
  const answer = await labels.load([bella.id, gone.id, rex.id]);
  expect(answer.pets.map((pet) => [pet.name, pet.sku, pet.price])).toEqual([
    ['Bella', undefined, undefined],
    ['Rex', 'REX-1', 2499],
  ]);
  expect(answer.missing).toEqual([gone.id]);
  expect(await labels.load([])).toEqual({ pets: [], missing: [] });
});

test("prices are in the shop's currency", async () => {
  h = useRealApi();
  expect(await useLabelsStore().currency()).toBe('EUR');
  h.ok('settings.update', { currency: 'JPY' });
  expect(await useLabelsStore().currency()).toBe('JPY');
});
