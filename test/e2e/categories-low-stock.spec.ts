import { expect, test } from './support/test';
import { useShop } from './support/shop';

/** Settings points to a category's own low-stock threshold (the form itself: categories-overrides.spec.ts). */

const shop = useShop();

test('Settings says a category may override the shop\'s threshold, with a link to Categories', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const shopSection = page.getByRole('region', { name: 'Shop details', exact: true });
  await expect(shopSection.getByLabel('Low-stock threshold')).toHaveValue('3');
  await expect(shopSection.getByText('A category can have its own threshold')).toBeVisible();
  await shopSection.getByText('A category can have its own threshold').getByRole('link', { name: 'set it in Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
});
