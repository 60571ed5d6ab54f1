/**
 * `Category.lowStockThreshold` over real HTTP, every answer checked against the served OpenAPI
 * document: set on POST, cleared by PATCH null and by a PUT without it, refused out of bounds or
 * as a fraction, and used by `GET /v1/store/inventory?low=true` instead of the shop's threshold.
 */
import { describe, expect, test } from 'vitest';
import type { Category } from '../../src-shared/schemas/category';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import { expectError, unique, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

const create = async (json: Record<string, unknown>) => {
  const answer = await s.call<Category>('POST', '/v1/categories', { json: { name: unique('Stocked'), ...json } });
  expect(answer.status).toBe(201);
  return answer.body;
};

describe('a category\'s low-stock threshold over REST', () => {
  test('POST takes it, GET answers it; PATCH changes it and clears it with null; PUT without it clears it', async () => {
    const dogs = await create({ lowStockThreshold: 1 });
    expect(dogs).toEqual({ id: dogs.id, name: dogs.name, lowStockThreshold: 1 });
    expect((await s.call('GET', `/v1/categories/${dogs.id}`)).body).toEqual(dogs);
    const { id, name } = dogs;
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { lowStockThreshold: 0 } })).body).toEqual({ id, name, lowStockThreshold: 0 });
    expect((await s.call('PATCH', `/v1/categories/${id}`, { json: { lowStockThreshold: null } })).body).toEqual({ id, name });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name, lowStockThreshold: 4 } })).body).toEqual({ id, name, lowStockThreshold: 4 });
    expect((await s.call('PUT', `/v1/categories/${id}`, { json: { name } })).body).toEqual({ id, name });
  });

  test.each([-1, 1.5, 1_000_001, '3'])('%j is 400 VALIDATION_FAILED naming lowStockThreshold, on POST, PUT and PATCH', async (lowStockThreshold) => {
    const { id, name } = await create({ lowStockThreshold: 2 });
    for (const [method, path, json] of [
      ['POST', '/v1/categories', { name: unique('Refused'), lowStockThreshold }],
      ['PUT', `/v1/categories/${id}`, { name, lowStockThreshold }],
      ['PATCH', `/v1/categories/${id}`, { lowStockThreshold }],
    ] as const) {
      const answer = await s.call(method, path, { json });
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(answer.body.details.map((detail: { path: string }) => detail.path)).toEqual(['lowStockThreshold']);
    }
    expect((await s.call('GET', `/v1/categories/${id}`)).body).toEqual({ id, name, lowStockThreshold: 2 });
  });

  test('low=true lists a pet below its category\'s threshold, and the shop\'s once the category\'s is cleared', async () => {
    s.settings({ lowStockThreshold: 3 });
    const ten = await create({ lowStockThreshold: 10 });
    const nine = await s.pet({ name: unique('Nine'), categoryId: ten.id });
    await s.call('PUT', `/v1/store/inventory/${nine.id}`, { json: { quantity: 9 } });
    const lowIds = async () => (await s.call<InventoryItem[]>('GET', '/v1/store/inventory?low=true&limit=500')).body.map((item) => item.petId);
    expect(await lowIds()).toContain(nine.id);
    await s.call('PATCH', `/v1/categories/${ten.id}`, { json: { lowStockThreshold: null } });
    expect(await lowIds()).not.toContain(nine.id);
  });

  test('the document declares it a bounded integer on the category, and nullable in a patch', async () => {
    const { body: doc } = await s.call<any>('GET', '/openapi.json');
    const { schemas } = doc.components;
    for (const name of ['Category', 'NewCategory']) expect(schemas[name].properties.lowStockThreshold).toMatchObject({ type: 'integer', minimum: 0, maximum: 1_000_000 });
    expect(schemas.CategoryPatch.properties.lowStockThreshold).toMatchObject({ type: 'integer', nullable: true, minimum: 0, maximum: 1_000_000 });
  });
});
