import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { cutOffCells, expectAccessible, saveScreenshot, selectField } from './support/screens';

interface Pet {
  id: number;
  name: string;
  status: string;
}
interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate?: string;
  complete: boolean;
}

const shop = useShop('Dogs');

/** A pet of the Dogs category with `stock` units (`status` pending gets none). */
async function pet(name: string, stock: number, status: 'available' | 'pending' = 'available'): Promise<Pet> {
  const created = await must(shop.host.call<Pet>('pets.create', { name, categoryId: shop.categoryId('Dogs'), status }));
  if (status === 'available' && stock !== 1) await must(shop.host.call('inventory.set', { petId: created.id, update: { quantity: stock } }));
  return created;
}

async function stockOf(petId: number): Promise<{ quantity: number; status: string }> {
  return must(shop.host.call<{ quantity: number; status: string }>('inventory.get', { petId }));
}

async function place(petId: number, quantity = 1, shipDate?: string): Promise<Order> {
  return must(shop.host.call<Order>('orders.place', shipDate ? { petId, quantity, shipDate } : { petId, quantity }));
}

async function openOrders(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/orders`);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
const orderRow = (page: Page, id: number) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
const dataRows = (page: Page) => table(page).locator('tbody tr');

/** The value beside a term on the receipt (its <dl>). */
const receiptLine = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
/** An entry of the open select menu: a listbox of options (src-renderer/composables/useSelectAria.ts). */
const option = (page: Page, text: RegExp) => page.getByRole('option', { name: text });
/** Fulfils an order from its row: Fulfil, then the confirmation's "Fulfil order". */
async function fulfilOrder(page: Page, id: number): Promise<void> {
  await page.getByRole('button', { name: `Fulfil order ${id}` }).click();
  await page.getByRole('dialog', { name: `Fulfil order ${id}?` }).getByRole('button', { name: 'Fulfil order', exact: true }).click();
}

async function choosePet(page: Page, dialog: Locator, name: string, label = 'Pet'): Promise<void> {
  const field = dialog.getByRole('combobox', { name: label });
  await selectField(dialog, label).fill(name);
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: label })).toBeVisible();
  await option(page, new RegExp(`^${name} \\(#`)).click();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}

test('an empty list says so; a clerk places an order choosing the pet, and the stock follows', async ({ page }) => {
  const rex = await pet('Rex', 5);
  await pet('Ghost', 0, 'pending');
  await openOrders(page);
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await expectAccessible(page, 'orders, empty');

  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  // Nothing chosen: the shared schema's message under the pet field.
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();

  // Only available pets are offered.
  await dialog.getByLabel('Pet').fill('Gho');
  await expect(page.getByRole('listbox', { name: 'Pet' }).getByText('No available pet with stock matches')).toBeVisible();
  await choosePet(page, dialog, 'Rex');
  await expect(dialog.getByText('In stock: 5')).toBeVisible();

  // What is not a number is flagged as typed (not read as the digits before it), and nothing is sent.
  await dialog.getByLabel('Quantity').fill('2O');
  await expect(dialog.getByText('Must be a number')).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('2O');
  await dialog.getByLabel('Quantity').fill('99999999999999999999');
  await expect(dialog.getByText('Must be at most 1,000')).toBeVisible();

  // More than the stock is flagged before anything is sent.
  await dialog.getByLabel('Quantity').fill('6');
  await expect(dialog.getByText('Only 5 in stock')).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeVisible();
  expect((await stockOf(rex.id)).quantity).toBe(5);

  await dialog.getByLabel('Quantity').fill('2');
  await expect(dialog.getByText('Only 5 in stock')).toBeHidden();
  await dialog.getByLabel('Ship date').fill('2030-01-15 10:00');
  await dialog.getByLabel('Ship date').press('Enter'); // Enter in Ship date sends the form, as in any field
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Placed order \d+: 2 × Rex/)).toBeVisible();

  const orders = (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId: rex.id }))).items;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ quantity: 2, complete: false, shipDate: new Date(2030, 0, 15, 10, 0).toISOString() });
  const row = orderRow(page, orders[0]!.id);
  await expect(row).toContainText(`Rex (#${rex.id})`);
  await expect(row).toContainText('2');
  await expect(row).toContainText('Open');
  expect(await stockOf(rex.id)).toEqual(expect.objectContaining({ quantity: 3, status: 'available' }));
});

test('a clerk fulfils one order and cancels another after confirming; the stock returns', async ({ page }) => {
  const bella = await pet('Bella', 3);
  const first = await place(bella.id, 1);
  const second = await place(bella.id, 2);
  expect(await stockOf(bella.id)).toEqual(expect.objectContaining({ quantity: 0, status: 'pending' }));
  await openOrders(page);

  // Fulfilling is final: asked first; "Not yet" changes nothing.
  await page.getByRole('button', { name: `Fulfil order ${first.id}` }).click();
  const asked = page.getByRole('dialog', { name: `Fulfil order ${first.id}?` });
  await expect(asked).toContainText('1 × Bella leave with the buyer. A fulfilled order is final');
  await asked.getByRole('button', { name: 'Not yet' }).click();
  await expect(asked).toBeHidden();
  await expect(page.getByRole('button', { name: `Fulfil order ${first.id}` })).toBeFocused();
  expect((await must(shop.host.call<Order>('orders.get', { orderId: first.id }))).complete).toBe(false);
  await fulfilOrder(page, first.id);
  await expect(page.getByText(`Order ${first.id} fulfilled`)).toBeVisible();
  await expect(orderRow(page, first.id)).toContainText('Complete');
  await expect(page.getByRole('button', { name: `Fulfil order ${first.id}` })).toHaveCount(0);
  expect((await must(shop.host.call<Order>('orders.get', { orderId: first.id }))).complete).toBe(true);

  // Cancelling asks first; keeping the order changes nothing.
  await page.getByRole('button', { name: `Cancel order ${second.id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order ${second.id}?` });
  await expect(confirm).toContainText('2 × Bella will go back to stock');
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toBeHidden();
  await expect(orderRow(page, second.id)).toContainText('Open');
  expect((await stockOf(bella.id)).quantity).toBe(0);

  await page.getByRole('button', { name: `Cancel order ${second.id}` }).click();
  await page.getByRole('dialog', { name: `Cancel order ${second.id}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order ${second.id} cancelled; 2 × Bella back in stock`)).toBeVisible();
  await expect(orderRow(page, second.id)).toHaveCount(0);
  expect(await stockOf(bella.id)).toEqual(expect.objectContaining({ quantity: 2, status: 'available' }));
});

test('keyboard: after Fulfil and Cancel the focus stays with the orders, not back at the page start', async ({ page }) => {
  const max = await pet('Maxi', 4);
  const older = await place(max.id, 1);
  const middle = await place(max.id, 1);
  const newer = await place(max.id, 1);
  await openOrders(page);

  await page.getByRole('button', { name: `Fulfil order ${middle.id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Fulfil order ${middle.id}?` }).getByRole('button', { name: 'Fulfil order', exact: true })).toBeFocused();
  await page.keyboard.press('Enter'); // the confirmation goes ahead
  await expect(page.getByText(`Order ${middle.id} fulfilled`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Receipt for order ${middle.id}` })).toBeFocused();

  // Keeping the order returns to its Cancel button; cancelling moves on to a neighbouring order.
  await page.getByRole('button', { name: `Cancel order ${newer.id}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: `Cancel order ${newer.id}?` }).getByRole('button', { name: 'Keep order' }).click();
  await expect(page.getByRole('button', { name: `Cancel order ${newer.id}` })).toBeFocused();
  await expect(page.getByRole('dialog', { name: `Cancel order ${newer.id}?` })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Cancel order ${newer.id}?` })).toHaveCount(1);
  await page.getByRole('dialog', { name: `Cancel order ${newer.id}?` }).getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(orderRow(page, newer.id)).toHaveCount(0);
  const neighbours = [middle.id, older.id].map((id) => page.getByRole('link', { name: `Receipt for order ${id}` }));
  await expect.poll(async () => (await Promise.all(neighbours.map((link) => link.evaluate((el) => el === document.activeElement)))).some(Boolean)).toBe(true);
});

test('the list filters open and complete orders, and one pet’s; filtered to a pet, a new order is for it', async ({ page }) => {
  const max = await pet('Max', 4);
  const done = await place(max.id, 1);
  await must(shop.host.call('orders.update', { orderId: done.id, changes: { complete: true } }));
  const open = await place(max.id, 1);
  const other = await place((await pet('Daisy', 2)).id, 1);
  await openOrders(page);
  await expect(orderRow(page, other.id)).toBeVisible();

  const statusCells = () => dataRows(page).locator('td[data-col-key="complete"] .order-status').allInnerTexts();
  await page.getByText('Open', { exact: true }).first().click();
  await expect(orderRow(page, done.id)).toHaveCount(0);
  await expect(orderRow(page, open.id)).toBeVisible();
  const openTotal = (await must(shop.host.call<{ total: number }>('orders.list', { complete: false }))).total;
  await expect(dataRows(page)).toHaveCount(openTotal);
  expect(new Set(await statusCells())).toEqual(new Set(['Open']));

  await page.locator('label', { hasText: 'Complete' }).click();
  await expect(orderRow(page, open.id)).toHaveCount(0);
  await expect(orderRow(page, done.id)).toBeVisible();
  expect(new Set(await statusCells())).toEqual(new Set(['Complete']));
  // An order placed while only complete ones are listed says why it does not appear.
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const placing = page.getByRole('dialog', { name: 'Place order' });
  await choosePet(page, placing, 'Daisy');
  await placing.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/Order \d+ is open: the list shows complete orders only/)).toBeVisible();
  const extra = (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId: other.petId, complete: false }))).items.find((o) => o.id !== other.id)!;
  await must(shop.host.call('orders.cancel', { orderId: extra.id }));

  await page.locator('label', { hasText: 'All' }).click();
  await expect(orderRow(page, open.id)).toBeVisible();
  await expect(orderRow(page, done.id)).toBeVisible();

  const section = page.getByRole('region', { name: 'Orders' });
  await choosePet(page, section, 'Max', 'Filter by pet');
  await expect(orderRow(page, other.id)).toHaveCount(0);
  await expect(dataRows(page)).toHaveCount(2);
  await expect(page.getByText('2 orders')).toBeVisible();

  // Filtered to Max, "Place order" chooses Max at first (his stock shown), and the clerk may choose
  // another pet; the suggestion is not a change, so Escape closes without asking.
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await expect(dialog.getByText('In stock: 2')).toBeVisible();
  await expect(dialog).toContainText(`Max (#${max.id})`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(dialog.getByText('In stock: 2')).toBeVisible();
  await choosePet(page, dialog, 'Daisy');
  await expect(dialog.getByText('In stock: 1', { exact: true })).toBeVisible();
  // Choosing another pet is a change: Escape asks before dropping it.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(dialog.getByText('In stock: 2')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByText('Only 2 in stock')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/Placed order \d+: 2 × Max/)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(3);
  expect(await stockOf(max.id)).toEqual(expect.objectContaining({ quantity: 0, status: 'pending' }));

  // Max has nothing left to order: the filter suggests nothing, and the pet is asked for.
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await expect(dialog).not.toContainText(`Max (#${max.id})`);
});

test('the service is the judge: a refusal is a toast with its message, and nothing is placed', async ({ page }) => {
  const luna = await pet('Luna', 2);
  await openOrders(page);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await choosePet(page, dialog, 'Luna');
  await expect(dialog.getByText('In stock: 2')).toBeVisible();

  // Meanwhile someone puts Luna on hold; the dialog follows, and the service refuses the order.
  await must(shop.host.call('pets.update', { petId: luna.id, changes: { status: 'pending' } }));
  await expect(dialog.getByText('In stock: 2 (this pet is pending)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(`Luna (pet ${luna.id}) is pending, not available`)).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await must(shop.host.call<{ total: number }>('orders.list', { petId: luna.id }))).total).toBe(0);

  // Stock taken elsewhere while the dialog is open shows at once and is flagged inline.
  await must(shop.host.call('pets.update', { petId: luna.id, changes: { status: 'available' } }));
  await expect(dialog.getByText('In stock: 2', { exact: true })).toBeVisible();
  await dialog.getByLabel('Quantity').fill('2');
  await place(luna.id, 1);
  await expect(dialog.getByText('In stock: 1', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Only 1 in stock')).toBeVisible();
});

test('the place-order dialog follows its pet renamed, restocked or deleted elsewhere; the toast names the pet as the order does', async ({ page }) => {
  const lou = await pet('Lastunit Lou', 4);
  const quokka = await pet('Quokka', 3);
  await openOrders(page);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByRole('combobox', { name: 'Pet' });

  // The picker's names and stock follow changes made elsewhere.
  await selectField(dialog, 'Pet').fill('Quokka');
  await expect(option(page, /^Quokka \(#\d+\), 3 in stock$/)).toBeVisible();
  await place(quokka.id, 2);
  await expect(option(page, /^Quokka \(#\d+\), 1 in stock$/)).toBeVisible();
  await option(page, /^Quokka \(#/).click();
  await expect(dialog.getByText('In stock: 1', { exact: true })).toBeVisible();
  // The chosen pet deleted meanwhile: said, and the clerk is asked to choose again.
  await must(shop.host.call('orders.cancel', { orderId: (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId: quokka.id }))).items[0]!.id }));
  await must(shop.host.call('pets.delete', { petId: quokka.id }));
  await expect(dialog.getByText(`Quokka (#${quokka.id}) was deleted elsewhere: choose another pet`)).toBeVisible();
  await expect(dialog.locator('.n-base-selection-label')).toHaveText(`Quokka (#${quokka.id}), deleted`);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.locator('.n-form-item').filter({ hasText: 'Pet' }).first()).toContainText(`Quokka (#${quokka.id}) was deleted: choose another pet`);
  await expect(dialog).toBeVisible();

  // Renamed after being chosen: the dialog, then the toast and the order, use the new name.
  await field.click(); // focused, the select shows what was typed before (naive-ui keeps a remote search's text); fill replaces it
  await choosePet(page, dialog, 'Lastunit Lou');
  await must(shop.host.call('pets.update', { petId: lou.id, changes: { name: 'Lou the Last' } }));
  await expect(dialog.locator('.n-base-selection-label')).toHaveText(`Lou the Last (#${lou.id}), 4 in stock`);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/Placed order \d+: 1 × Lou the Last/)).toBeVisible();
});

test('an order cancelled elsewhere while the clerk confirms its cancel, or before a fulfil, is said in words', async ({ page }) => {
  const kit = await pet('Kit', 4);
  const [a, b] = [await place(kit.id, 1), await place(kit.id, 1)];
  await page.route('**/__petstore/events?*', (route) => route.abort()); // the screen hears of nothing: its rows go stale
  await openOrders(page);
  await expect(orderRow(page, b.id)).toBeVisible();

  await page.getByRole('button', { name: `Cancel order ${a.id}` }).click();
  await must(shop.host.call('orders.cancel', { orderId: a.id }));
  await page.getByRole('dialog', { name: `Cancel order ${a.id}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`Order ${a.id} was already cancelled elsewhere`)).toBeVisible();
  await expect(orderRow(page, a.id)).toHaveCount(0); // the list is read again

  await must(shop.host.call('orders.cancel', { orderId: b.id }));
  await fulfilOrder(page, b.id);
  await expect(page.getByText(`Order ${b.id} was cancelled elsewhere: there is nothing to fulfil`)).toBeVisible();
  await expect(orderRow(page, b.id)).toHaveCount(0);
  expect(await stockOf(kit.id)).toMatchObject({ quantity: 4 });
});

test('a pet name too long for its column is cut, its id never is; the whole label shows on hover', async ({ page }) => {
  const name = `Bartholomew ${'the Magnificent '.repeat(5).trim()}`;
  const long = await pet(name, 2);
  const order = await place(long.id, 1);
  await openOrders(page);
  const cell = orderRow(page, order.id).locator('td[data-col-key="pet"]');
  await expect(cell).toHaveText(`${name} (#${long.id})`);
  await expect(cell.locator('.order-pet')).toHaveAttribute('title', `${name} (#${long.id})`);
  const [box, id] = [await cell.boundingBox(), await cell.getByText(`(#${long.id})`).boundingBox()];
  expect(id!.x + id!.width, 'the id is inside its cell').toBeLessThanOrEqual(box!.x + box!.width);
  expect(await cell.locator('.order-pet__name').evaluate((el) => el.scrollWidth > el.clientWidth), 'the name is cut').toBe(true);
});

test('orders placed, rescheduled, fulfilled and cancelled elsewhere show without a reload', async ({ page }) => {
  const kiwi = await pet('Kiwi', 3);
  await openOrders(page);
  const a = await place(kiwi.id, 1);
  await expect(orderRow(page, a.id)).toContainText('Kiwi');
  await must(shop.host.call('orders.update', { orderId: a.id, changes: { shipDate: '2026-12-24T12:00:00Z' } }));
  const christmas = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-12-24T12:00:00Z')),
  );
  await expect(orderRow(page, a.id)).toContainText(christmas);
  expect(await cutOffCells(orderRow(page, a.id))).toEqual([]); // the longest dates fit their column
  await must(shop.host.call('orders.update', { orderId: a.id, changes: { complete: true } }));
  await expect(orderRow(page, a.id)).toContainText('Complete');
  const b = await place(kiwi.id, 1);
  await expect(orderRow(page, b.id)).toContainText('Open');
  await must(shop.host.call('orders.cancel', { orderId: b.id }));
  await expect(orderRow(page, b.id)).toHaveCount(0);
  await must(shop.host.call('pets.update', { petId: kiwi.id, changes: { name: 'Kiwi II' } }));
  await expect(orderRow(page, a.id)).toContainText('Kiwi II');
});

test('keyboard: Ctrl+Shift+O opens the order dialog from any screen, Escape closes it, Ctrl+F finds a pet’s orders', async ({ page }) => {
  const pip = await pet('Pip', 2);
  const order = await place(pip.id, 1);
  await page.goto(`${shop.host.url}#/dashboard`);
  await page.locator('body').click();
  await page.keyboard.press('Control+Shift+O');
  await expect(page).toHaveURL(/#\/orders$/);
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Pet' }).focus();
  await page.keyboard.type('Pip');
  // Enter takes the highlighted option, as the clerk sees it.
  await expect(option(page, /^Pip \(#/)).toHaveClass(/n-base-select-option--pending/);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('In stock: 1')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click(); // unsaved typing: asked first
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Control+F');
  await expect(page.getByRole('combobox', { name: 'Filter by pet' })).toBeFocused();
  await page.keyboard.type('Pip');
  await expect(page.getByRole('listbox', { name: 'Filter by pet' }).getByRole('option')).toHaveCount(1);
  await expect(option(page, /^Pip \(#/)).toHaveClass(/n-base-select-option--pending/);
  await page.keyboard.press('Enter');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(orderRow(page, order.id)).toBeVisible();
});

test('the receipt shows the shop and the order and prints only itself; a cancelled order has none', async ({ page }) => {
  const coco = await pet('Coco', 3);
  const order = await place(coco.id, 2, '2030-03-01T09:30:00Z');
  await must(shop.host.call('settings.update', { shopName: 'Happy Paws' }));
  // Stand-in for the browser's print dialog, counting its calls (the test's tsconfig has no DOM types).
  await page.addInitScript(() => {
    const page = globalThis as unknown as { printCalls: number; print: () => void };
    page.printCalls = 0;
    page.print = () => {
      page.printCalls += 1;
    };
  });
  await openOrders(page);
  await page.getByRole('link', { name: `Receipt for order ${order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders/${order.id}/receipt$`));
  // The receipt belongs to Orders: the sidebar says where the clerk is.
  await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: `Receipt for order ${order.id}` })).toBeVisible();

  await expect(page.locator('article').getByText('Happy Paws', { exact: true })).toBeVisible();
  await expect(receiptLine(page, 'Order')).toHaveText(`#${order.id}`);
  await expect(receiptLine(page, 'Pet')).toHaveText(`Coco (#${coco.id})`);
  await expect(receiptLine(page, 'Category')).toHaveText('Dogs');
  await expect(receiptLine(page, 'Quantity')).toHaveText('2');
  await expect(receiptLine(page, 'Ship date')).toContainText('2030');
  await expect(receiptLine(page, 'Status')).toHaveText('Open');
  await expect(page.getByText(/^Printed /)).toBeVisible();

  // Fulfilled elsewhere: the receipt follows.
  await must(shop.host.call('orders.update', { orderId: order.id, changes: { complete: true } }));
  await expect(receiptLine(page, 'Status')).toHaveText('Complete');

  // In the browser host, Print is the browser's own print.
  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { printCalls: number }).printCalls)).toBe(1);

  await expectAccessible(page, 'receipt');
  await saveScreenshot(page, 'receipt');

  // On paper: the receipt and nothing else (no navigation, no buttons).
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: /Back to orders/ })).toBeHidden();
  await expect(receiptLine(page, 'Pet')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // A cancelled order has no receipt: it says so (the order is kept as a record, so it is no longer "does not exist").
  const gone = await place(coco.id, 1);
  await page.goto(`${shop.host.url}#/orders/${gone.id}/receipt`);
  await expect(receiptLine(page, 'Quantity')).toHaveText('1');
  await must(shop.host.call('orders.cancel', { orderId: gone.id }));
  await expect(page.getByText(`Order ${gone.id} was cancelled: it has no receipt.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();

  // Sold, renamed, then deleted: the sale still names the pet it was (the receipt as sold, the list marks it deleted).
  await must(shop.host.call('pets.update', { petId: coco.id, changes: { name: 'Coco Chanel' } }));
  await page.goto(`${shop.host.url}#/orders/${order.id}/receipt`);
  await expect(receiptLine(page, 'Pet')).toHaveText(`Coco (#${coco.id})`);
  const sold = await pet('Bingo', 1);
  const soldOrder = await place(sold.id, 1);
  await must(shop.host.call('orders.update', { orderId: soldOrder.id, changes: { complete: true } }));
  await must(shop.host.call('pets.delete', { petId: sold.id }));
  await openOrders(page);
  await expect(orderRow(page, soldOrder.id)).toContainText(`Bingo (#${sold.id}, deleted)`);
  await page.getByRole('link', { name: `Receipt for order ${soldOrder.id}` }).click();
  await expect(receiptLine(page, 'Pet')).toHaveText(`Bingo (#${sold.id})`);
});

test('a shop renamed elsewhere (another window, the CLI) heads the open receipt at once', async ({ page }) => {
  const lulu = await pet('Lulu', 2);
  const order = await place(lulu.id, 1, '2030-04-01T09:30:00Z');
  await must(shop.host.call('settings.update', { shopName: 'Happy Paws' }));
  await page.goto(`${shop.host.url}#/orders/${order.id}/receipt`);
  await expect(receiptLine(page, 'Pet')).toHaveText(`Lulu (#${lulu.id})`);
  const paper = page.locator('article');
  await expect(paper.getByText('Happy Paws', { exact: true })).toBeVisible();

  await must(shop.host.call('settings.update', { shopName: 'Paws & Claws' }));
  await expect(paper.getByText('Paws & Claws', { exact: true })).toBeVisible();
  await expect(paper.getByText('Happy Paws', { exact: true })).toHaveCount(0);

  // As the owner typed it, not in capitals ("HAPPY PAWS & WHISKERS"): what is shown and printed.
  await must(shop.host.call('settings.update', { shopName: 'Happy Paws & Whiskers' }));
  await expect(paper.getByText('Happy Paws & Whiskers', { exact: true })).toHaveText('Happy Paws & Whiskers', { useInnerText: true });
  await page.emulateMedia({ media: 'print' });
  await expect(paper.getByText('Happy Paws & Whiskers', { exact: true })).toHaveText('Happy Paws & Whiskers', { useInnerText: true });
  await page.emulateMedia({ media: 'screen' });
});

test('opening another receipt shows that order, even when the one before answers last', async ({ page }) => {
  const pip = await pet('Pipsqueak', 5);
  const first = await place(pip.id, 2);
  const second = await place(pip.id, 1);
  // Hold the first receipt's order back until the second receipt is on screen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let firstAnswered!: Promise<unknown>;
  await page.route('**/__petstore/invoke/orders.get', async (route) => {
    if ((route.request().postDataJSON() as { orderId?: number } | null)?.orderId === first.id) {
      firstAnswered = page.waitForResponse((response) => response.request() === route.request());
      await held;
    }
    await route.continue();
  });
  await page.goto(`${shop.host.url}#/orders/${first.id}/receipt`);
  await expect.poll(() => firstAnswered !== undefined).toBe(true);
  await page.goto(`${shop.host.url}#/orders/${second.id}/receipt`);
  await expect(receiptLine(page, 'Order')).toHaveText(`#${second.id}`);
  release();
  await firstAnswered;
  await page.waitForTimeout(100); // the late answer's turn to render, were it shown
  await expect(receiptLine(page, 'Order')).toHaveText(`#${second.id}`);
  await expect(receiptLine(page, 'Quantity')).toHaveText('1');
});

test('the orders screen and its dialogs pass axe in light and dark; screenshot', async ({ page }) => {
  const rosie = await pet('Rosie', 6);
  const a = await place(rosie.id, 2, '2030-05-02T12:00:00Z');
  await must(shop.host.call('orders.update', { orderId: a.id, changes: { complete: true } }));
  await place(rosie.id, 1);
  await openOrders(page);
  await expect(orderRow(page, a.id)).toBeVisible();
  await expectAccessible(page, 'orders');
  await saveScreenshot(page, 'orders');

  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await choosePet(page, dialog, 'Rosie');
  await dialog.getByLabel('Quantity').fill('9');
  await expect(dialog.getByText('Only 3 in stock')).toBeVisible();
  await expectAccessible(page, 'the place order dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click(); // unsaved typing: asked first
  await expect(dialog).toBeHidden();

  const open = (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId: rosie.id, complete: false }))).items[0]!;
  await page.getByRole('button', { name: `Cancel order ${open.id}` }).click();
  await expect(page.getByRole('dialog', { name: `Cancel order ${open.id}?` })).toBeVisible();
  await expectAccessible(page, 'the cancel confirmation');
});

test('a second Enter or click while the order is on its way places one order, not two', async ({ page }) => {
  const twice = await pet('Twice', 5);
  await openOrders(page);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await choosePet(page, dialog, 'Twice');
  await dialog.getByLabel('Quantity').fill('1');
  // Both submits in one go, before the first answer can close the dialog.
  await dialog.locator('form').evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Placed order \d+: 1 × Twice/)).toHaveCount(1);
  expect((await must(shop.host.call<{ items: Order[] }>('orders.list', { petId: twice.id }))).items).toHaveLength(1);
  expect((await stockOf(twice.id)).quantity).toBe(4);
});
