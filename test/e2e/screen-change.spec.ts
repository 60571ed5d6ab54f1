import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectField } from './support/screens';

/**
 * Going to another screen: it opens at its top (the screens share one scroll box), and the
 * keyboard goes to its heading; after a dialog that saved, to the new row. Never to the page's
 * start, from where the next Tab would land on the sidebar's "Dashboard" link.
 */

const shop = useShop('Dogs');

test.use({ viewport: { width: 900, height: 600 } });

test.beforeEach(async () => {
  // Enough recent orders and changes that the Dashboard is taller than the window.
  for (let i = 1; i <= 6; i++) {
    const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: `Rex ${i}`, categoryId: shop.categoryId('Dogs') }));
    await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
    await must(shop.host.call('orders.place', { petId: pet.id }));
  }
});

/** The layout's scroll box, which every screen shares. */
const scrollTop = (page: Page) => page.locator('main').evaluate((main) => main.closest('.n-layout-scroll-container')!.scrollTop);

/** Scrolls the screen to its end, as the clerk's wheel would (the Dashboard's chart takes the wheel under the pointer). */
const scrollToBottom = (page: Page) => page.locator('main').evaluate((main) => main.closest('.n-layout-scroll-container')!.scrollTo({ top: 100_000 }));

/** Where the focus is, as the clerk would name it: a heading's text, or a control's accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'the page';
    return `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
  });

test('a screen opens at its top, not where the last screen was scrolled to', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Shop name' })).toBeEditable();
  await scrollToBottom(page);
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(400);

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Dashboard' }).click();
  // Drawn in full (its recent orders and changes: taller than the window).
  await expect(page.locator('main')).toContainText('Rex 6');
  await expect(page.getByRole('heading', { name: 'At a glance' })).toBeInViewport();
  expect(await scrollTop(page)).toBe(0);

  // The same from the keyboard, the Dashboard scrolled down this time.
  await scrollToBottom(page);
  await expect.poll(() => scrollTop(page)).toBeGreaterThan(100);
  await page.keyboard.press('Alt+Shift+6');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeInViewport();
  expect(await scrollTop(page)).toBe(0);
});

test('Alt+Shift+digit and the navigation put the focus on the new screen’s heading, and the next Tab goes on into the screen', async ({ page }) => {
  await page.goto(`${shop.host.url}#/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeFocused();

  await page.keyboard.press('Alt+Shift+2');
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Search pets by name or id' })).toBeFocused();

  for (const [keys, screen] of [['Alt+Shift+4', 'Orders'], ['Alt+Shift+5', 'Inventory'], ['Alt+Shift+6', 'Settings'], ['Alt+Shift+1', 'Dashboard']]) {
    await page.keyboard.press(keys);
    await expect(page.getByRole('heading', { name: screen, level: 2 }), `after ${keys}`).toBeFocused();
  }
});

test('a category added with Alt+Shift+C from another screen leaves the focus on its row', async ({ page }) => {
  await page.goto(`${shop.host.url}#/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await page.keyboard.press('Alt+Shift+C');
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Axolotls');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit Axolotls' })).toBeFocused();

  // Closed without saving: the focus goes to the heading, not to the page.
  await page.keyboard.press('Alt+Shift+C');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focused(page)).not.toBe('the page');
});

test('an order placed with Alt+Shift+O from another screen leaves the focus on its row', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Biscuit', categoryId: shop.categoryId('Dogs') }));
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await page.keyboard.press('Alt+Shift+O');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await selectField(dialog, 'Pet').fill('Biscuit');
  await page.getByRole('option', { name: /^Biscuit \(#/ }).click();
  await expect(dialog.getByText('In stock: 1')).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  const [order] = (await must(shop.host.call<{ items: { id: number }[] }>('orders.list', { petId: pet.id }))).items;
  await expect(page.getByRole('link', { name: `Receipt for order ${order!.id}` })).toBeFocused();
});

test('“← Back to orders” from a receipt puts the focus on the Orders heading', async ({ page }) => {
  await page.goto(`${shop.host.url}#/orders`);
  const receipt = page.getByRole('link', { name: /^Receipt for order / }).first();
  await receipt.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Receipt for order/, level: 2 })).toBeFocused();
  await page.getByRole('link', { name: '← Back to orders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeFocused();
});

/** The keyboard is in the dialog (the pet select's outer box has it, not its inner input). */
const expectFocusIn = (dialog: Locator) => expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

/**
 * The dialog opened on the screen itself: naive-ui's focus trap put the keyboard back on what
 * opened the dialog (the button, the heading) after ours had gone to the new row. Its opener is
 * still there, unlike a dialog opened from another screen.
 */
test('an order placed on the Orders screen, from its button or Ctrl+Shift+O, leaves the focus on its receipt', async ({ page }) => {
  const orderOf = async (petId: number) => (await must(shop.host.call<{ items: { id: number }[] }>('orders.list', { petId }))).items[0]!.id;
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Place order' });

  for (const [name, open] of [
    ['Milo 9', () => page.getByRole('button', { name: 'Place order', exact: true }).click()],
    ['Milo 10', () => page.keyboard.press('Alt+Shift+O')],
  ] as const) {
    const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
    await open();
    await expectFocusIn(dialog);
    await page.keyboard.type(name);
    await expect(page.getByRole('option', { name: new RegExp(`^${name} \\(#`) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('In stock: 1')).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: `Receipt for order ${await orderOf(pet.id)}` }), `placed for ${name}`).toBeFocused();
  }
});

test('a category added on the Categories screen, from New category or Ctrl+Shift+N, leaves the focus on its Edit button', async ({ page }) => {
  await page.goto(`${shop.host.url}#/categories`);
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'New category' });

  for (const [name, open] of [
    ['Zebrafish', () => page.getByRole('button', { name: 'New category', exact: true }).click()],
    ['Tortoises', () => page.keyboard.press('Alt+Shift+C')],
  ] as const) {
    await open();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
  }
});

test('Esc on a dialog puts the focus back on what opened it', async ({ page }) => {
  await page.goto(`${shop.host.url}#/categories`);
  const heading = page.getByRole('heading', { name: 'Categories', level: 2 });
  await expect(heading).toBeVisible();
  const newCategory = page.getByRole('button', { name: 'New category', exact: true });
  await newCategory.click();
  const category = page.getByRole('dialog', { name: 'New category' });
  await expect(category.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(category).toBeHidden();
  await expect(newCategory).toBeFocused();

  // Opened by its shortcut from the heading: back on the heading.
  await heading.focus();
  await page.keyboard.press('Alt+Shift+C');
  await expect(category.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(category).toBeHidden();
  await expect(heading).toBeFocused();

  await page.keyboard.press('Alt+Shift+4');
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeFocused();
  const placeOrder = page.getByRole('button', { name: 'Place order', exact: true });
  await placeOrder.click();
  const order = page.getByRole('dialog', { name: 'Place order' });
  await expectFocusIn(order);
  await page.keyboard.press('Escape');
  await expect(order).toBeHidden();
  await expect(placeOrder).toBeFocused();
});

test('every screen is Alt+Shift and a digit away, from a text field too; the help lists each key and the older one', async ({ page }) => {
  await page.goto(`${shop.host.url}#/pets`);
  await page.getByRole('searchbox', { name: 'Search pets by name or id' }).focus();
  const screens = [['7', 'till'], ['8', 'sales'], ['9', 'customers'], ['0', 'reports'], ['1', 'dashboard'], ['2', 'pets'], ['3', 'categories'], ['4', 'orders'], ['5', 'inventory'], ['6', 'settings']];
  for (const [digit, screen] of screens) {
    await page.keyboard.press(`Alt+Shift+${digit}`);
    await expect(page, `Alt+Shift+${digit}`).toHaveURL(new RegExp(`#/${screen}$`));
  }
  await page.keyboard.press('Alt+Shift+N');
  await expect(page.getByRole('dialog', { name: 'New pet' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByRole('row', { name: /^Pets Alt\+Shift\+2 Ctrl\+2$/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /^New pet Alt\+Shift\+N Ctrl\+N$/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /^Till Alt\+Shift\+7/ })).toBeVisible();
});
