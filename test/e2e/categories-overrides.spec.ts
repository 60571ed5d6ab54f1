import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { expectAccessible } from './support/screens';
import { useShop } from './support/shop';

/**
 * A category field that overrides a shop setting, in the category's form: the tax rate (in percent)
 * and "Low stock below" (in units). One body for each: the placeholder names the shop's value, a
 * bad entry is refused in the form, a value saved is in force, emptied the shop's applies again.
 */

const shop = useShop();

interface Category {
  id: number;
  name: string;
  taxRate?: number;
  lowStockThreshold?: number;
}

interface OverrideForm {
  field: 'taxRate' | 'lowStockThreshold';
  /** The shop's own value, set before the screen opens. */
  setting: Record<string, number>;
  input: string;
  placeholder: string;
  /** Typed and refused in the form (nothing sent), with what it says. */
  refused: { typed: string; says: string };
  typed: string;
  stored: number;
  /** What shows that the category's value is in force (`Fish`, its pet Nemo at 9 units). */
  inForce(page: Page): Promise<void>;
  /** What shows that the shop's value applies again. */
  shopsAgain(page: Page): Promise<void>;
}

const categoryRow = (page: Page, name: string) => page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) });
const stockRow = (page: Page, name: string) => page.getByRole('table', { name: 'Stock levels' }).getByRole('row', { name: new RegExp(name) });
const inventoryOf = async (page: Page, pet: string, shows: string) => {
  await page.goto(`${shop.host.url}#/inventory`);
  await expect(stockRow(page, pet)).toContainText(shows);
  await page.goto(`${shop.host.url}#/categories`);
};

const FORMS: OverrideForm[] = [
  {
    field: 'taxRate',
    setting: { defaultTaxRate: 1900 },
    input: 'Tax rate in percent',
    placeholder: "Empty: the shop's default (19%)",
    refused: { typed: '7.255', says: 'Use at most two decimals, such as 7.25' },
    typed: '7.5',
    stored: 750,
    inForce: (page) => expect(categoryRow(page, 'Fish')).toContainText('7.5%'),
    shopsAgain: (page) => expect(categoryRow(page, 'Fish')).toContainText('19% (default)'),
  },
  {
    field: 'lowStockThreshold',
    setting: { lowStockThreshold: 3 },
    input: 'Low stock below, in units',
    placeholder: "Empty: the shop's (3); 0: never low",
    refused: { typed: '-1', says: 'Must be at least 0' },
    typed: '10',
    stored: 10,
    // Nemo at 9 is low by the category's 10, not by the shop's 3.
    inForce: (page) => inventoryOf(page, 'Nemo', 'Low stock'),
    shopsAgain: (page) => inventoryOf(page, 'Nemo', 'OK'),
  },
];

const listed = async () => (await must(shop.host.call<{ items: Category[] }>('categories.list', { limit: 500 }))).items;

for (const form of FORMS) {
  test(`${form.field}: set in the category's form, in force; a bad entry refused there; emptied, the shop's applies again`, async ({ page }) => {
    await must(shop.host.call('settings.update', form.setting));
    await page.goto(`${shop.host.url}#/categories`);
    await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Name').fill('Fish');
    const input = dialog.getByRole('textbox', { name: form.input });
    await expect(input).toHaveAttribute('placeholder', form.placeholder);
    await input.fill(form.refused.typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible(); // refused in the form: nothing sent
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(form.refused.says)).toBeVisible();
    expect(await listed()).toEqual([]);
    await expectAccessible(page, `the New category dialog with a refused ${form.field}`);
    await input.fill(form.typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const [fish] = await listed();
    expect(fish).toMatchObject({ name: 'Fish', [form.field]: form.stored });

    const nemo = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Nemo', categoryId: fish!.id }));
    await must(shop.host.call('inventory.set', { petId: nemo.id, update: { quantity: 9 } }));
    await form.inForce(page);

    await page.getByRole('button', { name: 'Edit Fish' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit category' });
    await expect(edit.getByRole('textbox', { name: form.input })).toHaveValue(form.typed);
    await edit.getByRole('textbox', { name: form.input }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    expect((await listed())[0]![form.field]).toBeUndefined();
    await form.shopsAgain(page);
  });
}
