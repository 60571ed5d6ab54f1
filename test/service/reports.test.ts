/**
 * The sales reports in the service, on both engines (a SQLite file, a PostgreSQL database), with the clock set for each sale (the
 * service stamps a sale, a refund and a cancel with the time it is made): every figure of the
 * end-of-day report (the worked receipt of docs/decisions.md#one-rounding-rule, refunds on the day
 * they were made, a cancel, cash in the drawer), the shop's days (a zone's midnight, `to` included,
 * 23- and 25-hour days, a zone whose midnight is not on the hour), the groupings, the bounds, and
 * REPORT_TOO_LARGE. After each test the hourly summaries equal what the records add up to.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { contract } from '../../src-shared/contract';
import { refundShare } from '../../src-shared/money';
import { REPORT_ROWS_MAX, type DayReport, type ReportGrouping, type SalesReport } from '../../src-shared/schemas/report';
import type { Sale } from '../../src-shared/schemas/sale';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { summariesAndRecordsIn, writeIn } from './support/engine-records';
import { expectRefused } from './support/observe-engines';
import { OVERSIZED_DATE, recordOversizedSalesIn } from './support/oversized-sales';

let t: EngineStore;
let shop: Awaited<ReturnType<typeof seed>>;

/** The worked receipt's shop: a puppy and a collar at 19 %, dog food at 7 %, prices with tax. */
async function seed() {
  const dogs = await t.ok('categories.create', { name: 'Dogs', taxRate: 1900 });
  const food = await t.ok('categories.create', { name: 'Food', taxRate: 700 });
  const puppy = await t.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 19999 });
  const kibble = await t.ok('pets.create', { name: 'Dog food', categoryId: food.id, price: 1249 });
  const collar = await t.ok('pets.create', { name: 'Collar', categoryId: dogs.id, price: 899 });
  for (const pet of [puppy, kibble, collar]) await t.ok('inventory.set', { petId: pet.id, update: { quantity: 500 } });
  return { dogs, food, puppy, kibble, collar };
}

/** Runs `work` with the clock at `instant` (ISO 8601 with an offset). */
async function at<T>(instant: string, work: () => Promise<T>): Promise<T> {
  vi.setSystemTime(new Date(instant));
  return work();
}
const sell = (instant: string, input: Record<string, unknown>): Promise<Sale> => at(instant, () => t.ok('sales.create', input));
/** The worked receipt (decisions.md#one-rounding-rule): 228.96, paid 300.00 in cash. */
const workedReceipt = (extra: Record<string, unknown> = {}) => ({
  lines: [{ petId: shop.puppy.id }, { petId: shop.kibble.id, quantity: 2 }, { petId: shop.collar.id }],
  discount: 500,
  payments: [{ method: 'cash', amount: 30000 }],
  ...extra,
});
/** Refunds one unit of a line, paid back by `method` with what the unit is worth (money.ts's `refundShare`). */
async function refundOne(instant: string, sale: Sale, line: number, method: string) {
  const sold = (await t.ok('sales.get', { saleId: sale.id })).lines[line];
  const amount = refundShare(sold, sold.returned, 1).total;
  return at(instant, () => t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sold.orderId }], restock: true, payments: [{ method, amount }] } }));
}
const day = (date: string) => t.ok('reports.day', { date });
/** The sales report grouped `by` (day unless told), checked against its schema. */
async function report<B extends ReportGrouping = 'day'>(from: string, to: string, by?: B): Promise<Extract<SalesReport, { by: B }>> {
  const answer = await t.ok('reports.sales', { from, to, by: by ?? 'day' });
  const parsed = contract['reports.sales'].output.safeParse(answer);
  expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
  return answer as Extract<SalesReport, { by: B }>;
}
/** A day report's figures, as a row of the report by day has them. */
function figuresOf(report: DayReport) {
  const { timeZone: _zone, currency: _currency, from: _from, to: _to, taxes: _taxes, payments: _payments, cashExpected: _cash, ...figures } = report;
  return figures;
}
const NOTHING = { sales: 0, quantity: 0, gross: 0, discounts: 0, net: 0, tax: 0, total: 0, refunds: 0, refundedQuantity: 0, refundedNet: 0, refundedTax: 0, takings: 0 };
const noPayments = (method: string) => ({ method, sales: 0, paid: 0, change: 0, refunds: 0, takings: 0 });

describeOnEngines('the sales reports', (fresh) => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await fresh();
    await t.ok('settings.update', { timeZone: 'Europe/Berlin' });
    shop = await seed();
  });
  afterEach(async () => {
    const { kept, fromRecords } = await summariesAndRecordsIn(t);
    await t.close();
    vi.useRealTimers();
    expect(kept).toEqual(fromRecords);
  });

  describe('the end-of-day report', () => {
    test('the worked receipt: sales, units, gross, discounts, net, tax per rate, payments and the cash the drawer gained', async () => {
      await sell('2026-11-27T15:00:00+01:00', workedReceipt());
      const report = await day('2026-11-27');
      expect(contract['reports.day'].output.safeParse(report).success).toBe(true);
      expect(report).toEqual({
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
        payments: [{ method: 'cash', sales: 1, paid: 30000, change: 7104, refunds: 0, takings: 22896 }, noPayments('card'), noPayments('other')],
        cashExpected: 22896,
      });
      // The days around it hold nothing.
      expect(await day('2026-11-26')).toMatchObject({ ...NOTHING, cancelled: 0, taxes: [], cashExpected: 0 });
      expect(await day('2026-11-28')).toMatchObject({ ...NOTHING, cancelled: 0, taxes: [], cashExpected: 0 });
    });

    test('a refund counts on the day it was made, not the sale\'s; cash paid back leaves the drawer, a card refund does not', async () => {
      const cash = await sell('2026-11-27T10:00:00+01:00', workedReceipt());
      const card = await sell('2026-11-28T10:00:00+01:00', { lines: [{ petId: shop.collar.id }], payments: [{ method: 'card', amount: 899 }] });
      const food = await refundOne('2026-11-28T16:00:00+01:00', cash, 1, 'cash');
      const collar = await refundOne('2026-11-28T17:00:00+01:00', card, 0, 'card');
      expect([food.amount, collar.amount]).toEqual([1223, 899]);

      expect(await day('2026-11-27')).toMatchObject({ sales: 1, total: 22896, refunds: 0, cashExpected: 22896 });
      const second = await day('2026-11-28');
      expect(second).toMatchObject({
        sales: 1,
        quantity: 1,
        total: 899,
        refunds: 1223 + 899,
        refundedQuantity: 2,
        refundedNet: food.net + collar.net,
        refundedTax: food.tax + collar.tax,
        takings: 899 - 1223 - 899,
      });
      expect(second.taxes).toEqual([
        { taxRate: 700, net: 0, tax: 0, total: 0, refundedNet: food.net, refundedTax: food.tax, refunds: 1223 },
        { taxRate: 1900, net: 755, tax: 144, total: 899, refundedNet: collar.net, refundedTax: collar.tax, refunds: 899 },
      ]);
      expect(second.payments).toEqual([
        { method: 'cash', sales: 0, paid: 0, change: 0, refunds: 1223, takings: -1223 },
        { method: 'card', sales: 1, paid: 899, change: 0, refunds: 899, takings: 0 },
        noPayments('other'),
      ]);
      expect(second.cashExpected).toBe(-1223);
    });

    test('a cancelled sale counts on the day it was made; its cancel, on the day of the cancel, pays everything back method by method', async () => {
      const later = await sell('2026-11-27T11:00:00+01:00', {
        lines: [{ petId: shop.puppy.id }],
        handover: 'later',
        payments: [{ method: 'card', amount: 10000 }, { method: 'cash', amount: 10000 }],
      });
      expect(later.change).toBe(1);
      await at('2026-11-28T09:30:00+01:00', () => t.ok('sales.cancel', { saleId: later.id }));
      expect(await day('2026-11-27')).toMatchObject({
        sales: 1,
        total: 19999,
        cancelled: 0,
        refunds: 0,
        payments: [{ method: 'cash', sales: 1, paid: 10000, change: 1, refunds: 0, takings: 9999 }, { method: 'card', sales: 1, paid: 10000, takings: 10000 }, noPayments('other')],
        cashExpected: 9999,
      });
      expect(await day('2026-11-28')).toMatchObject({
        sales: 0,
        total: 0,
        cancelled: 1,
        refunds: 19999,
        refundedQuantity: 1,
        takings: -19999,
        payments: [{ method: 'cash', refunds: 9999, takings: -9999 }, { method: 'card', refunds: 10000, takings: -10000 }, noPayments('other')],
        cashExpected: -9999,
      });
    });

    test("the day is the shop's: 00:30 in Berlin is that day though UTC says the one before, and another zone moves it", async () => {
      await sell('2026-11-28T00:30:00+01:00', { lines: [{ petId: shop.collar.id }], payments: [{ method: 'cash', amount: 899 }] });
      expect([(await day('2026-11-27')).sales, (await day('2026-11-28')).sales]).toEqual([0, 1]);
      expect((await report('2026-11-27', '2026-11-28')).rows.map((row) => [row.date, row.sales])).toEqual([['2026-11-27', 0], ['2026-11-28', 1]]);
      await t.ok('settings.update', { timeZone: 'UTC' });
      expect([(await day('2026-11-27')).sales, (await day('2026-11-28')).sales]).toEqual([1, 0]);
      expect((await report('2026-11-27', '2026-11-28')).rows.map((row) => [row.date, row.sales])).toEqual([['2026-11-27', 1], ['2026-11-28', 0]]);
    });

    test.each([
      // Spring forward: 02:00 becomes 03:00, a day of 23 hours.
      ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', ['2026-03-29T00:30:00+01:00', '2026-03-29T03:30:00+02:00', '2026-03-29T23:59:59+02:00']],
      // Fall back: 03:00 becomes 02:00 again, a day of 25 hours; both 02:30s are its.
      ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', ['2026-10-25T00:00:00+02:00', '2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00', '2026-10-25T23:59:59+01:00']],
    ])('%s in Berlin runs from %s to %s, and holds the sales of every hour it has', async (date, from, to, instants) => {
      const hours = (Date.parse(to) - Date.parse(from)) / 3_600_000;
      expect(hours).toBe(date.endsWith('03-29') ? 23 : 25);
      const one = { lines: [{ petId: shop.collar.id }], payments: [{ method: 'cash', amount: 899 }] };
      // A second before the day and the first second after it belong to the days around it.
      await sell(new Date(Date.parse(from) - 1000).toISOString(), one);
      for (const instant of instants) await sell(instant, one);
      await sell(to, one);
      expect(await day(date)).toMatchObject({ from, to, sales: instants.length, total: 899 * instants.length });
      const [before, , after] = [-1, 0, 1].map((offset) => new Date(Date.parse(`${date}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));
      const byDay = await report(before, after);
      expect(byDay.rows.map((row) => row.sales)).toEqual([1, instants.length, 1]);
      expect(byDay.totals.sales).toBe(instants.length + 2);
    });

    test.each(['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'])(
      "in %s, whose midnight is not on UTC's hour, the days still split at midnight (the hours across it are read from the sales)",
      async (timeZone) => {
        await t.ok('settings.update', { timeZone });
        // Every 20 minutes over two days, a sale: those around midnight fall on either side of it.
        const start = Date.parse('2026-04-04T12:00:00Z');
        for (let minute = 0; minute < 48 * 60; minute += 20) {
          await sell(new Date(start + minute * 60_000).toISOString(), { lines: [{ petId: shop.collar.id }], payments: [{ method: 'card', amount: 899 }] });
        }
        const dates = ['2026-04-04', '2026-04-05', '2026-04-06', '2026-04-07'];
        const days = await Promise.all(dates.map(day));
        const byDay = await report(dates[0], dates.at(-1)!);
        expect(days.reduce((sum, one) => sum + one.sales, 0)).toBe(144);
        expect(byDay.totals.sales).toBe(144);
        byDay.rows.forEach((row, i) => expect(row).toEqual(figuresOf(days[i])));
        // Each day holds the sales of its own clock (23.5 or 24.5 hours on Lord Howe's change): those every 20 minutes from `start` within it.
        const ticksBefore = (instant: string) => Math.max(0, Math.ceil((Date.parse(instant) - start) / 1_200_000));
        for (const one of days) expect(one.sales, one.date).toBe(Math.min(144, ticksBefore(one.to)) - Math.min(144, ticksBefore(one.from)));
      },
    );
  });

  describe('the sales report', () => {
    test('`to` is included, with its whole day; the day after is not', async () => {
      const one = { lines: [{ petId: shop.collar.id }], payments: [{ method: 'cash', amount: 899 }] };
      for (const instant of ['2026-11-01T00:00:00+01:00', '2026-11-15T12:00:00+01:00', '2026-11-30T23:59:59.999+01:00', '2026-12-01T00:00:00+01:00']) await sell(instant, one);
      const november = await report('2026-11-01', '2026-11-30');
      expect(november.totals).toMatchObject({ sales: 3, total: 3 * 899 });
      expect(november.rows).toHaveLength(30);
      expect(november.rows.filter((row) => row.sales).map((row) => row.date)).toEqual(['2026-11-01', '2026-11-15', '2026-11-30']);
      expect((await report('2026-11-30', '2026-11-30')).totals.sales).toBe(1);
    });

    test('every figure by day equals the end-of-day report, and the totals their sum', async () => {
      const cash = await sell('2026-11-27T10:00:00+01:00', workedReceipt());
      await sell('2026-11-27T18:00:00+01:00', workedReceipt({ discount: 0, payments: [{ method: 'card', amount: 23396 }] }));
      await refundOne('2026-11-29T10:00:00+01:00', cash, 0, 'cash');
      const later = await sell('2026-11-29T11:00:00+01:00', { lines: [{ petId: shop.kibble.id, quantity: 3 }], handover: 'later', payments: [{ method: 'other', amount: 3747 }] });
      await at('2026-11-29T12:00:00+01:00', () => t.ok('sales.cancel', { saleId: later.id }));
      const byDay = await report('2026-11-26', '2026-11-30');
      const days = await Promise.all(byDay.rows.map((row) => day(row.date)));
      byDay.rows.forEach((row, i) => expect(row).toEqual(figuresOf(days[i])));
      const summed = Object.fromEntries(Object.keys(byDay.totals).map((key) => [key, days.reduce((sum, one) => sum + (one[key as keyof typeof one] as number), 0)]));
      expect(byDay.totals).toEqual(summed);
      expect(byDay.totals).toMatchObject({ sales: 3, cancelled: 1, quantity: 11 });
    });

    test('by category and by pet: as sold (a pet moved since counts where it was), named as now or, deleted, as last sold; largest total first', async () => {
      await sell('2026-11-27T10:00:00+01:00', workedReceipt());
      await sell('2026-11-27T11:00:00+01:00', { lines: [{ petId: shop.kibble.id, quantity: 10 }], payments: [{ method: 'cash', amount: 12490 }] });
      const toys = await t.ok('categories.create', { name: 'Toys' });
      await t.ok('pets.update', { petId: shop.collar.id, changes: { categoryId: toys.id, name: 'Red collar' } });
      await t.ok('categories.update', { categoryId: shop.food.id, changes: { name: 'Dog food' } });
      const ball = await t.ok('pets.create', { name: 'Ball', categoryId: toys.id, price: 500 });
      await t.ok('inventory.set', { petId: ball.id, update: { quantity: 1 } });
      await sell('2026-11-28T10:00:00+01:00', { lines: [{ petId: ball.id }], payments: [{ method: 'cash', amount: 500 }] });
      await t.ok('pets.delete', { petId: ball.id });

      const byCategory = await report('2026-11-27', '2026-11-28', 'category') as Extract<SalesReport, { by: 'category' }>;
      expect(byCategory.rows.map((row) => [row.categoryName, row.sales, row.quantity, row.total])).toEqual([
        ['Dogs', 1, 2, 19571 + 880],
        ['Dog food', 2, 12, 2445 + 12490],
        ['Toys', 1, 1, 500],
      ]);
      expect(byCategory.omittedRows).toBe(0);
      const byPet = await report('2026-11-27', '2026-11-28', 'pet') as Extract<SalesReport, { by: 'pet' }>;
      expect(byPet.rows.map((row) => [row.petId, row.petName, row.sales, row.quantity])).toEqual([
        [shop.puppy.id, 'Puppy', 1, 1],
        [shop.kibble.id, 'Dog food', 2, 12],
        [shop.collar.id, 'Red collar', 1, 1],
        [ball.id, 'Ball', 1, 1],
      ]);
      for (const grouped of [byCategory, byPet]) {
        expect(grouped.totals).toEqual((await report('2026-11-27', '2026-11-28')).totals);
        for (const field of ['sales', 'quantity', 'gross', 'discounts', 'net', 'tax', 'total'] as const) {
          // A sale with lines in two groups counts once in each, once in the totals.
          if (field !== 'sales') expect(grouped.rows.reduce((sum, row) => sum + row[field], 0), field).toBe(grouped.totals[field]);
        }
      }
    });

    test(`by pet: at most ${REPORT_ROWS_MAX} rows, those with the largest totals; the others are counted and in the totals`, async () => {
      // One sale of 2,001 pets, written as the sales repository writes lines (beyond a sale's 1,000 lines: rows, not rules, are tested here).
      const sale = await sell('2026-11-27T10:00:00+01:00', { lines: [{ petId: shop.collar.id }], payments: [{ method: 'cash', amount: 899 }] });
      await writeIn(
        t,
        (db) => {
          const insert = db.prepare(
            `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total)
             VALUES (?, ?, ?, ?, ?, ?, 'Dogs', 1, ?, 0, ?, 0, ?, 0, ?)`,
          );
          db.transaction(() => {
            for (let i = 1; i <= 2000; i++) insert.run(sale.id, i, 1_000_000 + i, 100_000 + i, `Pet ${i}`, shop.dogs.id, i, i, i, i);
          })();
        },
        async (pool) => {
          await pool.query(
            `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total)
             SELECT $1, i, 1000000 + i, 100000 + i, 'Pet ' || i, $2, 'Dogs', 1, i, 0, i, 0, i, 0, i FROM generate_series(1, 2000) AS i`,
            [sale.id, shop.dogs.id],
          );
        },
      );
      const byPet = await report('2026-11-27', '2026-11-27', 'pet') as Extract<SalesReport, { by: 'pet' }>;
      expect(byPet.rows).toHaveLength(REPORT_ROWS_MAX);
      expect(byPet.omittedRows).toBe(1);
      // 2,000 down to 1 and the collar's 899: the smallest, 1, is left out.
      expect(byPet.rows.slice(0, 2).map((row) => row.petName)).toEqual(['Pet 2000', 'Pet 1999']);
      expect(byPet.rows.at(-1)!.total).toBe(2);
      expect(byPet.totals.total).toBe(899 + (2000 * 2001) / 2);
    });

    test('by payment method: what each took, the change cash gave, what each paid back; together the totals', async () => {
      const split = await sell('2026-11-27T10:00:00+01:00', workedReceipt({ payments: [{ method: 'card', amount: 20000 }, { method: 'other', amount: 2000 }, { method: 'cash', amount: 1000 }] }));
      expect(split.change).toBe(104);
      await sell('2026-11-27T11:00:00+01:00', { lines: [{ petId: shop.collar.id }], payments: [{ method: 'cash', amount: 500 }, { method: 'cash', amount: 500 }] });
      await refundOne('2026-11-28T10:00:00+01:00', split, 2, 'other');
      const byMethod = await report('2026-11-27', '2026-11-28', 'paymentMethod');
      expect(byMethod.rows).toEqual([
        { method: 'cash', sales: 2, paid: 2000, change: 104 + 101, refunds: 0, takings: 2000 - 205 },
        { method: 'card', sales: 1, paid: 20000, change: 0, refunds: 0, takings: 20000 },
        { method: 'other', sales: 1, paid: 2000, change: 0, refunds: 880, takings: 1120 },
      ]);
      const rows = byMethod.rows as Extract<SalesReport, { by: 'paymentMethod' }>['rows'];
      expect(rows.reduce((sum, row) => sum + row.paid - row.change, 0)).toBe(byMethod.totals.total);
      expect(rows.reduce((sum, row) => sum + row.refunds, 0)).toBe(byMethod.totals.refunds);
    });

    test('a sale priced without tax reports its own gross (the price list before tax)', async () => {
      await t.ok('settings.update', { pricesIncludeTax: false });
      await sell('2026-11-27T10:00:00+01:00', workedReceipt({ payments: [{ method: 'cash', amount: 30000 }] }));
      expect((await report('2026-11-27', '2026-11-27')).totals).toMatchObject({ gross: 23396, discounts: 500, net: 22896, tax: 4056, total: 26952 });
    });
  });

  describe('bounds and refusals', () => {
    test.each([
      [{ from: '2026-02-01', to: '2026-01-31' }, 'to', /Must be 2026-02-01 or later/],
      [{ from: '2024-01-01', to: '2027-01-01' }, 'to', /at most 1096 days \(three years\); this one covers 1097/],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from', /Must be a date/],
      [{ from: '1899-12-31', to: '1900-01-01' }, 'from', /from 1900-01-01 to 9999-12-30/],
      [{ from: '9999-12-30', to: '9999-12-31' }, 'to', /from 1900-01-01 to 9999-12-30/],
      [{ from: '2026-1-1', to: '2026-01-02' }, 'from', /YYYY-MM-DD/],
      [{ from: '2026-01-01T00:00:00Z', to: '2026-01-02' }, 'from', /YYYY-MM-DD/],
      [{ from: '2026-01-01', to: '2026-01-02', by: 'week' }, 'by', /day|category/],
      [{ from: '2026-01-01' }, 'to', /Required|expected string/],
      [{ from: '2026-01-01', to: '2026-01-02', limit: 5 }, '', /limit/],
    ])('reports.sales %j → VALIDATION_FAILED naming %s', async (input, path, message) => {
      const error = await expectRefused(t, 'reports.sales', input, 'VALIDATION_FAILED');
      expect(error.message).toMatch(message);
      if (path) expect(error.details?.map((detail) => detail.path)).toContain(path);
    });

    test.each([['2026-13-01'], ['tomorrow'], ['1899-12-31'], ['9999-12-31'], ['']])('reports.day %j → VALIDATION_FAILED', async (date) => {
      expect((await expectRefused(t, 'reports.day', { date }, 'VALIDATION_FAILED')).details?.map((detail) => detail.path)).toEqual(['date']);
    });

    test('three years (1,096 days) and the first and last days there are answer, empty', async () => {
      expect((await report('2024-01-01', '2026-12-31')).rows).toHaveLength(1096);
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Amsterdam']) {
        await t.ok('settings.update', { timeZone: zone });
        expect((await report('1900-01-01', '1900-01-02')).totals).toMatchObject({ ...NOTHING, cancelled: 0 });
        expect((await report('9999-12-29', '9999-12-30', 'paymentMethod')).totals).toMatchObject(NOTHING);
        expect(await day('9999-12-30')).toMatchObject({ sales: 0, cashExpected: 0 });
        expect(await day('1900-01-01')).toMatchObject({ sales: 0, cashExpected: 0 });
      }
    });

    test('sums past 2^53−1 are refused with REPORT_TOO_LARGE by every report that adds them; other days answer', async () => {
      await recordOversizedSalesIn(t);
      for (const by of ['day', 'category', 'pet', 'paymentMethod'] as const) {
        expect((await expectRefused(t, 'reports.sales', { from: OVERSIZED_DATE, to: OVERSIZED_DATE, by }, 'REPORT_TOO_LARGE')).message).toMatch(/shorter period/);
      }
      await expectRefused(t, 'reports.day', { date: OVERSIZED_DATE }, 'REPORT_TOO_LARGE');
      expect((await report('1901-01-02', '1901-01-03')).totals.sales).toBe(0);
      expect((await day('1900-12-31')).sales).toBe(0);
    });
  });
});
