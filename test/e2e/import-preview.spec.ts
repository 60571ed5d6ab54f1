import { expect, test, type Page } from './support/test';
import { brokenWords, expectAccessible, expectWholeText } from './support/screens';
import { useShop } from './support/shop';

/**
 * The import preview in a small window (800 × 600): the table scrolls sideways rather than
 * squeezing the names, categories and problems into a few pixels, and its scrolling box can be
 * reached and scrolled from the keyboard (axe's scrollable-region-focusable).
 */

const shop = useShop('Fish');

test.use({ viewport: { width: 800, height: 600 } });

/** A file of a few dozen rows: one skipped for an unknown category, one without a name, the rest to import. */
const CSV = [
  'name,category,status,stock',
  'Bubbles,Fish,available,3',
  'Dory,Unicorns,available,1',
  ',Fish,available,2',
  ...Array.from({ length: 40 }, (_, i) => `Guppy ${i + 1},Fish,available,1`),
].join('\n');

async function preview(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  const importing = page.getByRole('region', { name: 'Import pets', exact: true });
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'pond.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(importing.getByTestId('import-summary')).toContainText('pond.csv: 43 rows, 41 valid, 2 invalid');
  await importing.getByTestId('import-summary').scrollIntoViewIfNeeded();
}

test('in an 800 × 600 window the import preview scrolls sideways and shows names, categories and problems whole', async ({ page }) => {
  await preview(page);
  const importing = page.getByRole('region', { name: 'Import pets', exact: true });
  const rowOf = (name: string) => importing.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  await expectWholeText(rowOf('Bubbles').locator('td[data-col-key="name"]'), 'Bubbles');
  await expectWholeText(rowOf('Bubbles').locator('td[data-col-key="category"]'), 'Fish');
  await expectWholeText(rowOf('Dory').locator('td[data-col-key="category"]'), 'Unicorns');
  for (const row of [rowOf('Dory'), importing.getByRole('row', { name: /line 4/ })]) {
    const problems = row.locator('td[data-col-key="errors"]');
    await expect(problems).not.toBeEmpty();
    expect(await brokenWords(problems), `words broken in “${await problems.textContent()}”`).toEqual([]);
  }
  await expect(importing.getByRole('row', { name: /line 4/ }).locator('td[data-col-key="errors"]')).toContainText('Required');

  // Wider than its box: the keyboard scrolls it sideways.
  const rows = importing.getByRole('region', { name: 'Preview rows' });
  await rows.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => rows.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // The column headings follow.
  const header = importing.locator('.n-data-table-base-table-header');
  await expect.poll(async () => (await header.evaluate((element) => element.scrollLeft)) - (await rows.evaluate((element) => element.scrollLeft))).toBe(0);
  expect(await header.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});

test('the import screen with a preview shown is accessible in light and dark', async ({ page }) => {
  await preview(page);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'import preview at 800 × 600');

  // In a full-size window the table fits sideways, and its rows still scroll: still a named region.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('region', { name: 'Preview rows' })).toBeVisible();
  await expectAccessible(page, 'import preview at 1280 × 800');
});

test('a file over the size limit is refused by its size in bytes before it is read, as the CLI refuses it', async ({ page }, testInfo) => {
  // Two bytes a letter: its text is 33 M characters long, under the limit counted in characters.
  const { writeFileSync } = await import('node:fs');
  const { MAX_IMPORT_BYTES, MAX_IMPORT_MIB } = await import('../../src-shared/schemas/data');
  const file = testInfo.outputPath('wide.csv');
  writeFileSync(file, `name,category,status,stock\n${'ä'.repeat(MAX_IMPORT_BYTES / 2 + 1)}\n`);
  await page.goto(`${shop.host.url}#/settings`);
  const importing = page.getByRole('region', { name: 'Import pets', exact: true });
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles(file);
  await expect(page.getByText(`wide.csv is larger than ${MAX_IMPORT_MIB} MiB: split it into smaller files`)).toBeVisible();
  await expect(importing.getByTestId('import-summary')).toHaveCount(0);
});

test('after an import the skipped rows and why stay on screen, with the focus, until dismissed or another file is chosen', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const importing = page.getByRole('region', { name: 'Import pets', exact: true });
  const choose = (name: string, csv: string) =>
    importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await choose('mixed.csv', ['name,category,status,stock', 'Wanda,Fish,available,2', 'Dory,Unicorns,available,1', ',Fish,available,2', 'Gill,Fish,flying,1', 'Nemo,Fish,available,-3'].join('\n'));
  await expect(importing.getByTestId('import-summary')).toContainText('mixed.csv: 5 rows, 1 valid, 4 invalid');
  await importing.getByRole('button', { name: 'Import 1 pet' }).click();

  const outcome = importing.getByRole('region', { name: 'Imported 1 pet, skipped 4 invalid rows' });
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText('The 4 rows skipped, and why:');
  const skipped = outcome.getByRole('table', { name: 'Rows the import skipped' });
  await expect(skipped.getByRole('row', { name: /line 3/ })).toContainText('category: No category "Unicorns"');
  await expect(skipped.getByRole('row', { name: /line 4/ })).toContainText('Required');
  await expect(skipped.getByRole('row', { name: /line 5/ })).toContainText('flying');
  await expect(skipped.getByRole('row', { name: /line 6/ })).toContainText('Nemo');
  await expect(skipped.getByRole('row', { name: /Wanda/ })).toHaveCount(0);
  await expect(importing.getByTestId('import-summary')).toHaveCount(0);
  // Still there a while later: not a toast.
  await page.waitForTimeout(6000);
  await expect(outcome).toBeVisible();
  await expectAccessible(page, 'import outcome');

  await outcome.getByRole('button', { name: 'Dismiss' }).click();
  await expect(outcome).toHaveCount(0);
  await expect(importing.getByLabel('File to import (.csv or .json)')).toBeFocused();

  // Another import's file replaces the last one's outcome.
  await choose('one.csv', 'name,category\nPerch,Unicorns\nPike,Fish\n');
  await importing.getByRole('button', { name: 'Import 1 pet' }).click();
  const second = importing.getByRole('region', { name: 'Imported 1 pet, skipped 1 invalid row' });
  await expect(second).toBeFocused();
  await choose('two.csv', 'name,category\nCarp,Fish\n');
  await expect(second).toHaveCount(0);
  await expect(importing.getByTestId('import-summary')).toContainText('two.csv: 1 row, 1 valid, 0 invalid');
});

test('a supplier\'s CSV with capitalised column names imports; a categories CSV adds the categories the store lacks, then their pets import', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const importing = page.getByRole('region', { name: 'Import pets', exact: true });
  const choose = (name: string, csv: string) =>
    importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await choose('supplier.csv', 'Name,Category,Status,Stock\r\nWanda,Fish,available,2\r\n');
  await expect(importing.getByTestId('import-summary')).toContainText('supplier.csv: 1 row, 1 valid, 0 invalid');

  await choose('categories.csv', 'id,name,description\r\n7,Fish,Wet\r\n8,Reptiles,Scaly and warm\r\n9,Amphibians,\r\n');
  await expect(importing.getByTestId('import-summary')).toHaveText('categories.csv: no pets.');
  const notes = importing.getByTestId('import-notes');
  await expect(notes).toContainText('Creates 2 categories the store does not have: Reptiles, Amphibians.');
  await expect(notes).toContainText('1 category is in the store already (same name): left as they are.');
  await expect(importing.getByRole('region', { name: 'Preview rows' })).toHaveCount(0);
  await importing.getByRole('button', { name: 'Import 2 categories' }).click();
  await expect(importing.getByRole('region', { name: 'Created 2 categories' })).toBeFocused();

  // A row that is no category is skipped and said, in the outcome as in the preview.
  await choose('more.csv', 'name,description\nNewts,Wet\n,no name\n');
  await importing.getByRole('button', { name: 'Import 1 category' }).click();
  const skipped = importing.getByRole('region', { name: 'Created 1 category, skipped 1 invalid row' });
  await expect(skipped).toBeFocused();
  await expect(skipped).toContainText('The 1 row skipped, and why:');
  await expect(skipped).toContainText('The file\'s category "" is not imported: line 3: name: Must not be empty.');

  await choose('lizards.csv', 'name,category\nIggy,Reptiles\n');
  await expect(importing.getByTestId('import-summary')).toContainText('lizards.csv: 1 row, 1 valid, 0 invalid');
  await page.goto(`${shop.host.url}#/categories`);
  await expect(page.getByRole('row', { name: /Reptiles/ })).toContainText('Scaly and warm');
  await expect(page.getByRole('row', { name: /Amphibians/ })).toBeVisible();
});
