import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/** The place-order dialog's Ship date takes what the clerk types, or says why not: never dropped silently. */

const shop = useShop('Dogs');

interface Order {
  id: number;
  shipDate?: string;
}

async function openDialogFor(page: Page, name: string): Promise<{ petId: number }> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 3 } }));
  await page.goto(`${shop.host.url}#/orders`);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await dialog.getByRole('combobox', { name: 'Pet' }).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(#`) }).click();
  await expect(dialog.getByText('In stock: 3')).toBeVisible();
  return { petId: pet.id };
}

const ordersOf = async (petId: number) => (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId }))).items;

test('tabbing into Ship date and typing a date places the order with it', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Tabby');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await dialog.getByLabel('Quantity').focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Ship date')).toBeFocused();
  await page.keyboard.type('2030-01-15 10:00');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Ship date')).toHaveValue('2030-01-15 10:00');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 0, 15, 10, 0).toISOString() })]);
});

test('a date the field cannot read is said under it and stops the order until it is fixed or cleared', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Datey');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('15/01/2030 10:00');
  await page.keyboard.press('Tab');
  const message = dialog.getByText('Cannot read “15/01/2030 10:00” as a date');
  await expect(message).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(300);
  expect(await ordersOf(petId)).toEqual([]);

  // Typed again as the field reads it: the message goes and the order carries the date.
  await field.click();
  await field.fill('2030-02-01 09:30');
  await expect(message).toBeHidden();
  await page.keyboard.press('Tab');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 1, 1, 9, 30).toISOString() })]);
});
