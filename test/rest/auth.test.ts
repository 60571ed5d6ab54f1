import { beforeAll, describe, expect, test } from 'vitest';
import { OPERATION_NAMES, operationDef, type OperationName } from '../../src-shared/contract';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';
import { onceHeard, sqlElsewhere } from './support/other-program';
import { ENGINE, PRESET_TOKEN } from './support/server';
import { PNG } from '../helpers/images';

const s = useHttpSuite({ heartbeatMs: 60_000 });

/** Every operation the contract binds to HTTP. */
// A till's pairing takes no token and answers by its proof: test/rest/tills.test.ts.
const bound = OPERATION_NAMES.filter((name) => operationDef(name).http && name !== 'tills.pair').map((name) => ({ name, http: operationDef(name).http! }));

let ids: { petId: number; categoryId: number; orderId: number; customerId: number; saleId: number; refundId: number };
let saleOrderId: number;
/** A sale nothing of which was handed over: the one the cancel is sent (its refunds need one that was). */
let cancellableSaleId: number;
beforeAll(async () => {
  const category = await s.category({ name: 'Matrix kind' });
  const pet = await s.pet({ name: 'Matrix pet', categoryId: category.id });
  await s.call('PUT', `/v1/pets/${pet.id}/photo`, { body: PNG, headers: { 'content-type': 'image/png' } });
  await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1000 } });
  const order = await s.order(pet.id);
  const customer = await s.call('POST', '/v1/customers', { json: { name: 'Matrix customer' } });
  // Ten units at 10.00 without tax: each unit refunds 1000, as often as the matrix asks.
  const sale = await s.call('POST', '/v1/sales', { json: { lines: [{ petId: pet.id, quantity: 10, unitPrice: 1000 }], payments: [{ method: 'cash', amount: 10_000 }] } });
  saleOrderId = sale.body.lines[0].orderId;
  const refund = await s.call('POST', `/v1/sales/${sale.body.id}/refunds`, { json: { lines: [{ orderId: saleOrderId }], restock: false, payments: [{ method: 'cash', amount: 1000 }] } });
  ids = { petId: pet.id, categoryId: category.id, orderId: order.id!, customerId: customer.body.id, saleId: sale.body.id, refundId: refund.body.id };
  cancellableSaleId = (await s.call('POST', '/v1/sales', { json: { lines: [{ petId: pet.id, unitPrice: 1000 }], handover: 'later', payments: [{ method: 'cash', amount: 1000 }] } })).body.id;
});

/** A plausible body for each operation that takes one (never one that would delete the fixtures). */
function bodyFor(name: OperationName): unknown {
  switch (name) {
    case 'pets.create':
      return { name: 'Matrix extra', categoryId: ids.categoryId };
    case 'pets.replace':
      return { name: 'Matrix pet', categoryId: ids.categoryId };
    case 'pets.update':
      return { name: 'Matrix pet' };
    case 'pets.bulkUpdate':
      return { petIds: [ids.petId], changes: { price: 1000 } };
    case 'categories.create':
      return { name: `Matrix kind ${Math.random()}` };
    case 'categories.replace':
    case 'categories.update':
      return { name: 'Matrix kind' };
    case 'orders.place':
      return { petId: ids.petId };
    case 'orders.update':
      return { shipDate: '2030-01-01T00:00:00Z' };
    case 'inventory.set':
      return { quantity: 1000 };
    case 'customers.create':
      return { name: 'Matrix extra customer' };
    case 'customers.update':
      return { note: 'Matrix' };
    case 'inventory.adjust':
      return { delta: 1, reason: 'received' };
    case 'sales.create':
      return { lines: [{ petId: ids.petId, unitPrice: 1000 }], payments: [{ method: 'card', amount: 1000 }] };
    case 'refunds.create':
      return { lines: [{ orderId: saleOrderId }], restock: false, payments: [{ method: 'cash', amount: 1000 }] };
    default:
      return undefined;
  }
}

/** The query an operation needs (a report's days). */
const QUERIES: Partial<Record<string, string>> = { '/reports/sales': '?from=2026-11-01&to=2026-11-30' };

/** The operation's URL: reads use the fixtures (a report, a day); deletions aim at ids that do not exist. */
function urlFor(path: string, method: string): string {
  const missing = method === 'DELETE';
  const fixtures: Record<string, number | string> = { ...ids, date: '2026-11-28', ...(path.endsWith('/cancel') ? { saleId: cancellableSaleId } : {}) };
  return '/v1' + path.replace(/\{(\w+)\}/g, (_, param: string) => String(missing ? 999_999 : fixtures[param])) + (QUERIES[path] ?? '');
}

/** Calls an operation; an event stream is read up to its first chunk, then closed, and checked like the rest. */
async function invoke(name: OperationName, token: string | null): Promise<Answer> {
  const { http } = operationDef(name);
  const url = urlFor(http!.path, http!.method);
  const body = bodyFor(name);
  // An operation that takes a file (a photo) is sent one.
  if (http!.bodyMedia) return s.call(http!.method, url, { token, body: PNG, headers: { 'content-type': 'image/png' } });
  if (http!.stream !== 'sse') return s.call(http!.method, url, { token, json: body });
  const response = await s.t.request(url, { token });
  if (response.status !== 200) {
    return { status: response.status, headers: response.headers, body: await s.api.check('GET', url, response) };
  }
  const reader = response.body!.getReader();
  const first = await reader.read();
  await reader.cancel();
  const text = new TextDecoder().decode(first.value);
  const copy = new Response(text, { status: response.status, headers: response.headers });
  return { status: response.status, headers: response.headers, body: await s.api.check('GET', url, copy) };
}

describe('the scope matrix over every HTTP operation of the contract', () => {
  test('the contract binds the operations of the brief, and the change log\'s end', () => {
    expect(bound.map(({ http }) => `${http.method} ${http.path}`).sort()).toEqual(
      [
        'GET /pets',
        'POST /pets',
        'POST /pets/bulk-update',
        'GET /pets/{petId}',
        'PUT /pets/{petId}',
        'PATCH /pets/{petId}',
        'DELETE /pets/{petId}',
        'PUT /pets/{petId}/photo',
        'GET /pets/{petId}/photo',
        'DELETE /pets/{petId}/photo',
        'GET /categories',
        'POST /categories',
        'GET /categories/{categoryId}',
        'PUT /categories/{categoryId}',
        'PATCH /categories/{categoryId}',
        'DELETE /categories/{categoryId}',
        'GET /store/orders',
        'POST /store/orders',
        'GET /store/orders/{orderId}',
        'PATCH /store/orders/{orderId}',
        'DELETE /store/orders/{orderId}',
        'GET /store/inventory',
        'GET /store/inventory/{petId}',
        'PUT /store/inventory/{petId}',
        'POST /store/inventory/{petId}/adjustments',
        'GET /store/inventory/{petId}/movements',
        'GET /events',
        'GET /events/latest',
        'GET /health',
        'GET /shop',
        'GET /customers',
        'POST /customers',
        'GET /customers/{customerId}',
        'PATCH /customers/{customerId}',
        'DELETE /customers/{customerId}',
        'GET /reports/sales',
        'GET /reports/day/{date}',
        'GET /reports/overview',
        'GET /sales',
        'POST /sales',
        'GET /sales/{saleId}',
        'POST /sales/{saleId}/cancel',
        'POST /sales/{saleId}/refunds',
        'GET /sales/{saleId}/refunds',
        'GET /sales/{saleId}/refunds/{refundId}',
        'GET /clerks',
        'GET /sessions/current',
        'POST /sessions',
        'DELETE /sessions/current',
      ].sort(),
    );
  });

  test.each(bound.map(({ name, http }) => [`${http.method} ${http.path}`, name] as const))(
    '%s: no token → 401 with WWW-Authenticate: Bearer (none needed for /health)',
    async (_label, name) => {
      const answer = await invoke(name, null);
      if (operationDef(name).http!.auth === 'none') {
        expect(answer.status).toBe(200);
        return;
      }
      expectError(answer, 'UNAUTHORIZED', 401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    },
  );

  test.each(bound.filter(({ http }) => http.method === 'GET').map(({ name, http }) => [`HEAD ${http.path}`, name] as const))(
    '%s (the HEAD route Fastify adds beside GET): no token → 401 too',
    async (_label, name) => {
      const http = operationDef(name).http!;
      const response = await s.t.request(urlFor(http.path, 'HEAD'), { method: 'HEAD', token: null });
      expect(response.status).toBe(http.auth === 'none' ? 200 : 401);
      if (http.auth !== 'none') expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    },
  );

  test.each(bound.map(({ name, http }) => [`${http.method} ${http.path}`, name] as const))(
    '%s: read token → allowed for GET, 403 FORBIDDEN for writes',
    async (_label, name) => {
      const answer = await invoke(name, s.t.readToken);
      if (operationDef(name).http!.method === 'GET') {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      } else {
        expectError(answer, 'FORBIDDEN', 403);
      }
    },
  );

  // A clerk signs in with a till's token only (an API token is the owner's: 403): test/rest/sessions.test.ts.
  test.each(
    bound.filter(({ name }) => name !== 'sessions.start').flatMap(({ name, http }) => [
      [`${http.method} ${http.path}`, 'write', name] as const,
      [`${http.method} ${http.path}`, 'preset', name] as const,
    ]),
  )('%s: %s token → neither 401 nor 403', async (_label, kind, name) => {
    const answer = await invoke(name, kind === 'write' ? s.t.writeToken : PRESET_TOKEN);
    expect([401, 403], JSON.stringify(answer.body)).not.toContain(answer.status);
    expect(answer.status).toBeLessThan(500);
    if (operationDef(name).http!.method !== 'DELETE') expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  });

  test('a read token is refused before the body is even looked at', async () => {
    for (const json of [undefined, {}, { name: 'x'.repeat(1000) }]) {
      expectError(await s.call('POST', '/v1/pets', { token: s.t.readToken, json }), 'FORBIDDEN', 403);
    }
  });
});

describe('bearer tokens', () => {
  test.each([
    ['no Authorization header', undefined],
    ['the Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['a token without a scheme', 'TOKEN'],
    ['the Bearer scheme without a token', 'Bearer'],
    ['the Bearer scheme with an empty token', 'Bearer '],
    ['an unknown token', 'Bearer psk_unknown'],
    ['two tokens', 'Bearer a b'],
  ])('%s → 401 UNAUTHORIZED with WWW-Authenticate: Bearer', async (_label, authorization) => {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    const answer = await s.call('GET', '/v1/pets', { token: null, headers });
    expectError(answer, 'UNAUTHORIZED', 401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  test('the scheme is case-insensitive', async () => {
    const answer = await s.call('GET', '/v1/pets', { token: null, headers: { authorization: `bearer ${s.t.readToken}` } });
    expect(answer.status).toBe(200);
  });

  test('a prefix or an extension of a valid token is not valid', async () => {
    for (const secret of [s.t.writeToken.slice(0, -1), `${s.t.writeToken}x`, s.t.writeToken.toUpperCase()]) {
      expectError(await s.call('GET', '/v1/pets', { token: secret }), 'UNAUTHORIZED', 401);
    }
  });

  test('a revoked token stops working at once', async () => {
    const { id, secret } = (await s.token('write'));
    expect((await s.call('GET', '/v1/pets', { token: secret })).status).toBe(200);
    expect((await s.call('POST', '/v1/categories', { token: secret, json: { name: 'Before revoking' } })).status).toBe(201);
    await s.t.call('tokens.revoke', { tokenId: id });
    const answer = await s.call('GET', '/v1/pets', { token: secret });
    expectError(answer, 'UNAUTHORIZED', 401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expectError(await s.call('POST', '/v1/categories', { token: secret, json: { name: 'After revoking' } }), 'UNAUTHORIZED', 401);
    // Other tokens are unaffected.
    expect((await s.call('GET', '/v1/pets')).status).toBe(200);
  });

  // Another process: a second connection to the SQLite file, or a client of the PostgreSQL database (heard by its NOTIFY).
  test('a token revoked by another process is refused at the next request, also right after an order', async () => {
    const { id, secret } = await s.token('write');
    expect((await s.call('GET', '/v1/pets', { token: secret })).status).toBe(200);
    // An order commits on the server's connection; the token cache must still see the revocation.
    expect((await s.call('POST', '/v1/store/orders', { token: secret, json: { petId: ids.petId } })).status).toBe(201);
    await sqlElsewhere(s.t, "UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?", [id]);
    const refused = await onceHeard(s.t, () => s.call('GET', '/v1/pets', { token: secret }), (answer) => answer.status === 401);
    expectError(refused, 'UNAUTHORIZED', 401);
    expect((await s.call('GET', '/v1/pets')).status).toBe(200);
  });

  test('a rate limit changed by another process applies at the next request, also right after an order', async () => {
    const limitOf = async () => (await s.call('GET', '/v1/pets')).headers.get('x-ratelimit-limit');
    const setLimit = (perMinute: number) =>
      sqlElsewhere(s.t, "INSERT INTO settings (key, value) VALUES ('rateLimitPerMinute', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
        String(perMinute),
      ]);
    expect(await limitOf()).toBe('1200');
    expect((await s.call('POST', '/v1/store/orders', { json: { petId: ids.petId } })).status).toBe(201);
    await setLimit(5000);
    expect(await onceHeard(s.t, limitOf, (limit) => limit === '5000')).toBe('5000');
    await s.settings({ rateLimitPerMinute: 1200 });
    expect(await limitOf()).toBe('1200');
  });

  test('a token created while the server runs works at once, with its scope', async () => {
    const reader = (await s.token('read'));
    expect((await s.call('GET', '/v1/categories', { token: reader.secret })).status).toBe(200);
    expectError(await s.call('POST', '/v1/categories', { token: reader.secret, json: { name: 'Nope' } }), 'FORBIDDEN', 403);
  });

  test('the preset token (PETSTORE_API_TOKEN) reads and writes', async () => {
    expect((await s.call('GET', '/v1/categories', { token: PRESET_TOKEN })).status).toBe(200);
    const created = await s.call('POST', '/v1/categories', { token: PRESET_TOKEN, json: { name: 'By preset' } });
    expect(created.status).toBe(201);
    expect((await s.call('DELETE', `/v1/categories/${created.body.id}`, { token: PRESET_TOKEN })).status).toBe(204);
  });

  test('the 401 answer does not say whether a token exists', async () => {
    const revoked = await s.token('read');
    await s.t.call('tokens.revoke', { tokenId: revoked.id });
    const a = await s.call('GET', '/v1/pets', { token: revoked.secret });
    const b = await s.call('GET', '/v1/pets', { token: 'psk_never-issued' });
    expect(a.body).toEqual(b.body);
  });
});

describe('public endpoints', () => {
  test('GET /health and /v1/health need no token, and ignore a bad one', async () => {
    for (const path of ['/health', '/v1/health']) {
      for (const token of [null, 'psk_bogus']) {
        const answer = await s.call('GET', path, { token });
        expect(answer.status).toBe(200);
        // It names the engine: a till of a PostgreSQL server says its backups are made with pg_dump.
        expect(answer.body).toEqual({ status: 'ok', version: expect.any(String), apiVersion: '1.0.0', store: ENGINE === 'postgres' ? 'postgresql' : 'sqlite' });
      }
    }
  });

  test('GET /health ignores query parameters (an uptime monitor’s cache-buster), unlike every other operation', async () => {
    for (const path of ['/health?_=1712345678', '/v1/health?probe=1&probe=2']) {
      const answer = await s.call('GET', path, { token: null });
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ok' });
    }
  });

  test('the OpenAPI document and /docs need no token at the root; their copies under /v1 need one, of either scope', async () => {
    for (const path of ['/openapi.json', '/docs']) {
      const answer = await s.call('GET', path, { token: null });
      expect(answer.status, path).toBe(200);
    }
    for (const path of ['/v1/openapi.json', '/v1/docs']) {
      expectError(await s.call('GET', path, { token: null }), 'UNAUTHORIZED', 401);
      expect((await s.call('GET', path, { token: s.t.readToken })).status, path).toBe(200);
    }
  });

  test('unknown /v1 routes need a token before they answer 404 (nothing is revealed)', async () => {
    expectError(await s.call('GET', '/v1/secret-admin', { token: null }), 'UNAUTHORIZED', 401);
    expectError(await s.call('GET', '/v1/secret-admin'), 'NOT_FOUND', 404);
  });
});
