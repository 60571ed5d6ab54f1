import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * One button style for a busy counter (docs/screens.md#buttons): the row actions of every table are
 * one height, at least 32 px, whether plain buttons (Pets) or the library's (the other screens).
 */
const shop = useShop('Dogs');

const ROW_ACTIONS: [screen: string, buttons: (page: Page) => Locator][] = [
  ['pets', (page) => page.getByRole('button', { name: /^(Edit|Order|Delete) Rex$/ })],
  ['orders', (page) => page.getByRole('button', { name: /^(Fulfil|Cancel) order \d+$/ })],
  ['inventory', (page) => page.getByRole('button', { name: /^(Adjust the stock of|Stock history of|Decrease stock of|Increase stock of) Rex/ })],
  ['sales', (page) => page.getByRole('button', { name: /^Open sale \d+$/ })],
  ['customers', (page) => page.getByRole('button', { name: /^(Edit|Forget) Ann Smith$/ })],
];

test('the row actions of Pets, Orders, Inventory, Sales and Customers share one height of 32 px or more', async ({ page }) => {
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  await must(shop.host.call('orders.place', { petId: rex.id, quantity: 1 }));
  await must(shop.host.call('customers.create', { name: 'Ann Smith' }));
  await must(shop.host.call('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'cash', amount: 1000 }] }));

  const heights = new Map<string, number[]>();
  for (const [screen, buttons] of ROW_ACTIONS) {
    await page.goto(`${shop.host.url}#/${screen}`);
    await expect(buttons(page).first()).toBeVisible();
    const found = await buttons(page).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));
    expect(found.length, `row actions on ${screen}`).toBeGreaterThan(0);
    heights.set(screen, found);
  }
  const all = [...heights.values()].flat();
  expect(new Set(all).size, `one height: ${JSON.stringify(Object.fromEntries(heights))}`).toBe(1);
  expect(all[0]).toBeGreaterThanOrEqual(32);
});
