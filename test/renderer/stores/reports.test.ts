import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { dateIn } from '../../../src-shared/shop-days';
import { reportCsv } from '../../../src-renderer/format/report-csv';
import { DEFAULT_RANGE_DAYS, addDays, useReportsStore } from '../../../src-renderer/stores/reports';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

/** Two sales today: Rex (100.00, cash 150.00) and two Goldies (2 × 5.00, card). */
function twoSales(): void {
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const fish = h.ok('categories.create', { name: '=Fish' }); // a name a spreadsheet would run as a formula
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 10_000 });
  const goldie = h.ok('pets.create', { name: 'Goldie', categoryId: fish.id, price: 500 });
  h.ok('inventory.set', { petId: goldie.id, update: { quantity: 5 } });
  h.ok('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'cash', amount: 15_000 }] });
  h.ok('sales.create', { lines: [{ petId: goldie.id, quantity: 2 }], payments: [{ method: 'card', amount: 1_000 }] });
}

test('open reads today’s end-of-day report and the last month by day, in the shop’s time zone', async () => {
  h = useRealApi();
  h.ok('settings.update', { timeZone: 'Pacific/Kiritimati' }); // UTC+14: its today is seldom the machine's
  twoSales();
  const reports = useReportsStore();
  await reports.open();
  const today = dateIn(Date.now(), 'Pacific/Kiritimati');
  expect(reports.date).toBe(today);
  expect(reports.day).toMatchObject({ date: today, sales: 2, total: 11_000, cashExpected: 10_000, timeZone: 'Pacific/Kiritimati' });
  expect(reports.range).toEqual({ from: addDays(today, 1 - DEFAULT_RANGE_DAYS), to: today, by: 'day' });
  expect(reports.sales?.by).toBe('day');
  expect(reports.sales?.rows).toHaveLength(DEFAULT_RANGE_DAYS);
  expect(reports.sales?.totals).toMatchObject({ sales: 2, quantity: 3, total: 11_000 });
});

test('loadSales groups by payment method; a range the service refuses rejects with its Error object and keeps the last report', async () => {
  h = useRealApi();
  twoSales();
  const reports = useReportsStore();
  await reports.open();
  const { from, to } = reports.range;
  const byMethod = await reports.loadSales({ from, to, by: 'paymentMethod' });
  expect(byMethod?.by === 'paymentMethod' && byMethod.rows.map((row) => [row.method, row.paid, row.change, row.takings])).toEqual([
    ['cash', 15_000, 5_000, 10_000],
    ['card', 1_000, 0, 1_000],
    ['other', 0, 0, 0],
  ]);
  const refusal = await reports.loadSales({ from: '2020-01-01', to: '2026-01-01', by: 'day' }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  expect(reports.sales?.by).toBe('paymentMethod');
  expect(reports.salesLoading).toBe(false);
});

test('the CSV of a report has its rows and totals, amounts as decimal text, formula-like names escaped', async () => {
  h = useRealApi();
  twoSales();
  const reports = useReportsStore();
  await reports.open();
  const report = (await reports.loadSales({ ...reports.range, by: 'category' }))!;
  const { filename, content } = reportCsv(report);
  expect(filename).toBe(`sales-by-category-${report.from}-to-${report.to}-EUR.csv`);
  const lines = content.split('\r\n');
  expect(lines[0]).toBe('Category,Sales,Units,Gross,Discounts,Net,Tax,Total,Refunds,Units refunded,Takings');
  expect(lines[1]).toMatch(/^Dogs,1,1,100\.00,0\.00,\d+\.\d\d,\d+\.\d\d,100\.00,0\.00,0,100\.00$/);
  expect(lines[2]).toMatch(/^"'=Fish",1,2,10\.00,/);
  expect(lines[3]).toMatch(/^Total,2,3,110\.00,/);
});

test('a sale made later shows once the reports are refreshed', async () => {
  h = useRealApi();
  twoSales();
  const reports = useReportsStore();
  await reports.open();
  const rex = h.ok('pets.list', { q: 'Rex' }).items[0]!;
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 1 } });
  h.ok('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'other', amount: 10_000 }] });
  await reports.refresh();
  expect(reports.day).toMatchObject({ sales: 3, total: 21_000 });
  expect(reports.sales?.totals.sales).toBe(3);
});
