import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { freePort } from '../helpers/ports';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectField } from './support/screens';

/**
 * A dialog (or form) that has saved never saves again on a second click or Enter that comes while
 * it fades out: the first save is quick, the dialog closes, and for a few hundred milliseconds its
 * button is still under the pointer and its field still holds the focus.
 */

const shop = useShop('Dogs');

const toast = (page: Page, text: string | RegExp) => page.locator('.n-message').filter({ hasText: text });

/**
 * Clicks `target`, and the moment the save it starts has said so (its toast appears), clicks the
 * same button again while it is still on screen (a dialog fading out): the hurried second click.
 * The second click is made in the page as the toast is added, not over the test's round trips,
 * which on a loaded machine came after the dialog had gone.
 */
async function clickTwice(page: Page, target: Locator): Promise<void> {
  const button = await target.elementHandle();
  await button!.evaluate((node) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.n-message')) return;
      observer.disconnect();
      document.body.dataset.secondClick = String(node.isConnected);
      if (node.isConnected) (node as HTMLElement).click();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await target.click();
  await expect(page.locator('body'), 'the button is still there for the second click').toHaveAttribute('data-second-click', 'true');
}

async function ordersOf(petId: number): Promise<unknown[]> {
  return (await must(shop.host.call<{ items: unknown[] }>('orders.list', { petId }))).items;
}

async function openOrderDialog(page: Page, name: string): Promise<Locator> {
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await selectField(dialog, 'Pet').fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(#`) }).click();
  await expect(dialog.getByText('In stock: 5')).toBeVisible();
  return dialog;
}

test('Place order clicked again while the dialog closes places one order', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Clicky', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  const dialog = await openOrderDialog(page, 'Clicky');
  await clickTwice(page, dialog.getByRole('button', { name: 'Place order' }));
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  expect(await ordersOf(pet.id)).toHaveLength(1);
  expect(await page.locator('.n-message').allInnerTexts()).toEqual([expect.stringMatching(/^Placed order \d+: 1 × Clicky$/)]);
});

test('Enter pressed twice in Quantity places one order', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Keyed', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
  const dialog = await openOrderDialog(page, 'Keyed');
  await dialog.getByLabel('Quantity').focus();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(70);
  await page.keyboard.press('Enter');
  await expect(toast(page, /Placed order/).first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await ordersOf(pet.id)).toHaveLength(1);
});

test('New pet saved with a second click adds one pet', async ({ page }) => {
  await page.goto(`${shop.host.url}#/pets`);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Twice');
  await selectField(dialog, 'Category').fill('Dogs');
  await page.keyboard.press('Enter');
  await clickTwice(page, dialog.getByRole('button', { name: 'Save' }));
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  expect(await must(shop.host.call<{ total: number }>('pets.list', { q: 'Twice' }))).toMatchObject({ total: 1 });
});

test('a confirmed Delete clicked again deletes once and says nothing of a missing pet', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Goner', categoryId: shop.categoryId('Dogs') }));
  await page.goto(`${shop.host.url}#/pets`);
  await page.getByRole('row', { name: /Goner/ }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete Goner?' });
  await expect(confirm).toBeVisible();
  const before = await must(shop.host.call<{ lastEventId: number }>('events.latest', {}));
  await clickTwice(page, confirm.getByRole('button', { name: 'Delete' }));
  await expect(toast(page, `Deleted Goner (pet ${pet.id})`)).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.locator('.n-message').allInnerTexts()).toEqual([`Deleted Goner (pet ${pet.id}) Undo`]); // one toast, with its Undo button
  // One deletion and nothing else written.
  const after = await must(shop.host.call<{ lastEventId: number }>('events.latest', {}));
  expect(after.lastEventId - before.lastEventId).toBe(1);
});

test('Save settings clicked again after saving says only "Settings saved"', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const general = page.getByRole('region', { name: 'Shop details', exact: true });
  await expect(general.getByLabel('Shop name')).toHaveValue('Pet Store');
  await general.getByLabel('Shop name').fill('Quick Paws');
  await clickTwice(page, general.getByRole('button', { name: 'Save shop settings' }));
  await expect(toast(page, 'Settings saved')).toHaveCount(1);
  await page.waitForTimeout(300);
  // (Counted now: an expectation would wait for the toasts to time out.)
  expect(await page.locator('.n-message').allInnerTexts()).toEqual(['Settings saved']);
  expect(await must(shop.host.call('settings.get', {}))).toMatchObject({ shopName: 'Quick Paws' });
  // An edit after the save saves as ever.
  await general.getByLabel('Shop name').fill('Quick Paws 2');
  await general.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(toast(page, 'Settings saved')).toHaveCount(2);
});

/** Holds the page's calls of `operation` back for a moment: a second press comes while the first is on its way. */
async function slow(page: Page, operation: string): Promise<void> {
  await page.route(`**/__petstore/invoke/${operation}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('textbox', { name: 'Port' })).toBeEditable();
}
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('Save address pressed twice moves and restarts the listener once', async ({ page }) => {
  const before = await must(shop.host.call<{ listenerPort: number }>('settings.get', {}));
  await must(shop.host.call('settings.update', { listenerPort: await freePort() }));
  await must(shop.host.call('listener.start', {}));
  try {
    await openSettings(page);
    const listener = section(page, 'REST API listener');
    await slow(page, 'listener.status');
    const restarted = toast(page, /^The listener was restarted at/);

    // Ctrl+Enter twice, the second while the first is on its way.
    await listener.getByLabel('Port').fill(String(await freePort()));
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await expect(restarted.first()).toBeVisible();
    await page.waitForTimeout(700);
    expect(await restarted.count()).toBe(1); // (counted now: an expectation would wait for the toasts to go)

    // A double click.
    await listener.getByLabel('Port').fill(String(await freePort()));
    await listener.getByRole('button', { name: 'Save address' }).dblclick();
    await expect(restarted).toHaveCount(2);
    await page.waitForTimeout(700);
    expect(await restarted.count()).toBe(2); // (counted now: an expectation would wait for the toasts to go)

    // A second click once the first save is done: saved already, nothing to restart.
    // Waits for a held call to go on first: one unrouted under it failed ("Route is already handled").
    await page.unrouteAll({ behavior: 'wait' });
    const port = await freePort();
    await listener.getByLabel('Port').fill(String(port));
    const save = listener.getByRole('button', { name: 'Save address' });
    await save.click();
    await expect(restarted).toHaveCount(3);
    await save.click();
    await page.waitForTimeout(700);
    expect(await restarted.count()).toBe(3); // (counted now: an expectation would wait for the toasts to go)
    expect(await must(shop.host.call('listener.status', {}))).toMatchObject({ running: true, port });
  } finally {
    await must(shop.host.call('listener.stop', {}));
    await must(shop.host.call('settings.update', { listenerPort: before.listenerPort }));
  }
});

test('Restore pressed twice asks once', async ({ page }) => {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-submit-once-'));
  try {
    const file = join(scratch, 'twice.db');
    await must(shop.host.call('backup.create', { file }));
    await openSettings(page);
    const backup = section(page, 'Backup and restore');
    await slow(page, 'backup.check');
    const question = page.getByRole('dialog', { name: 'Restore this backup?' });

    await backup.getByLabel('Backup file to restore').fill(file);
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await expect(question.first()).toBeVisible();
    await page.waitForTimeout(700);
    await expect(question).toHaveCount(1);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);

    await backup.getByRole('button', { name: 'Restore…' }).dblclick();
    await expect(question.first()).toBeVisible();
    await page.waitForTimeout(700);
    await expect(question).toHaveCount(1);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('Export pressed twice while it is on its way exports once', async ({ page }) => {
  await openSettings(page);
  const exporting = section(page, 'Export');
  let downloads = 0;
  page.on('download', () => downloads++);
  await slow(page, 'data.export');
  const exported = toast(page, /^Exported /);

  await exporting.getByRole('radio', { name: 'CSV (one table)' }).focus();
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  await expect(exported.first()).toBeVisible();
  await page.waitForTimeout(700);
  expect(await exported.count()).toBe(1); // (counted now: an expectation would wait for the toasts to go)
  expect(downloads).toBe(1);

  await exporting.getByRole('button', { name: 'Export' }).dblclick();
  await expect(exported).toHaveCount(2);
  await page.waitForTimeout(700);
  expect(await exported.count()).toBe(2); // (counted now: an expectation would wait for the toasts to go)
  expect(downloads).toBe(2);
});
