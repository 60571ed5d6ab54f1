import { beforeAll, describe, expect, test, vi } from 'vitest';
import { connectRaw } from './support/transport';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { ERROR_CODES } from '../../src-shared/errors';
import type { Category } from '../../src-shared/schemas/category';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

const s = useHttpSuite();

const KiB64 = 64 * 1024;
const MAX_SAFE = '9007199254740991';

let category: Category;
let pet: Pet;
let orderId: number;
let customerId: number;
let sale: { id: number; lines: { orderId: number }[] };
beforeAll(async () => {
  // This file sends a few thousand requests (every operation, many bad inputs): more than the default minute's budget.
  await s.settings({ rateLimitPerMinute: 100_000 });
  category = await s.category({ name: 'Limit kinds' });
  pet = await s.pet({ name: 'Limit pet', categoryId: category.id });
  await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 10 } });
  orderId = (await s.order(pet.id)).id!;
  customerId = (await s.call('POST', '/v1/customers', { json: { name: 'Limit customer' } })).body.id;
  sale = (await s.call('POST', '/v1/sales', { json: { lines: [{ petId: pet.id, quantity: 2, unitPrice: 500 }], payments: [{ method: 'cash', amount: 1000 }] } })).body;
});

/** The operations that take a JSON body, each with a URL and a valid body (a file body: test/rest/photos.test.ts). */
const bodyRoutes = () =>
  OPERATION_NAMES.filter((name) => operationDef(name).http?.body && !operationDef(name).http?.bodyMedia).map((name) => {
    const http = operationDef(name).http!;
    const url = '/v1' + http.path.replace('{petId}', String(pet.id)).replace('{categoryId}', String(category.id)).replace('{orderId}', String(orderId)).replace('{customerId}', String(customerId)).replace('{saleId}', String(sale.id));
    const valid: Record<string, unknown> = {
      'pets.create': { name: 'Bodied', categoryId: category.id },
      'pets.replace': { name: 'Limit pet', categoryId: category.id },
      'pets.update': { name: 'Limit pet' },
      'pets.bulkUpdate': { petIds: [pet.id], changes: { price: 100 } },
      'categories.create': { name: 'Bodied kind' },
      'categories.replace': { name: 'Limit kinds' },
      'categories.update': { name: 'Limit kinds' },
      'orders.place': { petId: pet.id },
      'orders.update': { shipDate: '2030-01-01T00:00:00Z' },
      'inventory.set': { quantity: 9 },
      'inventory.adjust': { delta: 1, reason: 'received' },
      'customers.create': { name: 'Bodied customer' },
      'customers.update': { note: 'Limit' },
      'sales.create': { lines: [{ petId: pet.id, unitPrice: 500 }], payments: [{ method: 'cash', amount: 500 }] },
      'refunds.create': { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 500 }] },
      // Well-formed; the code it proves was never made (limits come before the proof is checked).
      'tills.pair': { name: 'Counter 2', proof: 'A'.repeat(43) },
      // Well-formed; an API token signs nobody in (limits come first).
      'sessions.start': { clerkId: 1, pin: '1234' },
    };
    return { name, method: http.method, url, body: valid[name] as Record<string, unknown> };
  });

/** `json` padded with insignificant whitespace to exactly `bytes` bytes. */
function padded(json: unknown, bytes: number): string {
  const text = JSON.stringify(json);
  return `${text.slice(0, -1)}${' '.repeat(bytes - Buffer.byteLength(text))}}`;
}

const send = (method: string, url: string, body: string, type = 'application/json') =>
  s.call(method, url, { body, headers: { 'content-type': type } });

describe('body size: 64 KiB', () => {
  test('a body of exactly 64 KiB is accepted as far as size goes', async () => {
    const body = padded({ name: 'Exactly at the limit', categoryId: category.id }, KiB64);
    expect(Buffer.byteLength(body)).toBe(KiB64);
    const answer = await send('POST', '/v1/pets', body);
    expect(answer.status).toBe(201);
    expect(answer.body.name).toBe('Exactly at the limit');
    await s.call('DELETE', `/v1/pets/${answer.body.id}`);
  });

  test('one byte more is 413 PAYLOAD_TOO_LARGE on every operation with a body, and nothing changes', async () => {
    for (const route of bodyRoutes()) {
      const answer = await send(route.method, route.url, padded(route.body, KiB64 + 1));
      expectError(answer, 'PAYLOAD_TOO_LARGE', 413);
    }
    expect((await s.call('GET', `/v1/pets?q=Bodied`)).body).toEqual([]);
    expect((await s.call('GET', `/v1/categories?q=Bodied`)).body).toEqual([]);
  });

  test('a large body sent in chunks (no Content-Length) is cut at the limit too', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ name: 'Streamed', description: 'd'.repeat(80_000) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 16_384) controller.enqueue(bytes.slice(offset, offset + 16_384));
        controller.close();
      },
    });
    const response = await s.t.request('/v1/categories', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const body = await s.api.check('POST', '/v1/categories', response);
    expectError({ status: response.status, headers: response.headers, body }, 'PAYLOAD_TOO_LARGE', 413);
  });

  test('a 1 MiB body is refused without trouble', async () => {
    expectError(await send('POST', '/v1/categories', padded({ name: 'Huge' }, 1024 * 1024)), 'PAYLOAD_TOO_LARGE', 413);
  });
});

describe('media type: JSON only', () => {
  test('text/plain, form-urlencoded and no Content-Type → 415 on every operation with a body', async () => {
    for (const route of bodyRoutes()) {
      const json = JSON.stringify(route.body);
      expectError(await send(route.method, route.url, json, 'text/plain'), 'UNSUPPORTED_MEDIA_TYPE', 415);
      expectError(await send(route.method, route.url, 'name=x', 'application/x-www-form-urlencoded'), 'UNSUPPORTED_MEDIA_TYPE', 415);
      expectError(await s.raw(route.method, route.url, { body: json }), 'UNSUPPORTED_MEDIA_TYPE', 415);
    }
  });

  test('a charset other than UTF-8 → 415, and nothing changes', async () => {
    for (const type of ['application/json; charset=latin1', 'application/json; charset="utf-16"', 'application/json;charset=ISO-8859-1']) {
      const answer = await send('PATCH', `/v1/pets/${pet.id}`, '{"name":"Latin"}', type);
      expectError(answer, 'UNSUPPORTED_MEDIA_TYPE', 415);
    }
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body.name).toBe('Limit pet');
  });

  test('a compressed body (Content-Encoding) → 415 instead of being read as text', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const answer = await s.call('PATCH', `/v1/pets/${pet.id}`, {
        body: '{"name":"Zipped"}',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expectError(answer, 'UNSUPPORTED_MEDIA_TYPE', 415);
      expect(answer.body.message).toContain(encoding);
    }
    const identity = await s.call('PATCH', `/v1/pets/${pet.id}`, {
      body: '{"name":"Limit pet"}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
    });
    expect(identity.status).toBe(200);
  });

  test('bytes that are not UTF-8 → 400 MALFORMED_JSON, not U+FFFD in a stored name', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from(`","categoryId":${category.id}}`)]);
    const answer = await s.call('POST', '/v1/pets', { body, headers: { 'content-type': 'application/json' } });
    expectError(answer, 'MALFORMED_JSON', 400);
    expect(answer.body.message).toMatch(/UTF-8/);
  });

  test('application/json with a charset parameter is JSON', async () => {
    const answer = await send('PATCH', `/v1/pets/${pet.id}`, '{"name":"Limit pet"}', 'application/json; charset=utf-8');
    expect(answer.status).toBe(200);
  });
});

describe('a body sent to an operation that takes none', () => {
  // Fastify parses (and limits) DELETE bodies, so a DELETE can answer 413 or 415: the document
  // must declare those statuses for it (api.check fails on an undeclared status).
  test.each([
    ['text/plain', 'hello'],
    ['application/json', padded({ reason: 'too big' }, KiB64 + 1)],
  ])('DELETE with a %s body: whatever the answer, the document declares it', async (type, body) => {
    const answer = await send('DELETE', '/v1/pets/999999', body, type);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  test('DELETE with a JSON body is refused, and nothing is deleted', async () => {
    for (const body of ['{"dryRun":true}', '[]', '{}']) {
      const answer = await send('DELETE', `/v1/pets/${pet.id}`, body);
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.message).toMatch(/takes no request body/);
    }
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).status).toBe(200);
  });

  test('Content-Type: application/json with no body at all is no body (clients that always send the header)', async () => {
    const extra = await s.pet({ name: 'Delete me', categoryId: category.id });
    const answer = await send('DELETE', `/v1/pets/${extra.id}`, '');
    expect(answer.status).toBe(204);
    expect((await s.call('GET', `/v1/pets/${extra.id}`)).status).toBe(404);
  });

  test('GET ignores a body', async () => {
    const answer = await s.raw('GET', '/v1/pets', { headers: { 'content-type': 'text/plain' }, body: 'ignored' });
    expect(answer.status).toBe(200);
  });
});

describe('malformed JSON and unknown fields', () => {
  test('malformed JSON → 400 MALFORMED_JSON on every operation with a body', async () => {
    for (const route of bodyRoutes()) {
      expectError(await send(route.method, route.url, '{"name": '), 'MALFORMED_JSON', 400);
    }
  });

  test('an unknown field → 400 naming it, on every operation with a body (also where the body is nested in the input)', async () => {
    for (const route of bodyRoutes()) {
      const answer = await s.call(route.method, route.url, { json: { ...route.body, surprise: 1 } });
      expectError(answer, 'VALIDATION_FAILED', 400);
      const paths = answer.body.details.map((detail: { path: string }) => detail.path);
      expect(paths.some((path: string) => path === 'surprise' || path.endsWith('.surprise')), `${route.name}: ${paths}`).toBe(true);
      expect(answer.body.message).toContain('surprise');
    }
  });

  test('a body that is not an object → 400', async () => {
    for (const route of bodyRoutes()) {
      for (const text of ['null', '[]', '"text"', '42', 'true']) {
        expectError(await send(route.method, route.url, text), 'VALIDATION_FAILED', 400);
      }
    }
  });
});

describe('__proto__ and constructor keys', () => {
  test.each([
    ['top-level __proto__', '{"name":"Polluted","__proto__":{"isAdmin":true}}'],
    ['escaped __proto__', '{"name":"Polluted","\\u005f_proto__":{"isAdmin":true}}'],
    ['constructor.prototype', '{"name":"Polluted","constructor":{"prototype":{"isAdmin":true}}}'],
    ['plain constructor', '{"name":"Polluted","constructor":"x"}'],
  ])('%s on POST → 4xx and nothing is created', async (_label, body) => {
    const answer = await send('POST', '/v1/categories', body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect((await s.call('GET', '/v1/categories?q=Polluted')).body).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  test.each([
    ['PATCH', '{"__proto__":{"status":"sold"}}'],
    ['PATCH', '{"name":"Polluted","status":{"__proto__":{"x":1}}}'],
    ['PUT', '{"name":"Polluted","categoryId":1,"constructor":{"prototype":{"status":"sold"}}}'],
  ])('%s %s on a pet → 4xx and the pet is unchanged', async (method, body) => {
    const before = (await s.call('GET', `/v1/pets/${pet.id}`)).body;
    const answer = await send(method, `/v1/pets/${pet.id}`, body);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body).toEqual(before);
  });

  test.each(['__proto__=1', 'constructor=1', 'id=1&__proto__=x&__proto__=y'])('in the query (%s): an unknown field, named in the refusal', async (query) => {
    const answer = await s.call('GET', `/v1/pets?${query}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
    const key = query.includes('__proto__') ? '__proto__' : 'constructor';
    expect(JSON.stringify(answer.body)).toContain(key);
    expect(({} as Record<string, unknown>)['1']).toBeUndefined();
  });
});

describe('a query string whose percent-encoding is broken is refused, naming the parameter', () => {
  test.each(['q=B%E4r', 'q=%ZZ', 'q=%FF', 'q=%E0%A4%A', 'q=%', 'status=available&q=50%'])('GET /v1/pets?%s', async (query) => {
    const answer = await s.call('GET', `/v1/pets?${query}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.message).toBe('Invalid input: q: Broken percent-encoding: encode text as UTF-8 (ä is %C3%A4) and a literal % as %25');
    expect(answer.body.details).toEqual([{ path: 'q', message: expect.stringContaining('percent-encoding') }]);
  });

  test('the same text in UTF-8 is read (and a + is a space)', async () => {
    const answer = await s.call('GET', `/v1/pets?q=${encodeURIComponent('Limit pet').replace('%20', '+')}&status=available`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([pet]);
    expect((await s.call('GET', '/v1/pets?q=50%25')).status).toBe(200);
  });

  test('a broken parameter name is named as sent; on any operation; a caller without a token hears 401 first', async () => {
    const named = await s.call('GET', '/v1/store/orders?%FF=1');
    expectError(named, 'VALIDATION_FAILED', 400);
    expect(named.body.details).toEqual([{ path: '%FF', message: expect.any(String) }]);
    expectError(await s.call('POST', '/v1/pets?dryRun=%ZZ', { json: { name: 'Never', categoryId: category.id } }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', '/v1/events?after=%ZZ'), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', '/v1/pets?q=%ZZ', { token: null }), 'UNAUTHORIZED', 401);
    expect((await s.call('GET', '/v1/pets?q=Never')).body).toEqual([]);
  });
});

describe('a URL the router cannot read is checked like any request first: a caller without a token learns nothing else', () => {
  test.each([
    ['GET', '/v1/pets/%ZZ'],
    ['DELETE', '/v1/categories/%FF'],
    ['GET', `/v1/pets/${'9'.repeat(300)}`],
    ['GET', '/v1/nothing/%ZZ'],
  ])('%s %s: 401 without a token, 400 with one', async (method, path) => {
    expectError(await s.call(method, path, { token: null }), 'UNAUTHORIZED', 401);
    expectError(await s.call(method, path), 'VALIDATION_FAILED', 400);
  });

  test('a read token on a write operation hears 403 before the URL is judged', async () => {
    expectError(await s.call('DELETE', '/v1/pets/%ZZ', { token: s.t.readToken }), 'FORBIDDEN', 403);
  });
});

describe('ids beyond 2^53−1 are refused with 400, never mis-parsed', () => {
  const beyond = ['9007199254740992', '9007199254740993', '18446744073709551616', '99999999999999999999', '1e16', '9007199254740993.0'];

  test('2^53−1 itself is a valid id (just not one that exists)', async () => {
    expectError(await s.call('GET', `/v1/pets/${MAX_SAFE}`), 'NOT_FOUND', 404);
    expectError(await s.call('GET', `/v1/store/orders/${MAX_SAFE}`), 'NOT_FOUND', 404);
  });

  test.each(beyond)('in the path: %s', async (id) => {
    for (const path of [`/v1/pets/${id}`, `/v1/categories/${id}`, `/v1/store/orders/${id}`, `/v1/store/inventory/${id}`]) {
      const answer = await s.call('GET', path);
      expectError(answer, 'VALIDATION_FAILED', 400);
    }
    expectError(await s.call('DELETE', `/v1/pets/${id}`), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PATCH', `/v1/pets/${id}`, { json: { name: 'x' } }), 'VALIDATION_FAILED', 400);
  });

  test.each(beyond)('in the query: %s', async (id) => {
    for (const query of [`id=${id}`, `id=${pet.id},${id}`, `categoryId=${id}`]) {
      expectError(await s.call('GET', `/v1/pets?${query}`), 'VALIDATION_FAILED', 400);
    }
    expectError(await s.call('GET', `/v1/store/orders?petId=${id}`), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', `/v1/store/inventory?petId=${id}`), 'VALIDATION_FAILED', 400);
  });

  test.each(beyond)('in the body: %s', async (id) => {
    expectError(await send('POST', '/v1/pets', `{"name":"Big id","categoryId":${id}}`), 'VALIDATION_FAILED', 400);
    expectError(await send('PATCH', `/v1/pets/${pet.id}`, `{"categoryId":${id}}`), 'VALIDATION_FAILED', 400);
    expectError(await send('POST', '/v1/store/orders', `{"petId":${id}}`), 'VALIDATION_FAILED', 400);
  });

  test('an id too long for the router is still an Error object (400), not a framework answer', async () => {
    const id = '9'.repeat(300);
    const answer = await s.call('GET', `/v1/pets/${id}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
  });

  test('a fractional id just above 2^53−1 does not round down to 2^53−1 (path and query)', async () => {
    const id = `${MAX_SAFE}.4`; // rounds to 2^53−1 as a double
    expectError(await s.call('GET', `/v1/pets/${id}`), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', `/v1/pets?id=${id}`), 'VALIDATION_FAILED', 400);
  });

  test('in a body, a number JSON.parse would round to a whole one is refused, naming the field; nothing changes', async () => {
    const before = {
      pet: (await s.call('GET', `/v1/pets?id=${pet.id}`)).body,
      orders: (await s.call('GET', '/v1/store/orders?limit=500')).body,
      stock: (await s.call('GET', `/v1/store/inventory/${pet.id}`)).body,
    };
    const cases: [string, string, string, string][] = [
      ['POST', '/v1/store/orders', `{"petId":${pet.id - 1}.99999999999999999999}`, 'petId'],
      ['POST', '/v1/store/orders', `{"petId":${pet.id},"quantity":1.0000000000000001}`, 'quantity'],
      ['POST', '/v1/pets', `{"name":"Rounded","categoryId":${MAX_SAFE}.4}`, 'categoryId'],
      ['PATCH', `/v1/pets/${pet.id}`, `{"categoryId":${category.id}.000000000000000001}`, 'categoryId'],
      ['PUT', `/v1/store/inventory/${pet.id}`, '{"quantity":2.00000000000000001}', 'quantity'],
      ['PUT', `/v1/store/inventory/${pet.id}`, '{"quantity":1e-400}', 'quantity'],
      ['PUT', `/v1/store/inventory/${pet.id}`, '{"quantity":1e400}', 'quantity'],
      ['PUT', `/v1/store/inventory/${pet.id}`, `{"quantity":${'9'.repeat(5000)}}`, 'quantity'],
    ];
    for (const [method, url, body, field] of cases) {
      const answer = await send(method, url, body);
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect((answer.body as { message: string }).message, body.slice(0, 60)).toMatch(new RegExp(`^Invalid input: ${field}: .*(is not a whole number|is too large: whole numbers go up to 9,007,199,254,740,991)$`));
      expect((answer.body as { details: unknown[] }).details).toEqual([{ path: field, message: expect.any(String) }]);
    }
    expect((await s.call('GET', `/v1/pets?id=${pet.id}`)).body).toEqual(before.pet);
    expect((await s.call('GET', '/v1/store/orders?limit=500')).body).toEqual(before.orders);
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual(before.stock);
  });

  test('a body built to make the refusal huge (deep nesting, thousands of bad numbers) gets a prompt, bounded answer', async () => {
    const deep = `{"petId":${pet.id},"quantity":1,"x":${'['.repeat(20_000)}${Array(3_500).fill('1e-400').join(',')}${']'.repeat(20_000)}}`;
    expect(deep.length).toBeLessThan(KiB64);
    const answer = await send('POST', '/v1/store/orders', deep); // took 30 s and answered 142 MB
    expectError(answer, 'VALIDATION_FAILED', 400);
    const details = (answer.body as { details: { path: string }[] }).details;
    expect(details.length).toBeLessThanOrEqual(11); // the first ten numbers, and the unknown field
    expect(details[0]!.path).toBe('x.0.0.0.….0.0.0.0');
    expect(JSON.stringify(answer.body).length).toBeLessThan(2_000);
  });

  test('in a body, a number written as exactly a whole one (1.0, 1e0, 10e-1) is that number', async () => {
    for (const written of ['9.0', '9e0', '90e-1', '0.9e1']) {
      const answer = await send('PUT', `/v1/store/inventory/${pet.id}`, `{"quantity":${written}}`);
      expect(answer.status, written).toBe(200);
      expect((answer.body as { quantity: number }).quantity).toBe(9);
    }
    await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 10 } });
  });

  test('a non-integer id never reads another pet (path and query)', async () => {
    for (const id of [`${pet.id}.0000000000000001`, `${pet.id}e0`]) {
      const one = await s.call('GET', `/v1/pets/${id}`);
      expect(one.status, `GET /v1/pets/${id} answered ${JSON.stringify(one.body)}`).toBe(400);
      const stock = await s.call('GET', `/v1/store/inventory/${id}`);
      expect(stock.status, `GET /v1/store/inventory/${id} answered ${JSON.stringify(stock.body)}`).toBe(400);
      const list = await s.call('GET', `/v1/pets?id=${id}`);
      expect(list.status, `GET /v1/pets?id=${id} answered ${JSON.stringify(list.body)}`).toBe(400);
    }
  });
});

describe('query values', () => {
  test.each([
    'limit=0',
    'limit=501',
    'limit=abc',
    'limit=-1',
    'limit=1.5',
    'limit=',
    'limit=1&limit=2',
    'status=lost',
    'status=available,lost',
    'status=available&status=AVAILABLE',
    'sort=price',
    'categoryId=0',
    'categoryId=x',
    'id=abc',
    'q=' + 'q'.repeat(101),
    'cursor=' + 'c'.repeat(513),
    'colour=brown',
    'Limit=5',
  ])('GET /v1/pets?%s → 400', async (query) => {
    const answer = await s.call('GET', `/v1/pets?${query}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.length).toBeGreaterThan(0);
  });

  test('limit=1 and limit=500 are the bounds', async () => {
    expect((await s.call('GET', '/v1/pets?limit=1')).status).toBe(200);
    expect((await s.call('GET', '/v1/pets?limit=500')).status).toBe(200);
  });

  test('an unknown query parameter is named', async () => {
    const answer = await s.call('GET', '/v1/store/orders?colour=brown');
    expect(answer.body.details).toEqual([{ path: 'colour', message: expect.stringContaining('colour') }]);
    expectError(await s.call('GET', `/v1/pets/${pet.id}?verbose=1`), 'VALIDATION_FAILED', 400);
    // (Only /health ignores them: test/rest/auth.test.ts.)
    // A parameter that takes one value, given twice, is refused as such.
    for (const path of ['/v1/pets?limit=1&limit=2', '/v1/store/orders?petId=1&petId=2']) {
      const twice = await s.call('GET', path);
      expectError(twice, 'VALIDATION_FAILED', 400);
      expect(twice.body.details, path).toEqual([{ path: path.includes('limit') ? 'limit' : 'petId', message: 'must be given once' }]);
    }
    // On an operation that takes its input in the body, a query parameter is named the same way.
    const post = await s.call('POST', '/v1/categories?dryRun=true', { json: { name: 'Query strays' } });
    expectError(post, 'VALIDATION_FAILED', 400);
    expect(post.body.details).toEqual([{ path: 'dryRun', message: 'Unknown query parameter "dryRun"' }]);
  });

  test('a query parameter named after an Object.prototype member is an unknown field: 400, not 500', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined); // a 500 would log its stack
    try {
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        for (const path of [`/v1/pets?${name}=1`, `/v1/pets/${pet.id}?${name}=1`, `/v1/store/orders?${name}=1&${name}=2`]) {
          const answer = await s.call('GET', path);
          expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(400);
          expect(answer.body.code).toBe('VALIDATION_FAILED');
          expect(JSON.stringify(answer.body.details)).toContain(name);
        }
      }
    } finally {
      quiet.mockRestore();
    }
  });
});

describe('no bad input ever answers 5xx', () => {
  const weird = ['', '0', '-1', 'abc', '%00', '%F0%9F%90%B6', '1;DROP TABLE pets', "1'--", '[]', '{}', 'null', 'NaN', 'Infinity', '%20', '1%2F2'];

  test('weird path parameters on every operation with one', async () => {
    const withParams = OPERATION_NAMES.filter((name) => operationDef(name).http?.path.includes('{')).map((name) => operationDef(name).http!);
    const answers: Answer[] = [];
    for (const http of withParams) {
      for (const value of weird) {
        if (value === '') continue;
        const url = '/v1' + http.path.replace(/\{\w+\}/, value);
        const json = http.body ? {} : undefined;
        const answer = await s.call(http.method, url, { json });
        answers.push(answer);
        expect(answer.status, `${http.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${http.method} ${url}`).toBeLessThan(500);
        expect(typeof answer.body.code, `${http.method} ${url}`).toBe('string');
      }
    }
    expect(answers.length).toBeGreaterThan(100);
  });

  test('weird query values on every list', async () => {
    for (const path of ['/v1/pets', '/v1/categories', '/v1/store/orders', '/v1/store/inventory']) {
      for (const key of ['limit', 'cursor', 'q', 'status', 'id', 'petId', 'categoryId', 'complete', 'low', 'sort']) {
        for (const value of weird) {
          const url = `${path}?${key}=${value}`;
          const answer = await s.call('GET', url);
          expect(answer.status, url).toBeLessThan(500);
        }
      }
    }
  });

  test('weird JSON bodies on every operation with one', async () => {
    const bodies = [
      '{"name":"\\ud800"}',
      '{"name":"\\u0000"}',
      '{"name":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
      '{"name":1e999}',
      '{"name":"x","name":"y"}',
      '{"quantity":-0}',
      '{"petId":true}',
      '{"shipDate":"9999-12-31T23:59:59-23:59"}',
      '{"shipDate":"0000-01-01T00:00:00+01:00"}',
    ];
    for (const route of bodyRoutes()) {
      for (const body of bodies) {
        const answer = await send(route.method, route.url, body);
        expect(answer.status, `${route.method} ${route.url} ${body.slice(0, 60)}`).toBeLessThan(500);
      }
    }
  });

  test('an undecodable path is still an Error object (400)', async () => {
    expectError(await s.call('GET', '/v1/pets/%E0%A4%A'), 'VALIDATION_FAILED', 400);
  });
});

describe('requests HTTP itself cannot parse', () => {
  /** Writes raw bytes to the listener and returns what comes back before it closes. */
  const sendRaw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connectRaw(s.t.listener.port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  test.each([
    ['a header line without a colon', 'GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n'],
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n'],
  ])('%s → 400 with the Error object', async (_label, bytes) => {
    const answer = await sendRaw(bytes);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const error = JSON.parse(body);
    expect(ERROR_CODES).toContain(error.code);
    expect(error.status).toBe(400);
    expect(typeof error.message).toBe('string');
  });
});
