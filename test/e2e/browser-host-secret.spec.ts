import type { PetstoreBridge } from '../../src-shared/bridge';
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * The browser host answers only the page opened at the address it printed (which holds its
 * secret): the secret stays in the page's address through its screens and a reload; a page opened
 * without it, or with a wrong one, is refused, and its clerk is told what to open.
 */

const shop = useShop('Dogs');

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) });
/** What the page's own bridge answers for a read (as every screen would call it). */
const listFromPage = (page: Page) => page.evaluate(() => (window as unknown as { petstore: PetstoreBridge }).petstore.invoke('categories.list', {}));

test('the page opened at the printed address works, keeps the secret through its screens, and still works after a reload', async ({ page }) => {
  await page.goto(`${shop.host.url}#/dashboard`);
  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(row(page, 'Dogs')).toBeVisible();
  expect(page.url()).toBe(`${shop.host.url}#/categories`);

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

test('another tab of the same browser opened without the secret is refused (no cookie or storage hands it on)', async ({ page, context }) => {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(row(page, 'Dogs')).toBeVisible();
  const other = await context.newPage();
  await other.goto(`${new URL(shop.host.url).origin}/#/categories`);
  expect(await listFromPage(other)).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  await other.close();
});

test('a change committed while the page connects its event stream is shown: the page reads only once the stream follows the log', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let connecting!: () => void;
  const streamAsked = new Promise<void>((resolve) => (connecting = resolve));
  await page.route('**/__petstore/events?*', async (route) => {
    connecting();
    await held;
    await route.continue();
  });
  await page.goto(`${shop.host.url}#/categories`);
  // The page is connecting its stream (the window waits for it: even who is signed in is read after).
  await streamAsked;
  // Had the screen read the store already, it would neither have this category nor hear of it.
  await must(shop.host.call('categories.create', { name: 'Hamsters' }));
  release();
  await expect(row(page, 'Hamsters')).toBeVisible();
  await expect(row(page, 'Dogs')).toBeVisible();
});
