/**
 * A long orders list (250 orders, pages of 100): more load as the clerk scrolls, and fulfilling,
 * cancelling or an order placed elsewhere keep the clerk's place instead of going back to the top.
 */
import { expect, test, type Page } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';

const ORDERS = 250;
let host: RunningHost;
let herdId: number;
let ids: number[];

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
  const dogs = await must(host.call<{ id: number }>('categories.create', { name: 'Dogs' }));
  herdId = (await must(host.call<{ id: number }>('pets.create', { name: 'Herd', categoryId: dogs.id }))).id;
  await must(host.call('inventory.set', { petId: herdId, update: { quantity: 1000 } }));
  ids = [];
  for (let i = 0; i < ORDERS; i++) ids.push((await must(host.call<{ id: number }>('orders.place', { petId: herdId }))).id);
});
test.afterAll(async () => host?.stop());

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
const orderRow = (page: Page, id: number) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
/** The table body's scrolling box (naive-ui's virtual list). */
const scroller = (page: Page) => page.locator('.orders__table .v-vl');
const scrollTop = (page: Page) => scroller(page).evaluate((element) => element.scrollTop);

test('scrolling loads the older orders; Fulfil, Cancel and an order placed elsewhere keep the clerk’s place', async ({ page }) => {
  await page.goto(`${host.url}#/orders`);
  await expect(page.getByText(`${ORDERS} orders`)).toBeVisible();
  await expect(orderRow(page, ids.at(-1)!)).toBeVisible(); // newest first

  // To the end of the list: the next pages load on the way, down to the oldest order.
  await expect(async () => {
    await scroller(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(orderRow(page, ids[0])).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Show more orders' })).toHaveCount(0);

  // Deep in the list: a clerk fulfils one order and cancels another.
  const deep = ids[3];
  await orderRow(page, deep).getByRole('button', { name: `Fulfil order ${deep}` }).click();
  await page.getByRole('dialog', { name: `Fulfil order ${deep}?` }).getByRole('button', { name: 'Fulfil order', exact: true }).click();
  await expect(orderRow(page, deep)).toContainText('Complete');
  await expect(page.getByText(`Order ${deep} fulfilled`)).toBeVisible();
  const cancelled = ids[2];
  await orderRow(page, cancelled).getByRole('button', { name: `Cancel order ${cancelled}` }).click();
  await page.getByRole('dialog', { name: `Cancel order ${cancelled}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(orderRow(page, cancelled)).toHaveCount(0);
  await expect(page.getByText(`${ORDERS - 1} orders`)).toBeVisible();
  // Still at the end of the list, not back at its top.
  await expect(orderRow(page, ids[0])).toBeVisible();
  await expect(orderRow(page, ids.at(-1)!)).toHaveCount(0);
  const deepScroll = await scrollTop(page);
  expect(deepScroll).toBeGreaterThan(5000);

  // Elsewhere: a new order (it goes on top, out of sight) and one fulfilled near the clerk.
  const elsewhere = await must(host.call<{ id: number }>('orders.place', { petId: herdId, quantity: 2 }));
  await must(host.call('orders.update', { orderId: ids[1], changes: { complete: true } }));
  await expect(page.getByText(`${ORDERS} orders`)).toBeVisible();
  await expect(orderRow(page, ids[1])).toContainText('Complete');
  await expect(orderRow(page, ids[0])).toBeVisible();
  expect(await scrollTop(page)).toBeGreaterThan(5000);

  // Back at the top, the order placed elsewhere heads the list.
  await scroller(page).evaluate((element) => element.scrollTo(0, 0));
  await expect(table(page).locator('tbody tr').first()).toContainText(`#${elsewhere.id}`);
});

test('under “Open”, orders fulfilled elsewhere leave the list and the older open orders load in their place', async ({ page }) => {
  await page.goto(`${host.url}#/orders`);
  await page.getByRole('radio', { name: 'Open' }).check({ force: true });
  const open = (await must(host.call<{ items: Array<{ id: number }>; total: number }>('orders.list', { complete: false, limit: 100 }))).items;
  const { total: openTotal } = await must(host.call<{ total: number }>('orders.list', { complete: false, limit: 1 }));
  expect(openTotal).toBeGreaterThan(200);
  await expect(page.getByText(`${openTotal} orders`)).toBeVisible();
  await expect(orderRow(page, open[0].id)).toBeVisible();

  // Every open order the first page showed is fulfilled elsewhere: none of the rows loaded is left.
  for (const order of open) await must(host.call('orders.update', { orderId: order.id, changes: { complete: true } }));
  await expect(page.getByText(`${openTotal - 100} orders`)).toBeVisible();
  const older = (await must(host.call<{ items: Array<{ id: number }> }>('orders.list', { complete: false, limit: 1 }))).items[0];
  await expect(orderRow(page, older.id)).toBeVisible(); // the next page came without a scroll the empty list could not give
  await expect(orderRow(page, open[0].id)).toHaveCount(0);
  await expect(page.getByText('No open orders yet.')).toHaveCount(0);
});
