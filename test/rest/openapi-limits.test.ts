import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, test } from 'vitest';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { STOCK_MAX } from '../../src-shared/schemas/inventory';
import { useHttpSuite, type Answer } from './support/http-suite';

/**
 * The document's bounds are the server's: every integer says whether it needs 64 bits, every
 * array how long it gets, and the headers real answers carry match the schemas declared for them.
 */
const s = useHttpSuite();

let doc: any;
beforeAll(async () => {
  doc = (await s.call('GET', '/openapi.json', { token: null })).body;
});

/** Every schema object of the document with where it is (components, parameters, bodies, answers, headers). */
function everySchema(): { where: string; schema: any }[] {
  const found: { where: string; schema: any }[] = [];
  const visit = (schema: any, where: string) => {
    if (!schema || typeof schema !== 'object' || schema.$ref) return;
    found.push({ where, schema });
    for (const [name, inner] of Object.entries(schema.properties ?? {})) visit(inner, `${where}.${name}`);
    for (const key of ['allOf', 'anyOf', 'oneOf']) (schema[key] ?? []).forEach((inner: unknown, index: number) => visit(inner, `${where}.${key}[${index}]`));
    for (const key of ['items', 'additionalProperties', 'not']) visit(schema[key], `${where}.${key}`);
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) visit(schema, name);
  for (const [name, header] of Object.entries<any>(doc.components.headers)) visit(header.schema, `header ${name}`);
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${at} ${parameter.name}`);
      for (const media of Object.values<any>(operation.requestBody?.content ?? {})) visit(media.schema, `${at} body`);
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        for (const media of Object.values<any>(response.content ?? {})) visit(media.schema, `${at} ${status}`);
        for (const [name, header] of Object.entries<any>(response.headers ?? {})) visit(header.schema, `${at} ${status} ${name}`);
      }
    }
  }
  return found;
}

const resolve = (node: any) => (node?.$ref ? node.$ref.split('/').slice(1).reduce((at: any, key: string) => at[key], doc) : node);

describe('bounds in the served document', () => {
  test('every integer has bounds within ±(2^53−1) and a format: int32 only where they fit in 32 bits', () => {
    const integers = everySchema().filter(({ schema }) => schema.type === 'integer');
    expect(integers.length).toBeGreaterThan(30);
    for (const { where, schema } of integers) {
      expect(schema.minimum, where).toBeGreaterThanOrEqual(-Number.MAX_SAFE_INTEGER);
      expect(schema.maximum, where).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
      const fits = schema.minimum >= -(2 ** 31) && schema.maximum <= 2 ** 31 - 1;
      expect(schema.format, where).toBe(fits ? 'int32' : 'int64');
    }
    // What the issue named: cursor-like ids, the log's end, counts.
    expect(doc.components.schemas.EventPosition.properties.lastEventId.format).toBe('int64');
    expect(doc.paths['/events'].get.parameters.find((parameter: any) => parameter.name === 'after').schema.format).toBe('int64');
    expect(resolve(doc.paths['/pets'].get.responses['200'].headers['X-Total-Count']).schema.format).toBe('int64');
  });

  test('every array has maxItems; a page holds at most the largest limit', () => {
    const arrays = everySchema().filter(({ schema }) => schema.type === 'array');
    const unbounded = arrays.filter(({ schema }) => schema.maxItems === undefined).map(({ where }) => where);
    expect(unbounded).toEqual([]);
    for (const path of ['/pets', '/categories', '/store/orders', '/store/inventory']) {
      const page = resolve(doc.paths[path].get.responses['200'].content['application/json'].schema);
      expect(page.maxItems, path).toBe(PAGE_LIMIT_MAX);
    }
  });

  test("the Error object's details reach their bound: 10 inexact numbers, then 50 of the schema's problems", async () => {
    expect(doc.components.schemas.Error.properties.details.maxItems).toBe(60);
    // 70 unknown fields, each holding a number JSON.parse rounds: every one is named twice over.
    const fields = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`extra${i}`, '1.00000000000000000001']));
    const body = `{"name":"Rex","categoryId":1,${Object.entries(fields).map(([name, value]) => `"${name}":${value}`).join(',')}}`;
    const answer = await s.call('POST', '/v1/pets', { body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toHaveLength(60);
    expect(answer.body.details.filter((detail: any) => /not a whole number/.test(detail.message))).toHaveLength(10);
  });

  test('stock stops at 1,000,000 in answers as in requests', () => {
    expect(doc.components.schemas.InventoryItem.properties.quantity).toMatchObject({ minimum: 0, maximum: STOCK_MAX, format: 'int32' });
    expect(doc.components.schemas.InventoryUpdate.properties.quantity).toMatchObject({ minimum: 0, maximum: STOCK_MAX });
  });
});

describe('headers of real answers match the schemas the document declares for them', () => {
  const ajv = addFormats(new Ajv({ strict: false }));

  /** Checks every declared header the answer carries against its schema (integers as numbers). */
  function expectDeclaredHeaders(method: string, path: string, answer: Answer, names: string[]) {
    const operation = doc.paths[path][method.toLowerCase()];
    const declared = operation.responses[String(answer.status)].headers ?? {};
    for (const name of names) {
      const value = answer.headers.get(name);
      expect(value, `${method} ${path} ${answer.status} carries ${name}`).not.toBeNull();
      const schema = resolve(declared[name])?.schema;
      expect(schema, `${method} ${path} ${answer.status} declares ${name}`).toBeDefined();
      const typed = schema.type === 'integer' ? Number(value) : value;
      expect(ajv.validate(schema, typed), `${name}: ${value} ${ajv.errorsText()}`).toBe(true);
    }
  }

  test('paging, creation, rate budget, deprecation and a refused token', async () => {
    const category = await s.category();
    const created = await s.call('POST', '/v1/pets', { json: { name: 'Header pet', categoryId: category.id } });
    expectDeclaredHeaders('POST', '/pets', created, ['Location', 'X-RateLimit-Limit', 'X-RateLimit-Remaining']);
    await s.pet({ categoryId: category.id });

    const page = await s.call('GET', `/v1/pets?categoryId=${category.id}&limit=1`);
    expectDeclaredHeaders('GET', '/pets', page, ['X-Total-Count', 'Link', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'RateLimit', 'RateLimit-Policy']);

    const deprecated = await s.call('GET', `/v1/pets/${created.body.id}`);
    expectDeclaredHeaders('GET', '/pets/{petId}', deprecated, ['Deprecation', 'Sunset', 'Link']);
    const missing = await s.call('GET', '/v1/pets/abc');
    expectDeclaredHeaders('GET', '/pets/{petId}', missing, ['Deprecation', 'Sunset', 'Link']);

    const refused = await s.call('GET', '/v1/pets', { token: 'psk_unknown' });
    expectDeclaredHeaders('GET', '/pets', refused, ['WWW-Authenticate']);
  });

  test('a spent budget: 429 with Retry-After', async () => {
    const { secret } = (await s.token('read'));
    await s.settings({ rateLimitPerMinute: 1 });
    try {
      expect((await s.call('GET', '/v1/pets', { token: secret })).status).toBe(200);
      const spent = await s.call('GET', '/v1/pets', { token: secret });
      expect(spent.status).toBe(429);
      expectDeclaredHeaders('GET', '/pets', spent, ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'RateLimit', 'RateLimit-Policy']);
    } finally {
      await s.settings({ rateLimitPerMinute: 1200 });
    }
  });
});
