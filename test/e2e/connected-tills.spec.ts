import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test';
import { must, startConnectedHost, type RunningHost } from './support/browser-host';
import { startShopServer, type ShopServer } from './support/shop-server';
import { expectAccessible } from './support/screens';

const PETSTORE = join(import.meta.dirname, '..', '..', 'bin', 'petstore.mjs');

/**
 * One shop server (`petstore serve`) and two tills (browser hosts in connected mode), each in its
 * own browser context: what one till does, the other sees; the server killed mid-sale loses nothing.
 */
let server: ShopServer;
let tillA: RunningHost;
let tillB: RunningHost;
let pageB: Page;

test.beforeEach(async ({ browser }) => {
  server = await startShopServer();
  tillA = await startConnectedHost(server.origin, server.token, 'Till A');
  tillB = await startConnectedHost(server.origin, server.token, 'Till B');
  const context = await browser.newContext();
  pageB = await context.newPage();
  const errors: string[] = [];
  pageB.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  (pageB as unknown as { errors: string[] }).errors = errors;
});
test.afterEach(async () => {
  expect((pageB as unknown as { errors: string[] }).errors, 'uncaught exceptions on till B').toEqual([]);
  await pageB.context().close();
  await tillA?.stop();
  await tillB?.stop();
  await server?.close();
});

/** A pet with a SKU and stock on the shop server, over its REST API. */
async function addPet(name: string, sku: string, price: number, stock: number): Promise<number> {
  const categories = await server.rest<{ id: number }[]>('GET', '/categories');
  const categoryId = categories[0]?.id ?? (await server.rest<{ id: number }>('POST', '/categories', { name: 'Dogs' })).id;
  const pet = await server.rest<{ id: number }>('POST', '/pets', { name, sku, price, categoryId });
  await server.rest('PUT', `/store/inventory/${pet.id}`, { quantity: stock });
  return pet.id;
}

const salesOnServer = async () => (await server.rest<{ id: number; number: number }[]>('GET', '/sales'));

async function openTill(page: Page, till: RunningHost): Promise<void> {
  await page.goto(till.url);
  await expect(page.getByRole('heading', { name: 'Till', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Scan a barcode or type a name' })).toBeFocused();
}

/** Scans `sku` and goes on to pay `cash` (typed, not yet sold). */
async function basketToPay(page: Page, sku: string, name: string, cash: string): Promise<void> {
  await page.keyboard.type(sku);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Added ${name}` })).toBeVisible();
  await page.keyboard.press('Enter'); // on to the payment
  await expect(page.getByRole('textbox', { name: 'Cash handed over' })).toBeFocused();
  await page.keyboard.type(cash);
}

test('a sale on one till appears on the other without a reload', async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  await pageB.goto(`${tillB.url}#/sales`);
  await expect(pageB.getByRole('heading', { name: 'Sales', level: 2 })).toBeVisible();
  await expect(pageB.getByRole('table', { name: /Sales/ }).getByRole('row').filter({ hasText: 'No. 1' })).toHaveCount(0);

  await openTill(page, tillA);
  await basketToPay(page, 'DOG-1', 'Rex', '20');
  await page.keyboard.press('Enter'); // sells
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);

  await expect(pageB.getByRole('table', { name: /Sales/ }).getByRole('row').filter({ hasText: 'No. 1' })).toContainText('€19.99');
  expect(await salesOnServer()).toHaveLength(1);
  // Where the till is connected is told by app.info; the owner's work is the server machine's.
  expect(await must(tillB.call('app.info', {}))).toMatchObject({ connection: { server: server.origin, tillName: 'Till B' } });
  expect(await tillB.call('tokens.list', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

  // Settings on a till: where it works, the look; the owner's parts are the server machine's.
  await pageB.goto(`${tillB.url}#/settings`);
  await expect(pageB.getByTestId('settings-till')).toContainText(`This till works on the shop server at ${server.origin} as “Till B”`);
  await expect(pageB.getByRole('heading', { name: 'Integrations' })).toHaveCount(0);
  await expect(pageB.locator('#toasts')).toBeEmpty();
  await expectAccessible(pageB, 'Settings on a connected till');
});

test("a till's Dashboard shows the shop's figures and follows the other till; its receipt prints the shop's address, tax id and footer", async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  // The receipt's texts are owner settings: set on the server's machine, read by the tills over GET /v1/shop.
  execFileSync(process.execPath, [PETSTORE, 'settings', 'set', 'shopAddress=1 Main Street\n12345 Springfield', 'shopTaxId=DE123456789', 'receiptFooter=Returns within 14 days.', '--db', server.databaseFile]);
  await pageB.goto(`${tillB.url}#/dashboard`);
  await expect(pageB.getByRole('heading', { name: 'At a glance' })).toBeVisible();
  const tile = (label: string) => pageB.getByRole('listitem').filter({ hasText: label });
  await expect(tile('available pets')).toContainText('1');
  await expect(tile('Open orders')).toContainText('0');
  await expect(pageB.getByRole('row').filter({ hasText: 'Stock of Rex now 3' })).toBeVisible();
  await expect(pageB.locator('#toasts')).toBeEmpty();
  await expectAccessible(pageB, 'the Dashboard on a connected till');

  await openTill(page, tillA);
  await basketToPay(page, 'DOG-1', 'Rex', '20');
  await page.keyboard.press('Enter'); // sells
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  const paper = page.locator('article.receipt-paper');
  for (const text of ['Pet Store', '1 Main Street', '12345 Springfield', 'Tax id: DE123456789', 'Returns within 14 days.']) await expect(paper).toContainText(text);

  // Till B's Dashboard follows the sale made on till A, without a reload.
  await expect(pageB.getByRole('row').filter({ hasText: 'Sale 1 made: €19.99' })).toBeVisible();
  await expect(pageB.getByRole('row').filter({ hasText: 'Stock of Rex now 2' })).toBeVisible();
});

test('both tills selling the last unit at once: one sells, the other is told on its line', async ({ page }) => {
  await addPet('Bella', 'DOG-2', 2450, 1);
  await openTill(page, tillA);
  await openTill(pageB, tillB);
  await basketToPay(page, 'DOG-2', 'Bella', '30');
  await basketToPay(pageB, 'DOG-2', 'Bella', '30');
  await Promise.all([page.keyboard.press('Enter'), pageB.keyboard.press('Enter')]);

  // Exactly one sale; the page that sold shows its receipt, the other keeps its basket and says why on the line.
  await expect.poll(async () => (await salesOnServer()).length).toBe(1);
  const sold = (p: Page) => /#\/sales\/\d+\/receipt/.test(p.url());
  await expect.poll(() => [sold(page), sold(pageB)].filter(Boolean).length).toBe(1);
  const other = sold(page) ? pageB : page;
  const line = other.getByRole('row').filter({ has: other.getByRole('rowheader', { name: /^Bella\b/ }) });
  await expect(line).toContainText(/not for sale|in stock/);
  expect(await salesOnServer()).toHaveLength(1);
});

test('the server killed mid-sale and started again: the sale is made once; the banner comes and goes', async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  await openTill(page, tillA);
  await basketToPay(page, 'DOG-1', 'Rex', '20');
  await server.kill();
  await page.keyboard.press('Enter'); // sells: the server does not answer
  const banner = page.getByTestId('link-banner');
  await expect(banner).toContainText('Waiting for the shop server…');
  await expectAccessible(page, 'the till with its link banner');
  // No toast repeats what the banner says.
  await expect(page.locator('#toasts')).not.toContainText('cannot be reached');

  await server.start();
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/, { timeout: 15_000 });
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('link-back')).toContainText('The shop server is back');
  expect(await salesOnServer()).toHaveLength(1);
});
