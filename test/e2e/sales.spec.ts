import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';

interface SaleLine {
  orderId: number;
}
interface Sale {
  id: number;
  number: number;
  lines: SaleLine[];
  status: string;
}

const shop = useShop('Dogs');

/** Rex (€10.00, 5 in stock), Bella (€25.00, 3 in stock) and a customer, Ann. */
async function stock() {
  const categoryId = shop.categoryId('Dogs');
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId, price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  const bella = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Bella', categoryId, price: 2500 }));
  await must(shop.host.call('inventory.set', { petId: bella.id, update: { quantity: 3 } }));
  const ann = await must(shop.host.call<{ id: number }>('customers.create', { name: 'Ann Smith', email: 'ann@example.com' }));
  return { rex, bella, ann };
}

const sell = (input: Record<string, unknown>) => must(shop.host.call<Sale>('sales.create', input));
const stockOf = async (petId: number) => (await must(shop.host.call<{ quantity: number }>('inventory.get', { petId }))).quantity;

async function openSales(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/sales`);
  await expect(page.getByRole('heading', { name: 'Sales', level: 2 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: /Sales/ });
const row = (page: Page, number: number) => table(page).getByRole('row').filter({ hasText: `No. ${number}` });

test("today's sales by default; found by another day, by receipt number and by customer", async ({ page }) => {
  const { rex, bella, ann } = await stock();
  const first = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5000 }] });
  const second = await sell({ lines: [{ petId: bella.id }], customerId: ann.id, payments: [{ method: 'card', amount: 2500 }] });
  // One unit of the first refunded, and a third sale whose pet is handed over later: every status shows.
  await must(shop.host.call('refunds.create', { saleId: first.id, refund: { lines: [{ orderId: first.lines[0]!.orderId }], restock: true, payments: [{ method: 'cash', amount: 1000 }] } }));
  const later = await sell({ lines: [{ petId: bella.id }], handover: 'later', customerId: ann.id, payments: [{ method: 'cash', amount: 3000 }] });
  await openSales(page);

  await expect(page.getByText('3 sales today')).toBeVisible();
  await expect(row(page, second.number)).toContainText('Ann Smith');
  await expect(row(page, second.number)).toContainText('€25.00');
  await expect(row(page, first.number)).toContainText('€20.00');
  await expect(row(page, first.number)).toContainText('Completed, part refunded');
  await expect(row(page, later.number)).toContainText('Open');
  await expectAccessible(page, 'sales, today');
  await saveScreenshot(page, 'sales');

  // A day the field cannot read is said, not dropped silently: the list keeps its day.
  await page.getByLabel('From day').fill('28.11.2020');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: '“28.11.2020” was not understood: the first day is still' })).toBeVisible();
  await expect(page.getByText('3 sales today')).toBeVisible();

  // Another day has none; a receipt number finds its sale whatever the day.
  await page.getByLabel('From day').fill('2020-01-01');
  await page.getByLabel('From day').press('Enter');
  await page.getByLabel('To day').fill('2020-01-02');
  await page.getByLabel('To day').press('Enter');
  await expect(page.getByText('No sales from')).toBeVisible();
  await page.getByLabel('Receipt number').fill(String(first.number));
  await page.getByLabel('Receipt number').press('Enter');
  await expect(page.getByText(`1 sale with receipt No. ${first.number}`)).toBeVisible();
  await expect(row(page, first.number)).toBeVisible();
  await page.getByLabel('Receipt number').fill('');
  await page.getByRole('button', { name: 'All days' }).click();
  await expect(page.getByText('3 sales', { exact: true })).toBeVisible();

  // By customer.
  await page.getByRole('combobox', { name: 'Filter by customer' }).click();
  await page.getByRole('option', { name: /Ann Smith/ }).click();
  await expect(page.getByText('2 sales for Ann Smith')).toBeVisible();
  await expect(row(page, first.number)).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByText('3 sales today')).toBeVisible();
});

test('a sale opened shows its lines, amounts, payments and status, and links its receipt; a completed one offers no cancel', async ({ page }) => {
  const { rex } = await stock();
  const first = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5000 }] });
  await openSales(page);

  // Open: lines, amounts, payments, status; the receipt to reprint.
  await page.getByRole('button', { name: `Open sale ${first.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${first.number}`, exact: true });
  await expect(dialog.getByRole('table', { name: 'Lines' })).toContainText('Rex');
  await expect(dialog).toContainText('Total€20.00');
  await expect(dialog).toContainText('Cash €50.00');
  await expect(dialog).toContainText('Change€30.00');
  await expect(dialog).toContainText('Completed');
  await expect(dialog.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0); // handed over: refunded, not cancelled
  await expect(dialog.getByRole('link', { name: 'Reprint receipt' })).toHaveAttribute('href', `#/sales/${first.id}/receipt`);
  await expectAccessible(page, 'a sale');
});

test('a sale refunded in two steps, in stock and not: each confirmation says what happens, then nothing is left to refund', async ({ page }) => {
  const { rex } = await stock();
  const first = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5000 }] });
  await openSales(page);
  await page.getByRole('button', { name: `Open sale ${first.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${first.number}`, exact: true });

  // Refund one unit, back into stock: the confirmation says what happens.
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  await dialog.getByLabel('Units of Rex to refund').fill('1');
  await dialog.getByLabel('Reason').fill('Allergy');
  await expectAccessible(page, 'the refund form');
  await dialog.getByRole('button', { name: 'Refund €10.00' }).click();
  const ask = page.getByRole('dialog', { name: 'Refund €10.00?' });
  await expect(ask).toContainText('1 × Rex comes back into stock; €10.00 is paid back by cash.');
  await ask.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Refunded €10.00 on sale No. ${first.number}`)).toBeVisible();
  await expect(dialog).toContainText('Refunded€10.00');
  await expect(dialog.getByRole('region', { name: 'Refunds' })).toContainText('1 × Rex, €10.00 (Cash €10.00), back in stock: “Allergy”');
  expect(await stockOf(rex.id)).toBe(4);
  await expect(row(page, first.number)).toContainText('part refunded');

  // The last unit, money only; then nothing is left to refund, and no Refund is offered.
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  await dialog.getByLabel('Units of Rex to refund').fill('1');
  await dialog.getByText('Stay with the customer or are gone (money only)').click();
  await dialog.getByText('Card', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Refund €10.00' }).click();
  await expect(page.getByRole('dialog', { name: 'Refund €10.00?' })).toContainText('1 × Rex: money only, nothing back in stock; €10.00 is paid back by card.');
  await page.getByRole('dialog', { name: 'Refund €10.00?' }).getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toContainText('Refunded€20.00');
  await expect(dialog.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  expect(await stockOf(rex.id)).toBe(4);
  await expect(row(page, first.number)).toContainText('Completed, refunded');
});

test('a click on Refund… as the sale dialog opens is not lost: the dialog does not move under it', async ({ page }) => {
  const { rex } = await stock();
  const sale = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5000 }] });
  await openSales(page);
  // The dialog's entrance held at its first frame (as a busy machine draws it late), the clerk
  // presses Refund… where it is drawn; the entrance then plays out, and the clerk lets go.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.getByRole('button', { name: `Open sale ${sale.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${sale.number}`, exact: true });
  const refund = dialog.getByRole('button', { name: 'Refund…' });
  const box = (await refund.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect(dialog).not.toHaveClass(/transition-enter/); // its entrance is over
  await page.mouse.up();
  await expect(dialog.getByLabel('Units of Rex to refund')).toBeVisible();
});

test('refunding more than is left is refused: on its line, also after a refund elsewhere, and by the service in a race', async ({ page }) => {
  const { rex } = await stock();
  const sale = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
  await openSales(page);
  await page.getByRole('button', { name: `Open sale ${sale.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${sale.number}`, exact: true });
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  await dialog.getByLabel('Units of Rex to refund').fill('3');
  await dialog.getByRole('button', { name: /^Refund / }).click();
  await expect(dialog.getByText('At most 2: 2 sold, 0 refunded before')).toBeVisible();
  expect((await must(shop.host.call<{ total: number }>('refunds.list', { saleId: sale.id }))).total).toBe(0);

  // One unit refunded elsewhere while the form is open: the line follows, and the second refund of it is refused.
  await dialog.getByLabel('Units of Rex to refund').fill('2');
  await must(shop.host.call('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId, quantity: 1 }], restock: false, payments: [{ method: 'cash', amount: 1000 }] } }));
  await expect(dialog.getByText('At most 1: 2 sold, 1 refunded before')).toBeVisible();
  await expect(dialog.getByLabel('Units of Rex to refund')).toHaveValue('2'); // what the clerk typed stays
  await dialog.getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByRole('dialog', { name: /^Refund .*\?$/ })).toHaveCount(0);
  expect((await must(shop.host.call<{ total: number }>('refunds.list', { saleId: sale.id }))).total).toBe(1);
  // The last unit refunded elsewhere just as the clerk confirms: the service refuses, and the sale is read again.
  await dialog.getByLabel('Units of Rex to refund').fill('1');
  await page.route('**/__petstore/invoke/refunds.create', async (route) => {
    await must(shop.host.call('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId, quantity: 1 }], restock: false, payments: [{ method: 'cash', amount: 1000 }] } }));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Refund €10.00' }).click();
  await page.getByRole('dialog', { name: 'Refund €10.00?' }).getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`Only 0 of 2 Rex (order ${sale.lines[0]!.orderId}) can still be refunded; 1 asked`)).toBeVisible();
  expect((await must(shop.host.call<{ total: number }>('refunds.list', { saleId: sale.id }))).total).toBe(2);
  await expect(dialog.getByText('every unit handed over was refunded already')).toBeVisible();
});

test('an open sale is cancelled after a confirmation; one with a pet handed over is refused; a completed one offers no cancel', async ({ page }) => {
  const { rex, bella } = await stock();
  const open = await sell({ lines: [{ petId: rex.id, quantity: 2 }], handover: 'later', payments: [{ method: 'card', amount: 2000 }] });
  const partly = await sell({ lines: [{ petId: rex.id }, { petId: bella.id }], handover: 'later', payments: [{ method: 'cash', amount: 3500 }] });
  await openSales(page);
  expect(await stockOf(rex.id)).toBe(2);

  await page.getByRole('button', { name: `Open sale ${open.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${open.number}`, exact: true });
  await expect(dialog.getByRole('button', { name: 'Refund…' })).toHaveCount(0); // nothing handed over: nothing to refund
  await dialog.getByRole('button', { name: 'Cancel sale' }).click();
  const ask = page.getByRole('dialog', { name: `Cancel sale No. ${open.number}?` });
  await expect(ask).toContainText('2 × Rex go back to stock; €20.00 paid is given back (Card €20.00). The sale is kept as cancelled, with its number.');
  await ask.getByRole('button', { name: 'Cancel sale' }).click();
  await expect(page.getByText(`Sale No. ${open.number} cancelled`)).toBeVisible();
  await expect(dialog).toContainText('Cancelled');
  await expect(dialog.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0);
  expect(await stockOf(rex.id)).toBe(4);
  await page.keyboard.press('Escape');
  await expect(row(page, open.number)).toContainText('Cancelled');

  // A pet of the sale handed over (the Orders screen) just as the clerk confirms: the service refuses the cancel, nothing changes.
  await page.getByRole('button', { name: `Open sale ${partly.number}` }).click();
  const second = page.getByRole('dialog', { name: `Sale No. ${partly.number}`, exact: true });
  await expect(second.getByRole('button', { name: 'Cancel sale' })).toBeVisible();
  await page.route('**/__petstore/invoke/sales.cancel', async (route) => {
    await must(shop.host.call('orders.update', { orderId: partly.lines[0]!.orderId, changes: { complete: true } }));
    await route.continue();
  });
  await second.getByRole('button', { name: 'Cancel sale' }).click();
  await page.getByRole('dialog', { name: `Cancel sale No. ${partly.number}?` }).getByRole('button', { name: 'Cancel sale' }).click();
  await expect(page.getByText(`Sale ${partly.number} has pets handed over already: refund them instead`)).toBeVisible();
  expect((await must(shop.host.call<Sale>('sales.get', { saleId: partly.id }))).status).toBe('open');
  // The dialog reads the sale again: the pet handed over can be refunded, and no cancel is offered any more.
  await expect(second.getByRole('button', { name: 'Refund…' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0);
});

test('a sale with a pet handed over later by the Orders screen follows: no cancel, the pet refundable', async ({ page }) => {
  const { rex, bella } = await stock();
  const partly = await sell({ lines: [{ petId: rex.id }, { petId: bella.id }], handover: 'later', payments: [{ method: 'cash', amount: 3500 }] });
  await openSales(page);
  await page.getByRole('button', { name: `Open sale ${partly.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${partly.number}`, exact: true });
  await expect(dialog.getByRole('button', { name: 'Cancel sale' })).toBeVisible();
  await must(shop.host.call('orders.update', { orderId: partly.lines[0]!.orderId, changes: { complete: true } }));
  await expect(dialog.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  await expect(dialog.getByLabel('Units of Rex to refund')).toBeVisible();
  await expect(dialog.getByLabel('Units of Bella to refund')).toHaveCount(0); // still to hand over: not refundable
});

test('a sale made elsewhere shows at once; a completed sale offers no cancel', async ({ page }) => {
  const { rex } = await stock();
  await openSales(page);
  await expect(page.getByText('No sales today.')).toBeVisible();
  const sale = await sell({ lines: [{ petId: rex.id }], payments: [{ method: 'cash', amount: 1000 }] });
  await expect(row(page, sale.number)).toContainText('€10.00');
  await expect(page.getByText('1 sale today')).toBeVisible();
  await page.getByRole('button', { name: `Open sale ${sale.number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sale No. ${sale.number}`, exact: true });
  await expect(dialog).toContainText('Completed');
  await expect(dialog.getByRole('button', { name: 'Cancel sale' })).toHaveCount(0);
  // Refunded elsewhere while it is open: the dialog follows.
  await must(shop.host.call('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId }], restock: true, payments: [{ method: 'cash', amount: 1000 }] } }));
  await expect(dialog).toContainText('Refunded€10.00');
  await expect(dialog.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
});

test('a refund by keyboard alone: the form takes the focus, Enter sends and confirms, the focus comes back', async ({ page }) => {
  const { rex } = await stock();
  const sale = await sell({ lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'card', amount: 2000 }] });
  await openSales(page);
  await page.getByRole('button', { name: `Open sale ${sale.number}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Sale No. ${sale.number}`, exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund…' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Units of Rex to refund')).toBeFocused();
  await expect(dialog.getByLabel('Units of Rex to refund')).toHaveValue('2'); // a single line starts at every unit left
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'Refund €10.00?' });
  await expect(ask).toContainText('paid back by card');
  // The safe choice has the focus first; Tab reaches the one that goes ahead.
  await expect(ask.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ask.getByRole('button', { name: 'Refund', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Refunded€10.00');
  await expect(dialog.getByRole('button', { name: 'Refund…' })).toBeFocused();
});
