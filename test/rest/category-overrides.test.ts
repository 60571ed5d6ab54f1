/**
 * A category field that overrides a shop setting (`taxRate`, `lowStockThreshold`) over real HTTP,
 * every answer checked against the served OpenAPI document: set on POST, replaced by PUT (left
 * out: cleared), changed or cleared (`null`) by PATCH, refused out of bounds, carried by the change
 * log the event stream reads, and documented as a bounded integer. One body for each field.
 */
import { describe, expect, test } from 'vitest';
import type { Category } from '../../src-shared/schemas/category';
import { CATEGORY_OVERRIDES } from '../helpers/category-overrides';
import { eventsAfter } from './support/event-log';
import { expectError, unique, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

const create = async (json: Record<string, unknown>) => {
  const answer = await s.call<Category>('POST', '/v1/categories', { json: { name: unique('Overriding'), ...json } });
  expect(answer.status).toBe(201);
  return answer.body;
};

describe.each(CATEGORY_OVERRIDES)("a category's $field over REST", ({ field, max, values: [value, other], refused }) => {
  test('POST takes it, GET and the list answer it; a category without one has none', async () => {
    const own = await create({ [field]: value });
    expect(own).toEqual({ id: own.id, name: own.name, [field]: value });
    expect((await s.call('GET', `/v1/categories/${own.id}`)).body).toEqual(own);
    const plain = await create({});
    expect(plain).not.toHaveProperty(field);
    const list = await s.call<Category[]>('GET', `/v1/categories?q=${encodeURIComponent('Overriding')}&limit=500`);
    expect(list.body).toEqual(expect.arrayContaining([own, plain]));
  });

  test('PATCH changes it, leaves it when not sent, keeps 0 as 0, and clears it with null', async () => {
    const { id, name } = await create({ [field]: value });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { [field]: other } })).body).toEqual({ id, name, [field]: other });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { description: 'Dry food' } })).body).toEqual({ id, name, description: 'Dry food', [field]: other });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { [field]: 0 } })).body).toEqual({ id, name, description: 'Dry food', [field]: 0 });
    const cleared = await s.call('PATCH', `/v1/categories/${id}`, { json: { [field]: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ id, name, description: 'Dry food' });
  });

  test('PUT replaces it, and clears it when left out', async () => {
    const { id, name } = await create({ [field]: value });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name, [field]: other } })).body).toEqual({ id, name, [field]: other });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name } })).body).toEqual({ id, name });
  });

  test.each(refused)(`%j is 400 VALIDATION_FAILED naming ${field}, on POST, PUT and PATCH; nothing changes`, async (bad, message) => {
    const { id, name } = await create({ [field]: value });
    for (const [method, path, json] of [
      ['POST', '/v1/categories', { name: unique('Refused'), [field]: bad }],
      ['PUT', `/v1/categories/${id}`, { name, [field]: bad }],
      ['PATCH', `/v1/categories/${id}`, { [field]: bad }],
    ] as const) {
      const answer = await s.call(method, path, { json });
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.details).toEqual([{ path: field, message }]);
    }
    expect((await s.call('GET', `/v1/categories/${id}`)).body).toEqual({ id, name, [field]: value });
  });

  test('null is refused on POST and PUT: only PATCH clears with it', async () => {
    const { id, name } = await create({});
    expectError(await s.call('POST', '/v1/categories', { json: { name: unique('Null'), [field]: null } }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('PUT', `/v1/categories/${id}`, { json: { name, [field]: null } }), 'VALIDATION_FAILED', 400);
  });

  test('the change log the event stream reads carries it', async () => {
    const { id } = await create({ [field]: value });
    await s.call('PATCH', `/v1/categories/${id}`, { json: { [field]: null } });
    const events = await eventsAfter(s.t, 0);
    const mine = events.filter((event) => event.type.startsWith('category.') && (event.data as Category).id === id);
    expect(mine.map((event) => [event.type, (event.data as Category)[field]])).toEqual([
      ['category.created', value],
      ['category.updated', undefined],
    ]);
  });

  test(`the document says what it is: an integer from 0 to ${max.toLocaleString('en-US')}, optional, nullable only in a PATCH`, async () => {
    const { body: document } = await s.call('GET', '/openapi.json', { token: null });
    const schemas = document.components.schemas;
    for (const name of ['Category', 'NewCategory', 'CategoryReplacement']) {
      expect(schemas[name].properties[field], name).toMatchObject({ type: 'integer', minimum: 0, maximum: max });
      expect(schemas[name].properties[field].nullable, name).toBeUndefined();
      expect(schemas[name].required ?? []).not.toContain(field);
    }
    expect(schemas.CategoryPatch.properties[field]).toMatchObject({ type: 'integer', minimum: 0, maximum: max, nullable: true });
  });
});
