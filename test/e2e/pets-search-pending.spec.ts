import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * A screen-reader user hears that a search is running: while its answer is slow to come, the
 * count's polite live region says "Searching…" (after 300 ms, so that a quick search says only its
 * count) and the table is aria-busy; then the region says the new count. The page's clock is
 * paused and moved by hand, and the service's answer held back and released by the test, so what
 * is heard when does not depend on how fast the machine is.
 */

const shop = useShop('Dogs');

test.beforeEach(async () => {
  for (const name of ['Rex', 'Rosie', 'Tom']) await must(shop.host.call('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
});

const count = (page: Page) => page.locator('.pets__count');
const table = (page: Page) => page.getByRole('table', { name: 'Pets', exact: true });
const search = (page: Page) => page.getByLabel('Search pets by name or id');

/** Opens Pets with the page's clock paused: its timers run only as the test moves the clock on. */
async function openPetsPaused(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(`${shop.host.url}#/pets`);
  await expect(count(page)).toHaveText('3 pets');
  await expect(count(page)).toHaveAttribute('aria-live', 'polite');
  await page.clock.pauseAt(Date.now() + 1000);
}

/** Holds back the service's answers to pets.list until `answer` is called: then each goes on, or fails as if the store were gone. */
async function holdPetsList(page: Page, outcome: 'continue' | 'abort'): Promise<() => void> {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/__petstore/invoke/pets.list', async (route) => {
    await answered;
    await (outcome === 'continue' ? route.continue() : route.abort());
  });
  return answer;
}

/** Every text the count's live region has shown from now on. */
async function recordCount(page: Page): Promise<() => Promise<string[]>> {
  await count(page).evaluate((region) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => heard.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

test('a slow search says "Searching…" after 300 ms and marks the table busy, then says the count', async ({ page }) => {
  await openPetsPaused(page);
  const release = await holdPetsList(page, 'continue');

  await search(page).fill('R'); // Rex and Rosie
  await page.clock.runFor(299);
  await expect(count(page)).toHaveText('3 pets'); // a short wait says nothing yet
  await expect(table(page)).not.toHaveAttribute('aria-busy');
  await page.clock.runFor(1);
  await expect(count(page)).toHaveText('Searching…');
  await expect(page.getByRole('row', { name: /Tom/ })).toBeVisible(); // the old list, marked busy
  await expect(table(page)).toHaveAttribute('aria-busy', 'true');

  release();
  await expect(count(page)).toHaveText('2 pets');
  await expect(table(page)).not.toHaveAttribute('aria-busy');
  await expect(page.getByRole('row', { name: /Tom/ })).toHaveCount(0);
});

test('a search answered within 300 ms says only its count, and nothing after it', async ({ page }) => {
  await openPetsPaused(page);
  const heard = await recordCount(page);

  await search(page).fill('Tom');
  await expect(count(page)).toHaveText('1 pet');
  await expect(table(page)).not.toHaveAttribute('aria-busy');
  await page.clock.runFor(1000); // the 300 ms are long past: no late "Searching…"
  await expect(count(page)).toHaveText('1 pet');
  expect(await heard()).toEqual(['1 pet']);
});

test('a slow search that fails says so; the old list and its count stay, nothing is left busy', async ({ page }) => {
  await openPetsPaused(page);
  const fail = await holdPetsList(page, 'abort');

  await search(page).fill('R');
  await page.clock.runFor(300);
  await expect(count(page)).toHaveText('Searching…');

  fail();
  await expect(page.locator('.n-message').filter({ hasText: 'could not be reached' })).toBeVisible();
  await expect(count(page)).toHaveText('3 pets'); // the list shown is still the old one, and says so
  await expect(page.getByRole('row', { name: /Tom/ })).toBeVisible();
  await expect(table(page)).not.toHaveAttribute('aria-busy');
});
