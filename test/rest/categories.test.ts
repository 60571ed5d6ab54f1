import { beforeAll, describe, expect, test } from 'vitest';
import type { Category } from '../../src-shared/schemas/category';
import { allPages, expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

let seeded: Category[];
beforeAll(async () => {
  seeded = [];
  for (const name of ['reptiles', 'Birds', 'Fish', 'amphibians', 'Dogs']) {
    seeded.push(await s.category({ name, description: `All the ${name.toLowerCase()}` }));
  }
});

describe('GET /v1/categories', () => {
  test('lists by name, case-insensitive, with X-Total-Count', async () => {
    const answer = await s.call<Category[]>('GET', '/v1/categories');
    expect(answer.status).toBe(200);
    expect(answer.body.map((category) => category.name)).toEqual(['amphibians', 'Birds', 'Dogs', 'Fish', 'reptiles']);
    expect(answer.headers.get('x-total-count')).toBe('5');
    expect(answer.body[0]).toEqual({ id: expect.any(Number), name: 'amphibians', description: 'All the amphibians' });
  });

  test('q: name contains, case-insensitive', async () => {
    const answer = await s.call<Category[]>('GET', '/v1/categories?q=I');
    expect(answer.body.map((category) => category.name)).toEqual(['amphibians', 'Birds', 'Fish', 'reptiles']);
    expect(answer.headers.get('x-total-count')).toBe('4');
  });

  test('paging follows Link rel="next" to the end, every category once', async () => {
    const { pages, items, totals } = await allPages<Category>(s, '/v1/categories?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(new Set(totals)).toEqual(new Set(['5']));
    expect(items.map((category) => category.id).sort()).toEqual(seeded.map((category) => category.id).sort());
  });

  test('bad query values are refused', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=abc', 'sort=name', 'q=' + 'x'.repeat(101)]) {
      expectError(await s.call('GET', `/v1/categories?${query}`), 'VALIDATION_FAILED', 400);
    }
  });
});

describe('POST /v1/categories', () => {
  test('201 with Location; the description is optional', async () => {
    const created = await s.call<Category>('POST', '/v1/categories', { json: { name: '  Rodents ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Rodents' });
    expect(created.headers.get('location')).toBe(`/v1/categories/${created.body.id}`);
    expect((await s.call('GET', created.headers.get('location')!)).body).toEqual(created.body);
    expect((await s.call('DELETE', `/v1/categories/${created.body.id}`)).status).toBe(204);
  });

  test('a taken name, in any case, is 409 CATEGORY_NAME_TAKEN', async () => {
    for (const name of ['Birds', 'BIRDS', ' birds ']) {
      expectError(await s.call('POST', '/v1/categories', { json: { name } }), 'CATEGORY_NAME_TAKEN', 409);
    }
  });

  test.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'y'.repeat(101) }, 'name'],
    [{ name: 'Long description', description: 'd'.repeat(501) }, 'description'],
    [{ name: 'Wrong type', description: 5 }, 'description'],
    [{ name: 'Extra', legs: 4 }, 'legs'],
  ])('%j → 400 naming %s', async (body, field) => {
    const answer = await s.call('POST', '/v1/categories', { json: body });
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.map((detail: { path: string }) => detail.path)).toContain(field);
  });

  test('a description of exactly 500 characters is accepted', async () => {
    const created = await s.category({ description: 'd'.repeat(500) });
    expect(created.description).toHaveLength(500);
    await s.call('DELETE', `/v1/categories/${created.id}`);
  });
});

describe('GET, PUT, PATCH, DELETE /v1/categories/{categoryId}', () => {
  test('GET reads one; a missing one is 404', async () => {
    expect((await s.call('GET', `/v1/categories/${seeded[1].id}`)).body).toEqual(seeded[1]);
    expectError(await s.call('GET', '/v1/categories/999999'), 'NOT_FOUND', 404);
  });

  test('PUT replaces the name and clears a description left out', async () => {
    const category = await s.category({ description: 'to be cleared' });
    const replaced = await s.call<Category>('PUT', `/v1/categories/${category.id}`, { json: { name: 'Replaced kind' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ id: category.id, name: 'Replaced kind' });
    expect((await s.call('GET', `/v1/categories/${category.id}`)).body).toEqual(replaced.body);
    // Keeping its own name (in another case) is not a conflict.
    const recased = await s.call<Category>('PUT', `/v1/categories/${category.id}`, { json: { name: 'REPLACED KIND' } });
    expect(recased.body.name).toBe('REPLACED KIND');
    // What GET gave, sent back with its id, is a replacement too; another category's id is refused.
    const sentBack = await s.call<Category>('PUT', `/v1/categories/${category.id}`, { json: { ...recased.body, description: 'back' } });
    expect(sentBack.body).toEqual({ id: category.id, name: 'REPLACED KIND', description: 'back' });
    const elsewhere = await s.call('PUT', `/v1/categories/${category.id}`, { json: { id: category.id + 1000, name: 'Other' } });
    expectError(elsewhere, 'VALIDATION_FAILED', 400);
    expect(elsewhere.body.details).toEqual([{ path: 'id', message: "Must be the path's category id (or left out)" }]);
    await s.call('DELETE', `/v1/categories/${category.id}`);
  });

  test('PATCH changes only the given fields', async () => {
    const category = await s.category({ description: 'kept' });
    const renamed = await s.call<Category>('PATCH', `/v1/categories/${category.id}`, { json: { name: 'Patched kind' } });
    expect(renamed.body).toEqual({ id: category.id, name: 'Patched kind', description: 'kept' });
    const described = await s.call<Category>('PATCH', `/v1/categories/${category.id}`, { json: { description: 'new' } });
    expect(described.body).toEqual({ id: category.id, name: 'Patched kind', description: 'new' });
    await s.call('DELETE', `/v1/categories/${category.id}`);
  });

  test('renaming to a taken name is 409 CATEGORY_NAME_TAKEN on PUT and PATCH', async () => {
    const category = await s.category();
    expectError(await s.call('PUT', `/v1/categories/${category.id}`, { json: { name: 'fish' } }), 'CATEGORY_NAME_TAKEN', 409);
    expectError(await s.call('PATCH', `/v1/categories/${category.id}`, { json: { name: 'FISH' } }), 'CATEGORY_NAME_TAKEN', 409);
    expect((await s.call('GET', `/v1/categories/${category.id}`)).body).toEqual(category);
    await s.call('DELETE', `/v1/categories/${category.id}`);
  });

  test('PUT/PATCH: unknown fields, empty patch, missing category', async () => {
    const id = seeded[0].id;
    const put = await s.call('PUT', `/v1/categories/${id}`, { json: { name: 'x', colour: 'green' } });
    expectError(put, 'VALIDATION_FAILED', 400);
    expect(put.body.details.some((detail: { path: string }) => detail.path.endsWith('colour'))).toBe(true);
    const patch = await s.call('PATCH', `/v1/categories/${id}`, { json: { colour: 'green' } });
    expectError(patch, 'VALIDATION_FAILED', 400);
    expect(patch.body.details.some((detail: { path: string }) => detail.path.endsWith('colour'))).toBe(true);
    expectError(await s.call('PATCH', `/v1/categories/${id}`, { json: {} }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PUT', '/v1/categories/999999', { json: { name: 'Nowhere' } }), 'NOT_FOUND', 404);
    expectError(await s.call('PATCH', '/v1/categories/999999', { json: { name: 'Nowhere' } }), 'NOT_FOUND', 404);
    expect((await s.call('GET', `/v1/categories/${id}`)).body).toEqual(seeded[0]);
  });

  test('DELETE is 409 CATEGORY_IN_USE while pets belong to it, 204 once empty, then 404', async () => {
    const category = await s.category();
    const pet = await s.pet({ categoryId: category.id });
    expectError(await s.call('DELETE', `/v1/categories/${category.id}`), 'CATEGORY_IN_USE', 409);
    expect((await s.call('GET', `/v1/categories/${category.id}`)).status).toBe(200);
    expect((await s.call('DELETE', `/v1/pets/${pet.id}`)).status).toBe(204);
    const deleted = await s.call('DELETE', `/v1/categories/${category.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expectError(await s.call('GET', `/v1/categories/${category.id}`), 'NOT_FOUND', 404);
    expectError(await s.call('DELETE', `/v1/categories/${category.id}`), 'NOT_FOUND', 404);
  });
});
