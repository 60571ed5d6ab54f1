/**
 * /v1/sales over real HTTP on 127.0.0.1: a sale (201, Location, Idempotency-Key replay), reading
 * and listing them (filters, a date as a day of the shop's time zone, paging with Link and
 * X-Total-Count), a cancel, refunds (201, Location under the sale, replay) and their reads, a
 * fulfilment that completes a sale, every error code the operations declare, and the sale events
 * on the stream. Every answer, each streamed event included, is checked against the served document.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import type { Refund, Sale } from '../../src-shared/schemas/sale';
import { StoreEvent } from '../../src-shared/schemas/event';
import { dateIn, nextDate } from '../../src-shared/shop-days';
import { allPages, expectError, useHttpSuite } from './support/http-suite';
import { latestEventId } from './support/event-log';
import { openSse, type OpenSse } from './support/sse';

const s = useHttpSuite();

let puppy: Pet;
let kibble: Pet;
beforeAll(async () => {
  await s.settings({ rateLimitPerMinute: 100_000 });
  const dogs = (await s.call('POST', '/v1/categories', { json: { name: 'Dogs', taxRate: 1900 } })).body;
  const food = (await s.call('POST', '/v1/categories', { json: { name: 'Food', taxRate: 700 } })).body;
  puppy = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Puppy', categoryId: dogs.id, price: 19999 } })).body;
  kibble = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Kibble', categoryId: food.id, price: 1249 } })).body;
  await s.call('PUT', `/v1/store/inventory/${puppy.id}`, { json: { quantity: 100 } });
  await s.call('PUT', `/v1/store/inventory/${kibble.id}`, { json: { quantity: 1000 } });
});

const keyed = (key: string, json: unknown) => ({ json, headers: { 'Idempotency-Key': key } });
const twoKibble = (extra: Record<string, unknown> = {}) => ({ lines: [{ petId: kibble.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2498 }], ...extra });
async function sold(json: Record<string, unknown>): Promise<Sale> {
  const answer = await s.call<Sale>('POST', '/v1/sales', { json });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}
const detailPaths = (body: { details?: { path: string }[] }) => body.details?.map((detail) => detail.path);

describe('POST /v1/sales', () => {
  test('201 with Location, where GET reads the same sale; each line an order of it', async () => {
    const answer = await s.call<Sale>('POST', '/v1/sales', {
      json: { lines: [{ petId: puppy.id }, { petId: kibble.id, quantity: 2 }], discount: 500, payments: [{ method: 'card', amount: 20000 }, { method: 'cash', amount: 5000 }], note: 'Gift' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'completed', subtotal: 22497, discount: 500, paid: 25000, refunded: 0, note: 'Gift', currency: 'EUR' });
    expect(answer.body.change).toBe(answer.body.paid - answer.body.total);
    expect(answer.headers.get('location')).toBe(`/v1/sales/${answer.body.id}`);
    expect((await s.call('GET', answer.headers.get('location')!)).body).toEqual(answer.body);
    const order = await s.call<Order>('GET', `/v1/store/orders/${answer.body.lines[1].orderId}`);
    expect(order.body).toMatchObject({ saleId: answer.body.id, unitPrice: 1249, quantity: 2, status: 'complete' });
  });

  test('Idempotency-Key: a retry gets the first answer and takes no second number; the key with another body is 422', async () => {
    const first = await s.call<Sale>('POST', '/v1/sales', keyed('sale-1', twoKibble()));
    const retry = await s.call<Sale>('POST', '/v1/sales', keyed('sale-1', { payments: [{ amount: 2498, method: 'cash' }], lines: [{ quantity: 2, petId: kibble.id }] }));
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(`/v1/sales/${first.body.id}`);
    expect((await sold(twoKibble())).number).toBe(first.body.number + 1);
    expectError(await s.call('POST', '/v1/sales', keyed('sale-1', twoKibble({ note: 'other' }))), 'IDEMPOTENCY_KEY_REUSED', 422);
  });

  test('a refusal names the line; every code the operation declares', async () => {
    const short = await s.call('POST', '/v1/sales', { json: { lines: [{ petId: kibble.id }, { petId: puppy.id, quantity: 101 }], payments: [{ method: 'cash', amount: 10_000_000 }] } });
    expectError(short, 'INSUFFICIENT_STOCK', 409);
    expect(short.body.details).toEqual([{ path: 'lines.1.quantity', message: expect.stringMatching(/^Only \d+ of Puppy/) }]);
    const missing = await s.call('POST', '/v1/sales', { json: { lines: [{ petId: 999_999 }] } });
    expectError(missing, 'REFERENCE_NOT_FOUND', 422);
    expect(detailPaths(missing.body)).toEqual(['lines.0.petId']);
    expectError(await s.call('POST', '/v1/sales', { json: twoKibble({ customerId: 999_999 }) }), 'REFERENCE_NOT_FOUND', 422);

    const plain = (await s.call('POST', '/v1/categories', { json: { name: 'Plain' } })).body;
    const unpriced = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Unpriced', categoryId: plain.id } })).body;
    const gone = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Gone', categoryId: plain.id, status: 'sold', price: 100 } })).body;
    expectError(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: unpriced.id }] } }), 'PRICE_REQUIRED', 422);
    expectError(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: gone.id }], payments: [{ method: 'cash', amount: 100 }] } }), 'PET_NOT_AVAILABLE', 409);
    expectError(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: kibble.id }], discount: 1250 } }), 'DISCOUNT_TOO_LARGE', 422);
    expectError(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: kibble.id }], payments: [{ method: 'cash', amount: 1248 }] } }), 'PAYMENT_SHORT', 422);
    expectError(await s.call('POST', '/v1/sales', { json: { lines: [{ petId: kibble.id }], payments: [{ method: 'card', amount: 1250 }] } }), 'CHANGE_WITHOUT_CASH', 422);
  });

  test.each([
    [{ lines: [] }, 'lines'],
    [{ lines: [{ petId: 1, quantity: 1001 }] }, 'lines.0.quantity'],
    [{ lines: [{ petId: 1, unitPrice: 1.5 }] }, 'lines.0.unitPrice'],
    [{ lines: [{ petId: 1 }, { petId: 1 }] }, 'lines.1.petId'],
    [{ lines: [{ petId: 1 }], payments: [{ method: 'cheque', amount: 100 }] }, 'payments.0.method'],
    [{ lines: [{ petId: 1 }], payments: [{ method: 'cash', amount: 0 }] }, 'payments.0.amount'],
    [{ lines: [{ petId: 1 }], handover: 'now', shipDate: '2026-12-24T10:00:00Z' }, 'shipDate'],
    [{ lines: [{ petId: 1 }], handover: 'tomorrow' }, 'handover'],
    [{ lines: [{ petId: 1 }], total: 5 }, 'total'],
  ])('%j → 400 VALIDATION_FAILED naming %s', async (json, field) => {
    const answer = await s.call('POST', '/v1/sales', { json });
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(detailPaths(answer.body)).toContain(field);
  });

  test('a read token may not sell: 403', async () => {
    expectError(await s.call('POST', '/v1/sales', { json: twoKibble(), token: s.t.readToken }), 'FORBIDDEN', 403);
  });
});

describe('GET /v1/sales', () => {
  // A server of its own, so that the other tests' sales do not show in its lists.
  const list = useHttpSuite();
  let dog: Pet;
  let customerId: number;
  let sales: Sale[];
  beforeAll(async () => {
    const dogs = (await list.call('POST', '/v1/categories', { json: { name: 'Dogs' } })).body;
    dog = (await list.call<Pet>('POST', '/v1/pets', { json: { name: 'Dog', categoryId: dogs.id, price: 1000 } })).body;
    await list.call('PUT', `/v1/store/inventory/${dog.id}`, { json: { quantity: 100 } });
    customerId = (await list.call('POST', '/v1/customers', { json: { name: 'Ann' } })).body.id;
    sales = [];
    const pay = [{ method: 'cash', amount: 1000 }];
    for (const json of [{ payments: pay }, { payments: pay, customerId }, { payments: pay, handover: 'later' }, { payments: pay, customerId, handover: 'later' }]) {
      const answer = await list.call<Sale>('POST', '/v1/sales', { json: { lines: [{ petId: dog.id }], ...json } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      sales.push(answer.body);
    }
    expect((await list.call('POST', `/v1/sales/${sales[3].id}/cancel`)).status).toBe(200);
    sales[3] = (await list.call<Sale>('GET', `/v1/sales/${sales[3].id}`)).body;
  });
  const numbers = (items: Sale[]) => items.map((sale) => sale.number);

  test('newest first, every status, with X-Total-Count; a read token may list', async () => {
    const answer = await list.call<Sale[]>('GET', '/v1/sales', { token: list.t.readToken });
    expect(answer.status).toBe(200);
    expect(numbers(answer.body)).toEqual([4, 3, 2, 1]);
    expect(answer.body[0]).toEqual(sales[3]);
    expect(answer.headers.get('x-total-count')).toBe('4');
  });

  test('filters: customerId, status (repeatable), number', async () => {
    expect(numbers((await list.call<Sale[]>('GET', `/v1/sales?customerId=${customerId}`)).body)).toEqual([4, 2]);
    expect(numbers((await list.call<Sale[]>('GET', '/v1/sales?status=open&status=cancelled')).body)).toEqual([4, 3]);
    expect(numbers((await list.call<Sale[]>('GET', '/v1/sales?status=completed')).body)).toEqual([2, 1]);
    expect((await list.call<Sale[]>('GET', '/v1/sales?number=3')).body).toEqual([sales[2]]);
    expect((await list.call<Sale[]>('GET', '/v1/sales?number=99')).body).toEqual([]);
  });

  test("from and to: date-times as given (to excluded); dates as whole days of the shop's time zone", async () => {
    const at = (sale: Sale) => encodeURIComponent(sale.createdAt);
    expect(numbers((await list.call<Sale[]>('GET', `/v1/sales?from=${at(sales[1])}`)).body)).toEqual([4, 3, 2]);
    expect(numbers((await list.call<Sale[]>('GET', `/v1/sales?to=${at(sales[1])}`)).body)).toEqual([1]);
    // UTC+14: the shop's day is not the UTC one for ten hours of every day.
    await list.settings({ timeZone: 'Pacific/Kiritimati' });
    const today = dateIn(Date.parse(sales[0].createdAt), 'Pacific/Kiritimati');
    expect(numbers((await list.call<Sale[]>('GET', `/v1/sales?from=${today}&to=${today}`)).body)).toEqual([4, 3, 2, 1]);
    expect((await list.call<Sale[]>('GET', `/v1/sales?from=${nextDate(today)}`)).body).toEqual([]);
    expect((await list.call<Sale[]>('GET', `/v1/sales?to=2000-01-01`)).body).toEqual([]);
  });

  test('pages follow Link rel="next" to the end, every sale once, the total on each', async () => {
    const { pages, items, totals } = await allPages<Sale>(list, '/v1/sales?limit=3');
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
    expect(new Set(totals)).toEqual(new Set(['4']));
    expect(numbers(items)).toEqual([4, 3, 2, 1]);
    expect(numbers((await allPages<Sale>(list, '/v1/sales?status=completed&limit=1')).items)).toEqual([2, 1]);
  });

  test('bad query values are 400 VALIDATION_FAILED naming the parameter', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-02-30', 'to'],
      ['to=9999-12-31', 'to'], // its end would fall past the last instant a date can hold
      ['from=1899-12-31', 'from'],
      ['to=2026-11-28T10:00:00', 'to'],
      ['status=paid', 'status.0'],
      ['number=0', 'number'],
      ['customerId=x', 'customerId'],
      ['limit=501', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ]) {
      const answer = await list.call('GET', `/v1/sales?${query}`);
      expectError(answer, 'VALIDATION_FAILED', 400);
      expect(detailPaths(answer.body), query).toContain(field);
    }
    const page = await list.call('GET', '/v1/sales?limit=1');
    const cursor = new URL(/<([^>]+)>/.exec(page.headers.get('link')!)![1], 'http://x').searchParams.get('cursor')!;
    expectError(await list.call('GET', `/v1/sales?limit=1&status=open&cursor=${cursor}`), 'VALIDATION_FAILED', 400);
  });

  test('GET /v1/sales/{saleId}: 404 for no such sale, 400 for an id that is no id', async () => {
    expectError(await list.call('GET', '/v1/sales/999999'), 'NOT_FOUND', 404);
    for (const id of ['0', 'abc', '1.5']) expectError(await list.call('GET', `/v1/sales/${id}`), 'VALIDATION_FAILED', 400);
  });
});

describe('a sale handed over later, its fulfilment, its cancel', () => {
  test('fulfilling the last order over PATCH /store/orders completes the sale', async () => {
    const sale = await sold(twoKibble({ handover: 'later', shipDate: '2026-12-24T10:00:00+01:00' }));
    expect(sale).toMatchObject({ status: 'open', shipDate: '2026-12-24T09:00:00.000Z' });
    expect((await s.call('PATCH', `/v1/store/orders/${sale.lines[0].orderId}`, { json: { complete: true } })).status).toBe(200);
    expect((await s.call<Sale>('GET', `/v1/sales/${sale.id}`)).body).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
  });

  test('POST …/cancel: 200 with the cancelled sale; again 200, unchanged; its order alone is 409 ORDER_IN_SALE; handed over is 409 SALE_HANDED_OVER', async () => {
    const sale = await sold(twoKibble({ handover: 'later' }));
    expectError(await s.call('DELETE', `/v1/store/orders/${sale.lines[0].orderId}`), 'ORDER_IN_SALE', 409);
    const cancelled = await s.call<Sale>('POST', `/v1/sales/${sale.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', number: sale.number, refunded: 2498 });
    expect(await s.call<Sale>('POST', `/v1/sales/${sale.id}/cancel`)).toMatchObject({ status: 200, body: cancelled.body });
    // A cancelled order of it: DELETE again is the harmless retry it always was.
    expect((await s.call('DELETE', `/v1/store/orders/${sale.lines[0].orderId}`)).status).toBe(204);
    expectError(await s.call('POST', `/v1/sales/${(await sold(twoKibble())).id}/cancel`), 'SALE_HANDED_OVER', 409);
    expectError(await s.call('POST', '/v1/sales/999999/cancel'), 'NOT_FOUND', 404);
    expectError(await s.call('POST', `/v1/sales/${sale.id}/cancel`, { json: {} }), 'VALIDATION_FAILED', 400);
  });
});

describe('refunds', () => {
  test('201 with Location under the sale, where GET reads it; the list; the sale refunded; keyed retries replay', async () => {
    const sale = await sold(twoKibble());
    // One of two at 12.49 (7 % included): half the line's net and half its tax, each rounded (docs/decisions.md#one-rounding-rule).
    const body = { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 1250 }], reason: 'Wrong size' };
    const answer = await s.call<Refund>('POST', `/v1/sales/${sale.id}/refunds`, keyed('refund-1', body));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ saleId: sale.id, kind: 'refund', amount: 1250, net: 1168, tax: 82, restock: true, reason: 'Wrong size' });
    expect(answer.headers.get('location')).toBe(`/v1/sales/${sale.id}/refunds/${answer.body.id}`);
    expect((await s.call('GET', answer.headers.get('location')!)).body).toEqual(answer.body);
    const retry = await s.call<Refund>('POST', `/v1/sales/0${sale.id}/refunds`, keyed('refund-1', body));
    expect(retry, JSON.stringify(retry.body)).toMatchObject({ status: 201, body: answer.body });
    expect(retry.headers.get('location')).toBe(`/v1/sales/${sale.id}/refunds/${answer.body.id}`);
    const refunds = await s.call<Refund[]>('GET', `/v1/sales/${sale.id}/refunds`);
    expect(refunds.body).toEqual([answer.body]);
    expect(refunds.headers.get('x-total-count')).toBe('1');
    expect((await s.call<Sale>('GET', `/v1/sales/${sale.id}`)).body).toMatchObject({ refunded: 1250, lines: [{ returned: 1 }] });
  });

  test('every code the operation declares', async () => {
    const sale = await sold(twoKibble());
    const orderId = sale.lines[0].orderId;
    const refund = (json: unknown, saleId = sale.id) => s.call('POST', `/v1/sales/${saleId}/refunds`, { json });
    expectError(await refund({ lines: [{ orderId }], restock: true }, 999_999), 'NOT_FOUND', 404);
    expectError(await refund({ lines: [{ orderId, quantity: 3 }], restock: true }), 'REFUND_EXCEEDS_SOLD', 409);
    expectError(await refund({ lines: [{ orderId }], restock: true, payments: [{ method: 'cash', amount: 1 }] }), 'REFUND_PAYMENTS_MISMATCH', 422);
    expectError(await refund({ lines: [{ orderId: 999_999 }], restock: true }), 'REFERENCE_NOT_FOUND', 422);
    const later = await sold(twoKibble({ handover: 'later' }));
    expectError(await refund({ lines: [{ orderId: later.lines[0].orderId }], restock: true }, later.id), 'ORDER_OPEN', 409);
    await s.call('POST', `/v1/sales/${later.id}/cancel`);
    expectError(await refund({ lines: [{ orderId: later.lines[0].orderId }], restock: true }, later.id), 'SALE_CANCELLED', 409);
    expectError(await refund({ lines: [{ orderId }] }), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', `/v1/sales/${sale.id}/refunds/999999`), 'NOT_FOUND', 404);
    expectError(await s.call('GET', '/v1/sales/999999/refunds'), 'NOT_FOUND', 404);
  });
});

describe('the event stream', () => {
  const streams: OpenSse[] = [];
  afterAll(() => streams.forEach((stream) => stream.abort()));

  test('sale.created, sale.completed, sale.refunded and sale.cancelled, each as the document declares it', async () => {
    const mark = await latestEventId(s.t);
    const now = await sold(twoKibble());
    await s.call('POST', `/v1/sales/${now.id}/refunds`, { json: { lines: [{ orderId: now.lines[0].orderId, quantity: 2 }], restock: false, payments: [{ method: 'card', amount: 2498 }] } });
    const later = await sold(twoKibble({ handover: 'later' }));
    await s.call('PATCH', `/v1/store/orders/${later.lines[0].orderId}`, { json: { complete: true } });
    const cancelled = await sold(twoKibble({ handover: 'later' }));
    await s.call('POST', `/v1/sales/${cancelled.id}/cancel`);

    const stream = await openSse(`${s.t.origin}/v1/events`, { token: s.t.readToken, lastEventId: mark });
    streams.push(stream);
    const latest = await latestEventId(s.t);
    await stream.waitFor((items) => items.some((item) => item.kind === 'event' && Number(item.id) >= latest));
    const events = stream.events().map((item) => {
      const payload = JSON.parse(item.data);
      s.api.streamed('GET', '/v1/events', payload);
      return StoreEvent.parse(payload);
    });
    const sales = events.filter((event) => event.type.startsWith('sale.'));
    expect(sales.map((event) => event.type)).toEqual(['sale.created', 'sale.refunded', 'sale.created', 'sale.completed', 'sale.created', 'sale.cancelled']);
    expect(sales[0].data).toEqual(now);
    expect(sales[1].data).toMatchObject({ saleId: now.id, amount: 2498, payments: [{ method: 'card', amount: 2498 }] });
  });
});
