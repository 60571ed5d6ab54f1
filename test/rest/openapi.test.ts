import { validate, compileErrors } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, test } from 'vitest';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { ERROR_CATALOGUE } from '../../src-shared/errors';
import { useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

let doc: any;
beforeAll(async () => {
  const answer = await s.call('GET', '/openapi.json', { token: null });
  expect(answer.status).toBe(200);
  doc = answer.body;
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
/** The operations that take no token: the health check, and a till's pairing (its proof stands for one). */
const PUBLIC_PATHS = ['/health', '/tills/pair'];
const find = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('the served document', () => {
  test('is JSON at /openapi.json (without a token) and /v1/openapi.json (with one), the same document', async () => {
    for (const [path, token] of [['/openapi.json', null], ['/v1/openapi.json', s.t.readToken]] as const) {
      const response = await s.t.request(path, { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await s.api.check('GET', path, response)).toEqual(doc);
    }
  });

  test('is OpenAPI 3.0.3, info.version 1.0.0, served under /v1', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers.map((server: any) => server.url)).toContain('/v1');
  });

  test('the checker used by every test reads the same document', () => {
    expect(s.api.doc).toEqual(doc);
  });

  test('validates with @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  test("passes Redocly's recommended lint rules with no problem at all (info-license off: the app is proprietary)", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const readable = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location?.[0]?.pointer}`);
    expect(readable).toEqual([]);
  });

  test('every operation of the contract with an HTTP binding is there, with its method; nothing else', () => {
    const expected = OPERATION_NAMES.filter((name) => operationDef(name).http).map((name) => {
      const { method, path } = operationDef(name).http!;
      return `${method} ${path}`;
    });
    expect(operations().map(({ method, path }) => `${method} ${path}`).sort()).toEqual(expected.sort());
    for (const name of OPERATION_NAMES) {
      const http = operationDef(name).http;
      if (!http) continue;
      const operation = find(http.method, http.path);
      expect(operation.summary).toBe(operationDef(name).summary);
      expect(operation.responses[String(http.success)], `${name} declares its success ${http.success}`).toBeDefined();
    }
  });

  test('operation ids are unique', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('GET /pets/{petId} is deprecated; its description names the successor and the sunset date', () => {
    const operation = find('GET', '/pets/{petId}');
    expect(operation.deprecated).toBe(true);
    expect(operation.description).toContain('/v1/pets?id={petId}');
    expect(operation.description).toContain('2027-06-30');
    expect(operation.description).toContain('OPERATION_SUNSET');
    expect(Object.keys(operation.responses['200'].headers)).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(operation.responses['410']).toBeDefined();
    const others = operations().filter(({ operation: op }) => op !== operation);
    expect(others.filter(({ operation: op }) => op.deprecated)).toEqual([]);
  });

  test('x-stability: beta on inventory and the new operations, experimental on /events and /events/latest, none elsewhere', () => {
    const beta = ['/store/inventory', '/customers', '/pets/{petId}/photo', '/pets/bulk-update', '/shop', '/sales', '/reports', '/tills', '/clerks', '/sessions'];
    for (const { path, method, operation } of operations()) {
      const expected = beta.some((start) => path.startsWith(start)) ? 'beta' : path.startsWith('/events') ? 'experimental' : undefined;
      expect(operation['x-stability'], `${method} ${path}`).toBe(expected);
    }
    expect(operations().filter(({ path }) => path.startsWith('/store/inventory'))).toHaveLength(5);
  });

  test('GET /events declares Last-Event-ID, says where a stream without it starts, and its per-token limit', () => {
    const stream = doc.paths['/events'].get;
    const header = stream.parameters.find((parameter: any) => parameter.in === 'header');
    expect(header).toMatchObject({ name: 'Last-Event-ID', required: false, schema: { type: 'string' } });
    expect(stream.description).toMatch(/starts at the beginning of the change log/);
    expect(stream.description).toMatch(/may hold 20 streams open at once.*429/);
  });

  test('a description never repeats its summary; the order refusals are told apart as the service tells them', () => {
    for (const { path, method, operation } of operations()) {
      expect((operation.description ?? '').startsWith(operation.summary), `${method} ${path}`).toBe(false);
    }
    const conflicts = doc.paths['/store/orders'].post.responses['409'].description;
    expect(conflicts).toMatch(/INSUFFICIENT_STOCK`: An order asks for more units than the pet has in stock, whatever its status/);
    expect(conflicts).toMatch(/PET_NOT_AVAILABLE`: An order for a pet that is sold, or pending with enough stock/);
  });

  test('bearer security everywhere but /health and a till\'s pairing, which have security: []', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { path, method, operation } of operations()) {
      if (PUBLIC_PATHS.includes(path)) {
        expect(operation.security).toEqual([]);
        expect(operation.responses['401']).toBeUndefined();
      } else {
        expect(operation.security, `${method} ${path}`).toBeUndefined();
        expect(operation.responses['401'].headers['WWW-Authenticate'], `${method} ${path}`).toBeDefined();
        expect(operation.responses['403'], `${method} ${path}`).toBeDefined();
        expect(operation.responses['429'].headers['Retry-After'], `${method} ${path}`).toBeDefined();
      }
    }
  });

  test('every error answer uses the Error schema, whose codes are the catalogue', () => {
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(expect.arrayContaining(['code', 'message', 'status']));
    expect([...error.properties.code.enum].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        expect(response.description.length).toBeGreaterThan(0);
      }
    }
  });

  test('statuses are declared as each operation can answer them', () => {
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      // 408 and 431 (and MALFORMED_REQUEST's 400) can answer any request: a strict client validator expects them declared.
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '408', '431', '500']));
      expect(operation.responses['400'].description, `${method} ${path}`).toContain('MALFORMED_REQUEST');
      const takesBody = Boolean(operation.requestBody);
      if (takesBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      // An id may name nothing (404); a day always exists (a date not in the calendar is 400).
      if (/\{\w+Id\}/.test(path)) expect(statuses, `${method} ${path}`).toContain('404');
    }
    expect(Object.keys(find('POST', '/pets').responses)).toContain('422');
    expect(Object.keys(find('POST', '/store/orders').responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(Object.keys(find('DELETE', '/categories/{categoryId}').responses)).toContain('409');
    // Any request can meet a stopping server: 503 with Retry-After, /health included.
    for (const { path, method, operation } of operations()) {
      expect(Object.keys(operation.responses['503']?.headers ?? {}), `${method} ${path}`).toContain('Retry-After');
    }
  });

  test('every answer after the token was accepted declares the rate-limit headers; a 401 does not, nor one written before routing (408, 431)', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
        const names = Object.keys(response.headers ?? {});
        const expected = !PUBLIC_PATHS.includes(path) && !['401', '408', '431'].includes(status);
        if (['408', '431'].includes(status)) expect(names, `${method} ${path} ${status}`).toEqual([]);
        expect(names.includes('X-RateLimit-Limit') && names.includes('X-RateLimit-Remaining'), `${method} ${path} ${status}`).toBe(expected);
      }
    }
  });

  test('lists declare the paging headers and parameters; creations declare Location', () => {
    for (const path of ['/pets', '/categories', '/store/orders', '/store/inventory']) {
      const operation = find('GET', path);
      expect(Object.keys(operation.responses['200'].headers)).toEqual(expect.arrayContaining(['Link', 'X-Total-Count']));
      const names = operation.parameters.map((parameter: any) => parameter.name);
      expect(names).toEqual(expect.arrayContaining(['limit', 'cursor']));
      const limit = operation.parameters.find((parameter: any) => parameter.name === 'limit');
      expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 50 });
      const body = operation.responses['200'].content['application/json'].schema;
      expect(body.$ref ? doc.components.schemas[body.$ref.replace('#/components/schemas/', '')].type : body.type).toBe('array');
    }
    // The brief: the body stays a plain array, the seed's `Pets`.
    expect(find('GET', '/pets').responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pets' });
    expect(doc.components.schemas.Pets).toEqual({ type: 'array', maxItems: 500, items: { $ref: '#/components/schemas/Pet' } });
    for (const path of ['/pets', '/categories', '/store/orders']) {
      expect(find('POST', path).responses['201'].headers.Location).toBeDefined();
    }
    // A new pet's address is where PUT, PATCH and DELETE act; reading it there is deprecated, so its successor is named.
    expect(find('POST', '/pets').responses['201'].headers.Location.description).toContain('read it at `/v1/pets?id={petId}`');
    const petFilters = find('GET', '/pets').parameters.map((parameter: any) => parameter.name);
    expect(petFilters).toEqual(expect.arrayContaining(['status', 'categoryId', 'q', 'id', 'sort']));
    const status = find('GET', '/pets').parameters.find((parameter: any) => parameter.name === 'status');
    expect(status).toMatchObject({ in: 'query', style: 'form', explode: true, schema: { type: 'array' } });
  });

  test('ids are int64 integers bounded by 2^53−1', () => {
    const petId = find('GET', '/pets/{petId}').parameters.find((parameter: any) => parameter.name === 'petId');
    expect(petId).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });
  });

  test('request bodies refuse unknown fields (additionalProperties: false)', () => {
    for (const { path, method, operation } of operations()) {
      // A file body (a photo) is bytes: only JSON bodies have fields.
      if (!operation.requestBody?.content['application/json']) continue;
      let schema = operation.requestBody.content['application/json'].schema;
      if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
      expect(schema.additionalProperties, `${method} ${path}`).toBe(false);
    }
  });

  test('PATCH bodies need at least one field (minProperties: 1), as the server does', async () => {
    const patches = operations().filter(({ method }) => method === 'PATCH');
    expect(patches.map(({ path }) => path).sort()).toEqual(['/categories/{categoryId}', '/customers/{customerId}', '/pets/{petId}', '/store/orders/{orderId}']);
    for (const { path, operation } of patches) {
      const ref = operation.requestBody.content['application/json'].schema.$ref;
      expect(doc.components.schemas[ref.split('/').pop()].minProperties, path).toBe(1);
      const answer = await s.call('PATCH', `/v1${path.replace(/\{\w+\}/, '1')}`, { json: {} });
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.details, path).toEqual([{ path: '', message: 'At least one field is required' }]);
    }
  });

  test('PATCH /store/orders/{orderId} takes `shipDate: null`, as the server does: its examples are valid, read as OpenAPI 3.0 reads them', async () => {
    const media = find('PATCH', '/store/orders/{orderId}').requestBody.content['application/json'];
    const examples = Object.values<any>(media.examples).map((example) => example.value);
    expect(examples).toContainEqual({ shipDate: null });
    // Ajv reads `nullable` as OpenAPI 3.0.3 does: it adds null to the `type` beside it, and nothing else may refuse null.
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    ajv.addSchema({ components: doc.components }, 'openapi');
    const body = ajv.compile({ $ref: `openapi${media.schema.$ref}` });
    for (const example of examples) expect(body(example), `${JSON.stringify(example)}: ${ajv.errorsText(body.errors)}`).toBe(true);
    expect(body({ shipDate: 'tomorrow' })).toBe(false);

    // Null clears a date, and is no change to an order without one.
    for (const shipDate of ['2027-01-02T03:04:05Z', undefined]) {
      const pet = await s.pet();
      const order = await s.call('POST', '/v1/store/orders', { json: { petId: pet.id, shipDate } });
      expect(order.body.shipDate).toBe(shipDate && '2027-01-02T03:04:05.000Z');
      const cleared = await s.call('PATCH', `/v1/store/orders/${order.body.id}`, { json: { shipDate: null } });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(cleared.body).toEqual({ id: order.body.id, petId: pet.id, quantity: 1, complete: false, status: 'open', placedAt: order.body.placedAt, petName: pet.name, clerk: null, till: null });
    }
  });

  test('no settings, token or listener operation is exposed over REST', () => {
    for (const { path } of operations()) expect(path).not.toMatch(/settings|token|listener|backup|import|export/i);
  });
});
