import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * With a search or filters on, the Pets list follows changes made elsewhere by what the filters
 * say now: a pet that stops matching leaves, one that starts matching comes, and the count
 * follows; the clerk's scroll position and focus stay.
 */

const shop = useShop('Dogs', 'Cats');

const names = (page: Page) => page.locator('.pets__table td[data-col-key="name"]').allInnerTexts();
const count = (page: Page) => page.locator('.pets__count');

async function openPets(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
}

async function filterBy(page: Page, category: string, status: string): Promise<void> {
  await page.getByLabel('Filter by category').fill(category);
  // Enter picks only what the list offers: the categories may still be loading.
  await expect(page.getByRole('option', { name: category, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.locator('.n-base-selection', { hasText: 'Any status' }).click();
  await page.keyboard.type(status);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

test('a pet whose last unit is ordered elsewhere leaves the "available" list, and the count follows', async ({ page }) => {
  const lastOne = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Lastone', categoryId: shop.categoryId('Cats') }));
  await must(shop.host.call('pets.create', { name: 'Plenty', categoryId: shop.categoryId('Cats') }));
  await must(shop.host.call('pets.create', { name: 'Otherdog', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await filterBy(page, 'Cats', 'available');
  await expect.poll(() => names(page)).toEqual(['Lastone', 'Plenty']);
  await expect(count(page)).toHaveText('2 pets');

  await must(shop.host.call('orders.place', { petId: lastOne.id, quantity: 1 })); // another tab: now pending
  await expect.poll(() => names(page)).toEqual(['Plenty']);
  await expect(count(page)).toHaveText('1 pet');
});

test('a pet renamed elsewhere to match the search appears; one renamed out of it leaves', async ({ page }) => {
  const rosie = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rosie', categoryId: shop.categoryId('Dogs') }));
  const daisy = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Daisy', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill('Daisy');
  await expect.poll(() => names(page)).toEqual(['Daisy']);

  await must(shop.host.call('pets.update', { petId: rosie.id, changes: { name: 'Daisy Lou' } }));
  await expect.poll(() => names(page)).toEqual(['Daisy Lou', 'Daisy']); // by id: Rosie came first
  await expect(count(page)).toHaveText('2 pets');
  await must(shop.host.call('pets.update', { petId: daisy.id, changes: { name: 'Marguerite' } }));
  await expect.poll(() => names(page)).toEqual(['Daisy Lou']);
  await expect(count(page)).toHaveText('1 pet');
});

test('the re-read list keeps the scroll position and the focus', async ({ page }) => {
  const ids: number[] = [];
  for (let i = 1; i <= 60; i++) ids.push((await must(shop.host.call<{ id: number }>('pets.create', { name: `Hamster ${i}`, categoryId: shop.categoryId('Dogs') }))).id);
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill('Hamster');
  await expect(count(page)).toHaveText('60 pets');
  const edit = page.getByRole('button', { name: 'Edit Hamster 40', exact: true });
  await page.locator('.pets__table tbody').hover();
  await page.mouse.wheel(0, 900);
  await expect(edit).toBeVisible();
  await edit.focus();
  const scroller = page.locator('.pets__table').first();
  const before = await scroller.evaluate((element) => element.scrollTop);
  expect(before).toBeGreaterThan(0);

  // Renamed elsewhere out of the search, above the focused row.
  await must(shop.host.call('pets.update', { petId: ids[1]!, changes: { name: 'Gerbil' } }));
  await expect(count(page)).toHaveText('59 pets');
  await expect.poll(() => names(page)).not.toContain('Hamster 2');
  await expect(edit).toBeFocused();
  const after = await scroller.evaluate((element) => element.scrollTop);
  expect(Math.abs(after - before)).toBeLessThan(100);
});

test('a new search starts at the top of its list, not where the clerk had scrolled the last one', async ({ page }) => {
  for (let i = 1; i <= 80; i++) await must(shop.host.call('pets.create', { name: `Ferret ${i}`, categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  const search = page.getByLabel('Search pets by name or id');
  await search.fill('Ferret');
  await expect(count(page)).toHaveText('80 pets');
  await page.locator('.pets__table tbody').hover();
  await page.mouse.wheel(0, 2000);
  const scroller = page.locator('.pets__table').first();
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(500);
  await search.fill('ferre'); // another search, as long a list
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(0);
  await expect(page.getByRole('button', { name: 'Edit Ferret 1', exact: true })).toBeInViewport();
});

test('reaching the bottom while the list is re-read still loads the next page once the re-read is done', async ({ page }) => {
  const dogs = shop.categoryId('Dogs');
  for (let start = 1; start <= 450; start += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, i) => must(shop.host.call('pets.create', { name: `Mouse ${start + i}`, categoryId: dogs }))));
  }
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill('Mouse');
  await expect(count(page)).toHaveText('450 pets');
  const scroller = page.locator('.pets__table').first();
  const height = () => scroller.evaluate((element) => element.scrollHeight);
  const firstPage = await height();

  // The next read of the list (the re-read a change elsewhere asks for) waits until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  let heard!: () => void;
  const heldNow = new Promise<void>((resolve) => (heard = resolve));
  await page.route('**/__petstore/invoke/pets.list', async (route) => {
    if (held) return route.continue();
    held = true;
    heard();
    await released;
    await route.continue();
  });
  await must(shop.host.call('pets.create', { name: 'Budgie', categoryId: dogs })); // elsewhere; not in the search
  await heldNow;
  // The clerk reaches the bottom of the 200 rows loaded while the re-read runs.
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.waitForTimeout(200);
  release();

  await expect.poll(height).toBeGreaterThan(firstPage * 1.5); // the next 200 rows came
});

test('a focused row renamed elsewhere out of the search hands the focus to the next row, or the one before at the end', async ({ page }) => {
  const dogs = shop.categoryId('Dogs');
  const ids: number[] = [];
  for (let i = 1; i <= 3; i++) ids.push((await must(shop.host.call<{ id: number }>('pets.create', { name: `Finch ${i}`, categoryId: dogs }))).id);
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill('Finch');
  await expect(count(page)).toHaveText('3 pets');

  await page.getByRole('button', { name: 'Edit Finch 2', exact: true }).focus();
  await must(shop.host.call('pets.update', { petId: ids[1]!, changes: { name: 'Robin' } }));
  await expect(count(page)).toHaveText('2 pets');
  await expect(page.getByRole('button', { name: 'Edit Finch 3', exact: true })).toBeFocused();

  await must(shop.host.call('pets.update', { petId: ids[2]!, changes: { name: 'Wren' } })); // the last row
  await expect(count(page)).toHaveText('1 pet');
  await expect(page.getByRole('button', { name: 'Edit Finch 1', exact: true })).toBeFocused();
});
