import type { Dialog } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { useShop } from './support/shop';

/**
 * Closing or reloading the window while a form holds unsaved edits asks first (the browser's
 * leave-page question; Electron's main process turns it into its own), and asks nothing otherwise.
 */

const shop = useShop('Dogs');

/** Reloads the page as the window's Reload does; answers the leave-page question the browser asked, if any. */
async function reload(page: Page, answer: 'stay' | 'leave'): Promise<Dialog | null> {
  let asked: Dialog | null = null;
  const onDialog = (dialog: Dialog) => {
    asked = dialog;
    void (answer === 'stay' ? dialog.dismiss() : dialog.accept());
  };
  page.on('dialog', onDialog);
  const loaded = page.waitForEvent('load', { timeout: 3000 }).catch(() => null);
  // From a task of its own: the question holds the script that asked for the reload until answered.
  await page.evaluate(() => void setTimeout(() => location.reload()));
  await loaded;
  page.off('dialog', onDialog);
  return asked;
}

/** Opens a screen and waits for its heading. */
async function openScreen(page: Page, route: string, title: string): Promise<void> {
  await page.goto(`${shop.host.url}#/${route}`);
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
}

test('a half-typed category asks before the window reloads; Stay keeps the typing, and a closed dialog asks nothing', async ({ page }) => {
  await openScreen(page, 'categories', 'Categories');
  await page.keyboard.press('Control+Shift+N');
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await page.keyboard.type('Half typed hamsters');

  const asked = await reload(page, 'stay');
  expect(asked, 'the leave-page question').not.toBeNull();
  expect(asked!.type()).toBe('beforeunload');
  await expect(dialog.getByLabel('Name')).toHaveValue('Half typed hamsters');

  // Cancelled: nothing is unsaved, and the reload asks nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await reload(page, 'stay')).toBeNull();
  await expect(page.getByRole('heading', { name: 'Categories', level: 2 })).toBeVisible();
});

test('a half-typed new pet (Ctrl+N) asks before the window reloads, as every dialog with edits does', async ({ page }) => {
  await openScreen(page, 'pets', 'Pets');
  await page.keyboard.press('Control+N');
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Half typed hamster');
  const asked = await reload(page, 'stay');
  expect(asked?.type()).toBe('beforeunload');
  await expect(dialog.getByLabel('Name')).toHaveValue('Half typed hamster');
});

test('an order with its pet chosen asks before the window reloads', async ({ page }) => {
  await openScreen(page, 'orders', 'Orders');
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  // Opened and untouched: nothing to lose.
  await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
  expect(await reload(page, 'stay')).toBeNull();

  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await dialog.getByLabel('Ship date').click();
  await page.keyboard.type('2030-01-15 10:00');
  const asked = await reload(page, 'stay');
  expect(asked?.type()).toBe('beforeunload');
  await expect(dialog.getByLabel('Ship date')).toHaveValue('2030-01-15 10:00');
});

test('unsaved Settings ask before the window reloads; once saved, the reload asks nothing', async ({ page }) => {
  await openScreen(page, 'settings', 'Settings');
  const shopName = page.getByRole('textbox', { name: 'Shop name' });
  await expect(shopName).toBeEditable();
  // Typed (the browser asks only of a page the clerk has used).
  await shopName.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Half typed shop');

  expect((await reload(page, 'stay'))?.type()).toBe('beforeunload');
  await expect(shopName).toHaveValue('Half typed shop');

  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.locator('.n-message').filter({ hasText: 'Settings saved' })).toBeVisible();
  expect(await reload(page, 'stay')).toBeNull();
  await expect(page.getByRole('textbox', { name: 'Shop name' })).toHaveValue('Half typed shop');
});
