import Database from 'better-sqlite3';
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible } from './support/screens';

/**
 * Who served (docs/screens.md#who-served): the sale opened on Sales, its receipt and a pet's stock
 * history name the clerk and till each record was made by, at the app's smallest window. The
 * records are made through the host, then named as a clerk's call at a till names them (the four
 * columns of migration 17, written straight into the host's database file): this tests the screens,
 * test/service/recorded-by.test.ts what the service records.
 */
test.use({ viewport: { width: 900, height: 700 } });

const shop = useShop('Dogs');

interface Sale {
  id: number;
  number: number;
  lines: { orderId: number }[];
}

/** A sale of 2 × Rex by Anna at Counter 2, one unit refunded by Olga at the server's desk. */
async function recordedSale(): Promise<Sale> {
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  const sale = await must(shop.host.call<Sale>('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] }));
  await must(shop.host.call('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 1000 }] } }));
  const { databaseFile } = await must(shop.host.call<{ databaseFile: string }>('app.info', {}));
  const db = new Database(databaseFile, { timeout: 5000 });
  try {
    const name = (table: string, by: [number, string, number | null, string | null], where: string) =>
      db.prepare(`UPDATE ${table} SET clerk_id = ?, clerk_name = ?, till_id = ?, till_name = ? WHERE ${where}`).run(...by);
    name('sales', [7, 'Anna', 3, 'Counter 2'], 'id = ' + sale.id);
    name('stock_movements', [7, 'Anna', 3, 'Counter 2'], "reason = 'order'");
    name('refunds', [1, 'Olga', null, null], 'sale_id = ' + sale.id);
    name('stock_movements', [1, 'Olga', null, null], "reason = 'returned'");
  } finally {
    db.close();
  }
  return sale;
}

const openSale = async (page: Page, sale: Sale) => {
  await page.goto(`${shop.host.url}#/sales`);
  await page.getByRole('button', { name: `Open sale ${sale.number}` }).click();
  return page.getByRole('dialog', { name: `Sale No. ${sale.number}`, exact: true });
};

test('the sale opened and its receipt say who served where; its refund who refunded', async ({ page }) => {
  const sale = await recordedSale();
  const dialog = await openSale(page, sale);
  await expect(dialog.getByText('Served by Anna · Counter 2')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Refunds' }).getByRole('listitem')).toContainText('(Olga)');
  await expectAccessible(page, 'a sale naming its clerk and till');

  await page.goto(`${shop.host.url}#/sales/${sale.id}/receipt?layout=80mm`);
  const receipt = page.locator('.receipt-paper');
  await expect(receipt.getByText('Served by Anna · Counter 2')).toBeVisible();
  await expectAccessible(page, 'a receipt naming its clerk and till');
});

test('a sale nobody was named on says nothing of who served', async ({ page }) => {
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 1000 }));
  const sale = await must(shop.host.call<Sale>('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'card', amount: 1000 }] }));
  const dialog = await openSale(page, sale);
  await expect(dialog.getByText('Subtotal')).toBeVisible();
  await expect(dialog).not.toContainText('Served');
  await page.goto(`${shop.host.url}#/sales/${sale.id}/receipt`);
  await expect(page.locator('.receipt-paper')).toContainText(`Receipt ${sale.number}`);
  await expect(page.locator('.receipt-paper')).not.toContainText('Served');
});

test("a pet's stock history says who made each change, in view at 900 px", async ({ page }) => {
  await recordedSale();
  await page.goto(`${shop.host.url}#/inventory`);
  await page.getByLabel('Search stock by pet name').fill('Rex');
  await page.getByRole('button', { name: 'Stock history of Rex' }).click();
  const history = page.getByRole('dialog', { name: 'Stock history of Rex' });
  await expect(history.getByText('4 changes, newest first')).toBeVisible();
  const by = (row: number) => history.getByRole('row').nth(row).getByRole('cell').nth(4);
  await expect(by(1)).toHaveText('Olga'); // returned by the refund
  await expect(by(2)).toHaveText('Anna · Counter 2'); // the sale's order
  await expect(by(3)).toHaveText('—'); // the count made outside any clerk's call
  await expect(history.getByRole('columnheader', { name: 'By' })).toBeInViewport();
  const overflow = await history.locator('.n-data-table-base-table-header').evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow, 'sideways scroll of the history').toBeLessThanOrEqual(0);
  await expectAccessible(page, 'a stock history naming its clerks');
});
