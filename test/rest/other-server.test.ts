/**
 * What another server process commits on the same database reaches this one: a second store on
 * the SQLite file, or a second serving store on the PostgreSQL database (its own pool and LISTEN
 * connection, as a second `petstore serve` has). Tokens and settings are kept in memory on
 * PostgreSQL until a commit's NOTIFY is heard (support/other-program.ts says how soon); stock and
 * lists are read each time on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, useHttpSuite } from './support/http-suite';
import { onceHeard, otherServer, type OtherServer } from './support/other-program';

const s = useHttpSuite();
let other: OtherServer;
beforeAll(async () => {
  other = await otherServer(s.t);
});
afterAll(() => other?.close());

describe('another server process on the same database', () => {
  test('a token it makes works here; once it revokes the token, the token is refused here', async () => {
    const made = await other.call('tokens.create', { label: 'made elsewhere', scope: 'write' });
    const works = await onceHeard(s.t, () => s.call('GET', '/v1/pets', { token: made.secret }), (answer) => answer.status === 200);
    expect(works.status).toBe(200);
    expect((await s.call('POST', '/v1/categories', { token: made.secret, json: { name: 'Made elsewhere' } })).status).toBe(201);
    await other.call('tokens.revoke', { tokenId: made.token.id });
    const refused = await onceHeard(s.t, () => s.call('GET', '/v1/pets', { token: made.secret }), (answer) => answer.status === 401);
    expectError(refused, 'UNAUTHORIZED', 401);
  });

  test('a rate limit and a sunset date it sets apply here', async () => {
    await other.call('settings.update', { rateLimitPerMinute: 777 });
    const limited = await onceHeard(s.t, () => s.call('GET', '/v1/pets'), (answer) => answer.headers.get('x-ratelimit-limit') === '777');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('777');
    const pet = await s.pet();
    await other.call('settings.update', { sunsetDate: '2020-01-01' });
    try {
      const sunset = await onceHeard(s.t, () => s.call('GET', `/v1/pets/${pet.id}`), (answer) => answer.status === 410);
      expectError(sunset, 'OPERATION_SUNSET', 410);
    } finally {
      await other.call('settings.update', { sunsetDate: '2027-06-30', rateLimitPerMinute: 1200 });
    }
  });

  test('stock it sells and orders it places are answered here at the next request', async () => {
    const pet = await s.pet();
    expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 3 } })).status).toBe(200);
    expect((await s.call('GET', `/v1/store/orders?petId=${pet.id}`)).headers.get('x-total-count')).toBe('0');
    const order = await other.call('orders.place', { petId: pet.id, quantity: 2 });
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 1, status: 'available' });
    const orders = await s.call('GET', `/v1/store/orders?petId=${pet.id}`);
    expect(orders.body.map((one: { id: number }) => one.id)).toEqual([order.id]);
    // The last unit: one of two orders, one placed there and one here, gets it.
    const [there, here] = await Promise.allSettled([
      other.call('orders.place', { petId: pet.id }),
      s.call('POST', '/v1/store/orders', { json: { petId: pet.id } }),
    ]);
    const placedHere = here.status === 'fulfilled' && here.value.status === 201;
    expect([there.status === 'fulfilled', placedHere].filter(Boolean)).toHaveLength(1);
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(0);
  });
});
