/**
 * What the browser host answers besides the event stream: the page's calls to the store, and
 * refusals, each an Error object. A page of another site open in the same browser must not be able
 * to call the store (a form or `text/plain` POST needs no CORS preflight).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src-shared/errors';
import type { BrowserHost } from '../../src-main/browser-host/server';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { send, startTestHost } from './http';

describe('the browser host’s requests', () => {
  let t: TestStore;
  let host: BrowserHost;
  let origin: string;
  /** What every call from the page carries (the secret is checked first: secret.test.ts). */
  let secret: Record<string, string>;
  const create = JSON.stringify({ name: 'Ferrets' });

  beforeEach(async () => {
    t = openTestStore();
    host = await startTestHost(t);
    origin = new URL(host.url).origin;
    secret = { [SECRET_HEADER]: host.secret };
  });
  afterEach(async () => {
    await host.close();
    t.close();
  });

  const categoryNames = () => t.ok('categories.list', {}).items.map((category) => category.name);

  it('the page’s own call (JSON from its own origin) reaches the store', async () => {
    const answer = await send(host.url, '/__petstore/invoke/categories.create', {
      method: 'POST',
      headers: { ...secret, 'Content-Type': 'application/json', Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      body: create,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, data: { name: 'Ferrets' } });
    expect(categoryNames()).toContain('Ferrets');
  });

  it.each([
    ['another site’s page (Origin)', { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, 403, 'FORBIDDEN'],
    ['another site’s page (Sec-Fetch-Site)', { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, 403, 'FORBIDDEN'],
    ['a same-site page on another port', { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:1' }, 403, 'FORBIDDEN'],
    ['a form post', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a text/plain fetch', { 'Content-Type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['no content type', {}, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s without calling the store', async (_what, headers, status, code) => {
    const answer = await send(host.url, '/__petstore/invoke/categories.create', { method: 'POST', headers: { ...secret, ...headers }, body: create });
    expect(answer.status).toBe(status);
    const result = JSON.parse(answer.body) as { ok: boolean; error: unknown };
    expect(result.ok).toBe(false);
    expect(ErrorBody.parse(result.error)).toMatchObject({ code, status });
    expect(categoryNames()).not.toContain('Ferrets');
  });

  it.each([
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0x42, 0xff, 0x22, 0x7d])], // {"name":"B\xff"}
    ['an empty body', ''],
    ['broken JSON', '{"name": '],
  ])('answers %s with MALFORMED_JSON and writes nothing', async (_what, body) => {
    const answer = await send(host.url, '/__petstore/invoke/categories.create', {
      method: 'POST',
      headers: { ...secret, 'Content-Type': 'application/json', Origin: origin },
      body,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, error: expect.objectContaining({ code: 'MALFORMED_JSON', status: 400 }) });
    expect(t.ok('categories.list', {}).items).toEqual([]);
  });

  it.each([
    ['a foreign Host header', '/', { Host: 'attacker.example' }, 'GET', 403, 'FORBIDDEN'],
    ['a broken percent-encoding', '/__petstore/invoke/%E0%A4%A', {}, 'POST', 404, 'NOT_FOUND'],
    ['a broken percent-encoding in a file name', '/%E0%A4%A.js', {}, 'GET', 404, 'NOT_FOUND'],
    ['a missing file', '/nothing-here.js', {}, 'GET', 404, 'NOT_FOUND'],
    ['a path out of the renderer folder', '/..%2f..%2fpackage.json', {}, 'GET', 404, 'NOT_FOUND'],
    ['another method', '/main.js', {}, 'PUT', 405, 'METHOD_NOT_ALLOWED'],
  ])('answers %s with an Error object', async (_what, path, headers, method, status, code) => {
    const answer = await send(host.url, path, { method, headers });
    expect(answer.status).toBe(status);
    expect(answer.type).toBe('application/json');
    expect(ErrorBody.parse(JSON.parse(answer.body))).toMatchObject({ code, status });
  });

  it('serves the renderer’s files and its page with the bridge', async () => {
    expect((await send(host.url, '/main.js')).body).toBe('console.log(1)');
    expect((await send(host.url, '/')).body).toContain('<script src="/__petstore/bridge.js"></script>');
  });
});
