import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/** Undo after deleting a category brings it back with its tax rate (the form's rate: categories-overrides.spec.ts). */

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
