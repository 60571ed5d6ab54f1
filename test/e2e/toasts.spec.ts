import { expect, test, type Locator } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectField } from './support/screens';

/**
 * A toast stays for seconds: it must not sit over the buttons of the list's rows (Edit, Order,
 * Delete; Fulfil, Cancel), where the clerk's next click goes.
 */

const shop = useShop('Dogs');

test.beforeEach(async () => {
  for (let i = 1; i <= 40; i++) await must(shop.host.call('pets.create', { name: `Pup ${i}`, categoryId: shop.categoryId('Dogs') }));
});

/**
 * The visible buttons that share any pixel with the toast, all measured at one instant in the page:
 * a button at a time took longer than the toast stays on a busy machine.
 */
async function expectNoRowButtonUnder(toast: Locator, buttons: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  const covered = await buttons.evaluateAll(
    (all, shown) => {
      const x = (shown as Element).getBoundingClientRect();
      // Visible as Playwright's isVisible() means it: a box that is not empty, and not visibility:hidden.
      const visible = (button: Element) => {
        const y = button.getBoundingClientRect();
        return y.width > 0 && y.height > 0 && getComputedStyle(button).visibility !== 'hidden';
      };
      const overlaps = (button: Element) => {
        const y = button.getBoundingClientRect();
        return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
      };
      return all.filter((button) => visible(button) && overlaps(button)).map((button) => button.getAttribute('aria-label') ?? '?');
    },
    await toast.elementHandle(),
  );
  expect(covered, 'row buttons under the toast').toEqual([]);
}

for (const viewport of [
  { width: 900, height: 600 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the toast after adding a pet covers no row's buttons`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${shop.host.url}#/pets`);
    await expect(page.getByRole('button', { name: 'Edit Pup 1', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New pet' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pet' });
    await dialog.getByLabel('Name').fill(`Nibbles ${viewport.width}`);
    await selectField(dialog, 'Category').fill('Dogs');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const toast = page.locator('.n-message', { hasText: `Added Nibbles ${viewport.width}` });
    await expectNoRowButtonUnder(toast, page.locator('.pets__table .row-action'));
    // Still inside the window, where it can be read.
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  });
}

test('the toast after fulfilling an order covers no order’s buttons', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 600 });
  const listed = await must(shop.host.call<{ items: { id: number }[] }>('pets.list', { limit: 20 }));
  const orders: number[] = [];
  for (const pet of listed.items) orders.push((await must(shop.host.call<{ id: number }>('orders.place', { petId: pet.id, quantity: 1 }))).id);
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('button', { name: `Fulfil order ${orders.at(-1)}` })).toBeVisible();
  // The lowest Fulfil wholly in the window: its row is where a toast at the bottom sat.
  let lowest = '';
  for (const button of await page.locator('.orders__table button[aria-label^="Fulfil order"]').all()) {
    const box = await button.boundingBox();
    if (box && box.y + box.height <= 600) lowest = (await button.getAttribute('aria-label'))!;
  }
  const orderId = lowest.replace('Fulfil order ', '');
  await page.getByRole('button', { name: lowest, exact: true }).click();
  await page.getByRole('dialog', { name: `${lowest}?` }).getByRole('button', { name: 'Fulfil order', exact: true }).click();
  await expectNoRowButtonUnder(page.locator('.n-message', { hasText: `Order ${orderId} fulfilled` }), page.locator('.orders__table button, .orders__table a'));
});

test('toasts are drawn inside a live region that is there before the first one, so screen readers say them', async ({ page }) => {
  await page.goto(`${shop.host.url}#/pets`);
  const region = page.locator('[aria-live="polite"]#toasts');
  await expect(region).toHaveCount(1);
  await expect(region).toBeEmpty();
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Announced');
  await selectField(dialog, 'Category').fill('Dogs');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(region.locator('.n-message')).toContainText('Added Announced');
});
