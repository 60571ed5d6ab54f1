import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible } from './support/screens';

interface Item {
  petId: number;
  quantity: number;
  status: string;
}
interface Movement {
  delta: number;
  quantityAfter: number;
  reason: string;
  note?: string;
}

const shop = useShop('Dogs');

async function addPet(name: string, stock: number): Promise<number> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
  if (stock !== 1) await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  return pet.id;
}

const stored = (petId: number) => must(shop.host.call<Item>('inventory.get', { petId }));
const ledger = async (petId: number) => (await must(shop.host.call<{ items: Movement[] }>('inventory.movements', { petId, limit: 100 }))).items;

/** The Inventory screen searched down to one pet (the table draws only the rows in view). */
async function openWith(page: Page, name: string): Promise<void> {
  await page.goto(`${shop.host.url}#/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
  await page.getByLabel('Search stock by pet name').fill(name);
  await expect(page.getByText(`1 pet whose name contains “${name}”`)).toBeVisible();
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** Picks a radio choice as the clerk clicks it (naive-ui draws its own dot over the hidden input). */
const choose = (scope: Locator, name: string | RegExp) => scope.locator('.n-radio').filter({ has: scope.page().getByRole('radio', { name }) }).click();

test('a delivery is added with its reason and note, from the keyboard, and shows first in the pet’s history', async ({ page }) => {
  const id = await addPet('Biscuit', 4);
  await openWith(page, 'Biscuit');
  await rowOf(page, 'Biscuit').getByRole('button', { name: 'Adjust the stock of Biscuit with a reason' }).focus();
  await page.keyboard.press('Enter');
  const adjust = dialog(page, 'Adjust the stock of Biscuit');
  await expect(adjust).toBeVisible();
  // The reason comes first, Received chosen; Tab leaves the group for the units.
  await expect(adjust.getByRole('radio', { name: /^Received/ })).toBeChecked();
  await expect(adjust.getByRole('radio', { name: /^Received/ })).toBeFocused();
  await page.keyboard.press('Tab');
  const units = adjust.getByRole('textbox', { name: 'Units' });
  await expect(units).toBeFocused();
  await page.keyboard.type('3');
  await expect(adjust.getByRole('status')).toHaveText('Stock: 4 → 7');
  await adjust.getByRole('textbox', { name: 'Note' }).fill('Delivery 4711');
  await page.keyboard.press('Control+Enter');
  await expect(adjust).toBeHidden();
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 7, status: 'available' });
  expect((await ledger(id))[0]).toMatchObject({ delta: 3, quantityAfter: 7, reason: 'received', note: 'Delivery 4711' });
  await expect(rowOf(page, 'Biscuit').getByRole('textbox', { name: 'Stock of Biscuit', exact: true })).toHaveValue('7');

  await rowOf(page, 'Biscuit').getByRole('button', { name: 'Stock history of Biscuit' }).click();
  const history = dialog(page, 'Stock history of Biscuit');
  await expect(history.getByText('3 changes, newest first')).toBeVisible();
  const rows = history.getByRole('row');
  // The heading row, then newest first: the delivery, the count set to 4, the opening stock.
  await expect(rows.nth(1)).toContainText('Received');
  await expect(rows.nth(1)).toContainText('+3');
  await expect(rows.nth(1)).toContainText('Delivery 4711');
  await expect(rows.nth(2)).toContainText('+3');
  await expect(rows.nth(2)).toContainText('4');
  await expect(rows.nth(3)).toContainText('Opening stock');
  await expectAccessible(page, 'the stock history');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
});

test('a death takes the units away, is never a sale, and the pet left with none is pending', async ({ page }) => {
  const id = await addPet('Nemo', 2);
  await openWith(page, 'Nemo');
  await rowOf(page, 'Nemo').getByRole('button', { name: 'Adjust the stock of Nemo with a reason' }).click();
  const adjust = dialog(page, 'Adjust the stock of Nemo');
  await choose(adjust, /^Died/);
  await adjust.getByRole('textbox', { name: 'Units' }).fill('2');
  await expect(adjust.getByRole('status')).toHaveText('Stock: 2 → 0');
  await adjust.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(adjust).toBeHidden();
  await expect.poll(() => stored(id)).toEqual({ petId: id, quantity: 0, status: 'pending' });
  await expect(page.getByText('Nemo is now pending: no stock left, its open orders wait.')).toBeVisible();
  expect((await ledger(id))[0]).toMatchObject({ delta: -2, quantityAfter: 0, reason: 'died' });
});

test('a correction goes either way: the clerk says which', async ({ page }) => {
  const id = await addPet('Pip', 5);
  await openWith(page, 'Pip');
  const open = () => rowOf(page, 'Pip').getByRole('button', { name: 'Adjust the stock of Pip with a reason' }).click();
  const adjust = dialog(page, 'Adjust the stock of Pip');
  await open();
  await choose(adjust, /^Correction/);
  await choose(adjust, 'Take units away');
  await adjust.getByRole('textbox', { name: 'Units' }).fill('2');
  await expect(adjust.getByRole('status')).toHaveText('Stock: 5 → 3');
  await adjust.getByRole('button', { name: 'Adjust stock' }).click();
  await expect.poll(() => stored(id)).toMatchObject({ quantity: 3 });
  await expect(adjust).toBeHidden();
  await open();
  await choose(adjust, /^Correction/);
  await adjust.getByRole('textbox', { name: 'Units' }).fill('1');
  await expect(adjust.getByRole('status')).toHaveText('Stock: 3 → 4');
  await adjust.getByRole('button', { name: 'Adjust stock' }).click();
  await expect.poll(() => stored(id)).toMatchObject({ quantity: 4 });
  expect((await ledger(id)).slice(0, 2).map((m) => [m.reason, m.delta])).toEqual([['correction', 1], ['correction', -2]]);
});

test('taking away more than there is is refused: said under the units at once, and by the store when the screen was behind', async ({ page }) => {
  const id = await addPet('Ghosty', 3);
  // The screen hears of no change, as when another program's sale is not yet seen.
  await page.route('**/__petstore/events?*', (route) => route.abort());
  await openWith(page, 'Ghosty');
  await rowOf(page, 'Ghosty').getByRole('button', { name: 'Adjust the stock of Ghosty with a reason' }).click();
  const adjust = dialog(page, 'Adjust the stock of Ghosty');
  await choose(adjust, /^Lost/);
  const units = adjust.getByRole('textbox', { name: 'Units' });
  await units.fill('4');
  await expect(adjust.getByRole('alert')).toHaveText('Only 3 in stock: at most that many can be taken away');
  await expect(units).toHaveAttribute('aria-invalid', 'true');
  await adjust.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(adjust).toBeVisible();
  await units.fill('0');
  await expect(adjust.getByRole('alert')).toHaveText('Must be a whole number of units, 1 or more');
  await expectAccessible(page, 'the adjust dialog with a message');

  // Meanwhile the stock falls to 1 elsewhere; the screen still says 3.
  await must(shop.host.call('inventory.set', { petId: id, update: { quantity: 1 } }));
  await units.fill('2');
  await expect(adjust.getByRole('status')).toHaveText('Stock: 3 → 1');
  await adjust.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(adjust.getByRole('alert')).toHaveText(`Only 1 of Ghosty (pet ${id}) in stock; cannot take away 2`);
  await expect(adjust).toBeVisible();
  expect(await stored(id)).toEqual({ petId: id, quantity: 1, status: 'available' });
});

test('a long history is read a page at a time, newest first', async ({ page }) => {
  const id = await addPet('Busy', 1);
  for (let i = 0; i < 59; i += 1) await must(shop.host.call('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received', note: `Box ${i + 1}` } }));
  await openWith(page, 'Busy');
  await rowOf(page, 'Busy').getByRole('button', { name: 'Stock history of Busy' }).click();
  const history = dialog(page, 'Stock history of Busy');
  await expect(history.getByText('60 changes, newest first · showing 50')).toBeVisible();
  await expect(history.getByRole('row').nth(1)).toContainText('Box 59');
  await expectAccessible(page, 'a long stock history'); // its rows scroll: the box is a region the keyboard can scroll
  await history.getByRole('button', { name: 'Show older changes' }).click();
  await expect(history.getByText('60 changes, newest first', { exact: true })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Show older changes' })).toHaveCount(0);
  await expect(history.getByRole('row').filter({ hasText: 'Opening stock' })).toHaveCount(1);
  // A change made while it is open is listed at once.
  await must(shop.host.call('inventory.adjust', { petId: id, adjustment: { delta: -1, reason: 'lost', note: 'Escaped' } }));
  await expect(history.getByRole('row').nth(1)).toContainText('Escaped');
  await expect(history.getByText('61 changes, newest first · showing 50')).toBeVisible();
});

test('a sale in the history links to its receipt', async ({ page }) => {
  const id = await addPet('Sold', 3);
  await must(shop.host.call('pets.update', { petId: id, changes: { price: 1_500 } }));
  const sale = await must(shop.host.call<{ id: number }>('sales.create', { lines: [{ petId: id }], payments: [{ method: 'card', amount: 1_500 }] }));
  await openWith(page, 'Sold');
  await rowOf(page, 'Sold').getByRole('button', { name: 'Stock history of Sold' }).click();
  const history = dialog(page, 'Stock history of Sold');
  const latest = history.getByRole('row').nth(1);
  await expect(latest).toContainText('Ordered');
  await expect(latest).toContainText('−1');
  await expectAccessible(page, 'the stock history with a sale');
  await latest.getByRole('link', { name: `Sale ${sale.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/sales/${sale.id}/receipt`));
  await expect(history).toBeHidden();
});
