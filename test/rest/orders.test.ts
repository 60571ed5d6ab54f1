import { beforeAll, describe, expect, test } from 'vitest';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { allPages, expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

let categoryId: number;
beforeAll(async () => {
  categoryId = (await s.category({ name: 'Order kinds' })).id;
});

/** A fresh available pet with the given stock. */
async function stocked(quantity: number): Promise<Pet> {
  const pet = await s.pet({ categoryId });
  const set = await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity } });
  expect(set.status).toBe(200);
  return pet;
}
const stockOf = async (petId: number) => (await s.call<InventoryItem>('GET', `/v1/store/inventory/${petId}`)).body;
const petOf = async (petId: number) => (await s.call<Pet>('GET', `/v1/pets/${petId}`)).body;

describe('POST /v1/store/orders', () => {
  test('201 with Location, increasing ids, quantity default 1; stock is reserved', async () => {
    const pet = await stocked(5);
    const first = await s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), petId: pet.id, quantity: 1, complete: false, status: 'open', placedAt: expect.any(String), petName: pet.name, clerk: null, till: null });
    expect(Math.abs(Date.parse(first.body.placedAt!) - Date.now())).toBeLessThan(60_000);
    expect(first.headers.get('location')).toBe(`/v1/store/orders/${first.body.id}`);
    expect((await s.call('GET', first.headers.get('location')!)).body).toEqual(first.body);

    const second = await s.call<Order>('POST', '/v1/store/orders', {
      json: { petId: pet.id, quantity: 3, shipDate: '2026-12-01T10:00:00+02:00' },
    });
    expect(second.status).toBe(201);
    expect(second.body.id).toBeGreaterThan(first.body.id!);
    expect(second.body.quantity).toBe(3);
    expect(new Date(second.body.shipDate!).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 1, status: 'available' });
  });

  test('the order that takes the last unit makes the pet pending', async () => {
    const pet = await stocked(2);
    await s.order(pet.id, 2);
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });
    expect((await petOf(pet.id)).status).toBe('pending');
  });

  test('more than the stock → 409 INSUFFICIENT_STOCK, nothing reserved', async () => {
    const pet = await stocked(2);
    expectError(await s.call('POST', '/v1/store/orders', { json: { petId: pet.id, quantity: 3 } }), 'INSUFFICIENT_STOCK', 409);
    expect((await stockOf(pet.id)).quantity).toBe(2);
    const none = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}`);
    expect(none.body).toEqual([]);
  });

  test('a sold pet, or a pending pet on hold → 409 PET_NOT_AVAILABLE', async () => {
    const sold = await s.pet({ categoryId, status: 'sold' });
    expectError(await s.call('POST', '/v1/store/orders', { json: { petId: sold.id } }), 'PET_NOT_AVAILABLE', 409);
    const held = await stocked(3);
    expect((await s.call('PATCH', `/v1/pets/${held.id}`, { json: { status: 'pending' } })).status).toBe(200);
    expectError(await s.call('POST', '/v1/store/orders', { json: { petId: held.id } }), 'PET_NOT_AVAILABLE', 409);
  });

  test('a missing pet → 422 REFERENCE_NOT_FOUND naming petId', async () => {
    const answer = await s.call('POST', '/v1/store/orders', { json: { petId: 999999 } });
    expectError(answer, 'REFERENCE_NOT_FOUND', 422);
    expect(answer.body.details).toEqual([{ path: 'petId', message: expect.any(String) }]);
  });

  test.each([
    [{}, 'petId'],
    [{ petId: 1, quantity: 0 }, 'quantity'],
    [{ petId: 1, quantity: 1001 }, 'quantity'],
    [{ petId: 1, quantity: 2.5 }, 'quantity'],
    [{ petId: 1, shipDate: 'tomorrow' }, 'shipDate'],
    [{ petId: 1, shipDate: '2026-12-01T10:00:00' }, 'shipDate'],
    [{ petId: 1, complete: true }, 'complete'],
    [{ petId: 1, id: 5 }, 'id'],
  ])('%j → 400 naming %s', async (body, field) => {
    const answer = await s.call('POST', '/v1/store/orders', { json: body });
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.map((detail: { path: string }) => detail.path)).toContain(field);
  });

  test('quantity 1000 is allowed when in stock', async () => {
    const pet = await stocked(1000);
    expect((await s.order(pet.id, 1000)).quantity).toBe(1000);
  });
});

describe('GET /v1/store/orders', () => {
  let pet: Pet;
  let other: Pet;
  let placed: Order[];
  beforeAll(async () => {
    pet = await stocked(10);
    other = await stocked(10);
    placed = [];
    for (const target of [pet, other, pet, other, pet]) placed.push(await s.order(target.id));
    const fulfil = await s.call('PATCH', `/v1/store/orders/${placed[2].id}`, { json: { complete: true } });
    expect(fulfil.status).toBe(200);
  });

  test('newest first, filtered by petId, with X-Total-Count', async () => {
    const answer = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}`);
    expect(answer.body.map((order) => order.id)).toEqual([placed[4].id, placed[2].id, placed[0].id]);
    expect(answer.headers.get('x-total-count')).toBe('3');
    const all = await s.call<Order[]>('GET', '/v1/store/orders');
    const allIds = all.body.map((order) => order.id!);
    expect(allIds).toEqual([...allIds].sort((a, b) => b - a));
  });

  test('complete=true / complete=false', async () => {
    const done = await s.call<Order[]>('GET', `/v1/store/orders?complete=true&petId=${pet.id}`);
    expect(done.body.map((order) => order.id)).toEqual([placed[2].id]);
    expect(done.body[0].complete).toBe(true);
    const open = await s.call<Order[]>('GET', `/v1/store/orders?complete=false&petId=${pet.id}`);
    expect(open.body.map((order) => order.id)).toEqual([placed[4].id, placed[0].id]);
    expect(open.headers.get('x-total-count')).toBe('2');
  });

  test('paging follows Link rel="next" to the end, every order once', async () => {
    const total = Number((await s.call('GET', '/v1/store/orders?limit=1')).headers.get('x-total-count'));
    const { items, totals } = await allPages<Order>(s, '/v1/store/orders?limit=2');
    expect(items).toHaveLength(total);
    expect(new Set(items.map((order) => order.id)).size).toBe(total);
    expect(new Set(totals)).toEqual(new Set([String(total)]));
    const filtered = await allPages<Order>(s, `/v1/store/orders?limit=1&petId=${other.id}`);
    expect(filtered.items.map((order) => order.id)).toEqual([placed[3].id, placed[1].id]);
  });

  test('cancelled orders are left out unless status names them; status repeats, comma-separated too, beside complete', async () => {
    const dropped = await s.order(pet.id);
    expect((await s.call('DELETE', `/v1/store/orders/${dropped.id}`)).status).toBe(204);
    const shown = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}`);
    expect(shown.body.map((order) => order.id)).toEqual([placed[4].id, placed[2].id, placed[0].id]);
    expect(shown.headers.get('x-total-count')).toBe('3');
    const cancelled = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}&status=cancelled`);
    expect(cancelled.body).toEqual([{ ...dropped, status: 'cancelled' }]);
    const repeated = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}&status=open&status=cancelled`);
    expect(repeated.body.map((order) => order.id)).toEqual([dropped.id, placed[4].id, placed[0].id]);
    const comma = await s.call<Order[]>('GET', `/v1/store/orders?petId=${pet.id}&status=complete,cancelled&complete=false`);
    expect(comma.body.map((order) => order.id)).toEqual([dropped.id]);
    const everything = await allPages<Order>(s, `/v1/store/orders?petId=${pet.id}&status=open,complete,cancelled&limit=1`);
    expect(everything.items.map((order) => order.status)).toEqual(['cancelled', 'open', 'complete', 'open']);
    expect(new Set(everything.totals)).toEqual(new Set(['4']));
  });

  test('bad filters are refused', async () => {
    for (const query of ['complete=yes', 'complete=1', 'petId=0', 'petId=abc', 'status=shipped', 'status=', 'status=open,,complete', 'state=open', 'limit=0', 'limit=501']) {
      expectError(await s.call('GET', `/v1/store/orders?${query}`), 'VALIDATION_FAILED', 400);
    }
  });
});

describe('GET, PATCH, DELETE /v1/store/orders/{orderId}', () => {
  test('GET reads one; a missing one is 404', async () => {
    const pet = await stocked(1);
    const order = await s.order(pet.id);
    expect((await s.call('GET', `/v1/store/orders/${order.id}`)).body).toEqual(order);
    expectError(await s.call('GET', '/v1/store/orders/999999'), 'NOT_FOUND', 404);
  });

  test('PATCH shipDate sets it (stored in UTC) and keeps the order open', async () => {
    const pet = await stocked(1);
    const order = await s.order(pet.id);
    const answer = await s.call<Order>('PATCH', `/v1/store/orders/${order.id}`, { json: { shipDate: '2027-01-02T03:04:05-01:00' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...order, shipDate: '2027-01-02T04:04:05.000Z', complete: false });
  });

  test('PATCH shipDate null clears it; the answer and GET have no shipDate', async () => {
    const pet = await stocked(1);
    const order = await s.call<Order>('POST', '/v1/store/orders', { json: { petId: pet.id, shipDate: '2027-01-02T03:04:05Z' } });
    const cleared = await s.call<Order>('PATCH', `/v1/store/orders/${order.body.id}`, { json: { shipDate: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('shipDate');
    expect((await s.call('GET', `/v1/store/orders/${order.body.id}`)).body).toEqual(cleared.body);
  });

  test('PATCH complete fulfils; the last open order of a pet with no stock sells it; a retry is harmless', async () => {
    const pet = await stocked(1);
    const order = await s.order(pet.id);
    expect((await petOf(pet.id)).status).toBe('pending');
    const fulfilled = await s.call<Order>('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } });
    expect(fulfilled.status).toBe(200);
    expect(fulfilled.body.complete).toBe(true);
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 0, status: 'sold' });
    const again = await s.call<Order>('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(fulfilled.body);
  });

  test('a complete order is final: 409 ORDER_COMPLETE on reopening, new ship date, or cancelling', async () => {
    const pet = await stocked(2);
    const order = await s.order(pet.id);
    await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } });
    expectError(await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: false } }), 'ORDER_COMPLETE', 409);
    expectError(
      await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { shipDate: '2030-01-01T00:00:00Z' } }),
      'ORDER_COMPLETE',
      409,
    );
    expectError(await s.call('DELETE', `/v1/store/orders/${order.id}`), 'ORDER_COMPLETE', 409);
    expect((await s.call<Order>('GET', `/v1/store/orders/${order.id}`)).body.complete).toBe(true);
    expect((await stockOf(pet.id)).quantity).toBe(1);
  });

  test('DELETE cancels an open order (204), returns its stock and makes a pending pet available; the order stays, cancelled', async () => {
    const pet = await stocked(3);
    const order = await s.order(pet.id, 3);
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });
    const cancelled = await s.call('DELETE', `/v1/store/orders/${order.id}`);
    expect(cancelled.status).toBe(204);
    expect(cancelled.body).toBeUndefined();
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 3, status: 'available' });
    // Issue 34 turned this around: GET used to answer 404 after a cancel; the order is now kept as a record.
    expect((await s.call<Order>('GET', `/v1/store/orders/${order.id}`)).body).toEqual({ ...order, status: 'cancelled' });
    // Again: a harmless retry (it used to be 404), and the stock is not given back twice.
    expect((await s.call('DELETE', `/v1/store/orders/${order.id}`)).status).toBe(204);
    expect(await stockOf(pet.id)).toEqual({ petId: pet.id, quantity: 3, status: 'available' });
    expectError(await s.call('DELETE', '/v1/store/orders/999999'), 'NOT_FOUND', 404);
    expectError(await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } }), 'ORDER_CANCELLED', 409);
  });

  test('PATCH: empty, unknown fields, wrong types, missing order', async () => {
    const pet = await stocked(1);
    const order = await s.order(pet.id);
    expectError(await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: {} }), 'VALIDATION_FAILED', 400);
    const unknown = await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { quantity: 2 } });
    expectError(unknown, 'VALIDATION_FAILED', 400);
    expect(unknown.body.details.some((detail: { path: string }) => detail.path.endsWith('quantity'))).toBe(true);
    expectError(await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: 'yes' } }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PATCH', '/v1/store/orders/999999', { json: { complete: true } }), 'NOT_FOUND', 404);
    expect((await s.call('GET', `/v1/store/orders/${order.id}`)).body).toEqual(order);
  });
});
