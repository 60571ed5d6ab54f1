import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/** Orders found by number, filtered by the days they were placed and by cancelled, and sorted oldest first. */

const shop = useShop('Dogs');

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
const orderIds = async (page: Page) =>
  (await table(page).locator('tbody tr td:first-child').allInnerTexts()).map((text) => Number(text.replace('#', ''))).filter(Boolean);

async function openOrders(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
}

/** Three orders of one pet; the first cancelled. */
async function threeOrders(): Promise<number[]> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Pip', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await must(shop.host.call<{ id: number }>('orders.place', { petId: pet.id }))).id);
  await must(shop.host.call('orders.cancel', { orderId: ids[0] }));
  return ids;
}

test('an order is found by its number; emptying the number shows the list again', async ({ page }) => {
  const [, second, third] = await threeOrders();
  await openOrders(page);
  await expect.poll(() => orderIds(page)).toEqual([third, second]);
  const number = page.getByRole('searchbox', { name: 'Order number' });
  await number.fill(`#${second}`);
  await number.press('Enter');
  await expect.poll(() => orderIds(page)).toEqual([second]);
  await expect(page.locator('.orders__count')).toContainText(`order ${second} only`);
  await number.fill('999');
  await number.press('Enter');
  await expect(page.getByText('No order 999.')).toBeVisible();
  await number.fill('abc');
  await number.press('Enter');
  await expect(page.getByText('“abc” is not an order number: type its digits')).toBeVisible();
  await number.fill('');
  await number.press('Enter');
  await expect.poll(() => orderIds(page)).toEqual([third, second]);
});

test('the date placed is shown; cancelled orders are listed on asking; oldest first sorts the other way', async ({ page }) => {
  const [first, second, third] = await threeOrders();
  await openOrders(page);
  await expect(table(page).getByRole('columnheader', { name: 'Status, placed' })).toBeVisible();
  const year = String(new Date().getFullYear());
  await expect(table(page).getByRole('row').filter({ hasText: `#${third}` })).toContainText(year);

  await page.locator('label').filter({ has: page.getByRole('radio', { name: 'Cancelled', exact: true }) }).click();
  await expect.poll(() => orderIds(page)).toEqual([first]);
  await expect(table(page).getByRole('row').filter({ hasText: `#${first}` })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: `Fulfil order ${first}` })).toHaveCount(0);

  await page.locator('label').filter({ has: page.getByRole('radio', { name: 'All', exact: true }) }).click();
  await page.locator('label').filter({ has: page.getByRole('radio', { name: 'Oldest first', exact: true }) }).click();
  await expect.poll(() => orderIds(page)).toEqual([second, third]);
  // A new order goes to the end of an oldest-first list; a cancel under "Cancelled" adds its row.
  const fourth = (await must(shop.host.call<{ id: number; petId: number }>('orders.place', { petId: (await must(shop.host.call<{ petId: number }>('orders.get', { orderId: second }))).petId }))).id;
  await expect.poll(() => orderIds(page)).toEqual([second, third, fourth]);
});

test('the days placed filter the list, in the shop\'s days', async ({ page }) => {
  const [, second, third] = await threeOrders();
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  // The shop's time zone is this machine's (the test's browser runs here too).
  await openOrders(page);
  const from = page.getByRole('textbox', { name: 'Placed from day' });
  await from.fill('2020-01-01');
  await from.press('Enter');
  const to = page.getByRole('textbox', { name: 'Placed to day' });
  await to.fill('2020-12-31');
  await to.press('Enter');
  await expect(page.getByText('No orders placed on these days.')).toBeVisible();
  await to.fill(today);
  await to.press('Enter');
  await expect.poll(() => orderIds(page)).toEqual([third, second]);
  await expect(page.locator('.orders__count')).toHaveText('2 orders');
});

test('a cancelled order is placed again with Undo in the toast, under a new number', async ({ page }) => {
  const [, second] = await threeOrders();
  await openOrders(page);
  await page.getByRole('button', { name: `Cancel order ${second}` }).click();
  await page.getByRole('dialog', { name: `Cancel order ${second}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order ${second} cancelled; 1 × Pip back in stock`)).toBeVisible();
  await page.getByRole('button', { name: `Undo cancelling order ${second}` }).click();
  const again = page.getByText(new RegExp(`Order ${second} placed again as order (\\d+)`));
  await expect(again).toBeVisible();
  const newId = Number(/as order (\d+)/.exec(await again.innerText())![1]);
  await expect(table(page).getByRole('row').filter({ hasText: `#${newId}` })).toContainText('Open');
  expect(await must(shop.host.call('orders.get', { orderId: newId }))).toMatchObject({ status: 'open', quantity: 1 });
});

test('the spinner is gone as the rows are drawn, not faded out over them', async ({ page }) => {
  await threeOrders();
  // Watched from before the first row: each moment a row and the table's spinner were both on screen.
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { spinnerOverRows: number[] }).spinnerOverRows = seen;
    const watch = () => {
      const rows = document.querySelectorAll('.orders__table tbody tr td').length > 0;
      if (rows && document.querySelector('.orders__table .n-data-table-loading-wrapper')) seen.push(performance.now());
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await openOrders(page);
  await expect.poll(() => orderIds(page)).toHaveLength(2);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400))); // past naive-ui's 200 ms fade
  const frames = await page.evaluate(() => (window as unknown as { spinnerOverRows: number[] }).spinnerOverRows);
  // A frame or two while Vue removes it; naive-ui's fade kept it over the rows for a dozen.
  expect(frames.length, 'frames with the spinner over drawn rows').toBeLessThanOrEqual(3);
});
