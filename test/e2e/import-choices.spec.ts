import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { expectAccessible } from './support/screens';
import { useShop } from './support/shop';

/**
 * The same CSV imported twice adds nothing twice: the preview asks what to do with rows naming a pet
 * the store has (skip them, add their stock, or import more pets), and offers to create the
 * categories the store lacks.
 */

const shop = useShop('Fish');

const CSV = 'name,category,status,stock\nBubbles,Fish,available,3\nPolly,Parrots,available,2\n';

const importing = (page: Page) => page.getByRole('region', { name: 'Import pets', exact: true });

async function choose(page: Page, content = CSV): Promise<void> {
  await importing(page).getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'delivery.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
}

async function radio(page: Page, name: string): Promise<void> {
  await importing(page).locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) }).click();
}

const stockOf = async (name: string) => {
  const pet = (await must(shop.host.call<{ items: { id: number; name: string }[] }>('pets.list', { q: name }))).items.find((item) => item.name === name)!;
  return (await must(shop.host.call<{ quantity: number }>('inventory.get', { petId: pet.id }))).quantity;
};
const petCount = async () => (await must(shop.host.call<{ total: number }>('pets.list', {}))).total;

test('a file imported again skips the pets the store has, or adds their stock; unknown categories are created on asking', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await choose(page);
  await expect(importing(page).getByTestId('import-summary')).toContainText('delivery.csv: 2 rows, 1 valid, 1 invalid');
  // Parrots is unknown: its row is skipped unless the clerk asks for the category.
  const create = importing(page).getByRole('checkbox', { name: 'Create the categories the store lacks: Parrots' });
  await create.check();
  await expect(importing(page).getByTestId('import-summary')).toContainText('2 rows, 2 valid, 0 invalid');
  await expect(importing(page).getByTestId('import-notes')).toContainText('Creates 1 category the store does not have: Parrots.');
  await importing(page).getByRole('button', { name: 'Import 2 pets and 1 category' }).click();
  await expect(importing(page).getByRole('region', { name: 'Imported 2 pets, created 1 category' })).toBeVisible();
  expect(await petCount()).toBe(2);

  // The same file again: both rows name pets the store has; Skip is the choice offered first.
  await choose(page);
  const asked = importing(page).getByRole('group', { name: '2 rows name pets the store has (same name and category)' });
  await expect(asked).toBeVisible();
  await expect(asked.getByRole('radio', { name: 'Skip them' })).toBeChecked();
  await expect(importing(page).getByTestId('import-summary')).toContainText('2 rows, 0 valid, 0 invalid, 2 already in the store');
  await expect(importing(page).getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await expectAccessible(page, 'the import asking about pets the store has');

  // A delivery: the rows' stock is added to those pets.
  await radio(page, 'Add their stock to those pets (a delivery)');
  await expect(importing(page).getByTestId('import-summary')).toContainText('2 adding stock');
  await expect(importing(page).getByRole('row', { name: /Bubbles/ }).getByRole('cell').nth(1)).toHaveText('adds stock');
  await importing(page).getByRole('button', { name: 'Add stock to 2 pets' }).click();
  await expect(importing(page).getByRole('region', { name: 'Imported 0 pets, added stock to 2 pets' })).toBeVisible();
  expect(await petCount()).toBe(2);
  expect(await stockOf('Bubbles')).toBe(6);
  expect(await stockOf('Polly')).toBe(4);

  // Asked for more pets, it imports them as before.
  await choose(page);
  await radio(page, 'Import them as more pets');
  await importing(page).getByRole('button', { name: 'Import 2 pets' }).click();
  await expect(importing(page).getByRole('region', { name: 'Imported 2 pets' })).toBeVisible();
  expect(await petCount()).toBe(4);
});
