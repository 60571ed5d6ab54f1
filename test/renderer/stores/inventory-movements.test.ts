import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { MOVEMENT_PAGE_SIZE, useInventoryStore } from '../../../src-renderer/stores/inventory';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

function pet(name: string, stock: number): number {
  const category = h.ok('categories.create', { name: `${name}s` });
  const { id } = h.ok('pets.create', { name, categoryId: category.id });
  if (stock !== 1) h.ok('inventory.set', { petId: id, update: { quantity: stock } });
  return id;
}

test('adjustWithReason stores the units with the reason and note, and the row shows the new count', async () => {
  h = useRealApi();
  const id = pet('Rex', 4);
  const inventory = useInventoryStore();
  await inventory.reload();
  const item = await inventory.adjustWithReason(id, { delta: -1, reason: 'died', note: 'At night' });
  expect(item).toEqual({ petId: id, quantity: 3, status: 'available' });
  expect(inventory.rows.find((row) => row.petId === id)?.quantity).toBe(3);
  const [latest] = h.ok('inventory.movements', { petId: id }).items;
  expect(latest).toMatchObject({ delta: -1, quantityAfter: 3, reason: 'died', note: 'At night' });
});

test('adjustWithReason rejects taking away more than there is with INSUFFICIENT_STOCK and changes nothing', async () => {
  h = useRealApi();
  const id = pet('Bella', 2);
  const inventory = useInventoryStore();
  await inventory.reload();
  const refusal = await inventory.adjustWithReason(id, { delta: -3, reason: 'lost' }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
  expect(h.ok('inventory.get', { petId: id }).quantity).toBe(2);
  expect(inventory.rows.find((row) => row.petId === id)?.quantity).toBe(2);
});

test('movements reads a pet’s history newest first, a page at a time', async () => {
  h = useRealApi();
  const id = pet('Milo', 2);
  for (let i = 1; i <= MOVEMENT_PAGE_SIZE; i += 1) h.ok('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received', note: `Box ${i}` } });
  const inventory = useInventoryStore();
  const first = await inventory.movements(id);
  expect(first.total).toBe(MOVEMENT_PAGE_SIZE + 2); // the opening stock, the count, the boxes
  expect(first.items).toHaveLength(MOVEMENT_PAGE_SIZE);
  expect(first.items[0]).toMatchObject({ note: `Box ${MOVEMENT_PAGE_SIZE}`, quantityAfter: MOVEMENT_PAGE_SIZE + 2 });
  const rest = await inventory.movements(id, first.nextCursor!);
  expect(rest.items.map((movement) => movement.reason)).toEqual(['received', 'opening']); // the count set to 2, the first unit
  expect(rest.nextCursor).toBeNull();
});
