import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/** A category's own tax rate in its form and the list, and Undo after deleting one. */

const shop = useShop();

interface Category {
  id: number;
  name: string;
  description?: string;
  taxRate?: number;
}

const listed = async () => (await must(shop.host.call<{ items: Category[] }>('categories.list', { limit: 500 }))).items;
const row = (page: Page, name: string) => page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) });

async function openCategories(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
}

test('a category gets its own tax rate in percent, shown in the list; emptied, the shop\'s default applies again', async ({ page }) => {
  await must(shop.host.call('settings.update', { defaultTaxRate: 1900 }));
  await openCategories(page);
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill('Fish');
  const rate = dialog.getByRole('textbox', { name: 'Tax rate in percent' });
  await expect(rate).toHaveAttribute('placeholder', "Empty: the shop's default (19%)");
  await rate.fill('7.255');
  await expect(dialog.getByText('Use at most two decimals, such as 7.25')).toBeVisible();
  await rate.fill('7.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Fish')).toContainText('7.5%');
  expect(await listed()).toMatchObject([{ name: 'Fish', taxRate: 750 }]);

  await page.getByRole('button', { name: 'Edit Fish' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await expect(edit.getByRole('textbox', { name: 'Tax rate in percent' })).toHaveValue('7.5');
  await edit.getByRole('textbox', { name: 'Tax rate in percent' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, 'Fish')).toContainText('19% (default)');
  expect((await listed())[0].taxRate).toBeUndefined();
});

test('a deleted category comes back with Undo in the toast, as it was', async ({ page }) => {
  await must(shop.host.call('categories.create', { name: 'Birds', description: 'Feathered', taxRate: 700 }));
  await openCategories(page);
  await page.getByRole('button', { name: 'Delete Birds' }).click();
  await page.getByRole('dialog', { name: 'Delete category "Birds"?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Birds')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo deleting Birds' }).click();
  await expect(page.getByText('Category "Birds" is back')).toBeVisible();
  await expect(row(page, 'Birds')).toContainText('Feathered');
  expect(await listed()).toMatchObject([{ name: 'Birds', description: 'Feathered', taxRate: 700 }]);
});
