/**
 * ETag and If-None-Match → 304 (issue 32, item 13) for the OpenAPI document and its page, and for
 * single resources (a pet, a category, an order, an inventory entry). Lists and refusals carry no
 * tag. Every answer is checked against the served document (which declares the 304s).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

const s = useHttpSuite();

let paths: string[];
beforeAll(async () => {
  const pet = await s.pet();
  await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 5 } });
  const order = await s.order(pet.id);
  paths = [`/v1/pets/${pet.id}`, `/v1/categories/${pet.categoryId}`, `/v1/store/orders/${order.id}`, `/v1/store/inventory/${pet.id}`];
});

const ifNoneMatch = (value: string) => ({ headers: { 'if-none-match': value } });

/** A 304: no body, the same tag, and the headers of the 200 it stands for. */
function expectNotModified(answer: Answer, tag: string): void {
  expect(answer.status).toBe(304);
  expect(answer.body).toBeUndefined();
  expect(answer.headers.get('etag')).toBe(tag);
}

describe('single resources', () => {
  test('each GET by id is tagged; sending the tag back is 304 with no body, as long as nothing changed', async () => {
    for (const path of paths) {
      const first = await s.call('GET', path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('etag')!;
      expect(tag, path).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await s.call('GET', path, ifNoneMatch(tag));
      expectNotModified(again, tag);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
      expect(again.headers.get('x-ratelimit-remaining')).not.toBeNull(); // a 304 is a request like any other
      // Weak comparison, lists and `*` (RFC 9110 §13.1.2).
      expectNotModified(await s.call('GET', path, ifNoneMatch(`W/${tag}`)), tag);
      expectNotModified(await s.call('GET', path, ifNoneMatch(`"other", ${tag}`)), tag);
      expectNotModified(await s.call('GET', path, ifNoneMatch('*')), tag);
      expect((await s.call('GET', path, ifNoneMatch('"other"'))).status).toBe(200);
    }
  });

  test('a change gives a new tag: the old one gets the new answer', async () => {
    const path = paths[1]!;
    const before = await s.call('GET', path);
    const tag = before.headers.get('etag')!;
    expect((await s.call('PATCH', path, { json: { description: 'Changed for the tag' } })).status).toBe(200);
    const after = await s.call('GET', path, ifNoneMatch(tag));
    expect(after.status).toBe(200);
    expect(after.body.description).toBe('Changed for the tag');
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  test('the deprecated pet by id keeps its Deprecation and Sunset headers on a 304', async () => {
    const tag = (await s.call('GET', paths[0]!)).headers.get('etag')!;
    const answer = await s.call('GET', paths[0]!, ifNoneMatch(tag));
    expectNotModified(answer, tag);
    expect(answer.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(answer.headers.get('sunset')).not.toBeNull();
  });

  test('refusals, lists and writes carry no tag and ignore If-None-Match', async () => {
    const missing = await s.call('GET', '/v1/pets/999999', ifNoneMatch('*'));
    expectError(missing, 'NOT_FOUND', 404);
    expect(missing.headers.get('etag')).toBeNull();
    const list = await s.call('GET', '/v1/pets?limit=5', ifNoneMatch('*'));
    expect(list.status).toBe(200);
    expect(list.headers.get('etag')).toBeNull();
    expect(list.headers.get('cache-control')).toBe('no-store');
    const created = await s.call('POST', '/v1/categories', { json: { name: 'Untagged' }, ...ifNoneMatch('*') });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
  });
});

describe('the OpenAPI document and its page', () => {
  test('/openapi.json, /v1/openapi.json, /docs and /v1/docs are tagged (one tag per version) and answer 304 to it', async () => {
    const open = await fetch(`${s.t.origin}/openapi.json`);
    const tag = open.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(open.headers.get('cache-control')).toBe('no-cache');
    expect(open.headers.get('vary')).toBe('Accept-Encoding');
    const behindToken = await s.t.request('/v1/openapi.json');
    expect(behindToken.headers.get('etag')).toBe(tag);
    for (const [path, token] of [['/openapi.json', null], ['/v1/openapi.json', undefined]] as const) {
      const cached = await s.t.request(path, { token, headers: { 'if-none-match': tag } });
      expect(cached.status, path).toBe(304);
      expect(await cached.text()).toBe('');
      expect(cached.headers.get('etag')).toBe(tag);
    }
    const page = await fetch(`${s.t.origin}/docs`);
    const pageTag = page.headers.get('etag')!;
    expect(pageTag).toMatch(/^W\//);
    expect(pageTag).not.toBe(tag);
    const cachedPage = await fetch(`${s.t.origin}/docs`, { headers: { 'if-none-match': pageTag } });
    expect(cachedPage.status).toBe(304);
    expect(cachedPage.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });

  test('a new sunset date is a new version of the document: the old tag gets the new text', async () => {
    const tag = (await fetch(`${s.t.origin}/openapi.json`)).headers.get('etag')!;
    await s.settings({ sunsetDate: '2028-01-31' });
    try {
      const changed = await fetch(`${s.t.origin}/openapi.json`, { headers: { 'if-none-match': tag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
      expect(await changed.text()).toContain('2028-01-31');
    } finally {
      await s.settings({ sunsetDate: '2027-06-30' });
    }
  });
});
