import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectError, useHttpSuite } from './support/http-suite';

/**
 * Orders that arrive together over HTTP share one commit (service/group-commit.ts). What a client
 * sees must be exactly what it would see one order at a time: no oversell, each refusal its own,
 * every success on disk, every event once and only for what was committed.
 */

const s = useHttpSuite();
let other: Database.Database;
beforeAll(() => {
  other = new Database(s.t.file, { readonly: true }); // another reader: sees committed work only
});
afterAll(() => other.close());

async function stocked(quantity: number): Promise<Pet> {
  const pet = await s.pet();
  expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity } })).status).toBe(200);
  return pet;
}

describe('orders arriving together', () => {
  test('30 at once for 10 in stock: exactly 10 placed, 20 refused, all on disk, one event each', async () => {
    const pet = await stocked(10);
    const since = s.t.store.context.events.latestId();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id } })),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.status !== 201)) expectError(refused, 'INSUFFICIENT_STOCK', 409);

    // Every placed order was committed: another connection sees each of them, and nothing more.
    const committed = other.prepare('SELECT id FROM orders WHERE pet_id = ? ORDER BY id').pluck().all(pet.id);
    expect(committed).toEqual(placed.map((answer) => answer.body.id).sort((a, b) => a! - b!));
    expect(other.prepare('SELECT quantity FROM inventory WHERE pet_id = ?').pluck().get(pet.id)).toBe(0);
    expect((await s.call<InventoryItem>('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });

    const events = s.t.store.handlers['events.list']({ after: since, limit: 1000 });
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
    expect(other.prepare('SELECT COUNT(*) FROM orders WHERE pet_id = ?').pluck().get(pet.id)).toBe(2);
    expect(other.prepare('SELECT quantity FROM inventory WHERE pet_id = ?').pluck().get(pet.id)).toBe(0);
  });
});
