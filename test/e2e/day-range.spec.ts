import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible } from './support/screens';

/**
 * One range-of-days field on Orders, Sales and Reports (DayRangeField, docs/screens.md#a-range-of-days-is-typed):
 * typed as YYYY-MM-DD from the keyboard; a text that is not a day is put back and said; a range
 * backwards is said under the last day and not asked for.
 */
const shop = useShop('Dogs');

const orderCount = (page: Page) => page.locator('.orders__count');

test('Orders: a range backwards is said under the last day and the list keeps its days; a text that is not a day is put back', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Pip', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  await must(shop.host.call('orders.place', { petId: pet.id }));
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  await page.goto(`${shop.host.url}#/orders`);
  await expect(orderCount(page)).toHaveText('1 order');

  const from = page.getByRole('textbox', { name: 'Placed from day' });
  const to = page.getByRole('textbox', { name: 'Placed to day' });
  await from.focus();
  await page.keyboard.type('2020-01-01');
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await page.keyboard.type('2019-12-31');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('To: Must be 2020-01-01 or later: the last day cannot come before the first');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription('To: Must be 2020-01-01 or later: the last day cannot come before the first');
  await expect(orderCount(page)).toHaveText('1 order'); // the list kept its first day, 2020-01-01, and no last
  await expectAccessible(page, 'orders with a range backwards');

  // Put right, the range is taken and the message goes.
  await to.fill(today);
  await to.press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect(orderCount(page)).toHaveText('1 order');
  await to.fill('2020-12-31');
  await to.press('Enter');
  await expect(page.getByText('No orders placed on these days.')).toBeVisible();

  // Not a day: the field shows its day again and says so; the list is unchanged.
  await from.fill('31.12.2020');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: '“31.12.2020” was not understood: the first day is still 2020-01-01' })).toBeVisible();
  await expect(from).toHaveValue('2020-01-01');
  await expect(page.getByText('No orders placed on these days.')).toBeVisible();

  // Emptied, a filter's end is open again.
  await to.fill('');
  await to.press('Enter');
  await expect(orderCount(page)).toHaveText('1 order');
});

test('Sales: a range backwards is said, not asked for', async ({ page }) => {
  await page.goto(`${shop.host.url}#/sales`);
  await expect(page.getByText('0 sales today')).toBeVisible();
  const to = page.getByRole('textbox', { name: 'To day' });
  await to.fill('2000-01-01');
  await to.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/^To: Must be \d{4}-\d\d-\d\d or later: the last day cannot come before the first$/);
  await expect(page.getByText('0 sales today')).toBeVisible();
});
