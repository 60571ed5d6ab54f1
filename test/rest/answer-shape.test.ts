/**
 * Every answer of an operation leaves Node's response object in one shape (V8 hidden class),
 * whatever its status: 200, 201, 204 or a refusal. Node's HTTP code then stays monomorphic
 * across a server's mix of reads and writes. When a 200 left the status code to `writeHead` (which
 * sets statusMessage first) and a 201 set it first, orders made every later pet by id cost about
 * 2 µs (7%) more (bench/README.md, "Lessons that still decide the code"). This is a speed
 * property, so the check is V8's own.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, useHttpSuite } from './support/http-suite';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set: V8 reads `%` calls at parse time.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const s = useHttpSuite();

// Every request the suite's server receives, with its response object (Node's own channel).
const answered: { request: IncomingMessage; response: ServerResponse }[] = [];
const record = (message: unknown) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
  if (request.socket.localPort === s.t.listener.port) answered.push({ request, response });
};
beforeAll(() => subscribe('http.server.request.start', record));
afterAll(() => unsubscribe('http.server.request.start', record));

describe("Node's response object after each kind of answer", () => {
  it('has one shape for reads, creations, changes, deletions and refusals', async () => {
    const pet = await s.pet(); // a category, then the pet: two 201s
    expect((await s.call('GET', `/v1/pets?id=${pet.id}`)).status).toBe(200);
    expect((await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 2 } })).status).toBe(200);
    await s.order(pet.id); // 201
    expect((await s.call('GET', '/v1/pets?status=available&limit=50')).status).toBe(200);
    expectError(await s.call('POST', '/v1/store/orders', { json: { petId: pet.id, quantity: 5 } }), 'INSUFFICIENT_STOCK', 409);
    expectError(await s.call('GET', '/v1/pets?limit=lots'), 'VALIDATION_FAILED', 400);
    const doomed = await s.category();
    expect((await s.call('DELETE', `/v1/categories/${doomed.id}`)).status).toBe(204);

    const statuses = answered.map(({ response }) => response.statusCode);
    expect(statuses).toEqual([201, 201, 200, 200, 201, 200, 409, 400, 201, 204]);
    const [first, ...others] = answered;
    const different = others
      .filter(({ response }) => !haveSameMap(first!.response, response))
      .map(({ request, response }) => `${request.method} ${request.url} (${response.statusCode})`);
    expect(different, 'answers whose response object differs from the first (a 201)').toEqual([]);
  });
});
