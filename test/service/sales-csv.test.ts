/**
 * The sales CSV export (`data.export`, resource `sales`): one row per sale line, with its receipt,
 * the shop's wall-clock time and the instant, pet, category, units, amounts as decimal text in the
 * currency's digits, the refunded units and the payment methods; RFC 4180 quoting, CRLF lines, and
 * the export's formula escaping. The file parses back with the CSV library the codebase uses.
 */
import Papa from 'papaparse';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { refundShare } from '../../src-shared/money';
import type { Sale } from '../../src-shared/schemas/sale';
import { SALES_CSV_COLUMNS } from '../../src-main/service/sales-csv';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

const rowsOf = (content: string) => Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true }).data;

describeOnEngines('data.export, resource sales', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await fresh();
  });
  afterEach(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function sell(instant: string, input: Record<string, unknown>): Promise<Sale> {
    vi.setSystemTime(new Date(instant));
    return t.ok('sales.create', input);
  }
  const exported = () => t.ok('data.export', { format: 'csv', resource: 'sales' });

  /** A shop priced in `currency` (set before any amount is stored), in Berlin. */
  async function shopIn(currency: string) {
    await t.ok('settings.update', { currency, timeZone: 'Europe/Berlin' });
    const dogs = await t.ok('categories.create', { name: 'Dogs', taxRate: 1900 });
    const food = await t.ok('categories.create', { name: 'Food, dry', taxRate: 700 });
    const puppy = await t.ok('pets.create', { name: 'Puppy "Rex"', categoryId: dogs.id, price: 19999 });
    const kibble = await t.ok('pets.create', { name: '=HYPERLINK("http://x")', categoryId: food.id, price: 1249 });
    for (const pet of [puppy, kibble]) await t.ok('inventory.set', { petId: pet.id, update: { quantity: 50 } });
    return { puppy, kibble };
  }

  test('one row per line: receipt, local time and instant, pet, category, units, amounts in decimals, refunds, payment methods', async () => {
    const { puppy, kibble } = await shopIn('EUR');
    const sale = await sell('2026-11-27T15:04:05+01:00', {
      lines: [{ petId: puppy.id }, { petId: kibble.id, quantity: 2 }],
      discount: 500,
      payments: [{ method: 'card', amount: 20000 }, { method: 'cash', amount: 5000 }],
    });
    const food = sale.lines[1];
    vi.setSystemTime(new Date('2026-11-28T10:00:00+01:00'));
    await t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: food.orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(food, 0, 1).total }] } });
    const later = await sell('2026-07-01T23:30:00+02:00', { lines: [{ petId: puppy.id, unitPrice: 5 }], handover: 'later', payments: [{ method: 'other', amount: 5 }] });
    await t.ok('sales.cancel', { saleId: later.id });

    const file = await exported();
    expect(file).toMatchObject({ filename: expect.stringMatching(/^petstore-sales-\d{4}-\d\d-\d\d\.csv$/), mimeType: 'text/csv', rows: 3, summary: '3 lines of 2 sales' });
    expect(file.content.split('\r\n')[0]).toBe(SALES_CSV_COLUMNS.join(','));
    expect(file.content.endsWith('\r\n')).toBe(true);
    expect(file.content.replaceAll('\r\n', '')).not.toContain('\n');
    const [puppyRow, foodRow, cancelled] = rowsOf(file.content);
    expect(puppyRow).toEqual({
      receipt: '1',
      dateTime: '2026-11-27 15:04:05',
      createdAt: '2026-11-27T14:04:05.000Z',
      status: 'completed',
      line: '1',
      petId: String(puppy.id),
      pet: 'Puppy "Rex"',
      category: 'Dogs',
      quantity: '1',
      unitPrice: '199.99',
      discount: (sale.lines[0].discount / 100).toFixed(2),
      net: (sale.lines[0].net / 100).toFixed(2),
      taxPercent: '19.00',
      tax: (sale.lines[0].tax / 100).toFixed(2),
      total: (sale.lines[0].total / 100).toFixed(2),
      refundedQuantity: '0',
      paymentMethods: 'card, cash',
      clerk: '',
      till: '',
    });
    // A formula is escaped as in every export; a comma and quotes are quoted (RFC 4180).
    expect(foodRow).toMatchObject({ receipt: '1', line: '2', pet: `'=HYPERLINK("http://x")`, category: 'Food, dry', quantity: '2', unitPrice: '12.49', taxPercent: '7.00', refundedQuantity: '1' });
    expect(file.content).toContain('"Puppy ""Rex"""');
    expect(file.content).toContain('"Food, dry"');
    // Summer time in Berlin: 23:30 local is 21:30 UTC.
    expect(cancelled).toMatchObject({ receipt: '2', dateTime: '2026-07-01 23:30:00', createdAt: '2026-07-01T21:30:00.000Z', status: 'cancelled', unitPrice: '0.05', refundedQuantity: '1', paymentMethods: 'other' });
    // Amounts add up as the sale says: the lines' totals to its total.
    expect(Math.round((Number(puppyRow.total) + Number(foodRow.total)) * 100)).toBe(sale.total);
  });

  test.each([
    ['JPY', '19999', '1249'],
    ['BHD', '19.999', '1.249'],
    ['CHF', '199.99', '12.49'],
  ])('in %s amounts have the currency\'s digits', async (currency, puppyPrice, kibblePrice) => {
    const { puppy, kibble } = await shopIn(currency);
    await sell('2026-11-27T12:00:00Z', { lines: [{ petId: puppy.id }, { petId: kibble.id }], payments: [{ method: 'card', amount: 21248 }] });
    expect(rowsOf((await exported()).content).map((row) => row.unitPrice)).toEqual([puppyPrice, kibblePrice]);
  });

  test('a shop without sales exports the header alone', async () => {
    expect(await exported()).toMatchObject({ content: `${SALES_CSV_COLUMNS.join(',')}\r\n`, rows: 0, summary: '0 lines of 0 sales' });
  });

  test('a JSON export stays the whole store; the other CSV resources are unchanged', async () => {
    const { puppy } = await shopIn('EUR');
    await sell('2026-11-27T12:00:00Z', { lines: [{ petId: puppy.id }], payments: [{ method: 'card', amount: 19999 }] });
    expect(JSON.parse((await t.ok('data.export', { format: 'json', resource: 'sales' })).content)).toHaveProperty('pets');
    expect((await t.ok('data.export', { format: 'csv', resource: 'orders' })).content.split('\r\n')[0]).toBe('id,petId,petName,quantity,shipDate,complete');
  });
});
