import type { PetstoreBridge } from '../../src-shared/bridge';
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * The browser host answers only the page opened at the address it printed (which holds its
 * secret): that page keeps the secret for its tab, drops it from the address bar and keeps
 * working when reloaded; a page opened without it, or with a wrong one, is refused.
 */

const shop = useShop('Dogs');

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) });
/** What the page's own bridge answers for a read (as every screen would call it). */
const listFromPage = (page: Page) => page.evaluate(() => (window as unknown as { petstore: PetstoreBridge }).petstore.invoke('categories.list', {}));

test('the page opened at the printed address works, hides the secret from the address bar, and still works after a reload', async ({ page }) => {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(row(page, 'Dogs')).toBeVisible();
  expect(page.url()).toBe(`${new URL(shop.host.url).origin}/#/categories`);

  await page.reload();
  await expect(row(page, 'Dogs')).toBeVisible();
  expect(await listFromPage(page)).toMatchObject({ ok: true });
  // The reloaded page's event stream is authorised too: a change made elsewhere shows at once.
  await must(shop.host.call('categories.create', { name: 'Cats' }));
  await expect(row(page, 'Cats')).toBeVisible();
});

test('a page opened without the secret, or with a wrong one, is refused', async ({ page }) => {
  const origin = new URL(shop.host.url).origin;
  const wrong = shop.host.secret.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
  for (const address of [`${origin}/#/categories`, `${origin}/?secret=${wrong}#/categories`]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
    expect(await listFromPage(page), address).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED', status: 401 } });
    await expect(page.getByText('secret is missing or wrong').first()).toBeVisible(); // the clerk is told what to open
    await expect(row(page, 'Dogs')).toHaveCount(0);
  }
});

test('the secret stays with its tab: another tab opened without it is refused', async ({ page, context }) => {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(row(page, 'Dogs')).toBeVisible();
  const other = await context.newPage();
  await other.goto(`${new URL(shop.host.url).origin}/#/categories`);
  expect(await listFromPage(other)).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  await other.close();
});
