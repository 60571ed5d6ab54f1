/**
 * Every answer of an operation leaves Node's response object in one shape (V8 hidden class),
 * whatever its status: 200, 201, 204 or a refusal. Node's HTTP code then stays monomorphic
 * across a server's mix of reads and writes. When a 200 left the status code to `writeHead` (which
 * sets statusMessage first) and a 201 set it first, orders made every later pet by id cost about
 * 2 µs (7%) more (bench/README.md, "Stop 30"). This is a speed property, so the check is V8's own.
 */
import type { ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRestApp, type RestApp } from '../../src-main/rest/app';
import { openTestStore, type TestStore } from '../helpers/temp-store';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set: V8 reads `%` calls at parse time.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const TOKEN = 'answer-shape-test-token';
let t: TestStore;
let rest: RestApp;
let origin: string;
const answered: { label: string; response: ServerResponse }[] = [];
let label = '';

beforeAll(async () => {
  t = openTestStore();
  rest = await buildRestApp({ store: t.store, host: '127.0.0.1', presetToken: TOKEN });
  rest.app.server.on('request', (_request, response: ServerResponse) => answered.push({ label, response }));
  await rest.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(rest.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await rest.app.close();
  t.close();
});

async function call(name: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: any }> {
  label = name;
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(origin + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

describe("Node's response object after each kind of answer", () => {
  it('has one shape for reads, creations, changes, deletions and refusals', async () => {
    const category = await call('create a category (201)', 'POST', '/v1/categories', { name: 'Shapes' });
    const pet = await call('create a pet (201)', 'POST', '/v1/pets', { name: 'Rex', categoryId: category.body.id });
    const statuses = [
      category.status,
      pet.status,
      (await call('a pet by id (200)', 'GET', `/v1/pets?id=${pet.body.id}`)).status,
      (await call('stock (200)', 'PUT', `/v1/store/inventory/${pet.body.id}`, { quantity: 2 })).status,
      (await call('an order (201)', 'POST', '/v1/store/orders', { petId: pet.body.id })).status,
      (await call('a page (200)', 'GET', '/v1/pets?status=available&limit=50')).status,
      (await call('a refusal (409)', 'POST', '/v1/store/orders', { petId: pet.body.id, quantity: 5 })).status,
      (await call('a bad query (400)', 'GET', '/v1/pets?limit=lots')).status,
    ];
    const doomed = await call('another category (201)', 'POST', '/v1/categories', { name: 'Gone' });
    statuses.push(doomed.status, (await call('a deletion (204)', 'DELETE', `/v1/categories/${doomed.body.id}`)).status);
    expect(statuses).toEqual([201, 201, 200, 200, 201, 200, 409, 400, 201, 204]);

    const [first, ...others] = answered;
    expect(answered.length).toBe(10);
    const different = others.filter(({ response }) => !haveSameMap(first!.response, response)).map(({ label }) => label);
    expect(different, `answers whose response object differs from "${first!.label}"`).toEqual([]);
  });
});
