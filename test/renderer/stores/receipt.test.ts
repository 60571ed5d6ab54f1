/** The sale receipt's data (stores/receipt.ts loadSale) on the real service. */
import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { useReceiptStore } from '../../../src-renderer/stores/receipt';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

function sell(harness: RendererHarness, customerId?: number) {
  const dogs = harness.ok('categories.create', { name: 'Dogs' });
  const rex = harness.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1999 });
  harness.ok('inventory.set', { petId: rex.id, update: { quantity: 3 } });
  return harness.ok('sales.create', { lines: [{ petId: rex.id }], customerId, payments: [{ method: 'cash', amount: 2000 }] });
}

test("a sale's receipt: the sale as sold, its customer's name, and the shop's name, address, tax id, footer and time zone", async () => {
  h = useRealApi();
  h.ok('settings.update', { shopName: 'Happy Paws', shopAddress: '1 Main St', shopTaxId: 'DE1', receiptFooter: 'Thanks', timeZone: 'Europe/Berlin' });
  const ann = h.ok('customers.create', { name: 'Ann' });
  const sale = sell(h, ann.id);
  const receipt = await useReceiptStore().loadSale(sale.id);
  expect(receipt).toEqual({
    sale: h.ok('sales.get', { saleId: sale.id }),
    customerName: 'Ann',
    shop: { name: 'Happy Paws', address: '1 Main St', taxId: 'DE1', footer: 'Thanks', timeZone: 'Europe/Berlin' },
  });
  expect(receipt.sale.change).toBe(1);
});

test('no customer named: null; a forgotten one reads as forgotten; no such sale: NOT_FOUND', async () => {
  h = useRealApi();
  const ann = h.ok('customers.create', { name: 'Ann' });
  const anonymous = sell(h);
  const receipts = useReceiptStore();
  expect((await receipts.loadSale(anonymous.id)).customerName).toBeNull();
  const rex = h.ok('pets.list', {}).items[0];
  const named = h.ok('sales.create', { lines: [{ petId: rex.id }], customerId: ann.id, payments: [{ method: 'card', amount: 1999 }] });
  h.ok('customers.forget', { customerId: ann.id });
  expect((await receipts.loadSale(named.id)).customerName).toBe('Forgotten customer');
  const missing = await receipts.loadSale(999).catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(StoreError);
  expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });
});
