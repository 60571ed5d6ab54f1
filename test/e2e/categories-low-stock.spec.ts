import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { expectAccessible } from './support/screens';
import { useShop } from './support/shop';

/** A category's own low-stock threshold in its form ("Low stock below"), and the Inventory that follows it. */

const shop = useShop();

interface Category {
  id: number;
  name: string;
  lowStockThreshold?: number;
}

const listed = async () => (await must(shop.host.call<{ items: Category[] }>('categories.list', { limit: 500 }))).items;
const stockRow = (page: Page, name: string) => page.getByRole('table', { name: 'Stock levels' }).getByRole('row', { name: new RegExp(name) });

test('"Low stock below" sets a category\'s own threshold, empty shows the shop\'s; cleared, the shop\'s applies again', async ({ page }) => {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill('Fish');
  const below = dialog.getByRole('textbox', { name: 'Low stock below, in units' });
  await expect(below).toHaveAttribute('placeholder', "Empty: the shop's (3); 0: never low");
  await below.fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible(); // refused in the form: nothing sent
  await expect(below).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the New category dialog with a refused threshold');
  await below.fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await listed()).toMatchObject([{ name: 'Fish', lowStockThreshold: 10 }]);

  // A pet at 9 is low by the category's 10, not by the shop's 3.
  const { id: fishId } = (await listed())[0];
  const nemo = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Nemo', categoryId: fishId }));
  await must(shop.host.call('inventory.set', { petId: nemo.id, update: { quantity: 9 } }));
  await page.goto(`${shop.host.url}#/inventory`);
  await expect(stockRow(page, 'Nemo')).toContainText('Low stock');

  await page.goto(`${shop.host.url}#/categories`);
  await page.getByRole('button', { name: 'Edit Fish' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await expect(edit.getByRole('textbox', { name: 'Low stock below, in units' })).toHaveValue('10');
  await edit.getByRole('textbox', { name: 'Low stock below, in units' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  expect((await listed())[0].lowStockThreshold).toBeUndefined();
  await page.goto(`${shop.host.url}#/inventory`);
  await expect(stockRow(page, 'Nemo')).toContainText('OK');
});

test('Settings says a category may override the shop\'s threshold, with a link to Categories', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const shopSection = page.getByRole('region', { name: 'Shop details', exact: true });
  await expect(shopSection.getByLabel('Low-stock threshold')).toHaveValue('3');
  await expect(shopSection.getByText('A category can have its own threshold')).toBeVisible();
  await shopSection.getByText('A category can have its own threshold').getByRole('link', { name: 'set it in Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
});
