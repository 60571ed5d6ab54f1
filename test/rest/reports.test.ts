/**
 * /v1/reports over real HTTP on 127.0.0.1: the sales report by day, category, pet and payment method
 * and the end-of-day report, their figures for sales made (in-process, with the clock set) on known
 * days of the shop's time zone, a 25-hour day, a read token, ETag revalidation of a day, and every
 * refusal: 400 VALIDATION_FAILED for each bad parameter, 422 REPORT_TOO_LARGE; random days and
 * ranges (fast-check) answer 200 or 400, never a 5xx. Every answer is checked against the served
 * OpenAPI document.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { CallableOperationName } from '../../src-shared/contract';
import { refundShare } from '../../src-shared/money';
import type { DayReport, SalesReport } from '../../src-shared/schemas/report';
import type { Sale } from '../../src-shared/schemas/sale';
import { OVERSIZED_DATE, recordOversizedSalesIn } from '../service/support/oversized-sales';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

/** The service's operations in this process (input parsed as IPC parses it), with the clock at `instant`: a sale is stamped with it. */
async function at<T>(instant: string, work: (h: Record<string, (input: unknown) => Promise<unknown>>) => Promise<T>): Promise<T> {
  const call = (name: string) => (input: unknown) => s.t.call(name as CallableOperationName, input as Record<string, unknown>);
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(new Date(instant));
    return await work(new Proxy({}, { get: (_, name: string) => call(name) }));
  } finally {
    vi.useRealTimers();
  }
}

let receipt: Sale;
beforeAll(async () => {
  await s.settings({ timeZone: 'Europe/Berlin', rateLimitPerMinute: 100_000 });
  const dogs = (await s.call('POST', '/v1/categories', { json: { name: 'Dogs', taxRate: 1900 } })).body;
  const food = (await s.call('POST', '/v1/categories', { json: { name: 'Food', taxRate: 700 } })).body;
  const puppy = (await s.call('POST', '/v1/pets', { json: { name: 'Puppy', categoryId: dogs.id, price: 19999 } })).body;
  const kibble = (await s.call('POST', '/v1/pets', { json: { name: 'Dog food', categoryId: food.id, price: 1249 } })).body;
  const collar = (await s.call('POST', '/v1/pets', { json: { name: 'Collar', categoryId: dogs.id, price: 899 } })).body;
  for (const pet of [puppy, kibble, collar]) await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 100 } });
  // The worked receipt (docs/decisions.md#one-rounding-rule) on the 27th, paid in cash; a unit of dog food back on the 28th.
  receipt = (await at('2026-11-27T15:00:00+01:00', (h) =>
    h['sales.create']({ lines: [{ petId: puppy.id }, { petId: kibble.id, quantity: 2 }, { petId: collar.id }], discount: 500, payments: [{ method: 'cash', amount: 30000 }] }),
  )) as Sale;
  const food1 = receipt.lines[1];
  await at('2026-11-28T09:00:00+01:00', (h) =>
    h['refunds.create']({ saleId: receipt.id, refund: { lines: [{ orderId: food1.orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(food1, 0, 1).total }] } }),
  );
  // A collar by card on the 28th, and one at 02:30 of the 25-hour 25th of October, twice (the clocks go back).
  await at('2026-11-28T18:00:00+01:00', (h) => h['sales.create']({ lines: [{ petId: collar.id }], payments: [{ method: 'card', amount: 899 }] }));
  for (const instant of ['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']) {
    await at(instant, (h) => h['sales.create']({ lines: [{ petId: collar.id }], payments: [{ method: 'other', amount: 899 }] }));
  }
});
afterAll(() => vi.useRealTimers());

const get = <T>(path: string, token?: string) => s.call<T>('GET', path, token === undefined ? {} : { token });

describe('GET /v1/reports/day/{date}', () => {
  test('the worked receipt: every figure of the day, the tax per rate, each method, the cash the drawer gained', async () => {
    const answer = await get<DayReport>('/v1/reports/day/2026-11-27');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      date: '2026-11-27',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      from: '2026-11-26T23:00:00.000Z',
      to: '2026-11-27T23:00:00.000Z',
      sales: 1,
      quantity: 4,
      gross: 23396,
      discounts: 500,
      net: 19470,
      tax: 3426,
      total: 22896,
      refunds: 0,
      refundedQuantity: 0,
      refundedNet: 0,
      refundedTax: 0,
      takings: 22896,
      cancelled: 0,
      taxes: [
        { taxRate: 700, net: 2285, tax: 160, total: 2445, refundedNet: 0, refundedTax: 0, refunds: 0 },
        { taxRate: 1900, net: 17185, tax: 3266, total: 20451, refundedNet: 0, refundedTax: 0, refunds: 0 },
      ],
      payments: [
        { method: 'cash', sales: 1, paid: 30000, change: 7104, refunds: 0, takings: 22896 },
        { method: 'card', sales: 0, paid: 0, change: 0, refunds: 0, takings: 0 },
        { method: 'other', sales: 0, paid: 0, change: 0, refunds: 0, takings: 0 },
      ],
      cashExpected: 22896,
    });
  });

  test("the refund counts on the 28th, the day it was made: out of the drawer; the card sale's money is not in it", async () => {
    const { body } = await get<DayReport>('/v1/reports/day/2026-11-28');
    expect(body).toMatchObject({ sales: 1, total: 899, refunds: 1223, refundedQuantity: 1, refundedNet: 1143, refundedTax: 80, takings: 899 - 1223, cashExpected: -1223 });
    expect(body.payments.map((one) => [one.method, one.paid, one.refunds])).toEqual([['cash', 0, 1223], ['card', 899, 0], ['other', 0, 0]]);
  });

  test('25 October 2026 in Berlin has 25 hours, and both 02:30s are its', async () => {
    const { body } = await get<DayReport>('/v1/reports/day/2026-10-25');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(25 * 3_600_000);
    expect(body).toMatchObject({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z', sales: 2, total: 1798 });
  });

  test('a read token may read it; an ETag revalidates it until the day changes', async () => {
    const first = await get<DayReport>('/v1/reports/day/2026-11-30', s.t.readToken);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"/);
    expect((await s.call('GET', '/v1/reports/day/2026-11-30', { headers: { 'If-None-Match': tag } })).status).toBe(304);
    await at('2026-11-30T12:00:00+01:00', (h) => h['sales.create']({ lines: [{ petId: receipt.lines[2].petId }], payments: [{ method: 'card', amount: 899 }] }));
    const changed = await s.call<DayReport>('GET', '/v1/reports/day/2026-11-30', { headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.body.sales).toBe(1);
  });

  test.each(['2026-02-30', '2026-1-1', 'today', '1899-12-31', '9999-12-31', '2026-11-27T00:00:00Z'])('/v1/reports/day/%s → 400 VALIDATION_FAILED naming date', async (date) => {
    const answer = await s.call('GET', `/v1/reports/day/${encodeURIComponent(date)}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.map((detail: { path: string }) => detail.path)).toEqual(['date']);
  });
});

describe('GET /v1/reports/sales', () => {
  test('by day (the default): every day of the range, `to` included, the totals their sum', async () => {
    const answer = await get<Extract<SalesReport, { by: 'day' }>>('/v1/reports/sales?from=2026-11-26&to=2026-11-28');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ by: 'day', from: '2026-11-26', to: '2026-11-28', timeZone: 'Europe/Berlin', currency: 'EUR' });
    expect(answer.body.rows.map((row) => [row.date, row.sales, row.total, row.refunds])).toEqual([
      ['2026-11-26', 0, 0, 0],
      ['2026-11-27', 1, 22896, 0],
      ['2026-11-28', 1, 899, 1223],
    ]);
    expect(answer.body.totals).toEqual({
      sales: 2,
      quantity: 5,
      gross: 24295,
      discounts: 500,
      net: 20225,
      tax: 3570,
      total: 23795,
      refunds: 1223,
      refundedQuantity: 1,
      refundedNet: 1143,
      refundedTax: 80,
      takings: 22572,
      cancelled: 0,
    });
  });

  test('by category, pet and payment method: the same totals, rows as sold', async () => {
    const path = (by: string) => `/v1/reports/sales?from=2026-11-26&to=2026-11-28&by=${by}`;
    const byDay = (await get<SalesReport>(path('day'))).body;
    const byCategory = (await get<Extract<SalesReport, { by: 'category' }>>(path('category'))).body;
    expect(byCategory.rows.map((row) => [row.categoryName, row.sales, row.quantity, row.total, row.refunds])).toEqual([
      ['Dogs', 2, 3, 19571 + 880 + 899, 0],
      ['Food', 1, 2, 2445, 1223],
    ]);
    const byPet = (await get<Extract<SalesReport, { by: 'pet' }>>(path('pet'))).body;
    expect(byPet.rows.map((row) => [row.petName, row.quantity, row.total])).toEqual([
      ['Puppy', 1, 19571],
      ['Dog food', 2, 2445],
      ['Collar', 2, 880 + 899],
    ]);
    const byMethod = (await get<Extract<SalesReport, { by: 'paymentMethod' }>>(path('paymentMethod'))).body;
    expect(byMethod.rows).toEqual([
      { method: 'cash', sales: 1, paid: 30000, change: 7104, refunds: 1223, takings: 21673 },
      { method: 'card', sales: 1, paid: 899, change: 0, refunds: 0, takings: 899 },
      { method: 'other', sales: 0, paid: 0, change: 0, refunds: 0, takings: 0 },
    ]);
    for (const report of [byCategory, byPet, byMethod]) expect(report.totals).toEqual(byDay.totals);
  });

  test.each([
    ['?from=2026-11-01', 'to'],
    ['?to=2026-11-01', 'from'],
    ['?from=2026-11-02&to=2026-11-01', 'to'],
    ['?from=2024-01-01&to=2027-01-01', 'to'],
    ['?from=2026-11-31&to=2026-12-01', 'from'],
    ['?from=2026-11-01&to=2026-11-02&by=week', 'by'],
    ['?from=2026-11-01&to=2026-11-02&by=', 'by'],
    ['?from=2026-11-01&to=2026-11-02&limit=10', 'limit'],
    ['?from=2026-11-01&from=2026-11-02&to=2026-11-03', 'from'],
  ])('%s → 400 VALIDATION_FAILED naming %s', async (query, field) => {
    const answer = await s.call('GET', `/v1/reports/sales${query}`);
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.details.map((detail: { path: string }) => detail.path)).toContain(field);
  });

  test('the served document says `from` and `to` are required, `by` is not (day by default)', async () => {
    const document = (await s.call('GET', '/openapi.json', { token: null })).body;
    const parameters = document.paths['/reports/sales'].get.parameters as { name: string; required: boolean; schema: { default?: string } }[];
    expect(parameters.map(({ name, required }) => [name, required])).toEqual([['from', true], ['to', true], ['by', false]]);
    expect(parameters[2].schema.default).toBe('day');
    // The lists' filters stay optional.
    expect((document.paths['/sales'].get.parameters as { required: boolean }[]).every((parameter) => !parameter.required)).toBe(true);
  });

  test('three years (1,096 days) answer by day', async () => {
    const answer = await get<Extract<SalesReport, { by: 'day' }>>('/v1/reports/sales?from=2024-01-01&to=2026-12-31');
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toHaveLength(1096);
    expect(answer.body.totals.sales).toBe(5);
  });
});

describe('any day, any range: 200 or 400, never a 5xx, every answer as the document says', () => {
  // Days from 1890 to 9999: some outside the reports' calendar, ranges of any length and order.
  const date = fc.integer({ min: Date.UTC(1890, 0, 1) / 86_400_000, max: Date.UTC(9999, 11, 31) / 86_400_000 }).map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
  const near = fc.tuple(date, fc.integer({ min: -3, max: 1200 })).map(([from, days]) => [from, new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10)] as const);
  // Measured: under a second for 60 runs on the shared machine; 60 s, as the REST property tests allow.
  const TIMEOUT = 60_000;
  const inCalendar = (text: string) => /^\d{4}-/.test(text) && text >= '1900-01-01' && text <= '9999-12-30';

  test('GET /v1/reports/sales', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(near, fc.tuple(date, date)), fc.constantFrom('day', 'category', 'pet', 'paymentMethod'), async ([from, to], by) => {
        const answer = await s.call('GET', `/v1/reports/sales?from=${from}&to=${to}&by=${by}`);
        const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
        const valid = inCalendar(from) && inCalendar(to) && days >= 1 && days <= 1096;
        expect(answer.status, `${from}..${to}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(valid ? 200 : 400);
        if (!valid) expect(answer.body.code).toBe('VALIDATION_FAILED');
      }),
      { seed: 20_261_128, numRuns: 60 },
    );
  }, TIMEOUT);

  test('GET /v1/reports/day/{date}', async () => {
    await fc.assert(
      fc.asyncProperty(date, async (day) => {
        const answer = await s.call('GET', `/v1/reports/day/${day}`);
        expect(answer.status, day).toBe(inCalendar(day) ? 200 : 400);
      }),
      { seed: 20_261_128, numRuns: 60 },
    );
  }, TIMEOUT);
});

test('sums past 2^53−1: 422 REPORT_TOO_LARGE from both reports; other days answer', async () => {
  await recordOversizedSalesIn({ postgresUrl: s.t.postgresUrl, sqliteFile: s.t.file });
  expectError(await get(`/v1/reports/sales?from=${OVERSIZED_DATE}&to=${OVERSIZED_DATE}&by=pet`), 'REPORT_TOO_LARGE', 422);
  expectError(await get(`/v1/reports/day/${OVERSIZED_DATE}`), 'REPORT_TOO_LARGE', 422);
  expect((await get('/v1/reports/day/1901-01-02')).status).toBe(200);
});
