/**
 * Over HTTP: the `cursor` of a `Link: rel="next"` continues that query only (same list, sort and
 * filters; `limit` may change). A cursor taken elsewhere, or made by hand, is 400 VALIDATION_FAILED
 * naming `cursor`, never a 500 and never a page. Every answer is checked against the OpenAPI document.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { PET_SORTS } from '../../src-shared/schemas/pet';
import { eventsAfter } from './support/event-log';
import { allPages, expectError, nextLink, useHttpSuite, type Answer } from './support/http-suite';
import { addSamplePets } from './support/sample-pets';

const s = useHttpSuite();

const LISTS = ['/v1/pets', '/v1/categories', '/v1/store/orders', '/v1/store/inventory'];
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const withCursor = (path: string, cursor: string) => `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

let dogs: number;
let pets: Pet[];

/** Every list and the event log, to show refused requests changed nothing. */
async function snapshot() {
  const lists: Record<string, unknown> = {};
  for (const path of LISTS) lists[path] = (await s.call('GET', `${path}?limit=500`)).body;
  return { lists, events: await eventsAfter(s.t, 0) };
}

/** A 400 VALIDATION_FAILED whose details name `cursor` (and only it). */
function expectCursorRefused(answer: Answer, message?: RegExp): void {
  expectError(answer, 'VALIDATION_FAILED', 400);
  expect(answer.body.details).toEqual([{ path: 'cursor', message: expect.any(String) }]);
  expect(answer.body.message).toMatch(/^Invalid input: cursor: /);
  if (message) expect(answer.body.details[0].message).toMatch(message);
}

async function nextCursorOf(path: string): Promise<string> {
  const answer = await s.call('GET', path);
  expect(answer.status).toBe(200);
  const next = nextLink(answer.headers);
  expect(next, `${path} has a next page`).toBeDefined();
  return new URL(next!, 'http://x').searchParams.get('cursor')!;
}

beforeAll(async () => {
  ({ dogs, pets } = await addSamplePets(s));
  for (const name of ['Birds', 'Fish']) await s.category({ name });
  const stocked = pets.filter((pet) => pet.status === 'available');
  for (const pet of stocked) expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 20 } })).status).toBe(200);
  for (let i = 0; i < 5; i++) await s.order(stocked[i % stocked.length].id);
});

describe('a cursor reused on another query is refused (the integrator review\'s repro)', () => {
  let byName: string;
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    byName = await nextCursorOf('/v1/pets?sort=name&limit=2');
    before = await snapshot();
  });

  test.each(PET_SORTS.filter((sort) => sort !== 'name'))('sort=name → sort=%s', async (sort) => {
    const answer = await s.call('GET', withCursor(`/v1/pets?sort=${encodeURIComponent(sort)}&limit=2`, byName));
    expectCursorRefused(answer, /another query \(sort=name, not sort=.*start again without a cursor/);
  });

  test.each(['/v1/store/orders', '/v1/categories', '/v1/store/inventory'])('a pets cursor on %s', async (path) => {
    const list = path.split('/').at(-1);
    expectCursorRefused(await s.call('GET', withCursor(path, byName)), new RegExp(`belongs to the pets list, not the ${list} list`));
  });

  test('other filters through the next link, while another limit is fine', async () => {
    const first = await s.call('GET', '/v1/pets?status=available,pending&limit=2');
    const next = new URL(nextLink(first.headers)!, 'http://x');
    const changed = (key: string, value: string | null) => {
      const url = new URL(next);
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
      return url.pathname + url.search;
    };
    for (const [key, value] of [['status', 'available'], ['status', null], ['q', 'rex'], ['categoryId', String(dogs)], ['id', '1,2,3']] as const) {
      expectCursorRefused(await s.call('GET', changed(key, value)), /another query \(different filters\).*limit may change/);
    }
    // The same filters in another order, and another page size: the walk goes on.
    const resized = await s.call<Pet[]>('GET', changed('limit', '10'));
    expect(resized.status).toBe(200);
    const reordered = await s.call<Pet[]>('GET', changed('status', 'pending,available'));
    expect(reordered.status).toBe(200);
    const whole = await s.call<Pet[]>('GET', '/v1/pets?status=available,pending');
    expect([...first.body, ...resized.body]).toEqual(whole.body);
  });

  test('orders, inventory and categories cursors on another list or with other filters', async () => {
    const open = await nextCursorOf('/v1/store/orders?complete=false&limit=1');
    expectCursorRefused(await s.call('GET', withCursor('/v1/store/orders?complete=true&limit=1', open)), /different filters/);
    expectCursorRefused(await s.call('GET', withCursor('/v1/pets', open)), /the orders list, not the pets list/);
    expectCursorRefused(await s.call('GET', withCursor('/v1/store/inventory', open)), /the orders list, not the inventory list/);
    const inventory = await nextCursorOf('/v1/store/inventory?limit=1');
    expectCursorRefused(await s.call('GET', withCursor('/v1/store/orders', inventory)), /the inventory list, not the orders list/);
    expectCursorRefused(await s.call('GET', withCursor('/v1/store/inventory?low=true', inventory)), /different filters/);
    const categories = await nextCursorOf('/v1/categories?limit=1');
    expectCursorRefused(await s.call('GET', withCursor('/v1/pets?sort=name', categories)), /the categories list, not the pets list/);
    expectCursorRefused(await s.call('GET', withCursor('/v1/categories?q=s', categories)), /different filters/);
  });

  test('nothing changed', async () => {
    expect(await snapshot()).toEqual(before);
  });
});

describe('hand-made and garbled cursors: 400, never 500, never a page', () => {
  test('on every list', async () => {
    const before = await snapshot();
    const real = await nextCursorOf('/v1/pets?sort=name&limit=1');
    const [, , , key] = JSON.parse(Buffer.from(real, 'base64url').toString()) as unknown[];
    const cursors: [string, string][] = [
      ['[1000,1000]', b64('[1000,1000]')],
      ['[1e308,1]', b64('[1e308,1]')],
      ['[-5,-5]', b64('[-5,-5]')],
      ['["Rex",1]', b64('["Rex",1]')],
      ['{"id":1}', b64('{"id":1}')],
      ['a negative id', b64(`[1,"pets","name","${key}",-5,"rex"]`)],
      ['a huge id', b64(`[1,"pets","name","${key}",1e308,"rex"]`)],
      ['an id as text', b64(`[1,"pets","name","${key}","5","rex"]`)],
      ['a name as a number', b64(`[1,"pets","name","${key}",5,5]`)],
      ['truncated', real.slice(0, -2)],
      ['garbage', 'not-a-cursor'],
    ];
    for (const [label, cursor] of cursors) {
      for (const path of [...LISTS, '/v1/pets?sort=name', '/v1/pets?sort=-status']) {
        const answer = await s.call('GET', withCursor(path, cursor));
        expect(answer.status, `${path} ${label}`).toBe(400);
        expectCursorRefused(answer);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('following the next links still reads every row exactly once', () => {
  test.each(PET_SORTS)('pets, sort=%s, with and without filters', async (sort) => {
    for (const query of ['', '&status=available,pending', `&categoryId=${dogs}`, '&q=rex']) {
      const path = `/v1/pets?sort=${encodeURIComponent(sort)}${query}`;
      const { items, totals } = await allPages<Pet>(s, `${path}&limit=2`);
      const whole = await s.call<Pet[]>('GET', path);
      expect(items, path).toEqual(whole.body);
      expect(new Set(items.map((pet) => pet.id)).size).toBe(items.length);
      expect(new Set(totals)).toEqual(new Set([whole.headers.get('x-total-count')]));
    }
  });

  test.each(['/v1/categories', '/v1/categories?q=s', '/v1/store/orders', '/v1/store/orders?complete=false', '/v1/store/inventory', '/v1/store/inventory?q=rex'])(
    '%s',
    async (path) => {
      const { items } = await allPages(s, `${path}${path.includes('?') ? '&' : '?'}limit=2`);
      expect(items).toEqual((await s.call('GET', path)).body);
    },
  );
});
