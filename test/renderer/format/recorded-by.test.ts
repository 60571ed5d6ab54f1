/** Who recorded a sale, refund or movement, in words (src-renderer/format/recorded-by.ts), and the receipt's "Served by" line. */
import { expect, test } from 'vitest';
import { receiptText } from '../../../src-renderer/format/receipt';
import { recordedByText, servedByText } from '../../../src-renderer/format/recorded-by';
import type { Sale } from '../../../src-shared/schemas/sale';

const anna = { id: 7, name: 'Anna' };
const counter = { id: 3, name: 'Counter 2' };

test('only what was recorded: the clerk and the till, one of them, or nothing', () => {
  expect(recordedByText({ clerk: anna, till: counter })).toBe('Anna · Counter 2');
  expect(recordedByText({ clerk: anna, till: null })).toBe('Anna');
  expect(recordedByText({ clerk: null, till: counter })).toBe('Counter 2');
  expect(recordedByText({ clerk: null, till: null })).toBeNull();
  expect(recordedByText({})).toBeNull(); // an event logged before clerks were recorded
});

test('a receipt is served by a clerk, or at a till when no clerk is named', () => {
  expect(servedByText({ clerk: anna, till: counter })).toBe('Served by Anna · Counter 2');
  expect(servedByText({ clerk: anna, till: null })).toBe('Served by Anna');
  expect(servedByText({ clerk: null, till: counter })).toBe('Served at Counter 2');
  expect(servedByText({ clerk: null, till: null })).toBeNull();
});

test("the receipt's text carries the line, and none for a sale nobody was named on", () => {
  const sale: Sale = {
    id: 1, number: 1, createdAt: '2026-11-28T10:00:00.000Z', status: 'completed', handover: 'now', currency: 'EUR', pricesIncludeTax: true,
    lines: [{ orderId: 1, petId: 1, petName: 'Rex', categoryId: 1, categoryName: 'Dogs', quantity: 1, unitPrice: 1000, taxRate: 1900, gross: 1000, discount: 0, net: 840, tax: 160, total: 1000, returned: 0 }],
    subtotal: 1000, discount: 0, net: 840, tax: 160, total: 1000, taxes: [{ taxRate: 1900, net: 840, tax: 160, total: 1000 }],
    payments: [{ method: 'card', amount: 1000 }], paid: 1000, change: 0, refunded: 0, clerk: anna, till: counter,
  };
  expect(receiptText(sale, 'UTC').servedBy).toBe('Served by Anna · Counter 2');
  expect(receiptText({ ...sale, clerk: null, till: null }, 'UTC').servedBy).toBeNull();
});
