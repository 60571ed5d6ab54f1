/**
 * `GET /v1/reports/overview` over real HTTP, checked against the served document: the Dashboard's
 * figures (`stats.overview`), which a connected till reads from the shop server.
 */
import { expect, test } from 'vitest';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

test('answers a read token the overview the service gives in process: counts, stock per category, recent orders and changes', async () => {
  const dogs = await s.category({ name: 'Dogs' });
  const rex = await s.pet({ name: 'Rex', categoryId: dogs.id });
  await s.call('PUT', `/v1/store/inventory/${rex.id}`, { json: { quantity: 4 } });
  await s.order(rex.id, 1);
  await s.settings({ lowStockThreshold: 5 });

  const answer = await s.call('GET', '/v1/reports/overview', { token: s.t.readToken });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(await s.t.call('stats.overview', {}));
  expect(answer.body).toMatchObject({
    petsByStatus: { available: 1, pending: 0, sold: 0 },
    stockByCategory: [{ categoryId: dogs.id, name: 'Dogs', pets: 1, stock: 3 }],
    openOrders: 1,
    lowStock: 1,
    lowStockThreshold: 5,
    recentOrders: [{ petId: rex.id, quantity: 1, status: 'open' }],
  });
  expect(answer.body.recentEvents[0]).toMatchObject({ type: 'settings.updated' });
});

test('needs a token; takes no parameters; is read-only', async () => {
  expectError(await s.call('GET', '/v1/reports/overview', { token: null }), 'UNAUTHORIZED', 401);
  expectError(await s.call('GET', '/v1/reports/overview?since=1'), 'VALIDATION_FAILED', 400);
  expect((await s.call('POST', '/v1/reports/overview', { json: {} })).status).toBe(405);
});

test('is beta in the document, under Reports, answering the Overview schema', async () => {
  const { body: document } = await s.call('GET', '/openapi.json', { token: null });
  const operation = document.paths['/reports/overview'].get;
  expect(operation).toMatchObject({ operationId: 'statsOverview', 'x-stability': 'beta', tags: ['Reports'] });
  expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Overview' });
  expect(document.components.schemas.Overview.required).toEqual(
    expect.arrayContaining(['petsByStatus', 'stockByCategory', 'openOrders', 'lowStock', 'lowStockThreshold', 'recentOrders', 'recentEvents']),
  );
});
