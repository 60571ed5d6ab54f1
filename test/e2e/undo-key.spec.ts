import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * Ctrl+Z runs the Undo of the toast showing (useUndoToast), once: one mechanism for Orders' cancel
 * and Pets' delete (docs/screens.md#fulfil-and-cancel-ask-first-cancel-can-be-undone).
 */
const shop = useShop('Dogs');

const listed = async (operation: string, input: object) => (await must(shop.host.call<{ total: number }>(operation, input))).total;

async function cancelByKeyboard(page: Page, orderId: number): Promise<void> {
  await page.getByRole('button', { name: `Cancel order ${orderId}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: `Cancel order ${orderId}?` }).getByRole('button', { name: 'Cancel order' }).press('Enter');
  await expect(page.getByText(`Order ${orderId} cancelled; 1 × Pip back in stock`)).toBeVisible();
}

test('Orders: Ctrl+Z after a cancel places the order again, once', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Pip', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  const order = await must(shop.host.call<{ id: number }>('orders.place', { petId: pet.id }));
  await page.goto(`${shop.host.url}#/orders`);
  await cancelByKeyboard(page, order.id);
  await expect(page.getByRole('button', { name: `Undo cancelling order ${order.id}` })).toHaveAttribute('aria-keyshortcuts', 'Control+Z');

  await page.keyboard.press('Control+z');
  await expect(page.getByText(new RegExp(`Order ${order.id} placed again as order \\d+`))).toBeVisible();
  await expect(page.getByRole('button', { name: `Undo cancelling order ${order.id}` })).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300); // a second undo would have been sent by now
  expect(await listed('orders.list', { status: ['open'] })).toBe(1);
});

test('Pets: Ctrl+Z undoes a delete, but not while typing in a field, where it is the field’s', async ({ page }) => {
  await must(shop.host.call('pets.create', { name: 'Keyed', categoryId: shop.categoryId('Dogs') }));
  await page.goto(`${shop.host.url}#/pets`);
  await page.getByRole('button', { name: 'Delete Keyed' }).click();
  await page.getByRole('dialog', { name: 'Delete Keyed?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Deleted Keyed \(pet \d+\)/)).toBeVisible();

  const search = page.getByLabel('Search pets by name or id');
  await search.focus();
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  expect(await listed('pets.list', { q: 'Keyed' })).toBe(0);

  await search.blur();
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/Keyed is back as pet \d+/)).toBeVisible();
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  expect(await listed('pets.list', { q: 'Keyed' })).toBe(1);
});

test('on a Mac it is ⌘Z: Ctrl+Z there is not the app’s undo', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' }));
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Pip', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  const order = await must(shop.host.call<{ id: number }>('orders.place', { petId: pet.id }));
  await page.goto(`${shop.host.url}#/orders`);
  await cancelByKeyboard(page, order.id);
  await expect(page.getByRole('button', { name: `Undo cancelling order ${order.id}` })).toHaveAttribute('aria-keyshortcuts', 'Meta+Z');
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  expect(await listed('orders.list', { status: ['open'] })).toBe(0);
  await page.keyboard.press('Meta+z');
  await expect(page.getByText(new RegExp(`Order ${order.id} placed again as order \\d+`))).toBeVisible();
  expect(await listed('orders.list', { status: ['open'] })).toBe(1);
});
