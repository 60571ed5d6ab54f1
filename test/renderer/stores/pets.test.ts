import { afterEach, expect, test } from 'vitest';
import { ApiError } from '../../../src-renderer/api/client';
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
  expect(refusal).toBeInstanceOf(ApiError);
  expect(refusal).toMatchObject({ code: 'REFERENCE_NOT_FOUND', status: 422 });
  expect(h.ok('pets.list', {}).total).toBe(0);
});
