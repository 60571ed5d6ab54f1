import { expect, test, type Locator } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';
import { expectAccessible, expectWholeText } from './support/screens';

/**
 * The app's smallest window (src-main/app/window.ts allows 900 px wide): what a clerk needs on each
 * table must still be there. Names shown in full, not "C…"; a row's buttons inside the window and
 * clickable, even when the table has to scroll sideways.
 */
const WIDTH = 900;
const HEIGHT = 700;
test.use({ viewport: { width: WIDTH, height: HEIGHT } });

interface Pet {
  id: number;
  name: string;
}
interface Order {
  id: number;
}

let host: RunningHost;
const pets: Pet[] = [];
const orders: Order[] = [];

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
  pets.length = 0;
  orders.length = 0;
  const category = async (name: string) => (await must(host.call<{ id: number }>('categories.create', { name }))).id;
  const dogs = await category('Dogs');
  const rabbits = await category('Rabbits');
  const guineaPigs = await category('Guinea pigs');
  const homes = [dogs, rabbits, guineaPigs];
  for (let i = 1; i <= 6; i++) {
    const pet = await must(host.call<Pet>('pets.create', { name: `Charlie ${i}`, categoryId: homes[i % homes.length] }));
    await must(host.call('inventory.set', { petId: pet.id, update: { quantity: 10 + i } }));
    pets.push(pet);
  }
  // Open orders, one with a ship date and one without, and a complete one.
  orders.push(await must(host.call<Order>('orders.place', { petId: pets[4].id, quantity: 1 })));
  orders.push(await must(host.call<Order>('orders.place', { petId: pets[1].id, quantity: 2, shipDate: '2026-03-04T10:00:00.000Z' })));
  orders.push(await must(host.call<Order>('orders.place', { petId: pets[2].id, quantity: 1, shipDate: '2026-09-30T16:45:00.000Z' })));
  const done = await must(host.call<Order>('orders.place', { petId: pets[3].id, quantity: 1 }));
  await must(host.call('orders.update', { orderId: done.id, changes: { complete: true } }));
});
test.afterAll(async () => host?.stop());

/** The element's box lies wholly inside the window. */
async function expectInsideWindow(locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(HEIGHT);
}

/** The cell is not hidden under a column pinned at the right of its row. */
async function expectNotUnder(cell: Locator, pinned: Locator): Promise<void> {
  const [a, b] = [await cell.boundingBox(), await pinned.boundingBox()];
  expect(a!.x + a!.width, 'the cell runs under the pinned column').toBeLessThanOrEqual(b!.x + 1);
}

test('Orders: every row says which pet it is for, and Fulfil and Cancel are inside the window and work', async ({ page }) => {
  await page.goto(`${host.url}#/orders`);
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.locator('tbody tr')).toHaveCount(4);

  const forPet = new Map([
    [orders[0].id, 'Charlie 5'],
    [orders[1].id, 'Charlie 2'],
    [orders[2].id, 'Charlie 3'],
  ]);
  for (const row of await table.locator('tbody tr').all()) {
    const id = Number((await row.locator('td[data-col-key="id"]').innerText()).replace('#', ''));
    const pet = row.locator('td[data-col-key="pet"]');
    const name = forPet.get(id) ?? 'Charlie 4';
    const petId = pets.find((candidate) => candidate.name === name)!.id;
    await expectWholeText(pet, `${name} (#${petId})`);
    await expectInsideWindow(pet, `the pet of order ${id}`);
    await expectNotUnder(pet, row.locator('td[data-col-key="actions"]'));
    // Open or complete is read without scrolling sideways.
    await expectNotUnder(row.locator('td[data-col-key="complete"]'), row.locator('td[data-col-key="actions"]'));
  }

  for (const order of orders) {
    for (const action of ['Fulfil', 'Cancel']) {
      const button = page.getByRole('button', { name: `${action} order ${order.id}` });
      await expectInsideWindow(button, `${action} of order ${order.id}`);
      await button.click({ trial: true }); // nothing covers it: a click would reach it
    }
  }
  await expectAccessible(page, 'orders at 900 px');

  // Really clicked: Cancel asks first (kept here), Fulfil fulfils.
  await page.getByRole('button', { name: `Cancel order ${orders[0].id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order ${orders[0].id}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: `Fulfil order ${orders[1].id}` }).click();
  await page.getByRole('dialog', { name: `Fulfil order ${orders[1].id}?` }).getByRole('button', { name: 'Fulfil order', exact: true }).click();
  await expect(page.getByText(`Order ${orders[1].id} fulfilled`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Fulfil order ${orders[1].id}` })).toHaveCount(0);

  // One pet's orders: the count is singular.
  await page.goto(`${host.url}#/orders?petId=${pets[4].id}`);
  await page.reload();
  await expect(page.locator('.orders__count')).toHaveText('1 order');
});

test('Pets: names and categories are shown whole, the row actions are inside the window, one pet is “1 pet”', async ({ page }) => {
  await page.goto(`${host.url}#/pets`);
  const row = page.getByRole('row', { name: /Charlie 5/ });
  await expectWholeText(row.locator('td[data-col-key="name"]'), 'Charlie 5');
  await expectInsideWindow(row.locator('td[data-col-key="name"]'), 'the name of Charlie 5');
  await expectNotUnder(row.locator('td[data-col-key="name"]'), row.locator('td[data-col-key="actions"]'));
  // Every column is in view: status and stock too, not under the pinned buttons.
  for (const key of ['categoryId', 'status', 'stock']) {
    await expectInsideWindow(row.locator(`td[data-col-key="${key}"]`), `the ${key} of Charlie 5`);
    await expectNotUnder(row.locator(`td[data-col-key="${key}"]`), row.locator('td[data-col-key="actions"]'));
  }
  // “Guinea pigs”, not “Guine/a pigs”.
  await expectWholeText(page.getByRole('row', { name: /Charlie 2/ }).locator('td[data-col-key="categoryId"]'), 'Guinea pigs');
  await expectWholeText(page.getByRole('row', { name: /Charlie 1/ }).locator('td[data-col-key="categoryId"]'), 'Rabbits');
  for (const action of ['Edit', 'Order', 'Delete']) {
    const button = row.getByRole('button', { name: `${action} Charlie 5` });
    await expectInsideWindow(button, `${action} Charlie 5`);
    await button.click({ trial: true });
  }
  await expect(page.locator('.pets__count')).toHaveText('6 pets');
  await page.mouse.move(0, 0); // axe judges the screen at rest, not a hovered button
  await expectAccessible(page, 'pets at 900 px');

  await page.getByLabel('Search pets by name or id').fill('Charlie 5');
  await expect(page.locator('.pets__table tbody tr')).toHaveCount(1);
  await expect(page.locator('.pets__count')).toHaveText('1 pet');
});

test('Inventory: a pet’s whole name is shown beside its stock controls, one pet is “1 pet”', async ({ page }) => {
  await page.goto(`${host.url}#/inventory`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Charlie 5', exact: true }) });
  const name = row.locator('td[data-col-key="name"]');
  await expectWholeText(name, 'Charlie 5');
  await expectInsideWindow(name, 'the name of Charlie 5');
  await expectNotUnder(name, row.locator('td[data-col-key="quantity"]'));
  await expectNotUnder(row.locator('td[data-col-key="status"]'), row.locator('td[data-col-key="quantity"]'));
  await expectWholeText(page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Charlie 2', exact: true }) }).locator('td[data-col-key="categoryId"]'), 'Guinea pigs');
  // The stock can be adjusted from the row without scrolling.
  const stock = row.locator('td[data-col-key="quantity"]');
  for (const control of await stock.getByRole('button').all()) {
    await expectInsideWindow(control, 'a stock button of Charlie 5');
    await control.click({ trial: true });
  }
  await expectInsideWindow(stock.getByRole('spinbutton').or(stock.getByRole('textbox')).first(), 'the stock field of Charlie 5');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'inventory at 900 px');

  await page.getByLabel('Search stock by pet name').fill('Charlie 5');
  await expect(page.locator('.inventory__meta')).toContainText('1 pet whose name contains “Charlie 5”');
});

test('Settings: with no token the table says how to make one; Revoke is inside the window', async ({ page }) => {
  await page.goto(`${host.url}#/settings`);
  const tokens = page.getByRole('region', { name: 'API tokens', exact: true });
  await expect(tokens.getByText('No tokens yet: create one above.')).toBeVisible();
  await expect(tokens.getByText('No Data')).toHaveCount(0);

  await must(host.call('tokens.create', { label: 'web shop sync', scope: 'write' }));
  await must(host.call('tokens.create', { label: 'label printer', scope: 'read' }));
  await page.reload();
  for (const label of ['web shop sync', 'label printer']) {
    const row = tokens.getByRole('row', { name: new RegExp(label) });
    await expectWholeText(row.locator('td[data-col-key="label"]'), label);
    // Active or revoked is read without scrolling sideways, and so are the dates: "Active" takes no 200 px.
    await expectNotUnder(row.locator('td[data-col-key="revokedAt"]'), row.locator('td[data-col-key="actions"]'));
    await expectNotUnder(row.locator('td[data-col-key="lastUsedAt"]'), row.locator('td[data-col-key="actions"]'));
    expect((await row.locator('td[data-col-key="revokedAt"]').boundingBox())!.width, 'State is as wide as “Active”').toBeLessThanOrEqual(90);
    const revoke = row.getByRole('button', { name: `Revoke ${label}` });
    await revoke.scrollIntoViewIfNeeded();
    await expectInsideWindow(revoke, `Revoke ${label}`);
    await revoke.click({ trial: true });
  }
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'settings at 900 px');

  // Every token revoked: no button left in the list, and none needed to read it: it fits the window.
  const listed = await must(host.call<{ id: number }[]>('tokens.list', {}));
  for (const token of listed) await must(host.call('tokens.revoke', { tokenId: token.id }));
  await page.reload();
  const revoked = tokens.getByRole('row', { name: /label printer/ });
  await expect(revoked).toContainText('Revoked');
  await expectNotUnder(revoked.locator('td[data-col-key="lastUsedAt"]'), revoked.locator('td[data-col-key="actions"]'));
  // Should it still be wider than its box, the keyboard can scroll it (a named, focusable region).
  const list = tokens.getByRole('region', { name: 'Token list' });
  if ((await list.count()) > 0) {
    await list.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  }
  await expectAccessible(page, 'settings at 900 px, every token revoked');
});

test.describe('at 900×600', () => {
  test.use({ viewport: { width: WIDTH, height: 600 } });

  test('the app\'s name stays on one line, and the Orders header keeps its title and actions on one row', async ({ page }) => {
    await page.goto(`${host.url}#/orders`);
    const title = page.getByRole('heading', { name: 'Pet Store Clerk', level: 1 });
    const lineHeight = await title.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.5);
    expect((await title.boundingBox())!.height, 'the name takes one line').toBeLessThanOrEqual(lineHeight + 1);
    const heading = (await page.getByRole('heading', { name: 'Orders', level: 2 }).boundingBox())!;
    const place = (await page.getByRole('button', { name: 'Place order', exact: true }).boundingBox())!;
    expect(Math.abs(heading.y + heading.height / 2 - (place.y + place.height / 2)), 'Place order beside the title').toBeLessThan(12);
  });

  test('Orders: the ship date is read whole without scrolling sideways, beside a long pet name', async ({ page }) => {
    const long = await must(host.call<Pet>('pets.create', { name: 'Princess Buttercup', categoryId: (await must(host.call<{ items: { id: number }[] }>('categories.list', {}))).items[0].id }));
    await must(host.call('inventory.set', { petId: long.id, update: { quantity: 3 } }));
    const order = await must(host.call<Order>('orders.place', { petId: long.id, quantity: 1, shipDate: '2026-12-24T12:00:00.000Z' }));
    await page.goto(`${host.url}#/orders`);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('cell', { name: `#${order.id}`, exact: true }) });
    const shipDate = row.locator('td[data-col-key="shipDate"]');
    const expected = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), '2026-12-24T12:00:00.000Z');
    await expect(shipDate).toHaveText(expected, { useInnerText: true, ignoreCase: false });
    // Every piece of it inside the cell (its time may go under its date), and the cell clear of the pinned buttons.
    const cut = await shipDate.evaluate((td) => [...td.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth + 1 || span.getBoundingClientRect().right > td.getBoundingClientRect().right));
    expect(cut, 'the ship date is cut off').toBe(false);
    await expectNotUnder(shipDate, row.locator('td[data-col-key="actions"]'));
    await expectInsideWindow(shipDate, 'the ship date');
    await expectNotUnder(row.locator('td[data-col-key="pet"]'), row.locator('td[data-col-key="actions"]'));
    // No sideways scrolling needed: the table is as wide as its box.
    const scroller = page.locator('.orders__table .v-vl, .orders__table .n-scrollbar-container').first();
    expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'orders at 900×600');
  });

  test('Settings: the token list shows every column, revoked tokens (their date under the tag) among active ones', async ({ page }) => {
    // Two revoked tokens beside an active one.
    await must(host.call('tokens.create', { label: 'web shop sync', scope: 'write' }));
    await must(host.call('tokens.create', { label: 'label printer', scope: 'read' }));
    for (const token of await must(host.call<{ id: number }[]>('tokens.list', {}))) await must(host.call('tokens.revoke', { tokenId: token.id }));
    await must(host.call('tokens.create', { label: 'till', scope: 'read' }));
    await page.goto(`${host.url}#/settings`);
    const tokens = page.getByRole('region', { name: 'API tokens', exact: true });
    for (const label of ['till', 'label printer']) {
      const row = tokens.getByRole('row', { name: new RegExp(label) });
      await row.scrollIntoViewIfNeeded();
      for (const key of ['label', 'scope', 'revokedAt', 'prefix', 'createdAt', 'lastUsedAt']) {
        await expectNotUnder(row.locator(`td[data-col-key="${key}"]`), row.locator('td[data-col-key="actions"]'));
        await expectInsideWindow(row.locator(`td[data-col-key="${key}"]`), `the ${key} of ${label}`);
      }
      await expectWholeText(row.locator('td[data-col-key="prefix"]'), (await row.locator('td[data-col-key="prefix"]').innerText()).trim());
    }
  });
});
