import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * A row the clerk just acted on stays where it is, showing its new state, while a filter would
 * now leave it out: the next row never moves under the pointer (a second click on Fulfil or +
 * would act on another order or pet) and the keyboard focus stays on it. It goes when the clerk
 * changes the filter or comes back to the screen.
 */

const shop = useShop('Dogs');

async function addPet(name: string, stock: number): Promise<number> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
  if (stock !== 1) await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  return pet.id;
}

/** Clicks where `target` is now, `times` times `gap` ms apart, wherever the rows have moved meanwhile. */
async function clickInPlace(page: Page, target: Locator, times: number, gap: number): Promise<void> {
  const box = (await target.boundingBox())!;
  for (let i = 0; i < times; i++) {
    if (i > 0) await page.waitForTimeout(gap);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
}

test.describe('Orders, "Open" only', () => {
  interface Order {
    id: number;
    complete: boolean;
  }
  const orderRow = (page: Page, id: number) =>
    page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });

  test('a double click on Fulfil asks once and fulfils that order only; its row stays, marked Complete, until the filter changes', async ({ page }) => {
    const petId = await addPet('Fido', 5);
    const place = () => must(shop.host.call<Order>('orders.place', { petId, quantity: 1 }));
    const older = await place();
    const middle = await place();
    const newer = await place();
    await page.goto(`${shop.host.url}#/orders`);
    await page.getByText('Open', { exact: true }).first().click();
    await expect(orderRow(page, older.id)).toBeVisible();

    await clickInPlace(page, page.getByRole('button', { name: `Fulfil order ${middle.id}` }), 2, 200);
    const asked = page.getByRole('dialog', { name: /^Fulfil order \d+\?$/ });
    await expect(asked).toHaveCount(1);
    await expect(asked).toHaveAccessibleName(`Fulfil order ${middle.id}?`);
    await asked.getByRole('button', { name: 'Fulfil order', exact: true }).click();
    await expect(page.getByText(`Order ${middle.id} fulfilled`)).toBeVisible();
    await page.waitForTimeout(500); // the store's own event comes back meanwhile
    const complete = async (id: number) => (await must(shop.host.call<Order>('orders.get', { orderId: id }))).complete;
    expect(await complete(middle.id)).toBe(true);
    expect(await complete(older.id), 'the next order was not fulfilled too').toBe(false);
    expect(await complete(newer.id)).toBe(false);
    await expect(orderRow(page, middle.id)).toContainText('Complete');
    await expect(page.locator('.orders__count')).toHaveText('2 orders');

    // From the keyboard: the focus stays on the fulfilled order's row (its receipt).
    await page.getByRole('button', { name: `Fulfil order ${newer.id}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: `Fulfil order ${newer.id}?` }).getByRole('button', { name: 'Fulfil order', exact: true })).toBeFocused();
    await page.keyboard.press('Enter'); // the confirmation goes ahead
    await expect(page.getByText(`Order ${newer.id} fulfilled`)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(orderRow(page, newer.id)).toContainText('Complete');
    await expect(page.getByRole('link', { name: `Receipt for order ${newer.id}` })).toBeFocused();

    // Another filter and back: the list is what the filter says.
    await page.locator('label', { hasText: 'All' }).click();
    await expect(orderRow(page, middle.id)).toContainText('Complete');
    await page.getByText('Open', { exact: true }).first().click();
    await expect(orderRow(page, older.id)).toBeVisible();
    await expect(orderRow(page, middle.id)).toHaveCount(0);
    await expect(orderRow(page, newer.id)).toHaveCount(0);
  });

  test('an order fulfilled elsewhere still leaves the "Open" list', async ({ page }) => {
    const petId = await addPet('Rover', 2);
    const order = await must(shop.host.call<Order>('orders.place', { petId, quantity: 1 }));
    await page.goto(`${shop.host.url}#/orders`);
    await page.getByText('Open', { exact: true }).first().click();
    await expect(orderRow(page, order.id)).toBeVisible();
    await must(shop.host.call('orders.update', { orderId: order.id, changes: { complete: true } }));
    await expect(orderRow(page, order.id)).toHaveCount(0);
  });
});

test.describe('Inventory, "Low stock only"', () => {
  test.beforeEach(async () => must(shop.host.call('settings.update', { lowStockThreshold: 3 })));

  const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const stockOf = async (petId: number) => (await must(shop.host.call<{ quantity: number; status: string }>('inventory.get', { petId })));

  async function openLowOnly(page: Page): Promise<void> {
    await page.goto(`${shop.host.url}#/inventory`);
    await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Low stock only' }).check();
  }

  test('clicking + past the threshold keeps adding to that pet; its row stays, no longer low, until the filter changes', async ({ page }) => {
    const low = await addPet('Almost', 1);
    const next = await addPet('Bygone', 1);
    await must(shop.host.call('orders.place', { petId: next })); // its only unit: pending with none left, still low
    expect(await stockOf(next)).toEqual(expect.objectContaining({ quantity: 0, status: 'pending' }));
    await openLowOnly(page);
    await expect(rowOf(page, 'Bygone')).toBeVisible();
    await expect(rowOf(page, 'Almost')).toBeVisible();

    await clickInPlace(page, rowOf(page, 'Almost').getByRole('button', { name: 'Increase stock of Almost' }), 4, 250);
    await expect.poll(async () => (await stockOf(low)).quantity).toBe(5);
    await page.waitForTimeout(500); // the refreshes the changes cause
    expect(await stockOf(next), 'the next pet was not restocked').toEqual(expect.objectContaining({ quantity: 0, status: 'pending' }));
    const almost = rowOf(page, 'Almost');
    await expect(almost.getByRole('textbox', { name: 'Stock of Almost', exact: true })).toHaveValue('5');
    await expect(almost).toContainText('OK');

    // Unticked and ticked again: only the low ones.
    await page.getByRole('checkbox', { name: 'Low stock only' }).uncheck();
    await expect(rowOf(page, 'Almost')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Low stock only' }).check();
    await expect(rowOf(page, 'Bygone')).toBeVisible();
    await expect(rowOf(page, 'Almost')).toHaveCount(0);
  });

  test('from the keyboard the focus stays on the + of the pet that is no longer low', async ({ page }) => {
    const petId = await addPet('Keyboarded', 2);
    await openLowOnly(page);
    const plus = rowOf(page, 'Keyboarded').getByRole('button', { name: 'Increase stock of Keyboarded' });
    await plus.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stockOf(petId)).quantity).toBe(3);
    await page.waitForTimeout(500);
    await expect(plus).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stockOf(petId)).quantity).toBe(4);
    await expect(rowOf(page, 'Keyboarded').getByRole('textbox', { name: 'Stock of Keyboarded', exact: true })).toHaveValue('4');
  });

  test('a pet restocked elsewhere still leaves the low-stock list', async ({ page }) => {
    const petId = await addPet('Elsewhere', 1);
    await openLowOnly(page);
    await expect(rowOf(page, 'Elsewhere')).toBeVisible();
    await must(shop.host.call('inventory.set', { petId, update: { quantity: 10 } }));
    await expect(rowOf(page, 'Elsewhere')).toHaveCount(0);
  });
});
