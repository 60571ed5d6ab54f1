/**
 * A category's low-stock threshold in force over real HTTP: `GET /v1/store/inventory?low=true` uses
 * it instead of the shop's. The field itself is tested with the tax rate's in category-overrides.test.ts.
 */
import { expect, test } from 'vitest';
import type { Category } from '../../src-shared/schemas/category';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import { unique, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

test('low=true lists a pet below its category\'s threshold, and the shop\'s once the category\'s is cleared', async () => {
  await s.settings({ lowStockThreshold: 3 });
  const ten = (await s.call<Category>('POST', '/v1/categories', { json: { name: unique('Stocked'), lowStockThreshold: 10 } })).body;
  const nine = await s.pet({ name: unique('Nine'), categoryId: ten.id });
  await s.call('PUT', `/v1/store/inventory/${nine.id}`, { json: { quantity: 9 } });
  const lowIds = async () => (await s.call<InventoryItem[]>('GET', '/v1/store/inventory?low=true&limit=500')).body.map((item) => item.petId);
  expect(await lowIds()).toContain(nine.id);
  await s.call('PATCH', `/v1/categories/${ten.id}`, { json: { lowStockThreshold: null } });
  expect(await lowIds()).not.toContain(nine.id);
});
