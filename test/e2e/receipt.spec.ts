import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { readPdf } from './support/pdf';
import { expectAccessible, saveScreenshot } from './support/screens';
import { useShop } from './support/shop';
import { refundShare } from '../../src-shared/money';
import { formatMoney, formatTaxRate } from '../../src-shared/money-format';
import type { Sale } from '../../src-shared/schemas/sale';

const shop = useShop();

/** A sale made through the API as the till makes one: three lines at two tax rates, a discount, card and cash with change, a customer. */
async function makeSale(): Promise<Sale> {
  const call = shop.host.call.bind(shop.host);
  await must(
    call('settings.update', {
      shopName: 'Happy Paws',
      shopAddress: '1 Main Street\n12345 Springfield',
      shopTaxId: 'DE123456789',
      receiptFooter: 'Thank you for your visit!\nReturns within 14 days.',
      timeZone: 'Europe/Berlin',
      defaultTaxRate: 1900,
    }),
  );
  const dogs = await must(call<{ id: number }>('categories.create', { name: 'Dogs' }));
  const fish = await must(call<{ id: number }>('categories.create', { name: 'Fish', taxRate: 700 }));
  const pets = [];
  for (const [name, categoryId, price] of [['Rex', dogs.id, 49_900], ['Bella', dogs.id, 1_999], ['Nemo', fish.id, 350]] as const) {
    const pet = await must(call<{ id: number }>('pets.create', { name, categoryId, price }));
    await must(call('inventory.set', { petId: pet.id, update: { quantity: 5 } }));
    pets.push(pet);
  }
  const ann = await must(call<{ id: number }>('customers.create', { name: 'Ann Smith' }));
  return must(
    call<Sale>('sales.create', {
      lines: [{ petId: pets[0].id }, { petId: pets[1].id, quantity: 2 }, { petId: pets[2].id, quantity: 3 }],
      customerId: ann.id,
      discount: 500,
      payments: [{ method: 'card', amount: 40_000 }, { method: 'cash', amount: 20_000 }],
    }),
  );
}

/** Every amount the receipt must print, as the shop's currency shows it. */
function amountsOf(sale: Sale): string[] {
  const money = (amount: number) => formatMoney(amount, sale.currency);
  return [
    ...sale.lines.flatMap((line) => [money(line.unitPrice), money(line.gross)]),
    money(sale.subtotal),
    money(sale.discount),
    money(sale.total),
    money(sale.tax),
    ...sale.taxes.flatMap((row) => [formatTaxRate(row.taxRate), money(row.net), money(row.tax), money(row.total)]),
    ...sale.payments.map((payment) => money(payment.amount)),
    money(sale.paid),
    money(sale.change),
  ];
}

/** The sale's time as the shop's clock showed it (Berlin), independently of the app's formatting. */
const berlinTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Berlin', timeZoneName: 'short' }).format(new Date(iso));

async function openReceipt(page: Page, sale: Sale, layout: 'a4' | 'letter' | '80mm'): Promise<void> {
  await page.goto(`${shop.host.url}#/sales/${sale.id}/receipt?layout=${layout}`);
  await expect(page.getByRole('heading', { name: `Receipt ${sale.number}` })).toBeVisible();
}

test('a sale\'s receipt shows the shop, the customer, every line and amount, tax per rate, payments and change', async ({ page }) => {
  const sale = await makeSale();
  expect(sale.taxes).toHaveLength(2); // 7 % and 19 %
  expect(sale.change).toBeGreaterThan(0);
  await openReceipt(page, sale, 'a4');
  const paper = page.locator('article.receipt-paper');
  for (const text of ['Happy Paws', '1 Main Street', '12345 Springfield', 'Tax id: DE123456789', 'Customer: Ann Smith', berlinTime(sale.createdAt), 'Thank you for your visit!', 'Returns within 14 days.']) {
    await expect(paper).toContainText(text);
  }
  const rows = paper.locator('table').first().locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toHaveText(/Bella\s*2\s*€19\.99\s*€39\.98/);
  for (const amount of amountsOf(sale)) await expect(paper, amount).toContainText(amount);
  const figure = (term: string) => paper.locator('dl div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
  await expect(figure('Discount')).toHaveText(`−${formatMoney(500, 'EUR')}`);
  await expect(figure('Total')).toHaveText(formatMoney(sale.total, 'EUR'));
  await expect(figure('Change')).toHaveText(formatMoney(sale.change, 'EUR'));
  await expect(figure('Card')).toHaveText('€400.00');
  await expect(figure('Cash')).toHaveText('€200.00');

  await expectAccessible(page, 'the sale receipt (A4)');
  await saveScreenshot(page, 'receipt');
});

test('printed on A4, on letter and on an 80 mm roll: the PDF has the paper\'s size and every amount in its text', async ({ page }) => {
  const sale = await makeSale();
  for (const layout of ['a4', 'letter', '80mm'] as const) {
    await openReceipt(page, sale, layout);
    await expect(page.getByRole('radio', { name: { a4: 'A4 page', letter: 'Letter page', '80mm': '80 mm roll' }[layout] })).toBeChecked();
    const pages = await readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: false }));
    const [first] = pages;
    if (layout === 'a4') {
      expect(first.widthMm).toBeCloseTo(210, 0);
      expect(first.heightMm).toBeCloseTo(297, 0);
    } else if (layout === 'letter') {
      expect(first.widthMm).toBeCloseTo(215.9, 0);
      expect(first.heightMm).toBeCloseTo(279.4, 0);
    } else {
      // One strip of the roll, 80 mm wide (Chromium rounds the page to whole pixels: within 0.5 mm).
      expect(pages).toHaveLength(1);
      expect(Math.abs(first.widthMm - 80)).toBeLessThan(0.5);
      expect(first.heightMm).toBeGreaterThan(60);
    }
    const text = pages.map((p) => p.text).join(' ');
    // Only the receipt is printed: no navigation, no buttons.
    expect(text, layout).not.toContain('Back to sales');
    expect(text, layout).not.toContain('Print receipt');
    expect(text, layout).not.toContain('Pet Store Clerk');
    for (const expected of ['Happy Paws', `Receipt ${sale.number}`, 'DE123456789', 'Ann Smith', 'Returns within 14 days.', ...amountsOf(sale)]) {
      expect(text, `${layout}: ${expected}`).toContain(expected);
    }
  }
});

test('the paper is chosen by keyboard and kept in the address; a sale that does not exist says so', async ({ page }) => {
  const sale = await makeSale();
  await openReceipt(page, sale, 'a4');
  // By keyboard: the paper is a radio group, the arrow keys move the choice.
  await page.getByRole('radio', { name: 'A4 page' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/layout=letter/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/layout=80mm/);
  await expect(page.getByRole('radio', { name: '80 mm roll' })).toBeChecked();
  await expect(page.locator('article.receipt-paper')).toHaveClass(/receipt-paper--80mm/);
  const width = await page.locator('article.receipt-paper').evaluate((element) => element.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(302); // 80 mm at 96 px per inch
  await expectAccessible(page, 'the sale receipt (80 mm)');

  await page.goto(`${shop.host.url}#/sales/999/receipt`);
  await expect(page.getByText('Sale 999 does not exist.')).toBeVisible();
});

test('a refund made elsewhere shows on the open receipt before it is printed again', async ({ page }) => {
  const sale = await makeSale();
  await openReceipt(page, sale, '80mm');
  const nemo = sale.lines[2];
  const worth = refundShare(nemo, 0, 1).total;
  const refund = await must(
    shop.host.call<{ amount: number }>('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: nemo.orderId }], restock: true, payments: [{ method: 'cash', amount: worth }] } }),
  );
  const paper = page.locator('article.receipt-paper');
  await expect(paper).toContainText('(1 refunded)');
  await expect(paper.locator('dl div').filter({ hasText: 'Refunded' }).locator('dd')).toHaveText(formatMoney(refund.amount, 'EUR'));
});

test("an order that is a line of a sale leads from its receipt to the sale's, with the amounts; an order alone does not", async ({ page }) => {
  const sale = await makeSale();
  await page.goto(`${shop.host.url}#/orders/${sale.lines[1].orderId}/receipt`);
  await expect(page.getByRole('heading', { name: `Receipt for order ${sale.lines[1].orderId}` })).toBeVisible();
  await page.getByRole('link', { name: "The sale's receipt, with amounts" }).click();
  await expect(page).toHaveURL(new RegExp(`#/sales/${sale.id}/receipt$`));
  await expect(page.getByRole('heading', { name: `Receipt ${sale.number}` })).toBeVisible();
  await expect(page.locator('article.receipt-paper')).toContainText(formatMoney(sale.total, 'EUR'));

  const pets = await must(shop.host.call<{ items: { id: number }[] }>('pets.list', {}));
  const alone = await must(shop.host.call<{ id: number }>('orders.place', { petId: pets.items[0].id }));
  await page.goto(`${shop.host.url}#/orders/${alone.id}/receipt`);
  await expect(page.getByRole('heading', { name: `Receipt for order ${alone.id}` })).toBeVisible();
  await expect(page.getByText('Quantity')).toBeVisible();
  await expect(page.getByRole('link', { name: "The sale's receipt, with amounts" })).toHaveCount(0);
});

test('at 900 px the receipt fits the window on every paper: nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  const sale = await makeSale();
  for (const layout of ['a4', 'letter', '80mm'] as const) {
    await openReceipt(page, sale, layout);
    await expect(page.locator('article.receipt-paper')).toContainText('Returns within 14 days.');
    const overflow = await page.evaluate(() => [...document.querySelectorAll('main, main *')].filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible' && !element.classList.contains('visually-hidden')).map((element) => `${element.tagName}.${element.className} ${element.scrollWidth}/${element.clientWidth}`));
    expect(overflow, layout).toEqual([]);
    const [paperRight, mainRight] = await page.evaluate(() => [document.querySelector('article.receipt-paper')!.getBoundingClientRect().right, document.querySelector('main')!.getBoundingClientRect().right]);
    expect(paperRight, layout).toBeLessThanOrEqual(mainRight + 1);
  }
});

test('Ctrl+P on the receipt prints it the app\'s way: one key from the till\'s receipt to paper', async ({ page }) => {
  await page.addInitScript(() => {
    const printed = { count: 0 };
    (window as unknown as { __printed: typeof printed }).__printed = printed;
    window.print = () => void printed.count++;
  });
  const sale = await makeSale();
  await openReceipt(page, sale, '80mm');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
  await page.keyboard.press('Control+KeyP');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: { count: number } }).__printed.count)).toBe(1);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toHaveAttribute('aria-keyshortcuts', 'Control+P');
});

test('a sale handed over later says when; cancelled, its receipt says so and what was given back', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Kiwi', categoryId: (await must(shop.host.call<{ id: number }>('categories.create', { name: 'Birds' }))).id, price: 2_500 }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 1 } }));
  await must(shop.host.call('settings.update', { timeZone: 'Europe/Berlin' }));
  const sale = await must(
    shop.host.call<Sale>('sales.create', { lines: [{ petId: pet.id }], handover: 'later', shipDate: '2030-06-01T10:00:00Z', payments: [{ method: 'cash', amount: 3_000 }] }),
  );
  await openReceipt(page, sale, '80mm');
  const paper = page.locator('article.receipt-paper');
  await expect(paper).toContainText('To be handed over: Jun 1, 2030, 12:00 PM GMT+2');
  await must(shop.host.call('sales.cancel', { saleId: sale.id }));
  await expect(paper).toContainText('Cancelled: everything paid was given back');
  await expect(paper.locator('dl div').filter({ hasText: 'Given back (cancelled)' }).locator('dd')).toHaveText('€25.00');
});
