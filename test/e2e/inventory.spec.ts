import type { PetstoreBridge } from '../../src-shared/bridge';
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';

interface Item {
  petId: number;
  quantity: number;
  status: string;
}

const shop = useShop('Dogs', 'Cats');

/** A pet through the real service, with the stock given. */
async function addPet(name: string, stock: number, categoryId = shop.categoryId('Dogs')): Promise<number> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId }));
  if (stock !== 1) await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  return pet.id;
}

const stored = (petId: number) => must(shop.host.call<Item>('inventory.get', { petId }));

async function openInventory(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
}

/** The table row of a pet (found by its name, exactly). */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('each pet’s stock is listed with its name, category and status chip', async ({ page }) => {
  await addPet('Biscuit', 4);
  await addPet('Whiskers', 0, shop.categoryId('Cats'));
  await openInventory(page);
  const biscuit = rowOf(page, 'Biscuit');
  await expect(biscuit).toContainText('Dogs');
  await expect(biscuit).toContainText('available');
  await expect(biscuit.getByRole('textbox', { name: 'Stock of Biscuit', exact: true })).toHaveValue('4');
  const whiskers = rowOf(page, 'Whiskers');
  await expect(whiskers).toContainText('Cats');
  await expect(whiskers).toContainText('sold');
  await expect(whiskers.getByRole('textbox', { name: 'Stock of Whiskers', exact: true })).toHaveValue('0');
  await expect(page.getByRole('region', { name: 'Stock levels' })).toBeVisible();
});

test('quick adjust with the buttons and the number input stores the stock, and the status chip follows', async ({ page }) => {
  const id = await addPet('Rex', 1);
  await openInventory(page);
  const rex = rowOf(page, 'Rex');
  const input = rex.getByRole('textbox', { name: 'Stock of Rex', exact: true });

  await rex.getByRole('button', { name: 'Increase stock of Rex' }).click();
  await expect(input).toHaveValue('2');
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 2, status: 'available' });

  // Typing 0 and Enter retires the pet: no open orders, so it is sold.
  await input.fill('0');
  await input.press('Enter');
  await expect(rex).toContainText('sold');
  await expect(rex).not.toContainText('available');
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 0, status: 'sold' });
  await expect(rex.getByRole('button', { name: 'Decrease stock of Rex' })).toBeDisabled();
  // A status the clerk did not choose is said, with what to do about it.
  await expect(page.getByText('Rex is now sold: no stock and no open orders. Add stock to sell it again.')).toBeVisible();

  // Restocking makes it available again.
  await input.fill('12');
  await input.press('Enter');
  await expect(rex).toContainText('available');
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 12, status: 'available' });
  await expect(page.getByText('Rex is available again.')).toBeVisible();

  await rex.getByRole('button', { name: 'Decrease stock of Rex' }).click();
  await expect(input).toHaveValue('11');
  await expect.poll(async () => (await stored(id)).quantity).toBe(11);

  // Quick clicks all count, each from the last: three more units.
  const plus = rex.getByRole('button', { name: 'Increase stock of Rex' });
  await plus.click();
  await plus.click();
  await plus.click();
  await expect(input).toHaveValue('14');
  await expect.poll(async () => (await stored(id)).quantity).toBe(14);
  await expect(input).toHaveValue('14');
});

test('quick adjust works from the keyboard alone', async ({ page }) => {
  const id = await addPet('Pepper', 3);
  await openInventory(page);
  const pepper = rowOf(page, 'Pepper');
  const input = pepper.getByRole('textbox', { name: 'Stock of Pepper', exact: true });

  await pepper.getByRole('button', { name: 'Decrease stock of Pepper' }).focus();
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('2');
  await expect.poll(async () => (await stored(id)).quantity).toBe(2);

  await page.keyboard.press('Tab'); // into the number input
  await expect(input).toBeFocused();
  await page.keyboard.press('ArrowUp'); // one more unit
  await expect(input).toHaveValue('3');
  await expect.poll(async () => (await stored(id)).quantity).toBe(3);

  await page.keyboard.press('Control+A');
  await page.keyboard.type('25');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await stored(id)).quantity).toBe(25);

  await page.keyboard.press('Tab'); // to the + button
  await expect(pepper.getByRole('button', { name: 'Increase stock of Pepper' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(input).toHaveValue('26');
  await expect.poll(async () => (await stored(id)).quantity).toBe(26);
  // The change is announced to screen readers.
  await expect(page.getByRole('status').filter({ hasText: 'Pepper: stock 26, available' })).toBeAttached();
});

test('clearing the count with Backspace and typing a new one stores exactly what was typed', async ({ page }) => {
  const id = await addPet('Cooper', 2);
  await openInventory(page);
  const row = rowOf(page, 'Cooper');
  const input = row.getByRole('textbox', { name: 'Stock of Cooper', exact: true });

  await input.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('');
  await expect(row.getByRole('alert')).toHaveText('Enter a stock count');
  await page.keyboard.type('12');
  await expect(input).toHaveValue('12');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await stored(id)).quantity).toBe(12);
  await expect(input).toHaveValue('12');

  // The same with two digits to clear, and leaving the field (Tab) instead of Enter.
  await input.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('');
  await page.keyboard.type('78');
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await stored(id)).quantity).toBe(78);
  await expect(input).toHaveValue('78');
});

test('stock outside 0–1,000,000 or not whole is flagged as it is typed and never saved', async ({ page }) => {
  const id = await addPet('Nibbles', 5);
  await openInventory(page);
  const row = rowOf(page, 'Nibbles');
  const input = row.getByRole('textbox', { name: 'Stock of Nibbles', exact: true });

  await input.fill('1000001');
  await expect(row.getByRole('alert')).toHaveText('Must be at most 1,000,000');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription('Must be at most 1,000,000');
  await input.press('Enter');
  await expect(row.getByRole('alert')).toBeVisible();

  await input.fill('-1');
  await expect(row.getByRole('alert')).toHaveText('Must be at least 0');
  await input.fill('2.5');
  await expect(row.getByRole('alert')).toHaveText('Must be a whole number');
  await input.fill('1,5'); // a decimal comma, or a typo: never read as 15
  await expect(row.getByRole('alert')).toHaveText('Must be a whole number');
  await input.fill('');
  await expect(row.getByRole('alert')).toHaveText('Enter a stock count');

  // Escape puts the stored count back.
  await input.press('Escape');
  await expect(row.getByRole('alert')).toBeHidden();
  await expect(input).toHaveValue('5');
  await expect(input).toHaveAttribute('aria-invalid', 'false');

  // Leaving the field with a bad number does not clamp it to a bound: it stays, said not saved;
  // Escape puts the stored count back.
  await input.fill('5000000');
  await row.getByRole('cell', { name: 'Nibbles', exact: true }).click();
  await expect(row.getByRole('alert')).toHaveText('Not saved: must be at most 1,000,000');
  await expect(input).toHaveValue('5000000');
  expect(await stored(id)).toEqual({ petId: id, quantity: 5, status: 'available' });
  await input.press('Escape');
  await expect(input).toHaveValue('5');

  // Written as the app writes it, with separators, a count is read as meant.
  await input.fill('1,200');
  await expect(row.getByRole('alert')).toBeHidden();
  await input.press('Enter');
  await expect.poll(async () => (await stored(id)).quantity).toBe(1200);

  // The largest count is accepted.
  await input.fill('1000000');
  await expect(row.getByRole('alert')).toBeHidden();
  await input.press('Enter');
  await expect.poll(async () => (await stored(id)).quantity).toBe(1_000_000);
  await expect(row.getByRole('button', { name: 'Increase stock of Nibbles' })).toBeDisabled();
  // It is shown whole, not cut to "10000…".
  await input.blur();
  expect(await input.evaluate((element: HTMLInputElement) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await input.fill('99999999999999999999');
  await expect(row.getByRole('alert')).toHaveText('Must be at most 1,000,000');
});

test('a count that cannot be saved, left with Tab, is said not saved rather than quietly put back', async ({ page }) => {
  const id = await addPet('Tabbed', 4);
  await openInventory(page);
  const row = rowOf(page, 'Tabbed');
  const input = row.getByRole('textbox', { name: 'Stock of Tabbed', exact: true });
  for (const [typed, said] of [['-2', 'Not saved: must be at least 0'], ['abc', 'Not saved: must be a whole number']] as const) {
    await input.fill(typed);
    await input.press('Tab');
    await expect(row.getByRole('alert')).toHaveText(said);
    await expect(input).toHaveValue(typed);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await stored(id)).toEqual({ petId: id, quantity: 4, status: 'available' });
  }
  // Typing a count the store takes clears it, and saves.
  await input.fill('6');
  await expect(row.getByRole('alert')).toBeHidden();
  await input.press('Tab');
  await expect.poll(async () => (await stored(id)).quantity).toBe(6);
});

test('stock below the low-stock threshold is labelled "Low stock"; "Low stock only" lists just those', async ({ page }) => {
  await must(shop.host.call('settings.update', { lowStockThreshold: 3 }));
  try {
    await addPet('Lowly', 2);
    await addPet('Plenty', 3);
    await openInventory(page);
    await expect(page.getByText('Low stock means a pet for sale with fewer than 3 in stock')).toBeVisible();
    await expect(rowOf(page, 'Lowly')).toContainText('Low stock');
    await expect(rowOf(page, 'Plenty')).not.toContainText('Low stock');
    await expect(rowOf(page, 'Plenty')).toContainText('OK');

    await page.getByRole('checkbox', { name: 'Low stock only' }).check();
    await expect(rowOf(page, 'Plenty')).toHaveCount(0);
    await expect(rowOf(page, 'Lowly')).toBeVisible();
    await expect(page.getByText(/\d+ pets? low on stock/)).toBeVisible();

    // Stock falls below the threshold with a click: the label appears at once.
    await rowOf(page, 'Lowly').getByRole('button', { name: 'Increase stock of Lowly' }).click();
    // Restocked to 3: no longer low, but the row the clerk acted on stays (saying so) until the filter changes.
    await expect(rowOf(page, 'Lowly')).toContainText('OK');
    await expect(rowOf(page, 'Lowly')).not.toContainText('Low stock');
    await page.getByRole('checkbox', { name: 'Low stock only' }).uncheck();
    const plenty = rowOf(page, 'Plenty');
    await plenty.getByRole('button', { name: 'Decrease stock of Plenty' }).click();
    await expect(plenty).toContainText('Low stock');
  } finally {
    await must(shop.host.call('settings.update', { lowStockThreshold: 1 }));
  }
});

test('a low-stock threshold changed elsewhere relabels the rows at once', async ({ page }) => {
  await addPet('Threshy', 4);
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Threshy');
  await expect(page.getByText('1 pet whose name contains “Threshy”')).toBeVisible();
  await expect(rowOf(page, 'Threshy')).toContainText('OK');
  try {
    await must(shop.host.call('settings.update', { lowStockThreshold: 5 })); // as another window or `petstore settings set` would
    await expect(rowOf(page, 'Threshy')).toContainText('Low stock');
    await expect(page.getByText('Low stock means a pet for sale with fewer than 5 in stock')).toBeVisible();
  } finally {
    await must(shop.host.call('settings.update', { lowStockThreshold: 1 }));
  }
  await expect(rowOf(page, 'Threshy')).toContainText('OK');
});

test('changes made through the service show without a reload', async ({ page }) => {
  const id = await addPet('Shadow', 2);
  await openInventory(page);
  const input = rowOf(page, 'Shadow').getByRole('textbox', { name: 'Stock of Shadow', exact: true });
  await expect(input).toHaveValue('2');

  await must(shop.host.call('inventory.set', { petId: id, update: { quantity: 9 } }));
  await expect(input).toHaveValue('9');
  await must(shop.host.call('inventory.set', { petId: id, update: { quantity: 0 } }));
  await expect(rowOf(page, 'Shadow')).toContainText('sold');
  // Sold: not for sale, so not low stock; its level says so.
  await expect(rowOf(page, 'Shadow').getByRole('cell').last()).toHaveText('Sold');

  await must(shop.host.call('pets.replace', { petId: id, pet: { name: 'Shadowfax', categoryId: shop.categoryId('Cats'), status: 'available' } }));
  await expect(rowOf(page, 'Shadowfax')).toContainText('Cats');
  await expect(rowOf(page, 'Shadowfax')).toContainText('available');

  await addPet('Newcomer', 6);
  await expect(rowOf(page, 'Newcomer').getByRole('textbox', { name: 'Stock of Newcomer', exact: true })).toHaveValue('6');

  await must(shop.host.call('pets.delete', { petId: id }));
  await expect(rowOf(page, 'Shadowfax')).toHaveCount(0);
});

test('a count being typed is never replaced by a change made elsewhere: the change is said under it, the typed count is saved', async ({ page }) => {
  const id = await addPet('Typist', 9);
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Typist');
  await expect(page.getByText('1 pet whose name contains “Typist”')).toBeVisible(); // the search has been read
  const row = rowOf(page, 'Typist');
  const input = row.getByRole('textbox', { name: 'Stock of Typist', exact: true });
  await input.fill('2'); // the clerk counted 25 and has typed the first digit
  await must(shop.host.call('orders.place', { petId: id, quantity: 2 })); // meanwhile an order: 9 → 7
  await expect(row.getByRole('status')).toHaveText('Changed elsewhere: now 7');
  await expect(input).toHaveValue('2');
  await input.press('End');
  await page.keyboard.type('5');
  await expect(input).toHaveValue('25');
  await input.press('Enter');
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 25, status: 'available' });
  await expect(row.getByRole('status')).toHaveCount(0);
  await expect(input).toHaveValue('25');
});

test('+ and − add or take a unit from the stock as the store holds it, even when the screen has not heard of a change yet', async ({ page }) => {
  const id = await addPet('Stale', 5);
  // The screen hears of no change (as when another program's order is not yet seen): its event stream is cut.
  await page.route('**/__petstore/events?*', (route) => route.abort());
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Stale'); // the table renders only the rows in view
  await expect(page.getByText('1 pet whose name contains “Stale”')).toBeVisible(); // the search has been read
  const row = rowOf(page, 'Stale');
  const input = row.getByRole('textbox', { name: 'Stock of Stale', exact: true });
  await expect(input).toHaveValue('5');
  await must(shop.host.call('orders.place', { petId: id, quantity: 3 })); // 5 → 2 in the store; the screen still says 5
  await expect(input).toHaveValue('5');
  await row.getByRole('button', { name: 'Increase stock of Stale' }).click();
  // One more than there is (3), not one more than the screen showed (6): the order's units stay sold.
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 3, status: 'available' });
  await expect(input).toHaveValue('3');
  await row.getByRole('button', { name: 'Decrease stock of Stale' }).click();
  await expect.poll(() => stored(id)).toMatchObject({ quantity: 2 });
  await expect(input).toHaveValue('2');
});

test('the search finds pets by name and Ctrl+F focuses it', async ({ page }) => {
  await addPet('Mildred', 4);
  await addPet('Milo', 2, shop.categoryId('Cats'));
  await openInventory(page);
  await page.getByRole('heading', { name: 'Inventory', level: 2 }).click();
  await page.keyboard.press('Control+F');
  const search = page.getByLabel('Search stock by pet name');
  await expect(search).toBeFocused();
  await page.keyboard.type('MIL');
  await expect(page.getByText('2 pets whose name contains “MIL”')).toBeVisible();
  await expect(rowOf(page, 'Mildred')).toBeVisible();
  await expect(rowOf(page, 'Milo')).toBeVisible();
  await expect(rowOf(page, 'Rex')).toHaveCount(0);

  // With "Low stock only" the search's low-stock pets are counted too (threshold 3: Milo has 2).
  await must(shop.host.call('settings.update', { lowStockThreshold: 3 }));
  try {
    await page.getByRole('checkbox', { name: 'Low stock only' }).check();
    await expect(page.getByText('1 pet low on stock whose name contains “MIL”')).toBeVisible();
    await expect(rowOf(page, 'Milo')).toBeVisible();
    await expect(rowOf(page, 'Mildred')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Low stock only' }).uncheck();
  } finally {
    await must(shop.host.call('settings.update', { lowStockThreshold: 1 }));
  }

  await search.fill('no such pet');
  await expect(page.getByText('No pets whose name contains “no such pet”')).toBeVisible();

  // Ctrl+F again selects the last search: typing replaces it.
  await page.getByRole('heading', { name: 'Inventory', level: 2 }).click();
  await page.keyboard.press('Control+F');
  await page.keyboard.type('Milo');
  await expect(search).toHaveValue('Milo');
  await expect(rowOf(page, 'Milo')).toBeVisible();
});

test('a refusal from the service shows its message in a toast and the stored count stays', async ({ page }) => {
  const id = await addPet('Ghost', 4);
  // Cut the live event stream, so this page does not hear that the pet is deleted before the clerk acts.
  await page.route('**/__petstore/events?*', (route) => route.abort());
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Ghost'); // the table renders only the rows in view
  // The search has been read: its answer, were it still to come, would no longer hold Ghost.
  await expect(page.getByText('1 pet whose name contains “Ghost”')).toBeVisible();
  const input = rowOf(page, 'Ghost').getByRole('textbox', { name: 'Stock of Ghost', exact: true });
  await expect(input).toHaveValue('4');
  await must(shop.host.call('pets.delete', { petId: id }));

  await rowOf(page, 'Ghost').getByRole('button', { name: 'Increase stock of Ghost' }).click();
  await expect(page.getByText(`Pet ${id} does not exist`)).toBeVisible();
  await input.fill('7');
  await input.press('Enter');
  await expect(input).toHaveValue('4');
});

test('a long inventory loads the next page as the clerk scrolls, with no button', async ({ page }) => {
  const fish = (await must(shop.host.call<{ id: number }>('categories.create', { name: 'Fish' }))).id;
  const content = ['name,category', ...Array.from({ length: 450 }, (_, i) => `Goldie ${i + 1},${fish}`)].join('\n');
  await must(shop.host.call('data.import', { format: 'csv', content }));
  const total = (await must(shop.host.call<{ total: number }>('inventory.list', { limit: 1 }))).total;

  await openInventory(page);
  await expect(page.getByText(`${total} pets · showing 200`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const scroller = page.locator('.n-data-table .v-vl').first();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.getByText(`${total} pets · showing 400`)).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(page.getByText(`${total} pets`, { exact: true })).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(rowOf(page, 'Goldie 450')).toBeVisible();
});

test('while the next page loads, the rows already drawn stay clear of a spinner', async ({ page }) => {
  const fish = (await must(shop.host.call<{ id: number }>('categories.create', { name: 'Fish' }))).id;
  const content = ['name,category', ...Array.from({ length: 250 }, (_, i) => `Guppy ${i + 1},${fish}`)].join('\n');
  await must(shop.host.call('data.import', { format: 'csv', content }));
  await openInventory(page);
  await expect(page.getByText(/ pets · showing 200$/)).toBeVisible();
  // The next page is held back a while, as on a busy machine.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/__petstore/invoke/inventory.list', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest('**/__petstore/invoke/inventory.list');
  const scroller = page.locator('.n-data-table .v-vl').first();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await asked;
  // Two frames after the page was asked for: the table has drawn whatever its loading state shows.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.locator('.inventory__table .n-data-table-loading-wrapper')).toHaveCount(0);
  release();
  await expect(page.getByText(/ pets$/)).toBeVisible();
});

test('the inventory screen passes axe in light and dark, and a screenshot is kept', async ({ page }) => {
  // A shop with stock of every kind: plenty, low, none.
  for (const [name, stock] of [['Biscuit', 4], ['Rex', 12], ['Milo', 2], ['Nibbles', 1], ['Bella', 7]] as const) await addPet(name, stock);
  await addPet('Whiskers', 0, shop.categoryId('Cats'));
  await must(shop.host.call('settings.update', { lowStockThreshold: 3 }));
  try {
    await openInventory(page);
    await expect(page.getByText('Low stock', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'inventory');
    // Once more with an inline validation message showing.
    const first = page.getByRole('textbox', { name: /^Stock of / }).first();
    await first.fill('-3');
    await expect(page.getByRole('alert').first()).toHaveText('Must be at least 0');
    await expectAccessible(page, 'inventory with a validation message');
    await first.press('Escape');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await first.blur();
    await saveScreenshot(page, 'inventory');
  } finally {
    await must(shop.host.call('settings.update', { lowStockThreshold: 1 }));
  }
});

test('a store-event listener that fails costs the other listeners and the screen nothing', async ({ page }) => {
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Zq');
  await expect(page.getByText('0 pets whose name contains “Zq”')).toBeVisible();
  await page.evaluate(() => {
    const { petstore } = globalThis as typeof globalThis & { petstore: PetstoreBridge; heard: number[] };
    (globalThis as typeof globalThis & { heard: number[] }).heard = [];
    petstore.onEvent(() => {
      throw new Error('a broken listener');
    });
    petstore.onEvent((event) => (globalThis as typeof globalThis & { heard: number[] }).heard.push(event.id));
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const content = ['name,category', 'Zq Pip,' + shop.categoryId('Dogs'), 'Zq Pop,' + shop.categoryId('Dogs')].join('\n');
  await must(shop.host.call('data.import', { format: 'csv', content })); // one commit: its events arrive as one message
  await expect.poll(() => page.evaluate(() => (globalThis as typeof globalThis & { heard: number[] }).heard.length)).toBeGreaterThanOrEqual(2);
  await expect(rowOf(page, 'Zq Pip')).toBeVisible();
  await expect(rowOf(page, 'Zq Pop')).toBeVisible();
  expect(errors.some((text) => text.includes('A store event listener failed'))).toBe(true);
});

test('the stock table fills the window, as Pets and Orders do', async ({ page }) => {
  for (let i = 1; i <= 30; i++) await addPet(`Filler ${i}`, 3);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await openInventory(page);
  const table = page.getByRole('region', { name: 'Stock levels' });
  await expect(table.locator('tbody tr').nth(20)).toBeVisible();
  const box = (await table.boundingBox())!;
  // Down to the window's foot: far past the old 560 px.
  expect(box.y + box.height).toBeGreaterThan(1100 - 60);
  await page.setViewportSize({ width: 1280, height: 700 });
  await expect.poll(async () => { const b = (await table.boundingBox())!; return b.y + b.height; }).toBeLessThanOrEqual(700);
});

test('a "Not saved" count stays, with its message, when the row is scrolled away and back; a change elsewhere is said under it', async ({ page }) => {
  const first = await addPet('Roller 1', 4);
  for (let i = 2; i <= 60; i += 1) await addPet(`Roller ${i}`, 4);
  await openInventory(page);
  await page.getByLabel('Search stock by pet name').fill('Roller');
  await expect(page.getByText('60 pets whose name contains “Roller”')).toBeVisible();
  const row = rowOf(page, 'Roller 1');
  const input = row.getByRole('textbox', { name: 'Stock of Roller 1', exact: true });
  await input.fill('abc');
  await input.press('Tab');
  await expect(row.getByRole('alert')).toHaveText('Not saved: must be a whole number');

  // The virtual table drops the row while it is out of view, and draws it anew on the way back.
  const scroller = page.locator('.n-data-table .v-vl').first();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(rowOf(page, 'Roller 60')).toBeVisible();
  await expect(row).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(input).toHaveValue('abc');
  await expect(row.getByRole('alert')).toHaveText('Not saved: must be a whole number');

  // A change made elsewhere meanwhile is said under it; the typed text stays.
  await must(shop.host.call('inventory.set', { petId: first, update: { quantity: 9 } }));
  await expect(row.getByRole('status')).toHaveText('Changed elsewhere: now 9');
  await expect(input).toHaveValue('abc');
  await input.press('Escape');
  await expect(input).toHaveValue('9');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(row.getByRole('status')).toHaveCount(0);
});
