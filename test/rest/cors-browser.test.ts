/**
 * CORS in a real browser (issue 32, item 8): a page served from another 127.0.0.1 port, its origin
 * listed by the owner, calls the API with fetch in Debian's Chromium. It may send Idempotency-Key
 * and If-None-Match, read Location, X-Total-Count, Link, Idempotent-Replayed, ETag, the deprecation
 * and rate-limit headers and Retry-After, and a preflight is reused for 10 minutes, not
 * Chromium's default 5 s. A page from an origin not listed cannot read anything.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import playwrightConfig from '../../playwright.config';
import { startTestServer, type TestServer } from './support/server';
import { chromiumPinArgs } from './support/transport';

/** The browser tests' launch options (Debian's Chromium, its flags), from playwright.config.ts. */
const launchOptions = playwrightConfig.projects!.find((project) => project.name === 'chromium')!.use!.launchOptions as LaunchOptions;

/** A shop's page on its own origin: an empty document whose script the test runs. */
async function servePage(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>A web shop</title><p>Syncing stock…</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let t: TestServer;
let browser: Browser;
let shop: { server: Server; origin: string };
let stranger: { server: Server; origin: string };
/** The preflights the API received (OPTIONS), by path. */
const preflights: string[] = [];
const countPreflight = (message: unknown) => {
  const { request } = message as { request: IncomingMessage };
  if (request.method === 'OPTIONS') preflights.push(request.url!);
};

beforeAll(async () => {
  t = await startTestServer();
  [shop, stranger] = await Promise.all([servePage(), servePage()]);
  await t.call('settings.update', { allowedOrigins: [shop.origin] });
  subscribe('http.server.request.start', countPreflight);
  browser = await chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...chromiumPinArgs()] });
});
afterAll(async () => {
  unsubscribe('http.server.request.start', countPreflight);
  await browser?.close();
  for (const page of [shop, stranger]) page?.server.close();
  await t?.close();
});

/** A new tab on `origin`'s page. */
async function pageOn(origin: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  return page;
}

interface Seen {
  ok: boolean;
  status?: number;
  headers?: Record<string, string | null>;
  error?: string;
}

/** Runs fetch in the page and returns what the page can read: the status and the named headers (null when hidden). */
function fetchIn(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, read: string[]): Promise<Seen> {
  return page.evaluate(
    async ({ url, init, read }) => {
      try {
        const response = await fetch(url, init);
        await response.text();
        return { ok: true, status: response.status, headers: Object.fromEntries(read.map((name) => [name, response.headers.get(name)])) };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    { url, init, read },
  );
}

test('a listed origin\'s page sends Idempotency-Key and reads every header an integrator needs; the preflight is reused', async () => {
  const page = await pageOn(shop.origin);
  const api = `${t.origin}/v1`;
  const auth = { authorization: `Bearer ${t.writeToken}` };
  const create = () =>
    fetchIn(
      page,
      `${api}/categories`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'shop-sync-0001' }, body: JSON.stringify({ name: 'From the shop' }) },
      ['location', 'idempotent-replayed', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'ratelimit-policy', 'ratelimit'],
    );

  const first = await create();
  expect(first).toMatchObject({ ok: true, status: 201 });
  expect(first.headers!.location).toMatch(/^\/v1\/categories\/\d+$/);
  expect(first.headers!['idempotent-replayed']).toBeNull();
  expect(first.headers!['x-ratelimit-limit']).toBe('1200');
  expect(first.headers!['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(first.headers!['ratelimit-policy']).toBe('"default";q=1200;w=60');
  expect(first.headers!.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/);
  expect(preflights.filter((path) => path === '/v1/categories')).toHaveLength(1);

  // The retry is the first answer again; past Chromium's 5 s default the preflight is still reused (Max-Age 600).
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const retry = await create();
  expect(retry).toMatchObject({ ok: true, status: 201 });
  expect(retry.headers!['idempotent-replayed']).toBe('true');
  expect(retry.headers!.location).toBe(first.headers!.location);
  expect(preflights.filter((path) => path === '/v1/categories')).toHaveLength(1);

  // A page of a list: its total and its next page.
  const category = Number(first.headers!.location!.split('/').pop());
  for (const name of ['Shop pet 1', 'Shop pet 2']) await t.call('pets.create', { name, categoryId: category });
  const list = await fetchIn(page, `${api}/pets?categoryId=${category}&limit=1`, { headers: auth }, ['x-total-count', 'link']);
  expect(list).toMatchObject({ ok: true, status: 200, headers: { 'x-total-count': '2', link: expect.stringMatching(/^<\/v1\/pets\?.*cursor=.*>; rel="next"$/) } });

  // One resource: its tag, sent back (If-None-Match may be sent) for a 304.
  const one = await fetchIn(page, `${api}/categories/${category}`, { headers: auth }, ['etag']);
  expect(one.headers!.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  const again = await fetchIn(page, `${api}/categories/${category}`, { headers: { ...auth, 'if-none-match': one.headers!.etag! } }, ['etag']);
  expect(again).toMatchObject({ ok: true, status: 304, headers: { etag: one.headers!.etag } });

  // The deprecated read's Deprecation and Sunset.
  const [pet] = (await (await t.request(`/v1/pets?categoryId=${category}&limit=1`)).json()) as { id: number }[];
  const petId = pet!.id;
  const deprecated = await fetchIn(page, `${api}/pets/${petId}`, { headers: auth }, ['deprecation', 'sunset']);
  expect(deprecated.headers).toEqual({ deprecation: expect.stringMatching(/^@\d+$/), sunset: expect.stringMatching(/GMT$/) });

  // A spent budget's Retry-After.
  await t.call('settings.update', { rateLimitPerMinute: 1 });
  try {
    const { secret } = await t.call('tokens.create', { label: 'shop page', scope: 'read' });
    const spend = () => fetchIn(page, `${api}/categories/${category}`, { headers: { authorization: `Bearer ${secret}` } }, ['retry-after', 'ratelimit']);
    expect((await spend()).status).toBe(200);
    const refused = await spend();
    expect(refused).toMatchObject({ ok: true, status: 429 });
    expect(refused.headers!['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers!.ratelimit).toBe(`"default";r=0;t=${refused.headers!['retry-after']}`);
  } finally {
    await t.call('settings.update', { rateLimitPerMinute: 1200 });
  }
  await page.close();
});

test('a page from an origin that is not listed can neither send the key nor read an answer', async () => {
  const page = await pageOn(stranger.origin);
  const seen = await fetchIn(
    page,
    `${t.origin}/v1/categories`,
    { method: 'POST', headers: { authorization: `Bearer ${t.writeToken}`, 'content-type': 'application/json', 'idempotency-key': 'x' }, body: '{"name":"Stranger"}' },
    [],
  );
  expect(seen).toMatchObject({ ok: false, error: expect.stringMatching(/TypeError/) });
  const categories = (await (await t.request('/v1/categories?limit=500')).json()) as { name: string }[];
  expect(categories.some((category) => category.name === 'Stranger')).toBe(false);
  await page.close();
});
