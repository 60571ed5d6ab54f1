import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectField } from './support/screens';

/**
 * A form's messages reach a screen reader (WCAG 3.3.1, 1.3.1, 4.1.2): an invalid field's input is
 * aria-invalid and described by its message (read when the field is focused), and the message is an
 * alert (read as it appears). Once the field is corrected, neither is left behind.
 */

const shop = useShop('Dogs');

/** Asserts that `field` is invalid and described by `message`, which is shown as an alert. */
async function expectInvalid(page: Page, field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const describedBy = await field.getAttribute('aria-describedby');
  const shown = page.locator(`[id="${describedBy!.split(' ')[0]}"]`);
  await expect(shown).toHaveText(message);
  await expect(shown).toHaveAttribute('role', 'alert');
  await expect(shown).toBeVisible();
}

async function expectValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(field).not.toHaveAttribute('aria-describedby');
}

test('New pet: a failed save ties each message to its field; correcting the field unties it', async ({ page }) => {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await page.keyboard.press('Control+n');
  await expect(dialog).toBeVisible();
  const name = dialog.getByRole('textbox', { name: 'Name' });
  const category = dialog.getByRole('combobox', { name: 'Category' });
  await expect(name).toBeFocused();
  await expectValid(name); // nothing is said before the clerk tries

  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expectInvalid(page, name, 'Must not be empty');
  await expectInvalid(page, category, 'Required');
  // Each field has its own message element.
  expect(await name.getAttribute('aria-describedby')).not.toBe(await category.getAttribute('aria-describedby'));
  await expect(dialog.getByRole('alert')).toHaveCount(2);

  await name.fill('Rex');
  await expectValid(name);
  await expect(dialog.getByRole('alert')).toHaveCount(1);
  await expectInvalid(page, category, 'Required');
});

test('Place order: a quantity over the stock is said on the field', async ({ page }) => {
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Bolt', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });

  const pet = dialog.getByRole('combobox', { name: 'Pet' });
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expectInvalid(page, pet, 'Required');

  await selectField(dialog, 'Pet').fill('Bolt');
  await page.getByRole('option', { name: /^Bolt \(#/ }).click();
  await expect(dialog.getByText('In stock: 5')).toBeVisible();
  await expectValid(pet);

  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  await expectValid(quantity);
  await quantity.fill('999');
  await expectInvalid(page, quantity, 'Only 5 in stock');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expectInvalid(page, quantity, 'Only 5 in stock');

  await quantity.fill('2');
  await expectValid(quantity);

  // Ship date: what is said of a text the picker cannot read describes it too, before its keys hint.
  const ship = dialog.getByLabel('Ship date');
  await expect(ship).toHaveAccessibleDescription('Alt+↓ or F4 opens the calendar');
  await ship.fill('15/01/2030');
  await ship.press('Enter');
  await expect(ship).toHaveAccessibleDescription(/15\/01\/2030.*Alt\+↓ or F4 opens the calendar$/);
  await expect(dialog).toBeVisible();
  await ship.fill('2030-01-15 10:00');
  await expect(ship).not.toHaveAttribute('aria-invalid');
  await expect(ship).toHaveAccessibleDescription('Alt+↓ or F4 opens the calendar');
});

test('Settings: a threshold below 0 is said on the field until corrected', async ({ page }) => {
  const before = await must(shop.host.call<{ lowStockThreshold: number }>('settings.get', {}));
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  const general = page.getByRole('region', { name: 'Shop details', exact: true });
  const threshold = general.getByRole('textbox', { name: 'Low-stock threshold' });
  await expect(threshold).toBeEditable();
  await expectValid(threshold);

  await threshold.fill('-5');
  await general.getByRole('button', { name: 'Save shop settings' }).click();
  await expectInvalid(page, threshold, 'Must be at least 0');
  expect(await must(shop.host.call<{ lowStockThreshold: number }>('settings.get', {}))).toMatchObject({ lowStockThreshold: before.lowStockThreshold });

  await threshold.fill('3');
  await expectValid(threshold);
  await expect(general.getByRole('alert')).toHaveCount(0);
});
