import { beforeAll, describe, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { allPages, expectError, nextLink, useHttpSuite } from './support/http-suite';
import { addSamplePets } from './support/sample-pets';

const s = useHttpSuite();

/** A small catalogue with known names, statuses and categories. */
let dogs: number;
let cats: number;
let pets: Pet[];
const byName = (name: string) => pets.find((pet) => pet.name === name)!;
const ids = (list: Pet[]) => list.map((pet) => pet.id);

beforeAll(async () => {
  ({ dogs, cats, pets } = await addSamplePets(s));
});

describe('GET /v1/pets', () => {
  test('lists every pet by id with X-Total-Count', async () => {
    const answer = await s.call<Pet[]>('GET', '/v1/pets');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(pets);
    expect(answer.headers.get('x-total-count')).toBe(String(pets.length));
    expect(answer.headers.get('link')).toBeNull();
  });

  test('status filter: single, repeated and comma-separated', async () => {
    const pending = await s.call<Pet[]>('GET', '/v1/pets?status=pending');
    expect(ids(pending.body)).toEqual(ids(pets.filter((pet) => pet.status === 'pending')));
    expect(pending.headers.get('x-total-count')).toBe('2');

    const expected = ids(pets.filter((pet) => pet.status !== 'available'));
    const repeated = await s.call<Pet[]>('GET', '/v1/pets?status=pending&status=sold');
    expect(ids(repeated.body)).toEqual(expected);
    const comma = await s.call<Pet[]>('GET', '/v1/pets?status=pending,sold');
    expect(ids(comma.body)).toEqual(expected);
    expect(comma.headers.get('x-total-count')).toBe(String(expected.length));
  });

  test('categoryId filter', async () => {
    const answer = await s.call<Pet[]>('GET', `/v1/pets?categoryId=${cats}`);
    expect(ids(answer.body)).toEqual(ids(pets.filter((pet) => pet.categoryId === cats)));
    const none = await s.call<Pet[]>('GET', '/v1/pets?categoryId=999999');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  test('q filter: name contains, case-insensitive', async () => {
    const answer = await s.call<Pet[]>('GET', '/v1/pets?q=REX');
    expect(answer.body.map((pet) => pet.name)).toEqual(['Rex', 'T-REX junior', 'rexanne']);
    const spaced = await s.call<Pet[]>('GET', `/v1/pets?q=${encodeURIComponent('  junior ')}`);
    expect(spaced.body.map((pet) => pet.name)).toEqual(['T-REX junior']);
    const nothing = await s.call<Pet[]>('GET', '/v1/pets?q=%25');
    expect(nothing.body).toEqual([]); // `%` is text, not a wildcard
  });

  test('id filter: repeated and comma-separated; unknown ids are simply absent', async () => {
    const [a, b, c] = [byName('Rex').id, byName('Alfie').id, byName('Zed').id];
    const repeated = await s.call<Pet[]>('GET', `/v1/pets?id=${a}&id=${c}&id=999999`);
    expect(ids(repeated.body)).toEqual([a, c]);
    const comma = await s.call<Pet[]>('GET', `/v1/pets?id=${b},${c}`);
    expect(ids(comma.body)).toEqual([b, c]);
    expect(comma.headers.get('x-total-count')).toBe('2');
  });

  test('filters combine', async () => {
    const answer = await s.call<Pet[]>('GET', `/v1/pets?status=available&categoryId=${cats}&q=rex`);
    expect(answer.body.map((pet) => pet.name)).toEqual(['rexanne']);
  });

  test('sort by id, name and status, ascending and descending', async () => {
    const sorted = async (sort: string) => (await s.call<Pet[]>('GET', `/v1/pets?sort=${sort}`)).body.map((pet) => pet.name);
    const names = pets.map((pet) => pet.name);
    const folded = [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(await sorted('id')).toEqual(names);
    expect(await sorted('-id')).toEqual([...names].reverse());
    expect(await sorted('name')).toEqual(folded);
    expect(await sorted('-name')).toEqual([...folded].reverse());
    const statuses = (await s.call<Pet[]>('GET', '/v1/pets?sort=status')).body.map((pet) => pet.status);
    expect(statuses).toEqual([...statuses].sort());
    const desc = (await s.call<Pet[]>('GET', '/v1/pets?sort=-status')).body;
    expect(desc.map((pet) => pet.status)).toEqual([...statuses].sort().reverse());
    // ties broken by id, descending with the sort
    expect(ids(desc.filter((pet) => pet.status === 'sold'))).toEqual(ids(pets.filter((pet) => pet.status === 'sold')).reverse());
  });

  test.each(['id', '-id', 'name', '-name', 'status', '-status'])(
    'paging with sort=%s follows Link rel="next" to the end, every pet once',
    async (sort) => {
      const { pages, items, totals } = await allPages<Pet>(s, `/v1/pets?limit=2&sort=${sort}`);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
      expect(totals.every((total) => total === String(pets.length))).toBe(true);
      expect(new Set(ids(items)).size).toBe(pets.length);
      const whole = await s.call<Pet[]>('GET', `/v1/pets?sort=${sort}`);
      expect(items).toEqual(whole.body);
    },
  );

  test('the next link keeps the filters and the limit', async () => {
    const first = await s.call<Pet[]>('GET', '/v1/pets?status=available&limit=1');
    const next = nextLink(first.headers)!;
    expect(next).toMatch(/^\/v1\/pets\?/);
    const url = new URL(next, 'http://x');
    expect(url.searchParams.get('status')).toBe('available');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(url.searchParams.get('cursor')).toBeTruthy();
    const { items, totals } = await allPages<Pet>(s, '/v1/pets?status=available&limit=1');
    expect(ids(items)).toEqual(ids(pets.filter((pet) => pet.status === 'available')));
    expect(new Set(totals)).toEqual(new Set(['3']));
  });

  test('limit=500 is the maximum page; the default is 50', async () => {
    const answer = await s.call<Pet[]>('GET', '/v1/pets?limit=500');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(pets.length);
  });

  test('a cursor this service did not issue is refused with 400', async () => {
    expectError(await s.call('GET', '/v1/pets?cursor=not-a-cursor'), 'VALIDATION_FAILED', 400);
  });

  test('HEAD answers like GET without a body', async () => {
    const response = await s.t.request('/v1/pets', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(pets.length));
    expect(await response.text()).toBe('');
  });
});

describe('POST /v1/pets', () => {
  test('201 with the pet, a Location that reads it back, and stock 1 when available', async () => {
    const created = await s.call<Pet>('POST', '/v1/pets', { json: { name: '  Biscuit  ', categoryId: dogs } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId: dogs, status: 'available' });
    expect(created.headers.get('location')).toBe(`/v1/pets/${created.body.id}`);
    const read = await s.call<Pet>('GET', created.headers.get('location')!);
    expect(read.body).toEqual(created.body);
    const stock = await s.call('GET', `/v1/store/inventory/${created.body.id}`);
    expect(stock.body).toEqual({ petId: created.body.id, quantity: 1, status: 'available' });
    await s.call('DELETE', `/v1/pets/${created.body.id}`);
  });

  test('a pending or sold pet starts with stock 0', async () => {
    for (const status of ['pending', 'sold'] as const) {
      const pet = await s.pet({ categoryId: cats, status });
      expect(pet.status).toBe(status);
      expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body.quantity).toBe(0);
      await s.call('DELETE', `/v1/pets/${pet.id}`);
    }
  });

  test('ids increase', async () => {
    const a = await s.pet({ categoryId: cats });
    const b = await s.pet({ categoryId: cats });
    expect(b.id).toBeGreaterThan(a.id);
    await s.call('DELETE', `/v1/pets/${a.id}`);
    await s.call('DELETE', `/v1/pets/${b.id}`);
  });

  test.each([
    [{ name: '', categoryId: 1 }, 'name'],
    [{ name: '   ', categoryId: 1 }, 'name'],
    [{ name: 'x'.repeat(101), categoryId: 1 }, 'name'],
    [{ name: 'Tab\there', categoryId: 1 }, 'name'],
    [{ categoryId: 1 }, 'name'],
    [{ name: 'No category' }, 'categoryId'],
    [{ name: 'Bad category', categoryId: 'one' }, 'categoryId'],
    [{ name: 'Bad category', categoryId: 0 }, 'categoryId'],
    [{ name: 'Bad category', categoryId: 1.5 }, 'categoryId'],
    [{ name: 'Bad status', categoryId: 1, status: 'lost' }, 'status'],
    [{ name: 'Extra', categoryId: 1, colour: 'brown' }, 'colour'],
  ])('%j → 400 VALIDATION_FAILED naming %s', async (body, field) => {
    const answer = await s.call('POST', '/v1/pets', { json: body });
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.map((detail: { path: string }) => detail.path)).toContain(field);
  });

  test('a name of exactly 100 characters (after trimming) is accepted', async () => {
    const pet = await s.pet({ name: ` ${'n'.repeat(100)} `, categoryId: cats });
    expect(pet.name).toBe('n'.repeat(100));
    await s.call('DELETE', `/v1/pets/${pet.id}`);
  });

  test('a missing category → 422 REFERENCE_NOT_FOUND naming categoryId', async () => {
    const answer = await s.call('POST', '/v1/pets', { json: { name: 'Orphan', categoryId: 999999 } });
    expectError(answer, 'REFERENCE_NOT_FOUND', 422);
    expect(answer.body.details).toEqual([{ path: 'categoryId', message: expect.any(String) }]);
  });
});

describe('GET, PUT, PATCH, DELETE /v1/pets/{petId}', () => {
  test('GET reads one pet; a missing one is 404', async () => {
    const rex = byName('Rex');
    expect((await s.call('GET', `/v1/pets/${rex.id}`)).body).toEqual(rex);
    expectError(await s.call('GET', '/v1/pets/999999'), 'NOT_FOUND', 404);
  });

  test('PUT replaces name, category and status (status defaults to available)', async () => {
    const pet = await s.pet({ name: 'Replace me', categoryId: dogs, status: 'pending' });
    const replaced = await s.call<Pet>('PUT', `/v1/pets/${pet.id}`, { json: { name: 'Replaced', categoryId: cats } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ id: pet.id, name: 'Replaced', categoryId: cats, status: 'available' });
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).body).toEqual(replaced.body);

    const sold = await s.call<Pet>('PUT', `/v1/pets/${pet.id}`, { json: { name: 'Replaced', categoryId: cats, status: 'sold' } });
    expect(sold.body.status).toBe('sold');
    expect((await s.call('GET', `/v1/store/inventory/${pet.id}`)).body.status).toBe('sold');
    await s.call('DELETE', `/v1/pets/${pet.id}`);
  });

  test('PUT needs the whole pet and refuses unknown fields', async () => {
    const rex = byName('Rex');
    const missing = await s.call('PUT', `/v1/pets/${rex.id}`, { json: { name: 'Only a name' } });
    expectError(missing, 'VALIDATION_FAILED', 400);
    expect(JSON.stringify(missing.body.details)).toContain('categoryId');
    const extra = await s.call('PUT', `/v1/pets/${rex.id}`, { json: { name: 'Rex', categoryId: dogs, colour: 'brown' } });
    expectError(extra, 'VALIDATION_FAILED', 400);
    expect(extra.body.details).toEqual([{ path: 'colour', message: 'Unknown field "colour"' }]);
    // Another pet's id in the body: which one was meant is unclear, so nothing changes.
    const elsewhere = await s.call('PUT', `/v1/pets/${rex.id}`, { json: { id: rex.id + 1, name: 'Rex', categoryId: dogs } });
    expectError(elsewhere, 'VALIDATION_FAILED', 400);
    expect(elsewhere.body.details).toEqual([{ path: 'id', message: "Must be the path's pet id (or left out)" }]);
    expect((await s.call('GET', `/v1/pets/${rex.id}`)).body).toEqual(rex);
  });

  test('PUT takes back what GET gave, id included (the path’s own)', async () => {
    const pet = await s.pet({ name: 'Round trip', categoryId: dogs });
    const read = (await s.call<Pet>('GET', `/v1/pets?id=${pet.id}`)).body as unknown as Pet[];
    const sentBack = await s.call<Pet>('PUT', `/v1/pets/${pet.id}`, { json: { ...read[0], name: 'Round tripped' } });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body).toEqual({ ...pet, name: 'Round tripped' });
    await s.call('DELETE', `/v1/pets/${pet.id}`);
  });

  test('PATCH changes only the given fields', async () => {
    const pet = await s.pet({ name: 'Patchy', categoryId: dogs });
    const renamed = await s.call<Pet>('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Patched' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...pet, name: 'Patched' });
    const moved = await s.call<Pet>('PATCH', `/v1/pets/${pet.id}`, { json: { categoryId: cats } });
    expect(moved.body).toEqual({ ...pet, name: 'Patched', categoryId: cats });
    const held = await s.call<Pet>('PATCH', `/v1/pets/${pet.id}`, { json: { status: 'pending' } });
    expect(held.body.status).toBe('pending');
    await s.call('DELETE', `/v1/pets/${pet.id}`);
  });

  test('PATCH: empty body, unknown field, missing category, missing pet', async () => {
    const rex = byName('Rex');
    expectError(await s.call('PATCH', `/v1/pets/${rex.id}`, { json: {} }), 'VALIDATION_FAILED', 400);
    const unknown = await s.call('PATCH', `/v1/pets/${rex.id}`, { json: { nickname: 'R' } });
    expectError(unknown, 'VALIDATION_FAILED', 400);
    expect(unknown.body.details.some((detail: { path: string }) => detail.path.endsWith('nickname'))).toBe(true);
    const reference = await s.call('PATCH', `/v1/pets/${rex.id}`, { json: { categoryId: 999999 } });
    expectError(reference, 'REFERENCE_NOT_FOUND', 422);
    expectError(await s.call('PATCH', '/v1/pets/999999', { json: { name: 'Ghost' } }), 'NOT_FOUND', 404);
    expectError(await s.call('PUT', '/v1/pets/999999', { json: { name: 'Ghost', categoryId: dogs } }), 'NOT_FOUND', 404);
    expect((await s.call('GET', `/v1/pets/${rex.id}`)).body).toEqual(rex);
  });

  test('DELETE answers 204 with no body; then the pet and its stock are gone', async () => {
    const pet = await s.pet({ categoryId: dogs });
    const deleted = await s.call('DELETE', `/v1/pets/${pet.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expectError(await s.call('GET', `/v1/pets/${pet.id}`), 'NOT_FOUND', 404);
    expectError(await s.call('GET', `/v1/store/inventory/${pet.id}`), 'NOT_FOUND', 404);
    expectError(await s.call('DELETE', `/v1/pets/${pet.id}`), 'NOT_FOUND', 404);
  });

  test('DELETE is refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders', async () => {
    const pet = await s.pet({ categoryId: dogs });
    const order = await s.order(pet.id);
    expectError(await s.call('DELETE', `/v1/pets/${pet.id}`), 'PET_HAS_OPEN_ORDERS', 409);
    expect((await s.call('GET', `/v1/pets/${pet.id}`)).status).toBe(200);
    // Marking it sold while an order is open is refused too.
    expectError(await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { status: 'sold' } }), 'PET_HAS_OPEN_ORDERS', 409);
    expect((await s.call('DELETE', `/v1/store/orders/${order.id}`)).status).toBe(204);
    expect((await s.call('DELETE', `/v1/pets/${pet.id}`)).status).toBe(204);
  });
});
