import { describe, expect, test } from 'vitest';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectError, useHttpSuite } from './support/http-suite';
import { sqlElsewhere } from './support/other-program';

/**
 * Orders that arrive together over HTTP share one commit (service/group-commit.ts). What a client
 * sees must be exactly what it would see one order at a time: no oversell, each refusal its own,
 * every success on disk, every event once and only for what was committed. On PostgreSQL each order
 * is a transaction of its own, run again when it loses to another: the same must hold there.
 */

const s = useHttpSuite();
/** What another reader of the database sees: committed work only. */
const committedOrders = async (petId: number) => (await sqlElsewhere<{ id: number }>(s.t, 'SELECT id FROM orders WHERE pet_id = ? ORDER BY id', [petId])).map((row) => Number(row.id));
const committedStock = async (petId: number) => Number((await sqlElsewhere<{ quantity: number }>(s.t, 'SELECT quantity FROM inventory WHERE pet_id = ?', [petId]))[0]!.quantity);

async function stocked(quantity: number): Promise<Pet> {
  const pet = await s.pet();
  expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity } })).status).toBe(200);
  return pet;
}

describe('orders arriving together', () => {
  test('30 at once for 10 in stock: exactly 10 placed, 20 refused, all on disk, one event each', async () => {
    const pet = await stocked(10);
    const since = (await s.t.call('events.latest', {})).lastEventId;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id } })),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.status !== 201)) expectError(refused, 'INSUFFICIENT_STOCK', 409);

    // Every placed order was committed: another connection sees each of them, and nothing more.
    const committed = await committedOrders(pet.id);
    expect(committed).toEqual(placed.map((answer) => answer.body.id).sort((a, b) => a! - b!));
    expect(await committedStock(pet.id)).toBe(0);
    expect((await s.call<InventoryItem>('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });

    const events = await s.t.call('events.list', { after: since, limit: 1000 });
    const placedEvents = events.filter((event) => event.type === 'order.placed');
    expect(placedEvents.map((event) => (event.data as Order).id).sort((a, b) => a! - b!)).toEqual(committed);
  });

  test('a refused order among placed ones changes nothing of its own and nothing of theirs', async () => {
    const pet = await stocked(3);
    const [good, bad, alsoGood] = await Promise.all([
      s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id, quantity: 1 } }),
      s.call('POST', '/v1/store/orders', { json: { petId: 999_999, quantity: 1 } }),
      s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id, quantity: 2 } }),
    ]);
    expect([good.status, alsoGood.status]).toEqual([201, 201]);
    expectError(bad, 'REFERENCE_NOT_FOUND', 422);
    expect(await committedOrders(pet.id)).toHaveLength(2);
    expect(await committedStock(pet.id)).toBe(0);
  });
});
