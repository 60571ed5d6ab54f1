/**
 * `Idempotency-Key` on the REST creates (POST /pets, /categories, /store/orders) over real HTTP: a
 * retry of the same request gets the first answer again and creates nothing; the same key with
 * another request is 422 IDEMPOTENCY_KEY_REUSED; keys are per token, kept 24 hours, not kept for
 * refusals, and a key that is no key is a 400. Every answer is checked against the document.
 */
import { describe, expect, test } from 'vitest';
import type { Order } from '../../src-shared/schemas/order';
import { IDEMPOTENCY_WINDOW_MS } from '../../src-main/service/idempotency';
import { expectError, unique, useHttpSuite } from './support/http-suite';
import { sqlElsewhere } from './support/other-program';

const s = useHttpSuite();

const keyed = (key: string, init: { json: unknown; token?: string }) => ({ ...init, headers: { 'Idempotency-Key': key } });
const orderCount = async (petId: number) => (await s.t.call('orders.list', { petId, limit: 500 })).total;
const stockOf = async (petId: number) => (await s.t.call('inventory.get', { petId })).quantity;
const eventsSince = async (after: number) => (await s.t.call('events.list', { after, limit: 1000 })).map((event) => event.type);
const latestEvent = async () => (await s.t.call('events.latest', {})).lastEventId;

/** A pet with this much stock. */
async function stocked(quantity: number) {
  const pet = await s.pet();
  await s.t.call('inventory.set', { petId: pet.id, update: { quantity } });
  return pet;
}

describe('a retry with the same key', () => {
  test('of an order gets the first answer again (Idempotent-Replayed), and places no second order', async () => {
    const pet = await stocked(5);
    const mark = await latestEvent();
    const first = await s.call<Order>('POST', '/v1/store/orders', keyed('order-7f3a', { json: { petId: pet.id, quantity: 2 } }));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await s.call<Order>('POST', '/v1/store/orders', keyed('order-7f3a', { json: { petId: pet.id, quantity: 2 } }));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(await orderCount(pet.id)).toBe(1);
    expect(await stockOf(pet.id)).toBe(3);
    expect(await eventsSince(mark)).toEqual(['order.placed', 'inventory.updated']);

    // The same body written otherwise (the default quantity spelled out, another key order) is the same request.
    const one = await s.call<Order>('POST', '/v1/store/orders', keyed('order-1', { json: { petId: pet.id } }));
    const again = await s.call<Order>('POST', '/v1/store/orders', keyed('order-1', { json: { quantity: 1, petId: pet.id } }));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(one.body);
    expect(await orderCount(pet.id)).toBe(2);

    // So is the same ship date at another offset, or as the first answer gave it back.
    const dated = await s.call<Order>('POST', '/v1/store/orders', keyed('order-2', { json: { petId: pet.id, shipDate: '2026-12-01T10:00:00+01:00' } }));
    expect(dated.body.shipDate).toBe('2026-12-01T09:00:00.000Z');
    for (const shipDate of ['2026-12-01T09:00:00Z', dated.body.shipDate]) {
      const retried = await s.call<Order>('POST', '/v1/store/orders', keyed('order-2', { json: { petId: pet.id, shipDate } }));
      expect(retried.status, shipDate).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(retried.body).toEqual(dated.body);
    }
    expect(await orderCount(pet.id)).toBe(3);
  });

  test('of a pet and of a category creates one of each', async () => {
    const name = unique('Keyed category');
    const category = await s.call('POST', '/v1/categories', keyed('cat-1', { json: { name } }));
    const categoryAgain = await s.call('POST', '/v1/categories', keyed('cat-1', { json: { name } }));
    expect([category.status, categoryAgain.status]).toEqual([201, 201]);
    expect(categoryAgain.body).toEqual(category.body); // not 409 CATEGORY_NAME_TAKEN: it is the same request

    const pet = await s.call('POST', '/v1/pets', keyed('pet-1', { json: { name: 'Kiwi', categoryId: category.body.id } }));
    const petAgain = await s.call('POST', '/v1/pets', keyed('pet-1', { json: { name: 'Kiwi', categoryId: category.body.id } }));
    expect(petAgain.body).toEqual(pet.body);
    expect((await s.t.call('pets.list', { categoryId: category.body.id, limit: 50, sort: 'id' })).total).toBe(1);
  });

  test('sent twice at once places one order: the second waits for the first and gets its answer', async () => {
    const pet = await stocked(10);
    const answers = await Promise.all(
      [1, 2, 3].map(() => s.call<Order>('POST', '/v1/store/orders', keyed('burst', { json: { petId: pet.id, quantity: 1 } }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await orderCount(pet.id)).toBe(1);
  });
});

describe('what a key does not cover', () => {
  test('the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, and nothing is created', async () => {
    const pet = await stocked(5);
    await s.call('POST', '/v1/store/orders', keyed('reused', { json: { petId: pet.id, quantity: 1 } }));
    const other = await s.call('POST', '/v1/store/orders', keyed('reused', { json: { petId: pet.id, quantity: 2 } }));
    expectError(other, 'IDEMPOTENCY_KEY_REUSED', 422);
    expect(other.body.message).toContain('Idempotency-Key "reused" was sent with another request');
    // Another operation with the key is another request too.
    expectError(await s.call('POST', '/v1/categories', keyed('reused', { json: { name: unique('Reused') } })), 'IDEMPOTENCY_KEY_REUSED', 422);
    expect(await orderCount(pet.id)).toBe(1);
    expect(await stockOf(pet.id)).toBe(4);
  });

  test('keys are per token: another token\'s same key is its own request', async () => {
    const pet = await stocked(5);
    const other = (await s.token('write'));
    await s.call('POST', '/v1/store/orders', keyed('shared-name', { json: { petId: pet.id } }));
    const theirs = await s.call('POST', '/v1/store/orders', keyed('shared-name', { json: { petId: pet.id }, token: other.secret }));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await orderCount(pet.id)).toBe(2);
  });

  test('a refusal is not kept: once the stock is there, the same request with the same key places the order', async () => {
    const pet = await stocked(1);
    expectError(await s.call('POST', '/v1/store/orders', keyed('too-early', { json: { petId: pet.id, quantity: 3 } })), 'INSUFFICIENT_STOCK', 409);
    await s.t.call('inventory.set', { petId: pet.id, update: { quantity: 3 } });
    const placed = await s.call('POST', '/v1/store/orders', keyed('too-early', { json: { petId: pet.id, quantity: 3 } }));
    expect(placed.status).toBe(201);
    expect(placed.headers.get('idempotent-replayed')).toBeNull();
  });

  test(`a key older than ${IDEMPOTENCY_WINDOW_MS / 3_600_000} hours is forgotten: the request runs again`, async () => {
    const pet = await stocked(5);
    const first = await s.call<Order>('POST', '/v1/store/orders', keyed('yesterday', { json: { petId: pet.id } }));
    const dayAgo = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000).toISOString();
    await sqlElsewhere(s.t, "UPDATE idempotency_keys SET created_at = ? WHERE key = 'yesterday'", [dayAgo]);
    const second = await s.call<Order>('POST', '/v1/store/orders', keyed('yesterday', { json: { petId: pet.id } }));
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.id).not.toBe(first.body.id);
    // Expired keys are cleared as new ones are kept.
    expect(await sqlElsewhere(s.t, 'SELECT key FROM idempotency_keys WHERE created_at < ?', [dayAgo])).toEqual([]);
  });

  test('a key that is no key is 400 VALIDATION_FAILED naming the header, and nothing is created', async () => {
    const pet = await stocked(5);
    for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there']) {
      const answer = await s.raw('POST', '/v1/store/orders', {
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ petId: pet.id }),
      });
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.details, JSON.stringify(key)).toEqual([{ path: 'Idempotency-Key', message: 'Must be 1–255 characters: letters, digits, spaces or ASCII punctuation' }]);
    }
    expect(await orderCount(pet.id)).toBe(0);
  });

  test('the document declares the header on the three creates, with the 422 and Idempotent-Replayed', () => {
    const paths = s.api.doc.paths as Record<string, Record<string, any>>;
    for (const [path, method] of [['/pets', 'post'], ['/categories', 'post'], ['/store/orders', 'post']]) {
      const operation = paths[path][method];
      expect(operation.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
      expect(operation.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
      expect(operation.responses['422'].description).toContain('IDEMPOTENCY_KEY_REUSED');
    }
    expect(paths['/pets/{petId}'].put.parameters.some((p: { name: string }) => p.name === 'Idempotency-Key')).toBe(false);
  });
});
