/**
 * CORS: off unless the owner lists origins. Off, no answer carries an Access-Control header, so a
 * page on another site cannot read anything. On, only the listed origins are allowed, preflights
 * need no token, and the headers an integrator's page needs are exposed.
 */
import { urlToHttpOptions } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { createOpenApiChecker } from './support/openapi-check';
import { startTestServer, type TestServer } from './support/server';
import { SCHEME, listenerTlsOption, rawAgent, rawRequest } from './support/transport';

const LISTED = 'http://localhost:3000';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const preflight = (origin: string, url: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('no origins listed (the default)', () => {
  test('answers carry no Access-Control header, whatever the Origin', async () => {
    const answer = await t.request('/v1/pets', { headers: { origin: LISTED } });
    expect(answer.status).toBe(200);
    expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  test('a preflight is not granted', async () => {
    const answer = await preflight(LISTED, `${t.origin}/v1/pets`);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
  });
});

describe('origins listed by the owner', () => {
  let listener: RunningListener;
  let base: string;
  beforeAll(async () => {
    await t.call('settings.update', { allowedOrigins: [LISTED, 'https://shop.example'] });
    listener = await startListener({ store: t.listenerStore, host: '127.0.0.1', port: 0, tls: listenerTlsOption() });
    base = `${SCHEME}://127.0.0.1:${listener.port}`;
  });
  afterAll(async () => {
    await listener.close();
    await t.call('settings.update', { allowedOrigins: [] });
  });

  test('a preflight from a listed origin is granted without a token, with the methods and headers', async () => {
    const answer = await preflight(LISTED, `${base}/v1/pets`);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID');
    expect(answer.headers.get('access-control-max-age')).toBe('600');
  });

  test('the request after it still needs a token; its answer exposes the paging, Location and rate-limit headers', async () => {
    const api = await createOpenApiChecker(base);
    const anonymous = await fetch(`${base}/v1/pets`, { headers: { origin: LISTED } });
    expect(await api.check('GET', '/v1/pets', anonymous)).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    const answer = await fetch(`${base}/v1/pets?limit=1`, { headers: { origin: LISTED, authorization: `Bearer ${t.readToken}` } });
    expect(answer.status).toBe(200);
    await api.check('GET', '/v1/pets?limit=1', answer.clone());
    expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(answer.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
      expect.arrayContaining(['Link', 'X-Total-Count', 'Location', 'Idempotent-Replayed', 'ETag', 'Deprecation', 'Sunset', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'RateLimit-Policy', 'RateLimit']),
    );
  });

  test('a preflight addressed to another host (DNS rebinding) is refused before CORS grants anything', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      // fetch cannot set Host: a raw request, as a rebinding browser would send it.
      const call = rawRequest({
        ...urlToHttpOptions(new URL(`${base}/v1/store/orders`)),
        method: 'OPTIONS',
        headers: { host: 'attacker.example', origin: LISTED, 'access-control-request-method': 'POST' },
      });
      call.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      call.on('error', reject);
      call.end();
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  test('an OPTIONS that is not a preflight is answered by the routes, as an Error object, as with CORS off', async () => {
    // Like any method a path does not take: the token first, then 405.
    for (const headers of [{}, { origin: LISTED }] as Record<string, string>[]) {
      const anonymous = await fetch(`${base}/v1/pets`, { method: 'OPTIONS', headers });
      expect(anonymous.status, JSON.stringify(headers)).toBe(401);
      expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
    for (const headers of [{ authorization: `Bearer ${t.readToken}` }, { authorization: `Bearer ${t.readToken}`, origin: LISTED }] as Record<string, string>[]) {
      const answer = await fetch(`${base}/v1/pets`, { method: 'OPTIONS', headers });
      expect(answer.status, JSON.stringify(headers)).toBe(405);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
      expect(await answer.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
    }
    const health = await fetch(`${base}/v1/health`, { method: 'OPTIONS' });
    expect(health.status).toBe(405);
    expect(await health.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });

  test('an origin that is not listed gets no grant, on a preflight or a request', async () => {
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'https://shop.example.evil.example']) {
      expect((await preflight(origin, `${base}/v1/pets`)).headers.get('access-control-allow-origin'), origin).toBeNull();
      const answer = await fetch(`${base}/v1/pets`, { headers: { origin, authorization: `Bearer ${t.readToken}` } });
      expect(answer.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

describe('origins as the owner typed them', () => {
  test('are kept as a browser sends them (lower case, no default port, once each), and a preflight in that spelling is granted', async () => {
    // As every transport saves them: through the contract's input schema.
    const saved = await t.call('settings.update', {
      allowedOrigins: ['https://Shop.Example.com', 'HTTP://LOCALHOST:3000', 'http://localhost:3000', 'http://intranet:80'],
    });
    expect(saved.allowedOrigins).toEqual(['https://shop.example.com', 'http://localhost:3000', 'http://intranet']);
    const listener = await startListener({ store: t.listenerStore, host: '127.0.0.1', port: 0, tls: listenerTlsOption() });
    try {
      for (const origin of ['https://shop.example.com', 'http://localhost:3000', 'http://intranet']) {
        const answer = await preflight(origin, `${SCHEME}://127.0.0.1:${listener.port}/v1/pets`);
        expect(answer.status, origin).toBe(204);
        expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
      }
    } finally {
      await listener.close();
      await t.call('settings.update', { allowedOrigins: [] });
    }
  });

  test('text that is not an origin is refused, naming the entry; blanks around one are not kept', async () => {
    const trimmed = await t.call('settings.update', { allowedOrigins: [' http://localhost:3000', 'https://shop.example '] });
    expect(trimmed.allowedOrigins).toEqual(['http://localhost:3000', 'https://shop.example']);
    await t.call('settings.update', { allowedOrigins: [] });
    for (const origin of [
      'http://user:secret@shop.example',
      'http://shop.example?x=1',
      'http://shop.example#top',
      'http://shop.example:99999',
      'http://:3000',
      'http://shop.example\\evil', // a backslash is a slash to a URL parser: a path
      'http://shop.example\\..\\x',
    ]) {
      const refused = await t.fail('settings.update', { allowedOrigins: ['http://localhost:3000', origin] });
      expect(refused, origin).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'allowedOrigins.1', message: 'Must be an origin such as http://localhost:3000' }],
      });
    }
    expect((await t.call('settings.get', {})).allowedOrigins).toEqual([]);
  });
});

describe('a running listener follows the list', () => {
  test('a change applies to its next request, on the same kept-alive connection; answers vary by Origin only while origins are listed', async () => {
    const agent = rawAgent({ keepAlive: true, maxSockets: 1 });
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; socket: object }>((resolve, reject) => {
        const call = rawRequest({ ...urlToHttpOptions(new URL(`${t.origin}/v1/pets?limit=1`)), agent, headers: { authorization: `Bearer ${t.readToken}`, ...headers } });
        call.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, socket: call.socket! }));
        });
        call.on('error', reject);
        call.end();
      });
    try {
      const off = await ask({ origin: LISTED });
      expect(off.status).toBe(200);
      expect(off.headers['access-control-allow-origin']).toBeUndefined();
      expect(off.headers.vary).toBeUndefined();

      await t.call('settings.update', { allowedOrigins: [LISTED] });
      const on = await ask({ origin: LISTED });
      expect(on.socket).toBe(off.socket);
      expect(on.headers['access-control-allow-origin']).toBe(LISTED);
      expect(on.headers.vary).toBe('Origin');
      const other = await ask({ origin: 'http://evil.example' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers.vary).toBe('Origin');
      expect((await ask({})).headers.vary).toBeUndefined(); // not a browser page: nothing about CORS

      await t.call('settings.update', { allowedOrigins: [] });
      const offAgain = await ask({ origin: LISTED });
      expect(offAgain.socket).toBe(off.socket);
      expect(offAgain.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      agent.destroy();
      await t.call('settings.update', { allowedOrigins: [] });
    }
  });

  test('a stored list with an entry today refuses (saved before the rule) keeps its other origins', async () => {
    await storeOriginsUnchecked(['https://Shop.Example.com', 'http://admin@printer.local']);
    try {
      expect((await t.call('settings.get', {})).allowedOrigins).toEqual(['https://shop.example.com']);
    } finally {
      await t.call('settings.update', { allowedOrigins: [] });
    }
  });
});

/** Writes the stored list past the contract's check, as a version before the rule saved it. */
async function storeOriginsUnchecked(origins: string[]): Promise<void> {
  const upsert = "INSERT INTO settings (key, value) VALUES ('allowedOrigins', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value";
  if (t.engine === 'sqlite') {
    t.store.db.prepare(upsert.replace('$1', '?')).run(JSON.stringify(origins));
    return;
  }
  const client = new pg.Client({ connectionString: t.postgresUrl });
  await client.connect();
  try {
    await client.query(upsert, [JSON.stringify(origins)]);
  } finally {
    await client.end();
  }
}
