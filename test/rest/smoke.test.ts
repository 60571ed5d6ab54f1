import { afterAll, beforeAll, expect, test } from 'vitest';
import { createOpenApiChecker } from './support/openapi-check';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let api: Awaited<ReturnType<typeof createOpenApiChecker>>;
beforeAll(async () => {
  server = await startTestServer();
  api = await createOpenApiChecker(server.origin);
});
afterAll(() => server.close());

test('a pet created over HTTP is listed, and both answers match the served document', async () => {
  const category = await api.check('POST', '/v1/categories', await server.request('/v1/categories', { method: 'POST', json: { name: 'Dogs' } }));
  const created = await server.request('/v1/pets', { method: 'POST', json: { name: 'Rex', categoryId: category.id } });
  expect(created.status).toBe(201);
  const pet = await api.check('POST', '/v1/pets', created);
  expect(created.headers.get('location')).toBe(`/v1/pets/${pet.id}`);
  const list = await server.request('/v1/pets');
  expect(list.headers.get('x-total-count')).toBe('1');
  expect(await api.check('GET', '/v1/pets', list)).toEqual([pet]);
});
