/** A sale's receipt as text (src-renderer/format/receipt.ts): the service's figures, formatted, and the shop's clock. */
import { expect, test } from 'vitest';
import { receiptLayout, receiptText, receiptTime } from '../../../src-renderer/format/receipt';
import type { Sale } from '../../../src-shared/schemas/sale';

const line = { petId: 1, categoryId: 1, categoryName: 'Dogs', taxRate: 1900, discount: 0, returned: 0 };
const sale: Sale = {
  id: 7,
  number: 42,
  createdAt: '2026-11-28T23:30:00.000Z',
  status: 'completed',
  handover: 'now',
  currency: 'EUR',
  pricesIncludeTax: false,
  lines: [{ ...line, orderId: 3, petName: 'Rex', quantity: 2, unitPrice: 1000, gross: 2000, net: 2000, tax: 380, total: 2380 }],
  subtotal: 2000,
  discount: 0,
  net: 2000,
  tax: 380,
  total: 2380,
  taxes: [{ taxRate: 1900, net: 2000, tax: 380, total: 2380 }],
  payments: [{ method: 'cash', amount: 3000 }],
  paid: 3000,
  change: 620,
  refunded: 0,
};

test('prices without tax: net and tax added before the total; payments, paid and change', () => {
  const text = receiptText(sale, 'UTC');
  expect(text.title).toBe('Receipt 42');
  expect(text.lines).toEqual([{ orderId: 3, name: 'Rex', quantity: 2, unitPrice: '€10.00', amount: '€20.00', returned: 0 }]);
  expect(text.totals).toEqual([
    { term: 'Subtotal', value: '€20.00' },
    { term: 'Net', value: '€20.00' },
    { term: 'Tax', value: '€3.80' },
    { term: 'Total', value: '€23.80' },
  ]);
  expect(text.taxes).toEqual([{ rate: '19%', net: '€20.00', tax: '€3.80', total: '€23.80' }]);
  expect(text.payments).toEqual([
    { term: 'Cash', value: '€30.00' },
    { term: 'Paid', value: '€30.00' },
    { term: 'Change', value: '€6.20' },
  ]);
});

test('prices with tax: the discount taken off, the tax included named after the total; a refund and another currency', () => {
  const yen: Sale = { ...sale, currency: 'JPY', pricesIncludeTax: true, discount: 100, total: 1900, tax: 303, refunded: 500 };
  const text = receiptText(yen, 'UTC');
  expect(text.totals.map((figure) => figure.term)).toEqual(['Subtotal', 'Discount', 'Total', 'Tax included']);
  expect(text.totals[1].value).toBe('−¥100');
  expect(text.payments.at(-1)).toEqual({ term: 'Refunded', value: '¥500' });
  expect(receiptText({ ...yen, status: 'cancelled' }, 'UTC').payments.at(-1)?.term).toBe('Given back (cancelled)');
});

test("the time is the shop's, its zone named: 23:30 UTC is the next day in Berlin", () => {
  expect(receiptTime(sale.createdAt, 'Europe/Berlin')).toBe('Nov 29, 2026, 12:30 AM GMT+1');
  expect(receiptTime(sale.createdAt, 'UTC')).toBe('Nov 28, 2026, 11:30 PM UTC');
});

test('pets handed over later: the ship date in the shop\'s time zone, or that it is to come', () => {
  expect(receiptText(sale, 'UTC').handover).toBeNull();
  expect(receiptText({ ...sale, handover: 'later' }, 'UTC').handover).toBe('To be handed over later');
  expect(receiptText({ ...sale, handover: 'later', shipDate: '2026-12-01T11:00:00.000Z' }, 'Europe/Berlin').handover).toBe('To be handed over: Dec 1, 2026, 12:00 PM GMT+1');
});

test('?layout= is a4, letter or 80mm; anything else is the A4 page', () => {
  expect([receiptLayout('80mm'), receiptLayout('a4'), receiptLayout('letter'), receiptLayout('A5'), receiptLayout(undefined), receiptLayout(['80mm'])]).toEqual(['80mm', 'a4', 'letter', 'a4', 'a4', 'a4']);
});
