import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';

interface SaleBody {
  status: string;
  handover: string;
  shipDate?: string;
  id: number;
  total: number;
  paid: number;
  change: number;
  payments: { method: string; amount: number }[];
  lines: { petName: string; quantity: number }[];
}

const shop = useShop('Dogs', 'Fish');

/** A pet with a price, a SKU and stock, through the real service. */
async function addPet(name: string, sku: string, price: number | undefined, stock: number, category = 'Dogs'): Promise<number> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId(category), sku, ...(price === undefined ? {} : { price }) }));
  if (stock !== 1) await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  return pet.id;
}

const sales = async () => (await must(shop.host.call<{ items: SaleBody[] }>('sales.list', {}))).items;

/** Opens the app at its first screen: the till, the keyboard in its scan field. */
async function openTill(page: Page): Promise<void> {
  await page.goto(shop.host.url);
  await expect(page.getByRole('heading', { name: 'Till', level: 2 })).toBeVisible();
  await expect(scanField(page)).toBeFocused();
}

const scanField = (page: Page) => page.getByRole('textbox', { name: 'Scan a barcode or type a name' });
const basketRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }) });

/** A keyboard-wedge scanner: the SKU's characters, then Enter (not the clerk's keystrokes). */
async function scan(page: Page, sku: string, name: string): Promise<void> {
  await page.keyboard.type(sku);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Added ${name}`);
}

/** The clerk's keyboard, counting every key pressed (a typed text counts a key per character). */
function countingKeyboard(page: Page) {
  let count = 0;
  return {
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      count += text.length;
      await page.keyboard.type(text);
    },
    get count() {
      return count;
    },
  };
}

test('keyboard only: three scans, cash with the change shown big, the receipt, in at most 15 keystrokes after the scans', async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  await addPet('Nemo', 'FISH-1', 350, 10, 'Fish');
  await addPet('Bella', 'DOG-2', 2450, 1);
  // The browser's print dialog would stop the test: counted instead.
  await page.addInitScript(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => void (window as unknown as { __printed: number }).__printed++;
  });
  await openTill(page);
  await scan(page, 'DOG-1', 'Rex');
  await scan(page, 'FISH-1', 'Nemo');
  await scan(page, 'DOG-2', 'Bella');
  await expect(page.getByRole('row')).toHaveCount(4); // the header and three lines
  await expect(page.getByRole('button', { name: 'Sell · €47.99' })).toBeVisible();

  const keys = countingKeyboard(page);
  await keys.press('Enter'); // nothing typed: on to the payment
  await expect(page.getByRole('textbox', { name: 'Cash handed over' })).toBeFocused();
  await keys.type('50');
  await expect(page.locator('#till-change')).toHaveText('Change €2.01');
  await keys.press('Enter'); // sells
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
  await keys.press('Control+P'); // the receipt prints
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  expect(keys.count).toBeLessThanOrEqual(15);
  console.log(`[till] keystrokes after the scans to the printed receipt: ${keys.count}`);

  const [sale] = await sales();
  expect(sale).toMatchObject({ total: 4799, paid: 5000, change: 201, payments: [{ method: 'cash', amount: 5000 }] });
  expect(sale.lines.map((line) => line.petName)).toEqual(['Rex', 'Nemo', 'Bella']);
  expect(page.url()).toContain(`#/sales/${sale.id}/receipt`);

  // Back at the till, the basket is a new one.
  await page.goto(`${shop.host.url}#/till`);
  await expect(page.getByText('The basket is empty')).toBeVisible();
});

test('refusals: an unknown SKU is said, more than in stock is said on the line, paying short is not sent', async ({ page }) => {
  const rexId = await addPet('Rex', 'DOG-1', 1999, 1);
  await openTill(page);
  await page.keyboard.type('NO-SUCH-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Nothing has the SKU or name “NO-SUCH-1”');
  await expect(page.getByText('The basket is empty')).toBeVisible();

  await scan(page, 'DOG-1', 'Rex');
  await scan(page, 'DOG-1', 'Rex'); // a second unit: only one in stock
  const rex = basketRow(page, 'Rex');
  await expect(rex).toContainText('Only 1 in stock');
  await expect(rex.getByRole('textbox', { name: 'Quantity of Rex' })).toHaveValue('2');
  await page.keyboard.press('Enter'); // to the payment
  await page.keyboard.press('Enter'); // sell: refused before sending
  await expect(page.getByRole('alert')).toHaveText('Put the lines marked in red right first');
  expect(await sales()).toEqual([]);

  // Arrow Down on the quantity takes the extra unit off.
  await rex.getByRole('textbox', { name: 'Quantity of Rex' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rex).not.toContainText('in stock');

  // Sold out elsewhere meanwhile (another till): the line says so at once; restocked, it is sellable again.
  await must(shop.host.call('inventory.set', { petId: rexId, update: { quantity: 0 } }));
  await expect(rex).toContainText('Sold: not for sale'); // no stock and no open orders: sold (states.md)
  await must(shop.host.call('inventory.set', { petId: rexId, update: { quantity: 1 } }));
  await expect(rex).not.toContainText('not for sale');

  const cash = page.getByRole('textbox', { name: 'Cash handed over' });
  await cash.focus();
  await page.keyboard.type('5');
  await expect(page.locator('#till-change')).toHaveText('Short by €14.99');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Short by €14.99: the total is €19.99');
  expect(await sales()).toEqual([]);

  await page.keyboard.press('Control+a');
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  expect(await sales()).toHaveLength(1);
});

test('the basket survives a reload; a line is removed from the keyboard', async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  await addPet('Nemo', 'FISH-1', 350, 10, 'Fish');
  await openTill(page);
  await scan(page, 'DOG-1', 'Rex');
  await scan(page, 'FISH-1', 'Nemo');
  await scan(page, 'FISH-1', 'Nemo');
  // The second scan finds its line already drawn: reload only once it has counted (its SKU is looked up first).
  await expect(basketRow(page, 'Nemo').getByRole('textbox', { name: 'Quantity of Nemo' })).toHaveValue('2');

  await page.reload();
  await expect(scanField(page)).toBeFocused();
  await expect(basketRow(page, 'Rex')).toBeVisible();
  await expect(basketRow(page, 'Nemo').getByRole('textbox', { name: 'Quantity of Nemo' })).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Sell · €26.99' })).toBeVisible();

  await basketRow(page, 'Rex').getByRole('button', { name: 'Remove Rex' }).focus();
  await page.keyboard.press('Enter');
  await expect(basketRow(page, 'Rex')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove Nemo' })).toBeFocused();
  await page.reload();
  await expect(basketRow(page, 'Nemo')).toBeVisible();
  await expect(basketRow(page, 'Rex')).toHaveCount(0);

  // A new basket drops this one's lines only once the clerk says so.
  await page.getByRole('button', { name: 'New basket' }).click();
  const ask = page.getByRole('dialog', { name: 'Start a new basket?' });
  await expect(ask).toContainText('The line of this basket will be dropped; nothing of it was sold.');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(basketRow(page, 'Nemo')).toBeVisible();
  await page.getByRole('button', { name: 'New basket' }).click();
  await ask.getByRole('button', { name: 'Drop the basket' }).click();
  await expect(page.getByText('The basket is empty')).toBeVisible();
  await expect(scanField(page)).toBeFocused();
});

test('a customer found or added inline, a discount, and a split payment go with the sale; the till is accessible', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await must(shop.host.call('customers.create', { name: 'Ada Lovelace', phone: '0612 345 678' }));
  await addPet('Rex', 'DOG-1', 1999, 3);
  await addPet('Bella', 'DOG-2', undefined, 1); // no price yet
  await openTill(page);
  await scan(page, 'DOG-1', 'Rex');
  await scan(page, 'DOG-2', 'Bella');
  await expect(basketRow(page, 'Bella')).toContainText('No price: type one');
  await basketRow(page, 'Bella').getByRole('textbox', { name: 'Price of Bella' }).fill('25');
  await expect(basketRow(page, 'Bella')).not.toContainText('No price');

  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.keyboard.type('ada');
  await page.getByRole('option', { name: /Ada Lovelace/ }).click();
  await page.getByRole('textbox', { name: 'Discount off the sale' }).fill('4.99');
  await expect(page.getByRole('button', { name: 'Sell · €40.00' })).toBeVisible();
  await page.getByRole('radio', { name: 'Split' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Paid by card' }).fill('30');
  await page.getByRole('textbox', { name: 'Cash handed over' }).fill('20');
  await expect(page.locator('#till-change')).toHaveText('Change €10.00');
  // At 900 px the basket and the checkout sit side by side, the lines whole (no Remove under the checkout).
  const lines = (await page.locator('.till-lines').boundingBox())!;
  const checkout = (await page.locator('.till__checkout').boundingBox())!;
  expect(lines.x + lines.width).toBeLessThanOrEqual(checkout.x);
  expect(checkout.y).toBeLessThan(lines.y + lines.height);
  await expectAccessible(page, 'the till with a basket');
  await saveScreenshot(page, 'till');

  await page.getByRole('button', { name: 'Sell · €40.00' }).click();
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  const [sale] = await sales();
  expect(sale).toMatchObject({ total: 4000, paid: 5000, change: 1000, payments: [{ method: 'card', amount: 3000 }, { method: 'cash', amount: 2000 }] });

  // A new customer, added inline, is attached to the next basket.
  await page.goto(`${shop.host.url}#/till`);
  await scan(page, 'DOG-1', 'Rex');
  await page.getByRole('button', { name: 'New customer' }).click();
  await expect(page.getByRole('textbox', { name: 'New customer’s name' })).toBeFocused();
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Enter');
  await expect(page.locator('.customer-picker')).toContainText('Grace Hopper');
});

test('a typed name offers the pets it finds to choose from the keyboard; a later handover takes a ship date', async ({ page }) => {
  await addPet('Rex', 'DOG-1', 1999, 3);
  await addPet('Rexina', 'DOG-3', 1500, 2);
  await openTill(page);
  await page.keyboard.type('rex');
  await page.keyboard.press('Enter');
  const found = page.getByRole('group', { name: 'Pets found' });
  await expect(found.getByRole('button', { name: /^Rex \(#\d+\), €19\.99, 3 in stock$/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Rexina
  await expect(page.getByRole('status')).toHaveText('Added Rexina: 1 on the line');
  await expect(found).toHaveCount(0);
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.type('rex');
  await page.keyboard.press('Enter');
  await expect(found).toBeVisible();
  await page.keyboard.press('Escape'); // none of these
  await expect(found).toHaveCount(0);
  await expect(scanField(page)).toBeFocused();

  await page.getByRole('radio', { name: 'Later' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Ship date' }).fill('next week');
  await expect(page.getByRole('alert')).toHaveText('Type the ship date as YYYY-MM-DD');
  await page.getByRole('radio', { name: 'Card' }).check({ force: true });
  await page.getByRole('button', { name: 'Sell · €15.00' }).click();
  await expect(page.getByRole('alert').last()).toHaveText('Type the ship date as YYYY-MM-DD');
  expect(await sales()).toEqual([]);

  await page.getByRole('textbox', { name: 'Ship date' }).fill('2026-12-24');
  await page.getByRole('button', { name: 'Sell · €15.00' }).click();
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  const [sale] = await sales();
  expect(sale).toMatchObject({ status: 'open', handover: 'later', shipDate: '2026-12-24T12:00:00.000Z', payments: [{ method: 'card', amount: 1500 }] });
});
