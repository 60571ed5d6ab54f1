import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { connectRaw } from './support/transport';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '../../src-shared/errors';
import type { Pet } from '../../src-shared/schemas/pet';
import { forgetStorageFull } from '../../src-main/service/storage-full';
import { LOCK_WAIT_MS } from '../../src-main/db/postgres/run-step';
import { tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer } from '../../src-main/service/shop-server';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { OVERSIZED_DATE, recordOversizedSalesIn } from '../service/support/oversized-sales';
import { sqlElsewhere } from './support/other-program';
import { ENGINE, SQLITE_ONLY, type TestServer } from './support/server';

/**
 * Every code of the error catalogue, provoked over real HTTP, with its status and the Error
 * object's shape (each answer is also checked against the served document).
 */
const s = useHttpSuite();

const seen = new Set<ErrorCode>();
function expectCode(answer: Answer, code: ErrorCode): void {
  expectError(answer, code, ERROR_CATALOGUE[code].status);
  expect(Object.keys(answer.body).sort()).toEqual(answer.body.details ? ['code', 'details', 'message', 'status'] : ['code', 'message', 'status']);
  expect(answer.body.message).not.toMatch(/\bat .+:\d+:\d+/); // no stack frames
  seen.add(code);
}

let categoryId: number;
let pet: Pet;
beforeAll(async () => {
  categoryId = (await s.category({ name: 'Error kinds' })).id;
  pet = await s.pet({ name: 'Errol', categoryId });
});

describe('400 VALIDATION_FAILED', () => {
  test('details name each offending field, with dotted paths', async () => {
    const answer = await s.call('POST', '/v1/pets', { json: { name: '', categoryId: -3, status: 'lost', extra: true } });
    expectCode(answer, 'VALIDATION_FAILED');
    const paths = answer.body.details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'categoryId', 'status', 'extra']));
    for (const detail of answer.body.details) expect(detail.message.length).toBeGreaterThan(0);
    expect(answer.body.message).toMatch(/^Invalid input/);
  });

  test('query and path parameters are named too', async () => {
    const query = await s.call('GET', '/v1/pets?limit=0&status=lost');
    expectCode(query, 'VALIDATION_FAILED');
    expect(query.body.details.map((detail: { path: string }) => detail.path)).toEqual(expect.arrayContaining(['limit', 'status.0']));
    const path = await s.call('GET', '/v1/categories/abc');
    expectCode(path, 'VALIDATION_FAILED');
    expect(path.body.details.map((detail: { path: string }) => detail.path)).toEqual(['categoryId']);
  });

  test('a parameter that is not a whole number or a boolean says what it must be', async () => {
    const cases: [string, string][] = [
      ['/v1/pets?limit=1.5', 'limit: must be a whole number'],
      ['/v1/pets?limit=', 'limit: must be a whole number'],
      ['/v1/pets?id=7,x', 'id: must be a whole number'],
      ['/v1/categories/1e0', 'categoryId: must be a whole number'],
      ['/v1/store/orders?complete=yes', 'complete: must be true or false'],
    ];
    for (const [path, message] of cases) {
      const answer = await s.call('GET', path);
      expectCode(answer, 'VALIDATION_FAILED');
      expect(answer.body.message, path).toBe(`Invalid input: ${message}`);
      expect(answer.body.details, path).toEqual([{ path: message.split(':')[0], message: message.split(': ')[1] }]);
    }
  });

  test('a body field is named by its place in the body, on every operation, whatever the input calls it', async () => {
    const cases: [string, string, unknown, string][] = [
      ['PUT', `/v1/pets/${pet.id}`, { name: 'Errol', categoryId: 0 }, 'categoryId'],
      ['PATCH', `/v1/pets/${pet.id}`, { name: '' }, 'name'],
      ['PATCH', `/v1/categories/${categoryId}`, { description: 'x'.repeat(501) }, 'description'],
      ['PUT', `/v1/store/inventory/${pet.id}`, { quantity: -1 }, 'quantity'],
      ['PATCH', `/v1/pets/${pet.id}`, { nickname: 'E' }, 'nickname'],
    ];
    for (const [method, path, json, field] of cases) {
      const answer = await s.call(method, path, { json });
      expectCode(answer, 'VALIDATION_FAILED');
      expect(answer.body.details.map((detail: { path: string }) => detail.path), `${method} ${path}`).toContain(field);
      expect(answer.body.message, `${method} ${path}`).toContain(`${field}: `);
    }
  });

  test('an empty filter list (?id=, ?status=) is refused, not read as "no filter"', async () => {
    for (const query of ['id=', 'status=', 'id=&limit=1', 'id=,']) {
      const answer = await s.call('GET', `/v1/pets?${query}`);
      expectCode(answer, 'VALIDATION_FAILED');
      expect(answer.body.message, query).toMatch(/at least one/);
    }
    expectCode(await s.call('GET', '/v1/store/inventory?petId='), 'VALIDATION_FAILED');
  });

  test('a list with an empty item (?id=1,,2, ?status=available,) is refused, not read without it', async () => {
    for (const query of ['id=1,,2', `id=${pet.id},`, 'status=available,,sold', 'status=,pending', `id=${pet.id}&id=&id=2`]) {
      const answer = await s.call('GET', `/v1/pets?${query}`);
      expectCode(answer, 'VALIDATION_FAILED');
      expect(answer.body.message, query).toMatch(/an empty item/);
    }
    expectCode(await s.call('GET', `/v1/store/inventory?petId=${pet.id},`), 'VALIDATION_FAILED');
  });

  test('text holding half of a surrogate pair is refused, and nothing is stored', async () => {
    for (const [method, path, body] of [
      ['POST', '/v1/pets', `{"name":"a\\ud800b","categoryId":${categoryId}}`],
      ['PATCH', `/v1/pets/${pet.id}`, '{"name":"\\udc00"}'],
      ['POST', '/v1/categories', '{"name":"Broken \\ud83d"}'],
      ['PATCH', `/v1/categories/${categoryId}`, '{"description":"tail \\ud800"}'],
    ] as const) {
      const answer = await s.call(method, path, { body, headers: { 'content-type': 'application/json' } });
      expectCode(answer, 'VALIDATION_FAILED');
      expect(answer.body.message, body).toMatch(/surrogate/);
    }
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body).toEqual(pet);
    // A whole pair (an emoji, escaped or not) is text like any other.
    const emoji = await s.call('POST', '/v1/categories', { body: '{"name":"Fish \\ud83d\\udc1f"}', headers: { 'content-type': 'application/json' } });
    expect(emoji.status).toBe(201);
    expect(emoji.body.name).toBe('Fish 🐟');
    await s.call('DELETE', `/v1/categories/${emoji.body.id}`);
  });

  test('a description refuses control characters but keeps line breaks and tabs', async () => {
    expectCode(await s.call('PATCH', `/v1/categories/${categoryId}`, { json: { description: 'bell\u0007' } }), 'VALIDATION_FAILED');
    expectCode(await s.call('PATCH', `/v1/categories/${categoryId}`, { json: { description: 'nul\u0000' } }), 'VALIDATION_FAILED');
    const kept = await s.call('PATCH', `/v1/categories/${categoryId}`, { json: { description: 'line one\n\tline two' } });
    expect(kept.status).toBe(200);
    expect(kept.body.description).toBe('line one\n\tline two');
  });

  test('hostile input cannot make the answer huge: details are bounded', async () => {
    const body: Record<string, number> = { name: 1 as unknown as number, categoryId: 1 };
    for (let i = 0; i < 1000; i++) body[`field${i}`] = i;
    const answer = await s.call('POST', '/v1/pets', { json: body });
    expectCode(answer, 'VALIDATION_FAILED');
    expect(answer.body.details.length).toBeLessThanOrEqual(50);
  });
});

describe('400 MALFORMED_JSON', () => {
  test.each([
    ['{"name": "Rex",', 'truncated'],
    ["{'name': 'Rex'}", 'single quotes'],
    ['{"name": "Rex",}', 'trailing comma'],
    ['', 'empty'],
    ['NaN', 'not JSON at all'],
  ])('%j (%s)', async (body) => {
    const answer = await s.call('POST', '/v1/categories', { body, headers: { 'content-type': 'application/json' } });
    expectCode(answer, 'MALFORMED_JSON');
  });

  test('on PUT and PATCH too, and nothing changes', async () => {
    for (const method of ['PUT', 'PATCH']) {
      expectCode(await s.call(method, `/v1/pets/${pet.id}`, { body: '{"name":', headers: { 'content-type': 'application/json' } }), 'MALFORMED_JSON');
    }
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body).toEqual(pet);
  });
});

describe('401 UNAUTHORIZED', () => {
  test('no token, wrong scheme, unknown token', async () => {
    const variants: Record<string, string>[] = [{}, { authorization: `Basic ${s.t.writeToken}` }, { authorization: 'Bearer psk_nobody' }];
    for (const headers of variants) {
      const answer = await s.call('GET', '/v1/categories', { token: null, headers });
      expectCode(answer, 'UNAUTHORIZED');
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  test('a revoked token', async () => {
    const { id, secret } = (await s.token('read'));
    expect((await s.call('GET', '/v1/categories', { token: secret })).status).toBe(200);
    await s.t.call('tokens.revoke', { tokenId: id });
    expectCode(await s.call('GET', '/v1/categories', { token: secret }), 'UNAUTHORIZED');
  });
});

describe('403 FORBIDDEN', () => {
  test('a read token on POST, PUT, PATCH and DELETE; nothing changes', async () => {
    const token = s.t.readToken;
    expectCode(await s.call('POST', '/v1/pets', { token, json: { name: 'Sneaky', categoryId } }), 'FORBIDDEN');
    expectCode(await s.call('PUT', `/v1/pets/${pet.id}`, { token, json: { name: 'Sneaky', categoryId } }), 'FORBIDDEN');
    expectCode(await s.call('PATCH', `/v1/pets/${pet.id}`, { token, json: { name: 'Sneaky' } }), 'FORBIDDEN');
    expectCode(await s.call('DELETE', `/v1/pets/${pet.id}`, { token }), 'FORBIDDEN');
    expect((await s.call('GET', `/v1/pets/${pet.id}`, { token })).body).toEqual(pet);
    expect((await s.call('GET', '/v1/pets?q=Sneaky', { token })).body).toEqual([]);
  });

  test.each(['evil.example', 'evil.example:80', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1', '[::2]'])(
    'a foreign Host header (%s) is refused everywhere, even with a valid token and on public routes',
    async (host) => {
      for (const path of ['/v1/pets', `/v1/pets/${pet.id}`, '/health', '/v1/health']) {
        expectCode(await s.raw('GET', path, { headers: { host } }), 'FORBIDDEN');
      }
      expectCode(await s.raw('POST', '/v1/categories', { headers: { host, 'content-type': 'application/json' }, body: '{"name":"Rebound"}' }), 'FORBIDDEN');
      for (const path of ['/openapi.json', '/docs']) {
        const answer = await s.raw('GET', path, { headers: { host } });
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('FORBIDDEN');
      }
      expect((await s.call('GET', '/v1/categories?q=Rebound')).body).toEqual([]);
    },
  );

  test('the bound address and localhost (any port, any case) are accepted', async () => {
    const port = s.t.listener.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, 'localhost', `[::1]:${port}`]) {
      expect((await s.raw('GET', '/v1/pets', { headers: { host } })).status, host).toBe(200);
    }
  });
});

describe('403 PAIRING_CODE_INVALID', () => {
  test("a till's pairing with a code the server never made: the same 403 as a used or expired one", async () => {
    provideShopServer(s.t.served, { fingerprint: () => 'AB:CD:'.repeat(15) + 'AB:CD' });
    await s.t.call('tills.pairingCode', {});
    const answer = await s.call('POST', '/v1/tills/pair', { token: null, json: { name: 'Counter 2', proof: tillProof('ABCDE-FGHJK', 'AB:CD', 'Counter 2') } });
    expectCode(answer, 'PAIRING_CODE_INVALID');
    expect(answer.body.message).toMatch(/make a new code on the shop server/);
  });
});

describe('401 SIGN_IN_REQUIRED and 403 PIN_INCORRECT (clerk logins on, then off again)', () => {
  test("a till's token alone on a clerk's operation; a sign-in with a wrong PIN", async () => {
    const till = await pairTillAt(s.t, 'Error kinds till');
    const { clerk } = await clerksWithLoginsAt(s.t, { owner: 'Error owner', clerk: 'Error clerk' });
    try {
      expectCode(await s.call('GET', '/v1/pets?limit=1', { token: till.secret }), 'SIGN_IN_REQUIRED');
      expectCode(await s.call('POST', '/v1/sessions', { token: till.secret, json: { clerkId: clerk.id, pin: '0000' } }), 'PIN_INCORRECT');
    } finally {
      await s.settings({ clerkLogins: false });
    }
  });
});

describe('404 NOT_FOUND', () => {
  test('a missing pet, category, order and inventory entry', async () => {
    for (const path of ['/v1/pets/424242', '/v1/categories/424242', '/v1/store/orders/424242', '/v1/store/inventory/424242']) {
      const answer = await s.call('GET', path);
      expectCode(answer, 'NOT_FOUND');
      expect(answer.body.message).toContain('424242');
    }
  });

  test('unknown routes', async () => {
    for (const path of ['/v1/unicorns', '/v1/pets/1/photos', '/v2/pets', '/pets', '/', '/v1']) {
      const answer = await s.call('GET', path);
      expectCode(answer, 'NOT_FOUND');
    }
  });
});

describe('paths are taken as sent: dot segments and double slashes are not resolved', () => {
  test.each(['/v1/pets/./3', '/v1/pets/../categories/1', '//health', '//v1/pets', '/v1//pets'])('GET %s → 404 naming that path', async (path) => {
    const answer = await s.raw('GET', path);
    expect(answer.status).toBe(404);
    expectCode(answer, 'NOT_FOUND');
    expect(answer.body.message).toBe(`There is nothing at ${path}`);
  });
});

describe('405 METHOD_NOT_ALLOWED', () => {
  test.each([
    ['POST', '/v1/pets/1', 'GET, HEAD, PUT, PATCH, DELETE'],
    ['DELETE', '/v1/pets', 'GET, HEAD, POST'],
    ['PATCH', '/v1/categories', 'GET, HEAD, POST'],
    ['PUT', '/v1/store/orders/1', 'GET, HEAD, PATCH, DELETE'],
    ['POST', '/v1/store/inventory/1', 'GET, HEAD, PUT'],
    ['DELETE', '/v1/store/inventory', 'GET, HEAD'],
    ['POST', '/v1/events', 'GET, HEAD'],
    ['POST', '/health', 'GET, HEAD'],
    ['POST', '/v1/health', 'GET, HEAD'],
    ['DELETE', '/docs', 'GET, HEAD'],
    ['DELETE', '/v1/docs', 'GET, HEAD'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const answer = await s.call(method, path, method === 'POST' || method === 'PUT' || method === 'PATCH' ? { json: {} } : {});
    expectCode(answer, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.get('allow')).toBe(allow);
  });
});

describe('405 on public paths needs no token; elsewhere a token comes first', () => {
  test('POST /v1/health and /openapi.json answer 405 to anyone; POST /v1/pets/1 or /v1/openapi.json without a token is 401', async () => {
    for (const path of ['/v1/health', '/health', '/openapi.json', '/docs']) {
      const answer = await s.call('POST', path, { token: null, json: {} });
      expectCode(answer, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.get('allow'), path).toBe('GET, HEAD');
    }
    for (const path of ['/v1/openapi.json', '/v1/docs']) {
      expectCode(await s.call('POST', path, { token: null, json: {} }), 'UNAUTHORIZED');
      const answer = await s.call('POST', path, { json: {} });
      expectCode(answer, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.get('allow'), path).toBe('GET, HEAD');
    }
    expectCode(await s.call('POST', '/v1/pets/1', { token: null, json: {} }), 'UNAUTHORIZED');
    expectCode(await s.call('GET', '/v1/unicorns', { token: null }), 'UNAUTHORIZED');
  });
});

describe('409 conflicts', () => {
  test('INSUFFICIENT_STOCK', async () => {
    const short = await s.pet({ categoryId });
    expectCode(await s.call('POST', '/v1/store/orders', { json: { petId: short.id, quantity: 2 } }), 'INSUFFICIENT_STOCK');
  });

  test('PET_NOT_AVAILABLE', async () => {
    const sold = await s.pet({ categoryId, status: 'sold' });
    expectCode(await s.call('POST', '/v1/store/orders', { json: { petId: sold.id } }), 'PET_NOT_AVAILABLE');
  });

  test('CATEGORY_IN_USE', async () => {
    expectCode(await s.call('DELETE', `/v1/categories/${categoryId}`), 'CATEGORY_IN_USE');
  });

  test('CATEGORY_NAME_TAKEN', async () => {
    expectCode(await s.call('POST', '/v1/categories', { json: { name: 'ERROR KINDS' } }), 'CATEGORY_NAME_TAKEN');
  });

  test('PET_HAS_OPEN_ORDERS', async () => {
    const busy = await s.pet({ categoryId });
    await s.order(busy.id);
    expectCode(await s.call('DELETE', `/v1/pets/${busy.id}`), 'PET_HAS_OPEN_ORDERS');
  });

  test('ORDER_COMPLETE', async () => {
    const bought = await s.pet({ categoryId });
    const order = await s.order(bought.id);
    await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } });
    expectCode(await s.call('DELETE', `/v1/store/orders/${order.id}`), 'ORDER_COMPLETE');
  });
});

describe('410 OPERATION_SUNSET', () => {
  test('after the sunset date GET /v1/pets/{petId} answers 410, still with the deprecation headers', async () => {
    await s.settings({ sunsetDate: '2020-01-01' });
    try {
      const answer = await s.call('GET', `/v1/pets/${pet.id}`);
      expectCode(answer, 'OPERATION_SUNSET');
      expect(answer.body.message).toContain(`/v1/pets?id=${pet.id}`);
      expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(answer.headers.get('sunset')).toBe('Wed, 01 Jan 2020 00:00:00 GMT');
      expect(answer.headers.get('link')).toBe(`</v1/pets?id=${pet.id}>; rel="successor-version"`);
      // The successor keeps working.
      expect((await s.call('GET', `/v1/pets?id=${pet.id}`)).body).toEqual([pet]);
    } finally {
      await s.settings({ sunsetDate: '2027-06-30' });
    }
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).status).toBe(200);
  });
});

describe('413 PAYLOAD_TOO_LARGE', () => {
  test('a body over 64 KiB', async () => {
    const json = { name: 'Big', description: 'd'.repeat(70 * 1024) };
    expectCode(await s.call('POST', '/v1/categories', { json }), 'PAYLOAD_TOO_LARGE');
    expect((await s.call('GET', '/v1/categories?q=Big')).body).toEqual([]);
  });
});

describe('415 UNSUPPORTED_MEDIA_TYPE', () => {
  test.each([
    ['text/plain', '{"name":"Plain"}'],
    ['application/x-www-form-urlencoded', 'name=Form'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMulti\r\n--x--\r\n'],
    ['application/xml', '<name>Xml</name>'],
  ])('Content-Type: %s', async (type, body) => {
    expectCode(await s.call('POST', '/v1/categories', { body, headers: { 'content-type': type } }), 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('a body without a Content-Type', async () => {
    expectCode(await s.raw('POST', '/v1/categories', { body: '{"name":"Untyped"}' }), 'UNSUPPORTED_MEDIA_TYPE');
    expectCode(await s.call('PUT', `/v1/pets/${pet.id}`, { body: new TextEncoder().encode('{"name":"x","categoryId":1}') }), 'UNSUPPORTED_MEDIA_TYPE');
    expect((await s.call('GET', '/v1/categories?q=Untyped')).body).toEqual([]);
  });
});

describe('422 REFERENCE_NOT_FOUND', () => {
  test('a pet in a missing category; an order for a missing pet', async () => {
    const petAnswer = await s.call('POST', '/v1/pets', { json: { name: 'Nowhere', categoryId: 424242 } });
    expectCode(petAnswer, 'REFERENCE_NOT_FOUND');
    expect(petAnswer.body.details[0].path).toBe('categoryId');
    expectCode(await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { categoryId: 424242 } }), 'REFERENCE_NOT_FOUND');
    expectCode(await s.call('POST', '/v1/store/orders', { json: { petId: 424242 } }), 'REFERENCE_NOT_FOUND');
  });
});

describe('422 IDEMPOTENCY_KEY_REUSED', () => {
  test('a key sent again with another request (test/rest/idempotency.test.ts has the rest)', async () => {
    const headers = { 'Idempotency-Key': 'errors-suite-key' };
    expect((await s.call('POST', '/v1/categories', { json: { name: 'Keyed once' }, headers })).status).toBe(201);
    expectCode(await s.call('POST', '/v1/categories', { json: { name: 'Keyed twice' }, headers }), 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('429 RATE_LIMITED (own server: the budget is a global setting)', () => {
  const r = useHttpSuite();

  test('the request over the budget is refused with Retry-After; other tokens still pass', async () => {
    await r.settings({ rateLimitPerMinute: 5 });
    const hurried = (await r.token('read'));
    for (let i = 1; i <= 5; i++) {
      const answer = await r.call('GET', '/v1/pets', { token: hurried.secret });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('5');
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(5 - i));
    }
    const refused = await r.call('GET', '/v1/pets', { token: hurried.secret });
    expectCode(refused, 'RATE_LIMITED');
    const retryAfter = refused.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // Writes from the same token are refused as well (before any scope or body check).
    expectCode(await r.call('POST', '/v1/categories', { token: hurried.secret, json: { name: 'Late' } }), 'RATE_LIMITED');

    const other = (await r.token('read'));
    expect((await r.call('GET', '/v1/pets', { token: other.secret })).status).toBe(200);
    expect((await r.call('GET', '/v1/pets', { token: r.t.writeToken })).status).toBe(200);
    // Public routes are not charged.
    expect((await r.call('GET', '/health', { token: hurried.secret })).status).toBe(200);
  });

  test('a higher budget applies at once', async () => {
    await r.settings({ rateLimitPerMinute: 1200 });
    const fresh = (await r.token('read'));
    const answer = await r.call('GET', '/v1/pets', { token: fresh.secret });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('1200');
  });
});

/** Writes raw bytes to a listener and reads the answer (status line, headers, JSON body) it closes with. */
function rawExchange(port: number, chunks: string[], gapMs = 0): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connectRaw(port, '127.0.0.1', async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        if (gapMs) await new Promise((done) => setTimeout(done, gapMs));
      }
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Headers(lines.map((line) => line.split(/:\s*/, 2) as [string, string]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    });
  });
}

describe('requests refused by HTTP parsing itself', () => {
  test('400 MALFORMED_REQUEST: a request line that is not HTTP, or a header line without a colon', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n']) {
      const answer = await rawExchange(s.t.listener.port, [bytes]);
      expectCode(answer, 'MALFORMED_REQUEST');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  test('400 MALFORMED_REQUEST: no Host header (an Error object, not a bare 400)', async () => {
    const answer = await rawExchange(s.t.listener.port, [`GET /v1/pets HTTP/1.1\r\nAuthorization: Bearer ${s.t.writeToken}\r\nConnection: close\r\n\r\n`]);
    expectCode(answer, 'MALFORMED_REQUEST');
    expect(answer.body.message).toMatch(/Host/);
  });

  test('a repeated Host or Authorization header never passes as its first copy', async () => {
    const port = s.t.listener.port;
    const twoHosts = await rawExchange(port, [
      `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nAuthorization: Bearer ${s.t.writeToken}\r\nConnection: close\r\n\r\n`,
    ]);
    expectCode(twoHosts, 'FORBIDDEN');
    const twoTokens = await rawExchange(port, [
      `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.t.writeToken}\r\nAuthorization: Bearer psk_other\r\nConnection: close\r\n\r\n`,
    ]);
    expectCode(twoTokens, 'UNAUTHORIZED');
  });

  test('an absolute-form request target is checked as a Host header is: another host is 403, its own passes', async () => {
    const port = s.t.listener.port;
    const ask = (target: string) =>
      rawExchange(port, [`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.t.writeToken}\r\nConnection: close\r\n\r\n`]);
    for (const target of ['http://evil.example/v1/pets', 'http://evil.example:80/v1/pets', 'http://10.0.0.1/v1/pets', 'http://[::2]/v1/pets']) {
      const answer = await ask(target);
      expectCode(answer, 'FORBIDDEN');
      expect(answer.body.message, target).toMatch(/request target/);
    }
    expect((await ask(`http://127.0.0.1:${port}/v1/pets`)).status).toBe(200);
    expect((await ask(`http://localhost:${port}/v1/pets`)).status).toBe(200);
  });

  test('an absolute-form target the router cannot read, or that names no route, is judged by its path: 401 first, the deprecated route\'s headers', async () => {
    const port = s.t.listener.port;
    const ask = (target: string, token = '') =>
      rawExchange(port, [`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token && `Authorization: Bearer ${token}\r\n`}Connection: close\r\n\r\n`]);
    const unreadable = await ask(`http://127.0.0.1:${port}/v1/pets/%ZZ`);
    expectCode(unreadable, 'UNAUTHORIZED');
    expect(unreadable.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(unreadable.headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
    expect(unreadable.headers.get('deprecation')).toMatch(/^@\d+$/);
    expectCode(await ask(`http://127.0.0.1:${port}/v1/nothing`), 'UNAUTHORIZED');
    const missing = await ask(`http://127.0.0.1:${port}/v1/nothing`, s.t.readToken);
    expectCode(missing, 'NOT_FOUND');
    expect(missing.body.message).toBe('There is nothing at /v1/nothing');
  });

  test('431 HEADERS_TOO_LARGE: a query string of 100,000 characters', async () => {
    const response = await s.t.request(`/v1/pets?q=${'x'.repeat(100_000)}`);
    // The document declares it for the operation asked for, so a strict client validator accepts it.
    const body = await s.api.check('GET', '/v1/pets', response.clone());
    expect(body).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431 });
    expectCode({ status: response.status, headers: response.headers, body: await response.json() }, 'HEADERS_TOO_LARGE');
  });
});

describe('408 REQUEST_TIMEOUT (own server: a 500 ms request deadline)', () => {
  const slow = useHttpSuite({ requestTimeoutMs: 500 });

  test('a client that stops halfway through its headers is answered 408 and disconnected', async () => {
    const started = Date.now();
    const answer = await rawExchange(slow.t.listener.port, ['GET /v1/pets HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n'], 100);
    expectCode(answer, 'REQUEST_TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a client that sends its request in time is served', async () => {
    expect((await slow.call('GET', '/v1/pets')).status).toBe(200);
  });
});

// SQLite's write lock and its busy wait: PostgreSQL locks rows, and its SERVICE_BUSY is a write losing every attempt (below).
describe.skipIf(SQLITE_ONLY)('503 SERVICE_BUSY (own server: writes wait 300 ms for a lock another process holds)', () => {
  const busy = useHttpSuite({ busyWaitMs: 300 });
  let other: Database.Database;
  beforeAll(() => {
    other = new Database(busy.t.file); // another process's connection, such as a CLI import
    other.pragma('busy_timeout = 5000');
  });
  afterAll(() => other.close());
  const ordersOn = () => other.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;

  test('a write past the wait is 503 with Retry-After, and wrote nothing; the next one, with the lock free, is served', async () => {
    const pet = await busy.pet();
    other.exec('BEGIN IMMEDIATE');
    const before = ordersOn();
    let answer: Answer;
    try {
      answer = await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } });
    } finally {
      other.exec('ROLLBACK');
    }
    expectCode(answer, 'SERVICE_BUSY');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body.message).not.toMatch(/SQLITE|locked/);
    expect(ordersOn()).toBe(before);
    expect((await busy.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 2 } })).status).toBe(200);
    expect((await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } })).status).toBe(201);
    expect(ordersOn()).toBe(before + 1);
  });

  test('while a write waits, the server goes on answering reads; the write is served once the lock is free', async () => {
    const pet = await busy.pet();
    expect((await busy.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1 } })).status).toBe(200);
    other.exec('BEGIN IMMEDIATE');
    let settled = false;
    const order = busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } }).finally(() => (settled = true));
    try {
      // Reads while the order waits for the lock: answered at once (not after SQLite's 5 s busy
      // wait, which would stop the whole server), and from committed data.
      const started = performance.now();
      for (let i = 0; i < 3; i++) {
        const read = await busy.call('GET', `/v1/store/inventory/${pet.id}`);
        expect(read.body).toEqual({ petId: pet.id, quantity: 1, status: 'available' });
      }
      expect(performance.now() - started).toBeLessThan(2000);
      expect(settled).toBe(false);
    } finally {
      other.exec('COMMIT');
    }
    expect((await order).status).toBe(201);
    expect((await busy.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });
  });
});

// A busy PostgreSQL: a write that loses to concurrent writes on every attempt (run-step.ts). Another
// program's trigger refuses each attempt as a conflicting write would, with a serialization failure.
describe.runIf(ENGINE === 'postgres')('503 SERVICE_BUSY on PostgreSQL (own server: every attempt of a write loses)', () => {
  const busy = useHttpSuite();
  const ordersOn = async () => Number((await sqlElsewhere<{ n: number }>(busy.t, 'SELECT count(*) AS n FROM orders'))[0]!.n);

  test('a write that loses every attempt is 503 with Retry-After, and wrote nothing; once it can win, it is served', async () => {
    const pet = await busy.pet();
    expect((await busy.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 2 } })).status).toBe(200);
    await sqlElsewhere(
      busy.t,
      "CREATE FUNCTION lose_each_time() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = 'serialization_failure'; END $$",
    );
    await sqlElsewhere(busy.t, 'CREATE TRIGGER lose_each_time BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION lose_each_time()');
    const before = await ordersOn();
    let answer: Answer;
    try {
      answer = await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } });
    } finally {
      await sqlElsewhere(busy.t, 'DROP TRIGGER lose_each_time ON orders');
    }
    expectCode(answer, 'SERVICE_BUSY');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body.message).not.toMatch(/serializ|40001/i);
    expect(await ordersOn()).toBe(before);
    expect((await busy.call('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(2);
    expect((await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } })).status).toBe(201);
    expect(await ordersOn()).toBe(before + 1);
  });

  test(`a write that waits ${LOCK_WAIT_MS / 1000} s for a lock another program holds is 503 with Retry-After, and wrote nothing; with the lock free, it is served`, async () => {
    const pet = await busy.pet();
    expect((await busy.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 2 } })).status).toBe(200);
    const before = await ordersOn();
    const other = new pg.Client({ connectionString: busy.t.postgresUrl });
    await other.connect();
    let answer: Answer;
    let waited: number;
    try {
      await other.query('BEGIN');
      await other.query('LOCK TABLE orders IN EXCLUSIVE MODE');
      // Without a bounded wait the order would wait as long as the lock is held: it is let go after twice the wait.
      const letGo = setTimeout(() => void other.query('ROLLBACK').catch(() => undefined), 2 * LOCK_WAIT_MS);
      const started = performance.now();
      answer = await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } });
      waited = performance.now() - started;
      clearTimeout(letGo);
    } finally {
      await other.end(); // its transaction ends with it
    }
    expectCode(answer, 'SERVICE_BUSY');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.body.message).not.toMatch(/lock|55P03|timeout/i);
    expect(waited).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 100);
    expect(await ordersOn()).toBe(before);
    expect((await busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } })).status).toBe(201);
    expect(await ordersOn()).toBe(before + 1);
  }, 4 * LOCK_WAIT_MS);

  test('while a write waits for a lock another program holds, the server goes on answering reads; the write is served once it is free', async () => {
    const pet = await busy.pet();
    expect((await busy.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 1 } })).status).toBe(200);
    const other = new pg.Client({ connectionString: busy.t.postgresUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('LOCK TABLE orders IN EXCLUSIVE MODE'); // reads pass, writes wait
      let settled = false;
      const order = busy.call('POST', '/v1/store/orders', { json: { petId: pet.id } }).finally(() => (settled = true));
      try {
        for (let i = 0; i < 3; i++) {
          const read = await busy.call('GET', `/v1/store/inventory/${pet.id}`);
          expect(read.body).toEqual({ petId: pet.id, quantity: 1, status: 'available' });
        }
        expect(settled).toBe(false);
      } finally {
        await other.query('COMMIT');
      }
      expect((await order).status).toBe(201);
    } finally {
      await other.end();
    }
    expect((await busy.call('GET', `/v1/store/inventory/${pet.id}`)).body).toEqual({ petId: pet.id, quantity: 0, status: 'pending' });
  });
});

describe('429 AUTH_THROTTLED (own server: its client address has sent ten wrong tokens)', () => {
  const guessed = useHttpSuite();

  test('the eleventh wrong token in a minute is 429 with Retry-After; the first ten were 401', async () => {
    for (let i = 0; i < 10; i++) expectCode(await guessed.call('GET', '/v1/pets', { token: `psk_guess_${i}` }), 'UNAUTHORIZED');
    const answer = await guessed.call('GET', '/v1/pets', { token: 'psk_guess_last' });
    expectCode(answer, 'AUTH_THROTTLED');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/**
 * A full disk, as each engine meets it: SQLite's file capped at its size (SQLITE_FULL, as a full disk
 * gives it); PostgreSQL's disk is its server's, which no test can fill, so its disk_full (53100) is
 * raised as the server would raise it, by a trigger another program adds.
 */
const fullDisk = {
  sqlite: {
    fill: async (t: TestServer) => void t.store.db.pragma(`max_page_count = ${t.store.db.pragma('page_count', { simple: true })}`),
    free: async (t: TestServer) => void t.store.db.pragma('max_page_count = 1073741823'),
  },
  postgres: {
    async fill(t: TestServer) {
      await sqlElsewhere(
        t,
        `CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`,
      );
      await sqlElsewhere(t, 'CREATE TRIGGER disk_is_full BEFORE INSERT ON pets FOR EACH ROW EXECUTE FUNCTION disk_is_full()');
    },
    free: (t: TestServer) => sqlElsewhere(t, 'DROP TRIGGER disk_is_full ON pets').then(() => undefined),
  },
}[ENGINE];

describe('507 STORAGE_FULL (own server: its disk full)', () => {
  const full = useHttpSuite();
  let logged: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => {
    logged.mockRestore();
    forgetStorageFull();
  });

  test('a write that finds no room is 507 with a plain message, logged once; reads go on; with room again, writes go on', async () => {
    const category = await full.category();
    await fullDisk.fill(full.t);
    let answer: Answer | undefined;
    // SQLite's file still has room in its last pages for a few rows: writes go on until it has none.
    for (let i = 0; i < 200 && answer?.status !== 507; i++) {
      answer = await full.call('POST', '/v1/pets', { json: { name: `Pet ${i} ${'x'.repeat(80)}`, categoryId: category.id } });
    }
    expectCode(answer!, 'STORAGE_FULL');
    expect(answer!.headers.get('retry-after')).toBeNull(); // retrying soon does not help: someone must free space
    expect(answer!.body.message).not.toMatch(/SQLITE|database or disk|device|extend|53100/);
    expect((await full.call('GET', `/v1/categories/${category.id}`)).status).toBe(200);
    expect(logged).toHaveBeenCalledTimes(1);
    await fullDisk.free(full.t);
    expect((await full.call('POST', '/v1/pets', { json: { name: `After ${'x'.repeat(80)}`, categoryId: category.id } })).status).toBe(201);
  });
});

/**
 * A fault under the server, as each engine meets one: SQLite's connection closed under it; on
 * PostgreSQL the tables its requests read taken away by another program. What each engine's own
 * error text would give away is what the answer must not hold.
 */
const fault = {
  sqlite: {
    break: async (t: TestServer) => t.store.db.close(),
    unsaid: /sqlite|database connection|Error:|\.ts:|node_modules|\n\s+at /i,
  },
  postgres: {
    async break(t: TestServer) {
      await sqlElsewhere(t, 'ALTER TABLE pets RENAME TO pets_gone');
      await sqlElsewhere(t, 'ALTER TABLE categories RENAME TO categories_gone');
    },
    unsaid: /relation|does not exist|postgres|pets_gone|Error:|\.ts:|node_modules|\n\s+at /i,
  },
}[ENGINE];

describe('500 INTERNAL (own server: its database broken under it)', () => {
  const broken = useHttpSuite();
  let logged: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => logged.mockRestore());

  test('a fault answers 500 INTERNAL with a generic message and no stack; the fault is logged', async () => {
    expect((await broken.call('GET', '/v1/pets')).status).toBe(200);
    await fault.break(broken.t);
    for (const [method, path, json] of [
      ['GET', '/v1/pets', undefined],
      ['GET', '/v1/categories/1', undefined],
      ['POST', '/v1/categories', { name: 'After the crash' }],
    ] as const) {
      const answer = await broken.call(method, path, { json });
      expectCode(answer, 'INTERNAL');
      expect(JSON.stringify(answer.body)).not.toMatch(fault.unsaid);
    }
    expect(logged).toHaveBeenCalled();
    // The server itself keeps answering what needs no database.
    expect((await broken.call('GET', '/health', { token: null })).status).toBe(200);
  });
});

describe('409 CUSTOMER_FORGOTTEN', () => {
  test('changing a customer who has been forgotten', async () => {
    const customer = await s.call('POST', '/v1/customers', { json: { name: 'Fay Forgotten', email: 'fay@example.com' } });
    expect((await s.call('DELETE', `/v1/customers/${customer.body.id}`)).status).toBe(204);
    expectCode(await s.call('PATCH', `/v1/customers/${customer.body.id}`, { json: { note: 'Back again' } }), 'CUSTOMER_FORGOTTEN');
  });
});

describe('409 ORDER_CANCELLED and STOCK_REASON_MISMATCH', () => {
  test('fulfilling a cancelled order; a count set with a reason that says the other way', async () => {
    const category = await s.category({ name: 'Records kind' });
    const pet = await s.pet({ name: 'Record pet', categoryId: category.id });
    const order = await s.order(pet.id);
    expect((await s.call('DELETE', `/v1/store/orders/${order.id}`)).status).toBe(204);
    expectCode(await s.call('PATCH', `/v1/store/orders/${order.id}`, { json: { complete: true } }), 'ORDER_CANCELLED');
    expectCode(await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 5, reason: 'died' } }), 'STOCK_REASON_MISMATCH');
  });
});

describe('409 SKU_TAKEN and MICROCHIP_TAKEN', () => {
  test('a pet given the SKU or microchip number another pet has', async () => {
    await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { sku: 'ERR-1', microchip: '276098100000009' } });
    expectCode(await s.call('POST', '/v1/pets', { json: { name: 'Copycat', categoryId, sku: 'err-1' } }), 'SKU_TAKEN');
    expectCode(await s.call('POST', '/v1/pets', { json: { name: 'Copycat', categoryId, microchip: '276098100000009' } }), 'MICROCHIP_TAKEN');
  });
});

describe('the codes of sales and refunds (each also in test/rest/sales.test.ts)', () => {
  test('a sale that cannot be priced or paid, an order of a sale cancelled alone, a refund beyond what is left', async () => {
    const ball = await s.pet({ name: 'Errball', categoryId });
    await s.call('PUT', `/v1/store/inventory/${ball.id}`, { json: { quantity: 20 } });
    const line = { petId: ball.id, unitPrice: 1000 };
    expectCode(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: ball.id }] } }), 'PRICE_REQUIRED');
    expectCode(await s.call('POST', '/v1/sales', { json: { lines: [line], discount: 1001 } }), 'DISCOUNT_TOO_LARGE');
    expectCode(await s.call('POST', '/v1/sales', { json: { lines: [line], payments: [{ method: 'cash', amount: 999 }] } }), 'PAYMENT_SHORT');
    expectCode(await s.call('POST', '/v1/sales', { json: { lines: [line], payments: [{ method: 'card', amount: 1001 }] } }), 'CHANGE_WITHOUT_CASH');

    const pay = [{ method: 'cash', amount: 2000 }];
    const later = (await s.call('POST', '/v1/sales', { json: { lines: [{ ...line, quantity: 2 }], handover: 'later', payments: pay } })).body;
    const orderId = later.lines[0].orderId;
    expectCode(await s.call('DELETE', `/v1/store/orders/${orderId}`), 'ORDER_IN_SALE');
    expectCode(await s.call('POST', `/v1/sales/${later.id}/refunds`, { json: { lines: [{ orderId }], restock: true } }), 'ORDER_OPEN');
    expect((await s.call('PATCH', `/v1/store/orders/${orderId}`, { json: { complete: true } })).status).toBe(200);
    expectCode(await s.call('POST', `/v1/sales/${later.id}/cancel`), 'SALE_HANDED_OVER');
    expectCode(await s.call('POST', `/v1/sales/${later.id}/refunds`, { json: { lines: [{ orderId, quantity: 3 }], restock: true } }), 'REFUND_EXCEEDS_SOLD');
    expectCode(await s.call('POST', `/v1/sales/${later.id}/refunds`, { json: { lines: [{ orderId }], restock: true, payments: [] } }), 'REFUND_PAYMENTS_MISMATCH');

    const cancelled = (await s.call('POST', '/v1/sales', { json: { lines: [line], handover: 'later', payments: pay } })).body;
    expect((await s.call('POST', `/v1/sales/${cancelled.id}/cancel`)).status).toBe(200);
    expectCode(await s.call('POST', `/v1/sales/${cancelled.id}/refunds`, { json: { lines: [{ orderId: cancelled.lines[0].orderId }], restock: true } }), 'SALE_CANCELLED');
  });
});

describe('422 REPORT_TOO_LARGE (also in test/rest/reports.test.ts)', () => {
  test('a report whose sums would pass 2^53−1', async () => {
    await recordOversizedSalesIn({ postgresUrl: s.t.postgresUrl, sqliteFile: s.t.file });
    expectCode(await s.call('GET', `/v1/reports/sales?from=${OVERSIZED_DATE}&to=${OVERSIZED_DATE}`), 'REPORT_TOO_LARGE');
  });
});

/** Codes of in-process operations only (never over REST), each tested where it is answered. */
const IN_PROCESS_ONLY = [
  'FILE_EXISTS', // backup.create: test/service/backup.test.ts, test/cli/data-commands.test.ts
  'CURRENCY_IN_USE', // settings.update (the owner's, not on REST): test/service/money-settings.test.ts, test/cli/settings.test.ts
  'PRINT_FAILED', // app.print (the desktop app's printer): test/app/print-job.test.ts
  'SERVER_CERTIFICATE_CHANGED', // a connected till's own answer, never the server's
  'SERVER_UNREACHABLE', // a connected till's own answer, never the server's
];

test('every code of the catalogue that REST can answer was provoked over HTTP', () => {
  expect([...seen].sort()).toEqual(ERROR_CODES.filter((code) => !IN_PROCESS_ONLY.includes(code)).sort());
});
