// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { expect, test } from 'vitest';
import ReceiptPaper from '../../../src-renderer/components/ReceiptPaper.vue';
import type { SaleReceiptData } from '../../../src-renderer/stores/receipt';
import type { Sale } from '../../../src-shared/schemas/sale';

/** The paper prints who served under the time: "Served by <clerk> · <till>", and nothing when nobody was named. */

const sale: Sale = {
  id: 1, number: 12, createdAt: '2026-11-28T10:00:00.000Z', status: 'completed', handover: 'now', currency: 'EUR', pricesIncludeTax: true,
  lines: [{ orderId: 1, petId: 1, petName: 'Rex', categoryId: 1, categoryName: 'Dogs', quantity: 1, unitPrice: 1000, taxRate: 1900, gross: 1000, discount: 0, net: 840, tax: 160, total: 1000, returned: 0 }],
  subtotal: 1000, discount: 0, net: 840, tax: 160, total: 1000, taxes: [{ taxRate: 1900, net: 840, tax: 160, total: 1000 }],
  payments: [{ method: 'card', amount: 1000 }], paid: 1000, change: 0, refunded: 0, clerk: { id: 7, name: 'Anna' }, till: { id: 3, name: 'Counter 2' },
};

const paperOf = (recorded: Sale) =>
  mount(ReceiptPaper, {
    props: { data: { sale: recorded, customerName: null, shop: { name: 'Happy Paws', timeZone: 'UTC' } } as unknown as SaleReceiptData, layout: '80mm', headingId: 'receipt-title' },
  });

test('a sale made by a clerk at a till says so under its time', () => {
  const lines = paperOf(sale).findAll('p').map((p) => p.text());
  expect(lines).toContain('Served by Anna · Counter 2');
  expect(lines.indexOf('Served by Anna · Counter 2')).toBe(lines.findIndex((line) => line.includes('2026')) + 1);
});

test('a sale nobody was named on prints no such line', () => {
  expect(paperOf({ ...sale, clerk: null, till: null }).text()).not.toContain('Served');
});
