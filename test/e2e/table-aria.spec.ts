/**
 * A data table reads as one table to a screen reader: naive-ui draws a table whose body scrolls
 * as two <table>s (the column headings, the rows), and `v-table-label` makes their wrapper the one
 * named table that owns both, with the list's size and, under virtual scrolling, each row's place
 * in the list. Asked the way a screen reader asks: by role and name.
 */
import { expect, test, type Page } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';
import { expectAccessible } from './support/screens';

const PETS = 100_000;
const ORDERS = 30;
let host: RunningHost;
let firstPetId: number;

// Its tests only read: they share one store of 100,000 pets (an import of seconds), in one worker.
test.describe.configure({ mode: 'default' });
test.beforeAll(async () => {
  host = await startHost();
  const fish = (await must(host.call<{ id: number }>('categories.create', { name: 'Fish' }))).id;
  await must(host.call('categories.create', { name: 'Birds' }));
  const content = ['name,category', ...Array.from({ length: PETS }, (_, i) => `Goldie ${i + 1},${fish}`)].join('\n');
  await must(host.call('data.import', { format: 'csv', content }));
  const first = await must(host.call<{ items: Array<{ id: number; name: string }> }>('pets.list', { limit: 1 }));
  expect(first.items[0].name).toBe('Goldie 1');
  firstPetId = first.items[0].id;
  await must(host.call('inventory.set', { petId: firstPetId, update: { quantity: 1000 } }));
  for (let i = 0; i < ORDERS; i++) await must(host.call('orders.place', { petId: firstPetId }));
});
test.afterAll(async () => host?.stop());

async function open(page: Page, screen: string, heading: string): Promise<void> {
  await page.goto(`${host.url}#/${screen}`);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

/** The screen's one table: no other table on it, its column headings and a row's cells inside it. */
async function expectOneTable(page: Page, name: string, headings: string[], rowName = headings.join(' ')): Promise<void> {
  const table = page.getByRole('table', { name, exact: true });
  await expect(table).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(1); // the headings are not a table of their own
  await expect(table.getByRole('columnheader')).toHaveText(headings);
  await expect(table.getByRole('row').first()).toHaveAccessibleName(rowName);
}

test('Pets: 100,000 pets are one table of 100,001 rows, and each row drawn says where it is in the list', async ({ page }) => {
  await open(page, 'pets', 'Pets');
  await expect(page.getByText('100,000 pets')).toBeVisible();
  // The first heading is the checkbox that selects every pet listed: its name starts the row's.
  const headings = ['', 'Id', 'Name', 'Category', 'Status', 'Stock', 'Price', 'SKU', 'Actions'];
  await expectOneTable(page, 'Pets', headings, `Select every pet listed${headings.join(' ')}`);
  const table = page.getByRole('table', { name: 'Pets', exact: true });
  await expect(table).toHaveAttribute('aria-rowcount', String(PETS + 1)); // the headings are row 1

  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Goldie 3', exact: true }) });
  await expect(row.getByRole('cell')).toHaveText(['', String(firstPetId + 2), 'Goldie 3', 'Fish', 'available', '1', '–', '', /Edit/]);
  await expect(row).toHaveAttribute('aria-rowindex', '4');
  await expect(table.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1');

  // Scrolled down, the virtual list draws a window of rows: each says its place in the whole list.
  await page.locator('.pets__table').evaluate((list) => list.scrollTo(0, 3000));
  const goldie150 = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Goldie 150', exact: true }) });
  await expect(async () => {
    await page.locator('.pets__table').evaluate((list) => list.scrollBy(0, 400));
    await expect(goldie150).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(goldie150).toHaveAttribute('aria-rowindex', '151');
  await expect(table.getByRole('row', { name: /Id Name/ })).toHaveAttribute('aria-rowindex', '1');
  await expect(table.getByRole('row', { name: /Goldie 1 Fish/ })).toHaveCount(0); // no longer drawn
  const drawn = await table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).map((row) => [Number(row.getAttribute('aria-rowindex')), Number(row.querySelector('td[data-col-key="id"]')?.textContent)]),
  );
  expect(drawn.length).toBeGreaterThan(5);
  for (const [index, id] of drawn) expect(index, `row of pet ${id}`).toBe(id - firstPetId + 2);

  await expectAccessible(page, 'pets, 100,000 of them, scrolled');
});

test('Orders: one table, the count of all orders, an order’s cells in it', async ({ page }) => {
  await open(page, 'orders', 'Orders');
  await expect(page.getByText(`${ORDERS} orders`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders', exact: true });
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Pet' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', String(ORDERS + 1));
  const newest = table.getByRole('row').nth(1);
  await expect(newest.getByRole('cell', { name: 'Goldie 1', exact: false }).first()).toBeVisible();
  await expect(newest).toHaveAttribute('aria-rowindex', '2');
  await expectAccessible(page, 'orders');
});

test('Categories and Inventory: one table each, with their column headings', async ({ page }) => {
  await open(page, 'categories', 'Categories');
  await expectOneTable(page, 'Categories', ['Name', 'Description', 'Tax rate', 'Pets', 'Actions']);
  const table = page.getByRole('table', { name: 'Categories', exact: true });
  await expect(table).toHaveAttribute('aria-rowcount', '3'); // every category is listed: the headings and two rows
  await expect(table.getByRole('row', { name: /Birds/ }).getByRole('cell', { name: 'Birds', exact: true })).toBeVisible();
  await expectAccessible(page, 'categories');

  await open(page, 'inventory', 'Inventory');
  const stock = page.getByRole('table', { name: 'Stock levels', exact: true });
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(stock.getByRole('columnheader', { name: 'Pet', exact: true })).toBeVisible();
  await expect(stock).toHaveAttribute('aria-rowcount', String(PETS + 1));
  await expect(stock.getByRole('row', { name: /Goldie 2\b/ }).getByRole('cell', { name: 'Goldie 2', exact: true })).toBeVisible();
  await expectAccessible(page, 'inventory');
});
