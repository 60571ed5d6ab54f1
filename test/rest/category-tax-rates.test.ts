/**
 * `Category.taxRate` over real HTTP, every answer checked against the served OpenAPI document:
 * set on POST, replaced by PUT (left out: cleared), changed or cleared (`null`) by PATCH, refused
 * out of bounds, carried by the change log the event stream reads, and documented as a bounded integer.
 */
import { describe, expect, test } from 'vitest';
import type { Category } from '../../src-shared/schemas/category';
import { expectError, unique, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

const create = async (json: Record<string, unknown>) => {
  const answer = await s.call<Category>('POST', '/v1/categories', { json: { name: unique('Taxed'), ...json } });
  expect(answer.status).toBe(201);
  return answer.body;
};

describe('a category\'s tax rate over REST', () => {
  test('POST takes it, GET and the list answer it; a category without one has none', async () => {
    const food = await create({ taxRate: 700 });
    expect(food).toEqual({ id: food.id, name: food.name, taxRate: 700 });
    expect((await s.call('GET', `/v1/categories/${food.id}`)).body).toEqual(food);
    const plain = await create({});
    expect(plain).not.toHaveProperty('taxRate');
    const list = await s.call<Category[]>('GET', `/v1/categories?q=${encodeURIComponent('Taxed')}&limit=500`);
    expect(list.body).toEqual(expect.arrayContaining([food, plain]));
  });

  test('PATCH changes it, leaves it when not sent, and clears it with null', async () => {
    const { id, name } = await create({ taxRate: 700 });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { taxRate: 1900 } })).body).toEqual({ id, name, taxRate: 1900 });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { description: 'Dry food' } })).body).toEqual({ id, name, description: 'Dry food', taxRate: 1900 });
    const cleared = await s.call('PATCH', `/v1/categories/${id}`, { json: { taxRate: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ id, name, description: 'Dry food' });
  });

  test('PUT replaces it, and clears it when left out', async () => {
    const { id, name } = await create({ taxRate: 700 });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name, taxRate: 0 } })).body).toEqual({ id, name, taxRate: 0 });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name } })).body).toEqual({ id, name });
  });

  test.each([10_001, -1, 7.5, '700', true])('a rate of %j is 400 VALIDATION_FAILED naming taxRate, on POST, PUT and PATCH', async (taxRate) => {
    const { id, name } = await create({ taxRate: 700 });
    for (const [method, path, json] of [
      ['POST', '/v1/categories', { name: unique('Refused'), taxRate }],
      ['PUT', `/v1/categories/${id}`, { name, taxRate }],
      ['PATCH', `/v1/categories/${id}`, { taxRate }],
    ] as const) {
      const answer = await s.call(method, path, { json });
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.details.map((detail: { path: string }) => detail.path)).toEqual(['taxRate']);
    }
    expect((await s.call('GET', `/v1/categories/${id}`)).body).toEqual({ id, name, taxRate: 700 });
  });

  test('null is refused on POST and PUT: only PATCH clears with it', async () => {
    const { id, name } = await create({});
    expectError(await s.call('POST', '/v1/categories', { json: { name: unique('Null'), taxRate: null } }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PUT', `/v1/categories/${id}`, { json: { name, taxRate: null } }), 'VALIDATION_FAILED', 400);
  });

  test('the change log the event stream reads carries it', async () => {
    const { id } = await create({ taxRate: 1000 });
    await s.call('PATCH', `/v1/categories/${id}`, { json: { taxRate: null } });
    const events = s.t.store.handlers['events.list']({ after: 0, limit: 1000 });
    const mine = events.filter((event) => event.type.startsWith('category.') && (event.data as Category).id === id);
    expect(mine.map((event) => [event.type, (event.data as Category).taxRate])).toEqual([
      ['category.created', 1000],
      ['category.updated', undefined],
    ]);
  });

  test('the document says what a rate is: an integer from 0 to 10,000, nullable only in a PATCH', async () => {
    const { body: document } = await s.call('GET', '/openapi.json', { token: null });
    const schemas = document.components.schemas;
    for (const name of ['Category', 'NewCategory', 'CategoryReplacement']) {
      expect(schemas[name].properties.taxRate, name).toMatchObject({ type: 'integer', minimum: 0, maximum: 10_000 });
      expect(schemas[name].properties.taxRate.nullable, name).toBeUndefined();
      expect(schemas[name].required ?? []).not.toContain('taxRate');
    }
    expect(schemas.CategoryPatch.properties.taxRate).toMatchObject({ type: 'integer', minimum: 0, maximum: 10_000, nullable: true });
  });
});
