import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import { createRestInvoker, type RestInvoker } from '../../src-main/remote/rest-client';
import { invokeOperation } from '../../src-main/service/invoke';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { PNG } from '../helpers/images';
import { startTestServer, type TestServer } from '../rest/support/server';

/**
 * One script of calls covering every shape of `http` binding, run twice on two fresh stores: in
 * process on one, through the REST client and a real listener on the other. Both stores take the
 * same steps, so ids, numbers and cursors agree; only the clock's times are masked.
 */
type Call = [operation: string, input: unknown, options?: { idempotencyKey?: string }];
type Step = (previous: ApiResult<any>[]) => Call;

const SCRIPT: [name: string, step: Step][] = [
  ['body *, 201', () => ['categories.create', { name: 'Dogs', taxRate: 1900 }]],
  ['body *, a second', () => ['categories.create', { name: 'Food', taxRate: 700 }]],
  ['body * with an Idempotency-Key', () => ['pets.create', { name: 'Puppy', categoryId: 1, price: 19999 }, { idempotencyKey: 'parity-puppy' }]],
  ['the same key again: the first answer', () => ['pets.create', { name: 'Puppy', categoryId: 1, price: 19999 }, { idempotencyKey: 'parity-puppy' }]],
  ['another pet', () => ['pets.create', { name: 'Kibble', categoryId: 2, price: 1249 }]],
  ['a third, pending', () => ['pets.create', { name: 'Rex', categoryId: 1, price: 500, status: 'pending' }]],
  ['a path param and a body field (PUT)', () => ['inventory.set', { petId: 1, update: { quantity: 3 } }]],
  ['a body field (POST)', () => ['inventory.adjust', { petId: 2, adjustment: { delta: 10, reason: 'received' } }]],
  ['a body field (PATCH)', () => ['pets.update', { petId: 3, changes: { name: 'Rex the Second' } }]],
  ['paged, an array filter, a limit', () => ['pets.list', { status: ['available', 'pending'], limit: 2 }]],
  ['the next page by its cursor', (previous) => ['pets.list', { status: ['available', 'pending'], limit: 2, cursor: previous[9]!.ok ? previous[9]!.data.nextCursor : 'none' }]],
  ['paged, a text filter', () => ['pets.list', { q: 'rex' }]],
  ['bytes up', () => ['photos.put', { petId: 1, photo: new Uint8Array(PNG) }]],
  ['bytes down', () => ['photos.get', { petId: 1 }]],
  ['204', () => ['photos.delete', { petId: 1 }]],
  ['404 after a 204', () => ['photos.get', { petId: 1 }]],
  ['a sale', () => ['sales.create', { lines: [{ petId: 1 }, { petId: 2, quantity: 2 }], payments: [{ method: 'cash', amount: 30000 }] }, { idempotencyKey: 'parity-sale-1' }]],
  ['an error with details', () => ['sales.create', { lines: [{ petId: 2 }, { petId: 1, quantity: 50 }], payments: [{ method: 'cash', amount: 10_000_000 }] }]],
  ['a path param (GET)', () => ['sales.get', { saleId: 1 }]],
  ['paged, a date filter', () => ['sales.list', { from: new Date().toISOString().slice(0, 10) }]],
  ['a path param and a body field (refund)', () => ['refunds.create', { saleId: 1, refund: { lines: [{ orderId: 2, quantity: 1 }], restock: true, payments: [{ method: 'cash', amount: 1249 }] } }]],
  ['two path params', () => ['refunds.get', { saleId: 1, refundId: 1 }]],
  ['query filters (a report)', () => ['reports.sales', { from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), by: 'category' }]],
  ['no input', () => ['shop.get', {}]],
  ['paged movements', () => ['inventory.movements', { petId: 2 }]],
  ['a domain refusal', () => ['categories.delete', { categoryId: 1 }]],
  ['a body field (customer patch)', () => ['customers.create', { name: 'Ann Example', email: 'ann@example.com' }]],
  ['DELETE 204', () => ['pets.delete', { petId: 3 }]],
  ['NOT_FOUND', () => ['pets.get', { petId: 3 }]],
  ['bad input: the schema refuses it', () => ['pets.create', { name: '', categoryId: 'x' }]],
];

/** ISO times from the clock differ between the two runs by a few milliseconds. */
const masked = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? [...item] : typeof item === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(item) ? '<time>' : item)));

let local: TestStore;
let server: TestServer;
let remote: RestInvoker;

beforeAll(async () => {
  local = openTestStore();
  server = await startTestServer();
  remote = createRestInvoker({ origin: server.origin, secret: server.writeToken });
});
afterAll(async () => {
  local?.close();
  await server?.close();
});

describe('the REST client answers as the in-process service', () => {
  test('every binding shape, step by step', async () => {
    const inProcess: ApiResult<any>[] = [];
    const overRest: ApiResult<any>[] = [];
    for (const [name, step] of SCRIPT) {
      const [operation, input, options] = step(inProcess);
      const keyed = options?.idempotencyKey === undefined ? undefined : { context: local.store.context, key: options.idempotencyKey };
      inProcess.push(invokeOperation(local.store.handlers, operation, input, keyed));
      const [, remoteInput, remoteOptions] = step(overRest);
      overRest.push(await remote(operation, remoteInput, remoteOptions));
      expect(masked(overRest.at(-1)), name).toEqual(masked(inProcess.at(-1)));
    }
    // The script did reach each shape it names (not all refused alike).
    const codes = overRest.map((result) => (result.ok ? 'ok' : result.error.code));
    expect(codes.filter((code) => code === 'ok').length).toBeGreaterThan(20);
    expect(codes).toEqual(expect.arrayContaining(['NOT_FOUND', 'INSUFFICIENT_STOCK', 'CATEGORY_IN_USE', 'VALIDATION_FAILED']));
    const page = overRest[9]!;
    expect(page.ok && page.data.nextCursor).toBeTruthy();
    const photo = overRest[13]!;
    expect(photo.ok && photo.data.contentType).toBe('image/png');
    expect(overRest[17]!.ok ? [] : overRest[17]!.error.details).toEqual([{ path: 'lines.1.quantity', message: expect.any(String) }]);
  });
});

describe('when no answer comes', () => {
  test('a server that is not there: SERVER_UNREACHABLE, naming it', async () => {
    const gone = await startTestServer();
    await gone.close();
    const result = await createRestInvoker({ origin: gone.origin, secret: 'x' })('pets.list', {});
    expect(result).toEqual({ ok: false, error: { code: 'SERVER_UNREACHABLE', status: 503, message: `The shop server at ${gone.origin} cannot be reached` } });
  });

  test('an operation the server does not serve over REST is not sent', async () => {
    const result = await remote('tokens.list', {});
    expect(result.ok ? undefined : result.error.code).toBe('NOT_FOUND');
  });
});
