import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { brokenWords } from './support/screens';

/** The app's smallest window (900 px): Sales and Customers keep every column in view, no sideways scroll. */
test.use({ viewport: { width: 900, height: 700 } });

const shop = useShop('Dogs');

/** The table scrolls sideways by this many px (0: every column fits), and no header word is broken. */
async function expectColumnsFit(page: Page, name: RegExp): Promise<void> {
  const table = page.getByRole('table', { name });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const overflow = await page.locator('.n-data-table-base-table-header').evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow, 'sideways scroll of the table').toBeLessThanOrEqual(0);
  for (const header of await table.getByRole('columnheader').all()) expect(await brokenWords(header)).toEqual([]);
}

test('Sales and Customers at 900 px: every column in view, the row actions too', async ({ page }) => {
  const categoryId = shop.categoryId('Dogs');
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId, price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  const ann = await must(shop.host.call<{ id: number }>('customers.create', { name: 'Annabelle Longname-Smith', email: 'annabelle.longname@example.com', phone: '+49 170 555 0101', note: 'Prefers cats' }));
  const sale = await must(shop.host.call<{ id: number; number: number; lines: { orderId: number }[] }>('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], customerId: ann.id, payments: [{ method: 'cash', amount: 2000 }] }));
  await must(shop.host.call('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId }], restock: true, payments: [{ method: 'cash', amount: 1000 }] } }));

  await page.goto(`${shop.host.url}#/sales`);
  await expect(page.getByText('1 sale today')).toBeVisible();
  await expectColumnsFit(page, /Sales/);
  await expect(page.getByRole('cell', { name: 'Completed, part refunded' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Open sale ${sale.number}` })).toBeInViewport();

  await page.goto(`${shop.host.url}#/customers`);
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await expectColumnsFit(page, /Customers/);
  await expect(page.getByRole('button', { name: 'Forget Annabelle Longname-Smith' })).toBeInViewport();
});
