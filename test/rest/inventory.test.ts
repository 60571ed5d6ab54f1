import { beforeAll, describe, expect, test } from 'vitest';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { StockMovement } from '../../src-shared/schemas/movement';
import type { Pet } from '../../src-shared/schemas/pet';
import { allPages, expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

let categoryId: number;
let pets: Pet[];
beforeAll(async () => {
  categoryId = (await s.category({ name: 'Stock kinds' })).id;
  pets = [];
  for (const status of ['available', 'available', 'pending', 'sold', 'available'] as const) {
    pets.push(await s.pet({ categoryId, status }));
  }
});

describe('GET /v1/store/inventory (beta)', () => {
  test('one entry per pet with its stock and status, X-Total-Count', async () => {
    const answer = await s.call<InventoryItem[]>('GET', '/v1/store/inventory');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      pets.map((pet) => ({ petId: pet.id, quantity: pet.status === 'available' ? 1 : 0, status: pet.status })),
    );
    expect(answer.headers.get('x-total-count')).toBe(String(pets.length));
  });

  test('petId filter, repeated and comma-separated', async () => {
    const [a, , c, d] = pets.map((pet) => pet.id);
    const repeated = await s.call<InventoryItem[]>('GET', `/v1/store/inventory?petId=${a}&petId=${d}`);
    expect(repeated.body.map((item) => item.petId)).toEqual([a, d]);
    const comma = await s.call<InventoryItem[]>('GET', `/v1/store/inventory?petId=${c},${d}`);
    expect(comma.body.map((item) => item.petId)).toEqual([c, d]);
  });

  test('low=true: pets for sale below the low-stock threshold (a sold pet is not low)', async () => {
    await s.settings({ lowStockThreshold: 2 });
    const forSale = pets.filter((pet) => pet.status !== 'sold');
    expect(forSale.length).toBeLessThan(pets.length); // the fixture has a sold pet to leave out
    try {
      const low = await s.call<InventoryItem[]>('GET', '/v1/store/inventory?low=true');
      expect(low.body.map((item) => item.petId)).toEqual(forSale.map((pet) => pet.id)); // every stock is 0 or 1
      expect(low.headers.get('x-total-count')).toBe(String(forSale.length));
      await s.call('PUT', `/v1/store/inventory/${forSale[0].id}`, { json: { quantity: 5 } });
      const after = await s.call<InventoryItem[]>('GET', '/v1/store/inventory?low=true');
      expect(after.body.map((item) => item.petId)).not.toContain(forSale[0].id);
      expect(after.headers.get('x-total-count')).toBe(String(forSale.length - 1));
    } finally {
      await s.settings({ lowStockThreshold: 1 });
      await s.call('PUT', `/v1/store/inventory/${forSale[0].id}`, { json: { quantity: forSale[0].status === 'available' ? 1 : 0 } });
    }
  });

  test('q: only pets whose name contains the text (case-insensitive), counted with low=true too', async () => {
    const quokkas = [await s.pet({ name: 'Quokka Stock A', categoryId }), await s.pet({ name: 'quokka stock b', categoryId })];
    try {
      // On hold with none left: still for sale, so low stock (emptying an available pet would sell it).
      await s.call('PATCH', `/v1/pets/${quokkas[1].id}`, { json: { status: 'pending' } });
      await s.call('PUT', `/v1/store/inventory/${quokkas[1].id}`, { json: { quantity: 0 } });
      const named = await s.call<InventoryItem[]>('GET', `/v1/store/inventory?q=${encodeURIComponent('QUOKKA STOCK')}`);
      expect(named.body.map((item) => item.petId)).toEqual(quokkas.map((pet) => pet.id));
      expect(named.headers.get('x-total-count')).toBe('2');
      const low = await s.call<InventoryItem[]>('GET', '/v1/store/inventory?q=quokka&low=true&limit=1');
      expect(low.body).toEqual([{ petId: quokkas[1].id, quantity: 0, status: 'pending' }]);
      expect(low.headers.get('x-total-count')).toBe('1');
      expect(low.headers.get('link')).toBeNull();
    } finally {
      for (const pet of quokkas) await s.call('DELETE', `/v1/pets/${pet.id}`);
    }
  });

  test('paging follows Link rel="next" to the end, every entry once', async () => {
    const { pages, items } = await allPages<InventoryItem>(s, '/v1/store/inventory?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(items.map((item) => item.petId)).toEqual(pets.map((pet) => pet.id));
  });

  test('bad query values are refused', async () => {
    for (const query of ['low=yes', 'petId=0', 'petId=x', 'limit=0', 'limit=501', 'status=available', `q=${'q'.repeat(101)}`]) {
      expectError(await s.call('GET', `/v1/store/inventory?${query}`), 'VALIDATION_FAILED', 400);
    }
  });
});

describe('GET and PUT /v1/store/inventory/{petId} (beta)', () => {
  test('GET reads one entry; a missing pet is 404', async () => {
    const pet = pets[1];
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 1, status: 'available' });
    expectError(await s.call('GET', '/v1/store/inventory/999999'), 'NOT_FOUND', 404);
  });

  test('PUT sets the stock; restocking makes the pet available', async () => {
    const pet = await s.pet({ categoryId, status: 'sold' });
    const restocked = await s.call<InventoryItem>('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 7 } });
    expect(restocked.status).toBe(200);
    expect(restocked.body).toEqual({ petId: pet.id, quantity: 7, status: 'available' });
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body.status).toBe('available');
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual(restocked.body);
  });

  test('PUT 0 on an available pet: sold without open orders, pending with them', async () => {
    const idle = await s.pet({ categoryId });
    const emptied = await s.call<InventoryItem>('PUT', `/v1/store/inventory/${idle.id}`, { json: { quantity: 0 } });
    expect(emptied.body).toEqual({ petId: idle.id, quantity: 0, status: 'sold' });

    const busy = await s.pet({ categoryId });
    await s.call('PUT', `/v1/store/inventory/${busy.id}`, { json: { quantity: 3 } });
    await s.order(busy.id);
    const held = await s.call<InventoryItem>('PUT', `/v1/store/inventory/${busy.id}`, { json: { quantity: 0 } });
    expect(held.body).toEqual({ petId: busy.id, quantity: 0, status: 'pending' });
  });

  test('the bounds are 0–1,000,000; the body is InventoryUpdate only', async () => {
    const pet = pets[4];
    expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1_000_000 } })).status).toBe(200);
    for (const body of [{ quantity: -1 }, { quantity: 1_000_001 }, { quantity: 1.5 }, { quantity: '3' }, {}, { quantity: 1, status: 'sold' }]) {
      const answer = await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: body });
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.details.length).toBeGreaterThan(0);
    }
    const unknown = await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1, status: 'sold' } });
    expect(unknown.body.details.some((detail: { path: string }) => detail.path.endsWith('status'))).toBe(true);
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(1_000_000);
    await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1 } });
  });

  test('PUT for a missing pet is 404', async () => {
    expectError(await s.call('PUT', '/v1/store/inventory/999999', { json: { quantity: 1 } }), 'NOT_FOUND', 404);
  });
});

describe('PUT with a reason and a note (beta): the stock ledger', () => {
  test('the reason and note go to the ledger; a loss to 0 is never a sale; a reason that says the other way is 409', async () => {
    const pet = await s.pet({ categoryId });
    await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 4 } });
    const lost = await s.call<InventoryItem>('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 0, reason: 'lost', note: 'Gate left open' } });
    expect(lost.body).toEqual({ petId: pet.id, quantity: 0, status: 'pending' }); // not sold (T55)
    const refused = await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 2, reason: 'died' } });
    expectError(refused, 'STOCK_REASON_MISMATCH', 409);
    expect(refused.body.message).toBe(`The stock of ${pet.name} (pet ${pet.id}) is 0: 2 would add units, which is not "died"`);
    const ledger = await s.call<StockMovement[]>('GET', `/v1/store/inventory/${pet.id}/movements`);
    expect(ledger.body.map(({ delta, quantityAfter, reason, note }) => ({ delta, quantityAfter, reason, note }))).toEqual([
      { delta: -4, quantityAfter: 0, reason: 'lost', note: 'Gate left open' },
      { delta: 3, quantityAfter: 4, reason: 'received', note: undefined },
      { delta: 1, quantityAfter: 1, reason: 'opening', note: undefined },
    ]);
    for (const body of [{ quantity: 1, reason: 'order' }, { quantity: 1, reason: 'opening' }, { quantity: 1, note: 'x'.repeat(501) }, { quantity: 1, note: 7 }]) {
      expectError(await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: body }), 'VALIDATION_FAILED', 400);
    }
  });
});

describe('POST /v1/store/inventory/{petId}/adjustments (beta)', () => {
  // Typed loosely: an answer is an InventoryItem or an Error object.
  const adjust = (petId: number, json: unknown, headers?: Record<string, string>) =>
    s.call<InventoryItem & { details?: unknown }>('POST', `/v1/store/inventory/${petId}/adjustments`, { json, headers });

  test('adds or takes away from the stock as stored: clerks counting at once all count', async () => {
    const pet = await s.pet({ categoryId });
    const added = await adjust(pet.id, { delta: 5, reason: 'received', note: 'Delivery 77' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ petId: pet.id, quantity: 6, status: 'available' });
    // Ten clerks at once, five adding one and five taking one away: every change counts.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => adjust(pet.id, i % 2 ? { delta: 1, reason: 'received' } : { delta: -1, reason: 'correction' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await s.call<InventoryItem>('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(6);
    const ledger = await s.call<StockMovement[]>('GET', `/v1/store/inventory/${pet.id}/movements?limit=500`);
    expect(ledger.body).toHaveLength(12);
    expect(ledger.body.at(-2)).toMatchObject({ delta: 5, quantityAfter: 6, reason: 'received', note: 'Delivery 77' });
  });

  test('a retry with the same Idempotency-Key counts once', async () => {
    const pet = await s.pet({ categoryId });
    const first = await adjust(pet.id, { delta: 2, reason: 'received' }, { 'Idempotency-Key': 'count-42' });
    const retry = await adjust(pet.id, { delta: 2, reason: 'received' }, { 'Idempotency-Key': 'count-42' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await s.call<InventoryItem>('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(3);
  });

  test('refusals: a reason that does not fit, 0, no reason, below 0, past 1,000,000, a missing pet', async () => {
    const pet = await s.pet({ categoryId });
    const misfit = await adjust(pet.id, { delta: 1, reason: 'died' });
    expectError(misfit, 'VALIDATION_FAILED', 400);
    expect(misfit.body.details).toEqual([{ path: 'reason', message: 'Must fit the delta: received adds units, lost and died take them away (correction goes either way)' }]);
    for (const body of [{ delta: 0, reason: 'correction' }, { delta: 1 }, { delta: -1, reason: 'received' }, { delta: 1.5, reason: 'received' }, { by: 1, reason: 'received' }]) {
      expectError(await adjust(pet.id, body), 'VALIDATION_FAILED', 400);
    }
    expectError(await adjust(pet.id, { delta: -2, reason: 'lost' }), 'INSUFFICIENT_STOCK', 409);
    const over = await adjust(pet.id, { delta: 1_000_000, reason: 'received' });
    expectError(over, 'VALIDATION_FAILED', 400);
    expect(over.body.details).toEqual([{ path: 'delta', message: 'Stock is 1: adding 1,000,000 would pass the maximum of 1,000,000' }]);
    expectError(await adjust(999_999, { delta: 1, reason: 'received' }), 'NOT_FOUND', 404);
    expect((await s.call<InventoryItem>('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(1);
  });
});

describe('GET /v1/store/inventory/{petId}/movements (beta)', () => {
  test('newest first, paged with Link and X-Total-Count, each with its order', async () => {
    const pet = await s.pet({ categoryId });
    await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 5 } });
    const order = await s.order(pet.id, 2);
    await s.call('DELETE', `/v1/store/orders/${order.id}`);
    const { pages, items, totals } = await allPages<StockMovement>(s, `/v1/store/inventory/${pet.id}/movements?limit=2`);
    expect(pages.map((page) => page.length)).toEqual([2, 2]);
    expect(new Set(totals)).toEqual(new Set(['4']));
    expect(items.every((movement) => movement.clerk === null && movement.till === null)).toBe(true); // an API token's: nobody's
    expect(items.map(({ id: _id, at: _at, clerk: _clerk, till: _till, ...movement }) => movement)).toEqual([
      { delta: 2, quantityAfter: 5, reason: 'cancelled', orderId: order.id },
      { delta: -2, quantityAfter: 3, reason: 'order', orderId: order.id },
      { delta: 4, quantityAfter: 5, reason: 'received' },
      { delta: 1, quantityAfter: 1, reason: 'opening' },
    ]);
  });

  test('404 for a pet that does not exist or was deleted; bad paging is 400', async () => {
    expectError(await s.call('GET', '/v1/store/inventory/999999/movements'), 'NOT_FOUND', 404);
    const pet = await s.pet({ categoryId });
    expect((await s.call('DELETE', `/v1/pets/${pet.id}`)).status).toBe(204);
    expectError(await s.call('GET', `/v1/store/inventory/${pet.id}/movements`), 'NOT_FOUND', 404);
    for (const query of ['limit=0', 'limit=501', 'cursor=', 'cursor=junk', 'reason=lost']) {
      expectError(await s.call('GET', `/v1/store/inventory/${pets[0].id}/movements?${query}`), 'VALIDATION_FAILED', 400);
    }
  });
});
