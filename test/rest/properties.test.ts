/**
 * Property tests (fast-check, fixed seed) over real HTTP: every write and list endpoint gets
 * malformed and hostile input — any JSON value, arrays for objects, unknown keys, wrong types,
 * huge and odd numbers, strings up to 100k characters, control characters, query strings with
 * random keys and values, path ids that are not positive safe integers. Every input is invalid
 * by construction, so every answer must be a 4xx Error object {code, message, status} with
 * `status` equal to the HTTP status and declared in the served OpenAPI document — never a 5xx —
 * and the data (every list and the event log) must be exactly as before.
 *
 * The holes found this way are pinned, once fixed, by the example tests at the end ("hostile edge
 * cases"), so that a regression shows up once, precisely, besides the shrunk counterexample.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ERROR_CATALOGUE, ErrorBody } from '../../src-shared/errors';
import { ORDER_STATUSES } from '../../src-shared/schemas/order';
import { createOpenApiChecker } from './support/openapi-check';
import {
  anyJson,
  badIdText,
  encodable,
  invalidValue,
  longString,
  notJsonText,
  PET_SORTS,
  PET_STATUSES,
  PROTOTYPE_NAMES,
  queryString,
  queryValue,
  readsAsPositiveId,
  toJsonText,
  unknownQueryKey,
  type FieldKind,
} from './support/hostile';
import { startTestServer, type TestServer } from './support/server';

const SEED = 20_261_122;
const RUNS = { body: 300, pathId: 200, query: 200, knownQuery: 200, cursor: 100 };
const TIMEOUT = 60_000;

let t: TestServer;
let api: Awaited<ReturnType<typeof createOpenApiChecker>>;
/** Fixture ids: a category in use and an empty one, two pets, an open and a complete order, a customer, a sale and its order. */
const F = { dogs: 0, empty: 0, rex: 0, bella: 0, open: 0, done: 0, ann: 0, polly: 0, sale: 0, saleOrder: 0 };
let baseline: Awaited<ReturnType<typeof snapshot>>;

type Json = Record<string, any>;

async function call(server: TestServer, method: string, path: string, json?: unknown): Promise<Json> {
  const response = await server.request(path, { method, json });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : {};
}

/** The same kind of fixture in any server: returns its ids. */
async function seedFixture(server: TestServer) {
  await server.call('settings.update', { rateLimitPerMinute: 1_000_000 }); // thousands of requests follow
  const dogs = await call(server, 'POST', '/v1/categories', { name: 'Dogs', description: 'Good ones' });
  const empty = await call(server, 'POST', '/v1/categories', { name: 'Empty' });
  const rex = await call(server, 'POST', '/v1/pets', { name: 'Rex', categoryId: dogs.id });
  const bella = await call(server, 'POST', '/v1/pets', { name: 'Bella', categoryId: dogs.id });
  await call(server, 'PUT', `/v1/store/inventory/${rex.id}`, { quantity: 3 });
  await call(server, 'PUT', `/v1/store/inventory/${bella.id}`, { quantity: 2 });
  const done = await call(server, 'POST', '/v1/store/orders', { petId: rex.id, shipDate: '2026-11-30T10:00:00Z' });
  await call(server, 'PATCH', `/v1/store/orders/${done.id}`, { complete: true });
  const open = await call(server, 'POST', '/v1/store/orders', { petId: bella.id });
  const ann = await call(server, 'POST', '/v1/customers', { name: 'Ann', phone: '0612345678', email: 'ann@example.com' });
  const polly = await call(server, 'POST', '/v1/pets', { name: 'Polly', categoryId: dogs.id, price: 1500 });
  await call(server, 'PUT', `/v1/store/inventory/${polly.id}`, { quantity: 20 });
  const sale = await call(server, 'POST', '/v1/sales', { lines: [{ petId: polly.id, quantity: 2 }], customerId: ann.id, payments: [{ method: 'cash', amount: 3000 }] });
  return { dogs: dogs.id, empty: empty.id, rex: rex.id, bella: bella.id, open: open.id, done: done.id, ann: ann.id, polly: polly.id, sale: sale.id, saleOrder: sale.lines[0].orderId };
}

/** Everything a client or the clerk could see: every list, and the whole change log. */
async function snapshot(server: TestServer = t) {
  const lists: Record<string, unknown> = {};
  for (const path of ['/v1/pets', '/v1/categories', '/v1/store/orders', '/v1/store/inventory', '/v1/customers', '/v1/customers?forgotten=true', '/v1/sales']) {
    const response = await server.request(`${path}${path.includes('?') ? '&' : '?'}limit=500`);
    expect(response.status).toBe(200);
    lists[path] = await response.json();
  }
  return { lists, events: await server.call('events.list', { after: 0, limit: 1000 }) };
}

async function expectUnchanged() {
  expect(await snapshot()).toEqual(baseline);
}

beforeAll(async () => {
  t = await startTestServer();
  api = await createOpenApiChecker(t.origin);
  Object.assign(F, await seedFixture(t));
  baseline = await snapshot();
}, TIMEOUT);
afterAll(() => t?.close());

const cut = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);

/**
 * Sends one request and asserts it was refused properly: a 4xx (not 429: the budget is raised),
 * an Error object whose status is the HTTP status and whose code has that status in the catalogue,
 * and an answer the OpenAPI document declares for the operation.
 */
async function expectRefused(method: string, url: string, body?: string, server: TestServer = t): Promise<ErrorBody> {
  const response = await server.request(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
  });
  const what = `${method} ${cut(url, 200)}${body === undefined ? '' : ` body ${cut(body)}`}`;
  expect(response.status, `${what} answered ${response.status}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what} answered ${response.status}`).toBeLessThan(500);
  expect(response.status, `${what}: rate limited, the test is not testing anything`).not.toBe(429);
  expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
  const error = ErrorBody.parse(server === t ? await api.check(method, url, response) : await response.json());
  expect(error.status, `${what}: Error.status`).toBe(response.status);
  expect(ERROR_CATALOGUE[error.code].status, `${what}: ${error.code}`).toBe(response.status);
  expect(error.message.length, what).toBeGreaterThan(0);
  return error;
}

const params = (numRuns: number) => ({ seed: SEED, numRuns });

// ── The endpoints ─────────────────────────────────────────────────────────────────────────

interface BodyRoute {
  label: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: () => string;
  fields: Record<string, FieldKind>;
  required: string[];
  /** A valid body, which each case then breaks. */
  valid: () => fc.Arbitrary<Record<string, unknown>>;
}

const validName = fc.stringMatching(/^[A-Z][a-z]{1,12}$/);
const validDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const petFields: Record<string, FieldKind> = { name: 'name', categoryId: 'id', status: 'status' };
const validPet = () => fc.record({ name: validName, categoryId: fc.constant(F.dogs), status: fc.constantFrom(...PET_STATUSES) }, { requiredKeys: ['name', 'categoryId'] });
const categoryFields: Record<string, FieldKind> = { name: 'name', description: 'description' };
const validCategory = () => fc.record({ name: validName, description: fc.string({ maxLength: 50 }) }, { requiredKeys: ['name'] });
const customerFields: Record<string, FieldKind> = { name: 'name', phone: 'phone', email: 'email', note: 'description' };
const validCustomer = (requiredKeys: ('name' | 'phone' | 'email' | 'note')[]) => () =>
  fc.record(
    { name: validName, phone: fc.constantFrom('0612345678', '+44 (20) 7946-0958', ''), email: fc.constantFrom('ann@example.com', ''), note: fc.string({ maxLength: 50 }) },
    { requiredKeys },
  );

const saleFields: Record<string, FieldKind> = { lines: 'saleLines', customerId: 'id', discount: 'amount', payments: 'payments', handover: 'handover', shipDate: 'datetime', note: 'description' };
const validSale = () =>
  fc.record(
    {
      lines: fc.constant([{ petId: F.polly, quantity: 1 }]),
      customerId: fc.constant(F.ann),
      discount: fc.integer({ min: 0, max: 100 }),
      payments: fc.constant([{ method: 'cash', amount: 1500 }]),
      handover: fc.constant('later'),
      shipDate: validDate,
      note: fc.string({ maxLength: 50 }),
    },
    { requiredKeys: ['lines'] },
  );
const refundFields: Record<string, FieldKind> = { lines: 'refundLines', restock: 'boolean', payments: 'payments', reason: 'description' };
const validRefund = () =>
  fc.record(
    { lines: fc.constant([{ orderId: F.saleOrder, quantity: 1 }]), restock: fc.boolean(), payments: fc.constant([{ method: 'card', amount: 1500 }]), reason: fc.string({ maxLength: 50 }) },
    { requiredKeys: ['lines', 'restock'] },
  );

const BODY_ROUTES: BodyRoute[] = [
  { label: 'POST /sales', method: 'POST', path: () => '/v1/sales', fields: saleFields, required: ['lines'], valid: validSale },
  { label: 'POST /sales/{id}/refunds', method: 'POST', path: () => `/v1/sales/${F.sale}/refunds`, fields: refundFields, required: ['lines', 'restock'], valid: validRefund },
  { label: 'POST /pets', method: 'POST', path: () => '/v1/pets', fields: petFields, required: ['name', 'categoryId'], valid: validPet },
  { label: 'PUT /pets/{id}', method: 'PUT', path: () => `/v1/pets/${F.rex}`, fields: petFields, required: ['name', 'categoryId'], valid: validPet },
  {
    label: 'PATCH /pets/{id}',
    method: 'PATCH',
    path: () => `/v1/pets/${F.rex}`,
    fields: petFields,
    required: [],
    valid: () => fc.record({ name: validName, categoryId: fc.constant(F.dogs), status: fc.constantFrom(...PET_STATUSES) }, { requiredKeys: [] }),
  },
  { label: 'POST /categories', method: 'POST', path: () => '/v1/categories', fields: categoryFields, required: ['name'], valid: validCategory },
  { label: 'POST /customers', method: 'POST', path: () => '/v1/customers', fields: customerFields, required: ['name'], valid: validCustomer(['name']) },
  { label: 'PATCH /customers/{id}', method: 'PATCH', path: () => `/v1/customers/${F.ann}`, fields: customerFields, required: [], valid: validCustomer([]) },
  { label: 'PUT /categories/{id}', method: 'PUT', path: () => `/v1/categories/${F.dogs}`, fields: categoryFields, required: ['name'], valid: validCategory },
  {
    label: 'PATCH /categories/{id}',
    method: 'PATCH',
    path: () => `/v1/categories/${F.dogs}`,
    fields: categoryFields,
    required: [],
    valid: () => fc.record({ name: validName, description: fc.string({ maxLength: 50 }) }, { requiredKeys: [] }),
  },
  {
    label: 'POST /store/orders',
    method: 'POST',
    path: () => '/v1/store/orders',
    fields: { petId: 'id', quantity: 'quantity', shipDate: 'datetime' },
    required: ['petId'],
    valid: () => fc.record({ petId: fc.constant(F.rex), quantity: fc.integer({ min: 1, max: 2 }), shipDate: validDate }, { requiredKeys: ['petId'] }),
  },
  {
    label: 'PATCH /store/orders/{id}',
    method: 'PATCH',
    path: () => `/v1/store/orders/${F.open}`,
    fields: { complete: 'boolean', shipDate: 'clearableDatetime' },
    required: [],
    valid: () => fc.record({ complete: fc.boolean(), shipDate: fc.oneof(validDate, fc.constant(null)) }, { requiredKeys: [] }),
  },
  {
    label: 'PUT /store/inventory/{id}',
    method: 'PUT',
    path: () => `/v1/store/inventory/${F.rex}`,
    fields: { quantity: 'stock', reason: 'stockReason', note: 'description' },
    required: ['quantity'],
    valid: () =>
      fc.record({ quantity: fc.integer({ min: 0, max: 1_000_000 }), reason: fc.constantFrom('correction'), note: fc.string({ maxLength: 50 }) }, { requiredKeys: ['quantity'] }),
  },
  {
    label: 'POST /store/inventory/{id}/adjustments',
    method: 'POST',
    path: () => `/v1/store/inventory/${F.rex}/adjustments`,
    fields: { delta: 'delta', reason: 'stockReason', note: 'description' },
    required: ['delta', 'reason'],
    // A reason that fits its delta: received adds, lost and died take away, correction either way.
    valid: () =>
      fc.oneof(
        fc.record({ delta: fc.integer({ min: 1, max: 5 }), reason: fc.constantFrom('received', 'correction'), note: fc.string({ maxLength: 50 }) }, { requiredKeys: ['delta', 'reason'] }),
        fc.record({ delta: fc.integer({ min: -5, max: -1 }), reason: fc.constantFrom('correction', 'lost', 'died'), note: fc.string({ maxLength: 50 }) }, { requiredKeys: ['delta', 'reason'] }),
      ),
  },
];

/** Every way a body is broken here: each case is invalid whatever the random parts are. */
function invalidBody(route: BodyRoute): fc.Arbitrary<{ case: string; text: string }> {
  const valid = route.valid();
  const keys = Object.keys(route.fields);
  const unknownKey = fc.string({ unit: 'binary', maxLength: 30 }).filter((key) => !keys.includes(key));
  const cases: fc.Arbitrary<{ case: string; value: unknown } | { case: string; text: string }>[] = [
    // Any JSON value that is not an object.
    fc
      .jsonValue({ maxDepth: 3 })
      .filter((value) => value === null || typeof value !== 'object' || Array.isArray(value))
      .map((value) => ({ case: 'not an object', value })),
    // An array where the object belongs.
    fc.array(valid, { maxLength: 3 }).map((value) => ({ case: 'array of bodies', value })),
    // A valid body plus at least one field the schema does not know.
    fc
      .tuple(valid, fc.dictionary(unknownKey, anyJson, { minKeys: 1, maxKeys: 3 }))
      .map(([body, extra]) => ({ case: 'unknown field', value: { ...body, ...extra } })),
    // A valid body with one field of a wrong type or out of bounds.
    fc
      .tuple(valid, fc.constantFrom(...keys))
      .chain(([body, key]) => invalidValue[route.fields[key]].map((bad) => ({ case: `bad ${key}`, value: { ...body, [key]: bad } }))),
    // Text that is not JSON at all.
    notJsonText.map((text) => ({ case: 'not JSON', text })),
    // Over the 64 KiB limit (a valid body plus one huge field).
    fc
      .tuple(valid, unknownKey, longString(70_000, 100_000, ['x', 'é']))
      .map(([body, key, huge]) => ({ case: 'too large', value: { ...body, [key]: huge } })),
  ];
  if (route.required.length) {
    cases.push(
      fc
        .tuple(valid, fc.constantFrom(...route.required))
        .map(([body, key]) => ({ case: `without ${key}`, value: Object.fromEntries(Object.entries(body).filter(([k]) => k !== key)) })),
    );
  } else {
    cases.push(fc.constant({ case: 'empty patch', value: {} }));
  }
  return fc.oneof(...cases).map((item) => ('text' in item ? item : { case: item.case, text: toJsonText(item.value) }));
}

describe('bodies: every write endpoint refuses malformed and hostile JSON, changing nothing', () => {
  for (const route of BODY_ROUTES) {
    test(
      route.label,
      async () => {
        const seen = new Map<string, number>();
        await fc.assert(
          fc.asyncProperty(invalidBody(route), async ({ case: kind, text }) => {
            const error = await expectRefused(route.method, route.path(), text);
            seen.set(error.code, (seen.get(error.code) ?? 0) + 1);
            if (error.status !== 400) return; // 413 for the large ones
            if (kind === 'not JSON') {
              expect(error.code, kind).toBe('MALFORMED_JSON');
              return;
            }
            if (/"(__proto__|constructor)"/.test(text)) {
              expect(error.code, kind).toBe('VALIDATION_FAILED'); // a forbidden field name, not broken JSON
              return;
            }
            expect(error.code, `${kind}: ${cut(text)}`).toBe('VALIDATION_FAILED');
            if (kind === 'unknown field') {
              // Refused naming the field (the base body was valid, so only unknown fields are wrong).
              expect(error.details?.some((detail) => detail.message.startsWith('Unknown field')), JSON.stringify(error.details)).toBe(true);
            }
          }),
          params(RUNS.body),
        );
        // The generators reach the validation, the JSON parser and the size limit.
        expect([...seen.keys()]).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE']));
        await expectUnchanged();
      },
      TIMEOUT,
    );
  }
});

// ── Path ids ──────────────────────────────────────────────────────────────────────────────

interface IdRoute {
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with `id` in the id's place. */
  path: (id: string) => string;
  /** A valid body, so that only the id is wrong. */
  body?: () => unknown;
  /** A valid id, for the query-string property. */
  id: () => number;
}

const ID_ROUTES: IdRoute[] = [
  { label: 'PUT /pets/{id}', method: 'PUT', path: (id) => `/v1/pets/${id}`, body: () => ({ name: 'Renamed', categoryId: F.dogs }), id: () => F.rex },
  { label: 'PATCH /pets/{id}', method: 'PATCH', path: (id) => `/v1/pets/${id}`, body: () => ({ name: 'Renamed' }), id: () => F.rex },
  { label: 'DELETE /pets/{id}', method: 'DELETE', path: (id) => `/v1/pets/${id}`, id: () => F.rex },
  { label: 'PUT /categories/{id}', method: 'PUT', path: (id) => `/v1/categories/${id}`, body: () => ({ name: 'Renamed' }), id: () => F.dogs },
  { label: 'PATCH /categories/{id}', method: 'PATCH', path: (id) => `/v1/categories/${id}`, body: () => ({ description: 'changed' }), id: () => F.dogs },
  { label: 'DELETE /categories/{id}', method: 'DELETE', path: (id) => `/v1/categories/${id}`, id: () => F.empty },
  { label: 'PATCH /customers/{id}', method: 'PATCH', path: (id) => `/v1/customers/${id}`, body: () => ({ note: 'changed' }), id: () => F.ann },
  { label: 'DELETE /customers/{id}', method: 'DELETE', path: (id) => `/v1/customers/${id}`, id: () => F.ann },
  { label: 'PATCH /store/orders/{id}', method: 'PATCH', path: (id) => `/v1/store/orders/${id}`, body: () => ({ complete: true }), id: () => F.open },
  { label: 'DELETE /store/orders/{id}', method: 'DELETE', path: (id) => `/v1/store/orders/${id}`, id: () => F.open },
  { label: 'POST /sales/{id}/cancel', method: 'POST', path: (id) => `/v1/sales/${id}/cancel`, id: () => F.sale },
  {
    label: 'POST /sales/{id}/refunds',
    method: 'POST',
    path: (id) => `/v1/sales/${id}/refunds`,
    body: () => ({ lines: [{ orderId: F.saleOrder }], restock: true, payments: [{ method: 'cash', amount: 1500 }] }),
    id: () => F.sale,
  },
  { label: 'PUT /store/inventory/{id}', method: 'PUT', path: (id) => `/v1/store/inventory/${id}`, body: () => ({ quantity: 9 }), id: () => F.rex },
  {
    label: 'POST /store/inventory/{id}/adjustments',
    method: 'POST',
    path: (id) => `/v1/store/inventory/${id}/adjustments`,
    body: () => ({ delta: 1, reason: 'received' }),
    id: () => F.rex,
  },
];

describe('path ids that are not positive safe integers are refused (400), changing nothing', () => {
  for (const route of ID_ROUTES) {
    test(
      route.label,
      async () => {
        await fc.assert(
          fc.asyncProperty(badIdText, async (id) => {
            const body = route.body ? JSON.stringify(route.body()) : undefined;
            const error = await expectRefused(route.method, route.path(encodeURIComponent(id)), body);
            expect(error.status, `id ${JSON.stringify(id)}`).toBe(400);
            expect(error.code).toBe('VALIDATION_FAILED');
          }),
          params(RUNS.pathId),
        );
        await expectUnchanged();
      },
      TIMEOUT,
    );
  }
});

// ── Query strings ─────────────────────────────────────────────────────────────────────────

interface ListRoute {
  label: string;
  path: string;
  /** The query fields and values for them (valid or not). */
  known: Record<string, fc.Arbitrary<string>>;
  /** Values each field must refuse. */
  invalid: Record<string, fc.Arbitrary<string>>;
}

const anyText = queryValue;
const limitValues = fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), anyText);
const badLimit = fc.oneof(
  fc.integer({ min: 501, max: 1e9 }).map(String),
  fc.integer({ min: -1e9, max: 0 }).map(String),
  fc.constantFrom('', 'abc', '1.5', '-0', '50 ', ' 50', 'NaN', '0x10', ...['1e400', '9007199254740993']),
);
const badCursor = fc.integer({ min: 513, max: 3000 }).map((n) => 'A'.repeat(n));
const badQ = longString(101, 3000, ['q', 'é', '%']);
const idValues = fc.oneof(fc.integer({ min: -3, max: 10 }).map(String), anyText);
/** Scalar id text: refused whatever it is. */
const badScalarId = badIdText;
/** Repeatable id text: comma-separated, refused when any non-empty part is not an id. */
const badIdList = badIdText.filter((text) => text.split(',').some((part) => part !== '' && !readsAsPositiveId(part)));
const badBoolean = fc.string({ maxLength: 10 }).filter((s) => s !== 'true' && s !== 'false' && encodable(s));

const LIST_ROUTES: ListRoute[] = [
  {
    label: 'GET /pets',
    path: '/v1/pets',
    known: {
      status: fc.oneof(fc.constantFrom(...PET_STATUSES, 'available,sold'), anyText),
      categoryId: idValues,
      q: anyText,
      id: idValues,
      sort: fc.oneof(fc.constantFrom(...PET_SORTS), anyText),
      limit: limitValues,
      cursor: anyText,
    },
    invalid: {
      status: fc.string({ maxLength: 20 }).filter((s) => encodable(s) && s.split(',').some((part) => part !== '' && !PET_STATUSES.includes(part))),
      categoryId: badScalarId,
      q: badQ,
      id: badIdList,
      sort: fc.string({ maxLength: 10 }).filter((s) => encodable(s) && !PET_SORTS.includes(s)),
      limit: badLimit,
      cursor: badCursor,
    },
  },
  {
    label: 'GET /categories',
    path: '/v1/categories',
    known: { q: anyText, limit: limitValues, cursor: anyText },
    invalid: { q: badQ, limit: badLimit, cursor: badCursor },
  },
  {
    label: 'GET /customers',
    path: '/v1/customers',
    known: { q: anyText, forgotten: fc.oneof(fc.constantFrom('true', 'false'), anyText), limit: limitValues, cursor: anyText },
    invalid: { q: badQ, forgotten: badBoolean, limit: badLimit, cursor: badCursor },
  },
  {
    label: 'GET /store/orders',
    path: '/v1/store/orders',
    known: {
      status: fc.oneof(fc.constantFrom(...ORDER_STATUSES, 'open,cancelled'), anyText),
      complete: fc.oneof(fc.constantFrom('true', 'false'), anyText),
      petId: idValues,
      limit: limitValues,
      cursor: anyText,
    },
    invalid: {
      status: fc.string({ maxLength: 20 }).filter((s) => encodable(s) && s.split(',').some((part) => part !== '' && !(ORDER_STATUSES as readonly string[]).includes(part))),
      complete: badBoolean,
      petId: badScalarId,
      limit: badLimit,
      cursor: badCursor,
    },
  },
  {
    label: 'GET /store/inventory/{id}/movements',
    // Read when the tests run: the fixture's pet exists by then.
    get path() {
      return `/v1/store/inventory/${F.rex}/movements`;
    },
    known: { limit: limitValues, cursor: anyText },
    invalid: { limit: badLimit, cursor: badCursor },
  },
  {
    label: 'GET /sales',
    path: '/v1/sales',
    known: {
      from: fc.oneof(fc.constantFrom('2026-11-28', '2026-11-28T10:00:00Z'), anyText),
      to: fc.oneof(fc.constantFrom('2026-11-28', '2030-01-01T00:00:00%2B01:00'), anyText),
      customerId: idValues,
      status: fc.oneof(fc.constantFrom('open', 'completed', 'cancelled', 'open,cancelled'), anyText),
      number: idValues,
      limit: limitValues,
      cursor: anyText,
    },
    invalid: {
      from: fc.oneof(fc.string({ maxLength: 30 }).filter((s) => encodable(s) && !/^\d{4}-\d\d-\d\d/.test(s)), fc.constantFrom('2026-02-30', '2026-11-28T10:00:00', '28.11.2026')),
      to: fc.oneof(fc.string({ maxLength: 30 }).filter((s) => encodable(s) && !/^\d{4}-\d\d-\d\d/.test(s)), fc.constantFrom('2026-13-01', '2026-11-28 10:00', 'tomorrow')),
      customerId: badScalarId,
      status: fc.string({ maxLength: 20 }).filter((s) => encodable(s) && s.split(',').some((part) => part !== '' && !['open', 'completed', 'cancelled'].includes(part))),
      number: badScalarId,
      limit: badLimit,
      cursor: badCursor,
    },
  },
  {
    label: 'GET /sales/{id}/refunds',
    get path() {
      return `/v1/sales/${F.sale}/refunds`;
    },
    known: { limit: limitValues, cursor: anyText },
    invalid: { limit: badLimit, cursor: badCursor },
  },
  {
    // Not a list, but a query of its own: the same refusals of unknown keys and bad values.
    label: 'GET /reports/sales',
    path: '/v1/reports/sales',
    known: {
      from: fc.oneof(fc.constantFrom('2026-11-01', '1900-01-01'), anyText),
      to: fc.oneof(fc.constantFrom('2026-11-30', '9999-12-30'), anyText),
      by: fc.oneof(fc.constantFrom('day', 'category', 'pet', 'paymentMethod'), anyText),
    },
    invalid: {
      from: fc.oneof(fc.string({ maxLength: 30 }).filter((s) => encodable(s) && !/^\d{4}-\d\d-\d\d$/.test(s)), fc.constantFrom('2026-02-30', '1899-12-31', '2026-11-01T00:00:00Z')),
      to: fc.oneof(fc.string({ maxLength: 30 }).filter((s) => encodable(s) && !/^\d{4}-\d\d-\d\d$/.test(s)), fc.constantFrom('2026-13-01', '9999-12-31', '2026-11-30 10:00')),
      by: fc.string({ maxLength: 20 }).filter((s) => encodable(s) && !['day', 'category', 'pet', 'paymentMethod'].includes(s)),
    },
  },
  {
    label: 'GET /store/inventory',
    path: '/v1/store/inventory',
    known: { petId: idValues, low: fc.oneof(fc.constantFrom('true', 'false'), anyText), limit: limitValues, cursor: anyText },
    invalid: { petId: badIdList, low: badBoolean, limit: badLimit, cursor: badCursor },
  },
];

const knownPair = (known: Record<string, fc.Arbitrary<string>>) =>
  fc.constantFrom(...Object.keys(known)).chain((key) => known[key].map((value): [string, string] => [key, value]));

/** At least one unknown key, maybe some known ones, in any order. */
function queryWithUnknownKey(known: Record<string, fc.Arbitrary<string>>) {
  const keys = Object.keys(known);
  return fc
    .tuple(
      fc.array(fc.tuple(unknownQueryKey(keys), queryValue), { minLength: 1, maxLength: 3 }),
      keys.length ? fc.array(knownPair(known), { maxLength: 3 }) : fc.constant([] as [string, string][]),
    )
    .chain(([unknown, knownPairs]) => {
      const all = [...unknown, ...knownPairs];
      return fc.shuffledSubarray(all, { minLength: all.length });
    })
    .map(queryString)
    // Under Node's 16 KiB header limit: beyond it HTTP parsing answers 431 HEADERS_TOO_LARGE before
    // any route (errors.test.ts), a status no operation of the document declares.
    .filter((query) => query.length < 12_000);
}

/** The query fields of a write route: none besides the path id, so every key is unknown. */
describe('query strings with unknown keys are refused (400) on every list and write route, changing nothing', () => {
  for (const route of LIST_ROUTES) {
    test(
      route.label,
      async () => {
        await fc.assert(
          fc.asyncProperty(queryWithUnknownKey(route.known), async (query) => {
            const error = await expectRefused('GET', route.path + query);
            expect(error.status).toBe(400);
          }),
          params(RUNS.query),
        );
        await expectUnchanged();
      },
      TIMEOUT,
    );
  }
  for (const route of ID_ROUTES) {
    test(
      route.label,
      async () => {
        await fc.assert(
          fc.asyncProperty(queryWithUnknownKey({}), async (query) => {
            const body = route.body ? JSON.stringify(route.body()) : undefined;
            const error = await expectRefused(route.method, route.path(String(route.id())) + query, body);
            expect(error.status).toBe(400);
          }),
          params(RUNS.query / 2),
        );
        await expectUnchanged();
      },
      TIMEOUT,
    );
  }
});

describe('list filters and paging with values out of their domain are refused (400)', () => {
  for (const route of LIST_ROUTES) {
    test(
      route.label,
      async () => {
        const fields = Object.keys(route.invalid);
        const badPair = fc.constantFrom(...fields).chain((key) => route.invalid[key].map((value): [string, string] => [key, value]));
        const query = fc
          .tuple(badPair, fc.array(knownPair(route.known), { maxLength: 2 }))
          .chain(([bad, others]) => fc.shuffledSubarray([bad, ...others], { minLength: others.length + 1 }))
          .map(queryString)
          .filter((text) => text.length < 12_000);
        await fc.assert(
          fc.asyncProperty(query, async (text) => {
            const error = await expectRefused('GET', route.path + text);
            expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
          }),
          params(RUNS.knownQuery),
        );
        await expectUnchanged();
      },
      TIMEOUT,
    );
  }

  test(
    'forged and random cursors never fail the service: 200 or a 400 Error object',
    async () => {
      const base64url = (text: string) => Buffer.from(text).toString('base64url');
      const cursor = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 100 }).filter(encodable),
        fc.base64String({ maxLength: 100 }),
        fc.jsonValue({ maxDepth: 2 }).map((value) => base64url(JSON.stringify(value))),
        // Shaped like a real keyset, with any value and id: a forged position.
        fc.tuple(fc.oneof(fc.string({ maxLength: 20 }), fc.double(), fc.integer()), fc.oneof(fc.integer(), fc.double())).map((keyset) => base64url(JSON.stringify(keyset))),
      );
      const route = fc.constantFrom(
        ...LIST_ROUTES.map((r) => r.path),
        ...PET_SORTS.map((sort) => `/v1/pets?sort=${encodeURIComponent(sort)}&limit=2`),
      );
      await fc.assert(
        fc.asyncProperty(route, cursor, async (path, value) => {
          const url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(value)}`;
          const response = await t.request(url);
          expect([200, 400], `${url} answered ${response.status}`).toContain(response.status);
          const body = await api.check('GET', url, response);
          if (response.status === 400) expect(body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
          else expect(Array.isArray(body)).toBe(true);
        }),
        params(RUNS.cursor * 4),
      );
      await expectUnchanged();
    },
    TIMEOUT,
  );
});

// ── Known holes: one precise example test each ────────────────────────────────────────────

/** A server of its own, for tests whose bug could change data. */
async function ownServer() {
  const server = await startTestServer();
  const ids = await seedFixture(server);
  return { server, ids, before: await snapshot(server) };
}

describe('hostile edge cases, one example each', () => {
  test('query keys named like Object.prototype members (constructor, toString, __proto__…) are refused with 400, not 500', async () => {
    const { server, ids, before } = await ownServer();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // the 500s' stack traces
    try {
      const routes: [string, string, unknown?][] = [
        ['GET', '/v1/pets'],
        ['GET', '/v1/categories'],
        ['GET', '/v1/store/orders'],
        ['GET', '/v1/store/inventory'],
        ['DELETE', `/v1/pets/${ids.rex}`],
        ['DELETE', `/v1/categories/${ids.empty}`],
        ['DELETE', `/v1/store/orders/${ids.open}`],
        ['PATCH', `/v1/pets/${ids.rex}`, { name: 'Changed' }],
        ['PUT', `/v1/store/inventory/${ids.rex}`, { quantity: 99 }],
      ];
      const problems: string[] = [];
      for (const [method, path, body] of routes) {
        for (const query of [...PROTOTYPE_NAMES.map((name) => `?${name}=1`), '?__proto__=a&__proto__=b', '?__proto__[x]=1']) {
          const response = await server.request(path + query, { method, json: body });
          if (response.status !== 400) problems.push(`${method} ${path}${query} → ${response.status}`);
          await response.body?.cancel();
        }
      }
      // The stream answers before it starts streaming when its query is refused.
      const controller = new AbortController();
      const events = await server.request('/v1/events?constructor=1', { signal: controller.signal });
      if (events.status !== 400) problems.push(`GET /v1/events?constructor=1 → ${events.status}`);
      controller.abort();
      expect(problems, problems.join('\n')).toEqual([]);
      expect(await snapshot(server)).toEqual(before);
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });

  test('ids written as non-integer decimals that round to an integer (0.99999999999999999999) are refused, not read as 1', async () => {
    const { server, ids, before } = await ownServer();
    try {
      // 0.99999999999999999999 and 1.00000000000000001 are both Number() === 1: the fixture's first pet and category.
      expect(ids.dogs).toBe(1);
      expect(ids.rex).toBe(1);
      const problems: string[] = [];
      const attempts: [string, string, unknown?][] = [
        ['PATCH', '/v1/pets/0.99999999999999999999', { name: 'Hijacked' }],
        ['PUT', '/v1/store/inventory/1.00000000000000001', { quantity: 500 }],
        ['DELETE', '/v1/categories/2.0000000000000000001'],
        ['GET', '/v1/pets?categoryId=0.99999999999999999999'],
        ['GET', '/v1/pets?id=1.00000000000000001'],
        ['GET', '/v1/store/orders?petId=1.99999999999999999999'],
      ];
      for (const [method, path, body] of attempts) {
        const response = await server.request(path, { method, json: body });
        if (response.status !== 400) problems.push(`${method} ${path} → ${response.status} ${cut(await response.text(), 120)}`);
        else await response.body?.cancel();
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(await snapshot(server)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  test('POST with unknown query parameters is refused like every other route, not silently ignored', async () => {
    const { server, ids, before } = await ownServer();
    try {
      const problems: string[] = [];
      const attempts: [string, unknown][] = [
        ['/v1/pets?dryRun=true', { name: 'Ghost', categoryId: ids.dogs }],
        ['/v1/categories?validateOnly=1', { name: 'Ghosts' }],
        ['/v1/store/orders?quantity=1000', { petId: ids.rex }],
      ];
      for (const [path, body] of attempts) {
        const response = await server.request(path, { method: 'POST', json: body });
        if (response.status !== 400) problems.push(`POST ${path} → ${response.status}`);
        await response.body?.cancel();
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(await snapshot(server)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  test('a body with a __proto__ key is refused as VALIDATION_FAILED naming the forbidden field, not as "not valid JSON"', async () => {
    // http-errors.ts has a branch for exactly this, but the SyntaxError check before it catches it first.
    const text = `{"__proto__":{"isAdmin":true},"name":"Rex","categoryId":${F.dogs}}`;
    const error = await expectRefused('POST', '/v1/pets', text);
    expect(error.code, error.message).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/__proto__/);
    await expectUnchanged();
  });

  test('a path id over 200 characters answers an Error object, not Fastify\'s own 414 body', async () => {
    for (const [method, path] of [
      ['PATCH', `/v1/pets/${'9'.repeat(250)}`],
      ['DELETE', `/v1/categories/${'x'.repeat(201)}`],
    ]) {
      const response = await t.request(path, { method, json: method === 'PATCH' ? { name: 'X' } : undefined });
      const body = (await response.json()) as Json;
      expect(ErrorBody.safeParse(body).success, `${method} ${path.slice(0, 30)}… → ${response.status} ${JSON.stringify(body).slice(0, 120)}`).toBe(true);
      expect(body.status).toBe(response.status);
      expect([400, 404]).toContain(response.status);
    }
    await expectUnchanged();
  });

  test('a path with broken percent-encoding answers an Error object, not Fastify\'s FST_ERR_BAD_URL body', async () => {
    const response = await t.request('/v1/pets/%E0%A4%A', { method: 'DELETE' });
    const body = await response.json();
    expect(ErrorBody.safeParse(body).success, `${response.status} ${JSON.stringify(body)}`).toBe(true);
    expect(body).toMatchObject({ status: 400 });
    expect(response.status).toBe(400);
    await expectUnchanged();
  });

  test('a query string of 100k characters answers an Error object, not Fastify\'s default 431 body', async () => {
    const response = await t.request(`/v1/pets?q=${'x'.repeat(100_000)}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as Json;
    expect(ErrorBody.safeParse(body).success, `${response.status} ${JSON.stringify(body)}`).toBe(true);
    expect(body.status).toBe(response.status);
    await expectUnchanged();
  });
});
