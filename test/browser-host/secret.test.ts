/**
 * The browser host answers only the holder of the secret it made at its start (part of the
 * address it prints): any other local process or user is refused with 401 on every operation
 * and on the event stream, so it cannot create tokens, back up or restore, read the events, or
 * move the REST listener to every interface. The page and its files stay public: they hold no data.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../src-shared/contract';
import { ErrorBody } from '../../src-shared/errors';
import type { BrowserHost } from '../../src-main/browser-host/server';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { send, startTestHost, type Answer } from './http';

describe('the browser host’s secret', () => {
  let t: TestStore;
  let host: BrowserHost;
  /** Another start's host: its secret is as well formed as this one's, and wrong here. */
  let other: BrowserHost;
  let stopListener: () => Promise<unknown>;

  beforeEach(async () => {
    t = openTestStore();
    const { handlers, listener } = createHostHandlers(t.store, 'browser-host');
    stopListener = () => listener.stop();
    host = await startTestHost(t, handlers);
    other = await startTestHost(t, handlers);
  });
  afterEach(async () => {
    await Promise.all([host.close(), other.close(), stopListener()]);
    t.close();
  });

  const json = { 'Content-Type': 'application/json' };
  const call = (operation: string, input: unknown, headers: Record<string, string>) =>
    send(host.url, `/__petstore/invoke/${operation}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(input) });
  const wrongSecrets = () =>
    [
      ['no secret', {}],
      ['another start’s secret', { [SECRET_HEADER]: other.secret }],
      ['the secret cut short', { [SECRET_HEADER]: host.secret.slice(0, -1) }],
      ['an empty secret', { [SECRET_HEADER]: '' }],
    ] as const;

  function expectUnauthorized(answer: { status: number; type: string | null | undefined; challenge: unknown }, error: unknown): void {
    expect(answer.status).toBe(401);
    expect(answer.type).toBe('application/json');
    expect(answer.challenge).toBe(SECRET_HEADER);
    expect(ErrorBody.parse(error)).toMatchObject({ code: 'UNAUTHORIZED', status: 401, message: expect.stringContaining('secret') });
  }
  const refusal = (answer: Answer) => ({ status: answer.status, type: answer.type, challenge: answer.headers['www-authenticate'] });

  it('is made at each start: 32 random bytes in base64url, part of the address the host gives', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[A-Za-z0-9_-]{43}$/);
    expect(new URL(host.url).searchParams.get('secret')).toBe(host.secret);
    expect(other.secret).not.toBe(host.secret);
  });

  it('refuses every operation without it, or with a wrong one, as the IPC result with a 401 Error object', async () => {
    for (const operation of [...OPERATION_NAMES, 'no.such.operation']) {
      for (const [what, headers] of wrongSecrets()) {
        const answer = await call(operation, {}, headers);
        const result = JSON.parse(answer.body) as { ok: boolean; error: unknown };
        expect(result.ok, `${operation} with ${what}`).toBe(false);
        expectUnauthorized(refusal(answer), result.error);
      }
    }
  });

  // Each would succeed with the secret (the last loop shows it): the refusal is what stops it.
  const harmful = (dir: string) =>
    [
      ['create a write token', 'tokens.create', { label: 'stolen', scope: 'write' }, () => t.ok('tokens.list', {}).length],
      ['back up to any path', 'backup.create', { file: join(dir, 'stolen.db') }, () => existsSync(join(dir, 'stolen.db'))],
      ['open the next REST listener to every interface', 'listener.move', { listenerHost: '0.0.0.0' }, () => t.ok('settings.get', {}).listenerHost],
      ['create a category', 'categories.create', { name: 'Ferrets' }, () => t.ok('categories.list', {}).items.length],
    ] as const;

  it('lets no one without it create a token, back up, move the listener or write (and the page, with it, can)', async () => {
    for (const [what, operation, input, state] of harmful(t.dir)) {
      const before = state();
      for (const [how, headers] of wrongSecrets()) {
        expect((await call(operation, input, headers)).status, `${what} with ${how}`).toBe(401);
        expect(state(), `${what} with ${how}`).toEqual(before);
      }
    }
    for (const [what, operation, input, state] of harmful(t.dir)) {
      const before = state();
      const answer = await call(operation, input, { [SECRET_HEADER]: host.secret });
      expect(JSON.parse(answer.body), what).toMatchObject({ ok: true });
      expect(state(), what).not.toEqual(before);
    }
  });

  it('takes the secret of a call in its header only (a query parameter is for the event stream)', async () => {
    const answer = await send(host.url, `/__petstore/invoke/categories.create?secret=${host.secret}`, { method: 'POST', headers: json, body: '{"name":"Ferrets"}' });
    expect(answer.status).toBe(401);
    expect(t.ok('categories.list', {}).items).toEqual([]);
  });

  it('refuses the event stream without it, or with a wrong one, with a 401 Error object', async () => {
    t.ok('categories.create', { name: 'Ferrets' });
    for (const query of ['', `?secret=${other.secret}`, `?secret=${host.secret.slice(1)}`, '?secret=', '?after=0']) {
      // Read as a stream: one the host opened (wrongly) is cut at once instead of read forever.
      const abort = new AbortController();
      const response = await fetch(new URL(`__petstore/events${query}`, host.url), { headers: { [SECRET_HEADER]: host.secret }, signal: abort.signal });
      const body = response.status === 401 ? await response.text() : (abort.abort(), 'null');
      expectUnauthorized({ status: response.status, type: response.headers.get('content-type'), challenge: response.headers.get('www-authenticate') }, JSON.parse(body));
      expect(body, query).not.toContain('Ferrets');
    }
  });

  it('opens the event stream with it', async () => {
    const abort = new AbortController();
    const response = await fetch(new URL(`__petstore/events?secret=${host.secret}`, host.url), { signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    abort.abort();
  });

  it('serves the page, the bridge script and the renderer’s files to anyone, none of them holding the secret or data', async () => {
    const bridge = await send(host.url, '/__petstore/bridge.js');
    for (const path of ['/', '/index.html', '/__petstore/bridge.js', '/main.js']) {
      const answer = await send(host.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain(host.secret);
      expect(answer.headers['referrer-policy'], path).toBe('same-origin'); // the page's address (with the secret) goes to no other origin
    }
    t.ok('categories.create', { name: 'Ferrets' }); // the bridge script does not change with the store (no event id)
    expect((await send(host.url, '/__petstore/bridge.js')).body).toBe(bridge.body);
  });
});
