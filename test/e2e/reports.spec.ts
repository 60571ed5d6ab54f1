import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { readPdf } from './support/pdf';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';

const shop = useShop('Dogs', 'Fish');

interface Shop {
  timeZone: string;
}

/** A pet with a price (minor units) and stock. */
async function addPet(name: string, category: string, price: number, stock = 5): Promise<number> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId(category), price }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  return pet.id;
}

/** A sale handed over now, paid as given. */
const sell = (lines: { petId: number; quantity?: number }[], payments: { method: string; amount: number }[]) =>
  must(shop.host.call<{ id: number; total: number }>('sales.create', { lines, payments }));

/** Today in the shop's zone, as the service counts it. */
async function today(): Promise<string> {
  const { timeZone } = await must(shop.host.call<Shop>('shop.get', {}));
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function openReports(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/reports`);
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
}

const figure = (page: Page, term: string) => page.getByTestId('day-figures').locator('.day-figures__item').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');

/** A shop with two sales today: Rex (100.00, cash 150.00) and two Goldies (2 × 5.00, card). */
async function twoSales(): Promise<void> {
  const rex = await addPet('Rex', 'Dogs', 10_000);
  const goldie = await addPet('Goldie', 'Fish', 500);
  await sell([{ petId: rex }], [{ method: 'cash', amount: 15_000 }]);
  await sell([{ petId: goldie, quantity: 2 }], [{ method: 'card', amount: 1_000 }]);
}

test('today’s end-of-day report shows the day’s figures, the payments and the cash the drawer gained, and follows a new sale', async ({ page }) => {
  await twoSales();
  await openReports(page);
  await expect(figure(page, 'Sales')).toHaveText('2');
  await expect(figure(page, 'Units sold')).toHaveText('3');
  await expect(figure(page, 'Total sold')).toHaveText('€110.00');
  await expect(page.getByTestId('day-figures').locator('.day-figures__cash-value')).toHaveText('€100.00'); // 150 taken, 50 change
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row', { name: /^Cash/ })).toContainText('€150.00');
  await expect(payments.getByRole('row', { name: /^Cash/ })).toContainText('€50.00');
  await expect(payments.getByRole('row', { name: /^Card/ })).toContainText('€10.00');
  await expect(page.getByRole('heading', { name: /^End of day: / })).toBeVisible();

  // A sale made elsewhere shows without a reload.
  const milo = await addPet('Milo', 'Dogs', 2_000);
  await sell([{ petId: milo }], [{ method: 'cash', amount: 2_000 }]);
  await expect(figure(page, 'Sales')).toHaveText('3');
  await expect(page.getByTestId('day-figures').locator('.day-figures__cash-value')).toHaveText('€120.00');

  // The day before had nothing; Today comes back.
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(figure(page, 'Sales')).toHaveText('0');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(figure(page, 'Sales')).toHaveText('3');
});

test('the sales over a range are a chart and a table by day, category, pet and payment method, exported as CSV', async ({ page }) => {
  await twoSales();
  const now = await today();
  await openReports(page);
  const table = page.getByRole('table', { name: 'Sales by day' });
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('€110.00');
  await expect(table.getByRole('row', { name: new RegExp(`^${now}`) })).toContainText('€110.00');
  await expect(page.getByRole('img', { name: /^Sales by day from .*: €110\.00 sold, €0\.00 refunded/ })).toBeVisible();

  await page.getByText('By category', { exact: true }).click();
  const byCategory = page.getByRole('table', { name: 'Sales by category' });
  await expect(byCategory.getByRole('row', { name: /^Dogs/ })).toContainText('€100.00');
  await expect(byCategory.getByRole('row', { name: /^Fish/ })).toContainText('€10.00');

  await page.getByText('By payment method', { exact: true }).click();
  const byMethod = page.getByRole('table', { name: 'Sales by payment method' });
  await expect(byMethod.getByRole('row', { name: /^Cash/ })).toContainText('€100.00'); // kept: 150 − 50 change

  await page.getByText('By pet', { exact: true }).click();
  const byPet = page.getByRole('table', { name: 'Sales by pet' });
  await expect(byPet.getByRole('row', { name: /^Goldie/ })).toContainText('€10.00');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sales-by-pet-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-EUR\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe('Pet,Sales,Units,Gross,Discounts,Net,Tax,Total,Refunds,Units refunded,Takings');
  expect(csv).toContain(csv.find((line) => line.startsWith('Rex,1,1,100.00,0.00,')));
  expect(csv.at(-1)).toMatch(/^Total,2,3,110\.00,0\.00,[\d.]+,[\d.]+,110\.00,0\.00,0,110\.00$/);
});

test('the range and its grouping are set from the keyboard alone', async ({ page }) => {
  await twoSales();
  await openReports(page);
  const to = page.getByRole('textbox', { name: 'To (YYYY-MM-DD)' });
  await expect(page.getByRole('table', { name: 'Sales by day' }).getByRole('row', { name: /^Total/ })).toContainText('€110.00');
  await to.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(await today());
  await page.keyboard.press('Enter');
  // From the day radio, the arrow keys move through the groupings, each shown as it is chosen.
  await page.getByRole('radio', { name: 'By day' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('table', { name: 'Sales by category' }).getByRole('row', { name: /^Dogs/ })).toContainText('€100.00');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('table', { name: 'Sales by payment method' }).getByRole('row', { name: /^Card/ })).toContainText('€10.00');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^sales-by-payment-method-.*\.csv$/);
});

test('dates that are not days, a range backwards or longer than three years are said under the fields and not asked for', async ({ page }) => {
  await openReports(page);
  await expect(figure(page, 'Sales')).toHaveText('0');
  const day = page.getByRole('textbox', { name: 'Day (YYYY-MM-DD)' });
  await day.fill('2026-02-30');
  await day.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/^Must be a date \(YYYY-MM-DD\) from 1900-01-01 to 9999-12-30/);
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await day.fill('2026-02-28');
  await day.press('Enter');
  await expect(page.getByRole('heading', { name: 'End of day: Saturday, February 28, 2026' })).toBeVisible(); // the clerk's locale (en-US here)
  await expect(page.getByRole('alert')).toHaveCount(0);

  const from = page.getByRole('textbox', { name: 'From (YYYY-MM-DD)' });
  const to = page.getByRole('textbox', { name: 'To (YYYY-MM-DD)' });
  await from.fill('2026-11-10');
  await to.fill('2026-11-01');
  await to.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('To: Must be 2026-11-10 or later: the range runs from `from` to `to`');
  await from.fill('2020-01-01');
  await to.fill('2026-01-01');
  await to.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/^To: The range may cover at most 1096 days \(three years\); this one covers 2193/);
  await expectAccessible(page, 'reports with a message');
  await from.fill('2025-01-01');
  await to.fill('2025-12-31');
  await to.press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('2025-01-01 to 2025-12-31, days of')).toBeVisible();
});

test('printed, the end-of-day report stands alone on an A4 page with every amount: no navigation, buttons or range', async ({ page }) => {
  await twoSales();
  await openReports(page);
  await expect(figure(page, 'Sales')).toHaveText('2');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('day-figures')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^End of day: / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Sales over a range' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Reports' })).toBeHidden();
  const pages = await readPdf(await page.pdf({ format: 'A4', printBackground: false }));
  expect(pages[0].widthMm).toBeCloseTo(210, 0);
  expect(pages[0].heightMm).toBeCloseTo(297, 0);
  const text = pages.map((p) => p.text).join(' ');
  for (const expected of ['End of day', 'Cash the drawer should have gained', '€100.00', '€110.00', '€150.00', '€50.00', '€10.00', 'Payments', 'Tax by rate']) {
    expect(text, expected).toContain(expected);
  }
  for (const absent of ['Pet Store Clerk', 'Sales over a range', 'Export CSV', 'Today']) expect(text, absent).not.toContain(absent);
  await page.emulateMedia({ media: 'screen' });
});

test('Ctrl+P prints the end-of-day report the app’s way', async ({ page }) => {
  await page.addInitScript(() => {
    const printed = { count: 0 };
    (window as unknown as { __printed: typeof printed }).__printed = printed;
    window.print = () => void printed.count++;
  });
  await openReports(page);
  await expect(figure(page, 'Sales')).toHaveText('0');
  await page.keyboard.press('Control+KeyP');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: { count: number } }).__printed.count)).toBe(1);
  await expect(page.getByRole('button', { name: 'Print' })).toHaveAttribute('aria-keyshortcuts', 'Control+P');
});

test('the reports screen passes axe in light and dark, works at 900 px, and a screenshot is kept', async ({ page }) => {
  await twoSales();
  const bella = await addPet('Bella', 'Dogs', 4_550);
  const sale = await must(shop.host.call<{ id: number }>('sales.create', { lines: [{ petId: bella }], payments: [{ method: 'cash', amount: 5_000 }], handover: 'later' }));
  await must(shop.host.call('sales.cancel', { saleId: sale.id }));
  await openReports(page);
  await expect(figure(page, 'Cancelled sales')).toHaveText('1');
  await expect(page.getByTestId('sales-chart')).toBeVisible();
  await expectAccessible(page, 'reports');
  await saveScreenshot(page, 'reports');
  await page.setViewportSize({ width: 900, height: 800 });
  // The page never scrolls sideways: the table does, inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
});
