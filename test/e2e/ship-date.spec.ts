import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectField } from './support/screens';

/** The place-order dialog's Ship date takes what the clerk types, or says why not: never dropped silently. */

const shop = useShop('Dogs');

interface Order {
  id: number;
  shipDate?: string;
}

async function openDialogFor(page: Page, name: string): Promise<{ petId: number }> {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 3 } }));
  await page.goto(`${shop.host.url}#/orders`);
  await page.getByRole('button', { name: 'Place order', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await selectField(dialog, 'Pet').fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(#`) }).click();
  await expect(dialog.getByText('In stock: 3')).toBeVisible();
  return { petId: pet.id };
}

const ordersOf = async (petId: number) => (await must(shop.host.call<{ items: Order[] }>('orders.list', { petId }))).items;

test('tabbing into Ship date and typing a date places the order with it', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Tabby');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await dialog.getByLabel('Quantity').focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Ship date')).toBeFocused();
  await page.keyboard.type('2030-01-15 10:00');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Ship date')).toHaveValue('2030-01-15 10:00');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 0, 15, 10, 0).toISOString() })]);
});

test('a date the field cannot read is said under it while it shows; left, the field empties and the note says so without holding the order', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Datey');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('15/01/2030');
  // Still in the field, which shows the text: Ctrl+Enter says it cannot be read and places nothing.
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByText('Cannot read “15/01/2030” as a date')).toBeVisible();
  await expect(field).toHaveValue('15/01/2030');
  await page.waitForTimeout(300);
  expect(await ordersOf(petId)).toEqual([]);

  // Left with Tab: the picker empties the field, and the words under it say so.
  await page.keyboard.press('Tab');
  await expect(field).toHaveValue('');
  await expect(dialog.getByText('Cannot read')).toBeHidden();
  await expect(dialog.getByText('“15/01/2030” was not understood: the ship date is still empty')).toBeVisible();
  // The clerk is not stuck: the order goes, without a date, as the field and the note say.
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.not.objectContaining({ shipDate: expect.anything() })]);
});

test('a half-typed change left with Tab says which date the field kept, and the order takes that one', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Halfway');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('2030-01-15 14:30');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  const shown = await field.inputValue();
  expect(shown).toMatch(/^2030-01-15 14:\d\d$/);
  await expect(dialog.getByText(`“2030-01-15 14:” was not understood: the ship date is still ${shown}`)).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  const [hours, minutes] = shown.slice(11).split(':').map(Number);
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 0, 15, hours, minutes).toISOString() })]);
});

test('Place order clicked straight from a field it cannot read places nothing yet: the note shows first', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Clicky');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('15/01/2030 10:00');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.getByText('“15/01/2030 10:00” was not understood: the ship date is still empty')).toBeVisible();
  await expect(field).toHaveValue('');
  await page.waitForTimeout(300);
  expect(await ordersOf(petId)).toEqual([]);

  // Typed again as the field reads it: the note goes and the order carries the date.
  await field.click();
  await field.fill('2030-02-01 09:30');
  await expect(dialog.getByText('was not understood')).toBeHidden();
  await page.keyboard.press('Tab');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 1, 1, 9, 30).toISOString() })]);
});

test('a date alone is that day at 00:00', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Dayonly');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('2030-01-15');
  await page.keyboard.press('Tab');
  await expect(field).toHaveValue('2030-01-15 00:00');
  await expect(dialog.locator('.n-form-item-feedback__line')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 0, 15).toISOString() })]);
});

/** Ways to send the order straight from Ship date, the field still showing what was typed (and a pet for each). */
const sends: [string, string, (page: Page) => Promise<void>][] = [
  ['Ctrl+Enter', 'Keyed', (page) => page.keyboard.press('Control+Enter')],
  ['Enter', 'Entered', (page) => page.keyboard.press('Enter')],
  ['a click on Place order', 'Clicked', (page) => page.getByRole('dialog', { name: 'Place order' }).getByRole('button', { name: 'Place order' }).click()],
];
for (const [how, name, send] of sends) {
  test(`a date alone sent with ${how} straight from Ship date is that day at 00:00`, async ({ page }) => {
    const { petId } = await openDialogFor(page, name);
    const dialog = page.getByRole('dialog', { name: 'Place order' });
    await dialog.getByLabel('Quantity').focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Ship date')).toBeFocused();
    await page.keyboard.type('2030-01-15');
    await send(page);
    await expect(dialog).toBeHidden();
    expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2030, 0, 15).toISOString() })]);
  });
}

test('Escape in Ship date throws the text away: nothing is said of it and the order goes', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Escapee');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('abc');
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByText('Cannot read “abc” as a date')).toBeVisible();
  // Escape closes the calendar and the picker puts its date back (none): the words under it go with the text.
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
  await expect(dialog.locator('.n-form-item-feedback__line')).toHaveCount(0);
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.not.objectContaining({ shipDate: expect.anything() })]);
});

const calendar = (page: Page) => page.locator('.n-date-panel');

test('Tab into Ship date opens no calendar over the form; Alt+↓, F4 or the icon open it, as the hint beside the field says', async ({ page }) => {
  await openDialogFor(page, 'Calmly');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await dialog.getByLabel('Quantity').focus();
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.waitForTimeout(300); // the calendar would be drawn by now
  await expect(calendar(page)).toHaveCount(0);
  // The rest of the form stays in view, nothing over it.
  for (const covered of [dialog.getByRole('combobox', { name: 'Pet' }), dialog.getByText('In stock: 3')]) {
    const box = (await covered.boundingBox())!;
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]') !== null, { x: box.x + 4, y: box.y + box.height / 2 });
    expect(hit).toBe(true);
  }
  await expect(field).toHaveAccessibleDescription('Alt+↓ or F4 opens the calendar');
  await expect(dialog.getByText('Alt+↓ or F4 opens the calendar')).toBeVisible();

  await page.keyboard.press('Alt+ArrowDown');
  await expect(calendar(page)).toBeVisible();
  await expect(field).toBeFocused(); // typing still lands in the field
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toBeHidden();
  await expect(dialog).toBeVisible(); // Escape closed the calendar, not the dialog

  await field.focus();
  await page.keyboard.press('F4');
  await expect(calendar(page)).toBeVisible();
  await page.keyboard.press('F4');
  await expect(calendar(page)).toBeHidden();
  // F4 with a modifier is the system's (Alt+F4 closes the window, Ctrl+F4 a tab): not caught here.
  for (const modifier of ['altKey', 'ctrlKey'] as const) {
    const prevented = await field.evaluate((input, key) => {
      const event = new KeyboardEvent('keydown', { key: 'F4', [key]: true, bubbles: true, cancelable: true });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    }, modifier);
    expect(prevented, modifier).toBe(false);
    await expect(calendar(page)).toHaveCount(0);
  }

  // A click in the text is for typing; a click on the icon opens the calendar.
  await field.click();
  await page.waitForTimeout(300);
  await expect(calendar(page)).toHaveCount(0);
  await dialog.locator('.n-date-picker-icon').click();
  await expect(calendar(page)).toBeVisible();
});

test('the empty Ship date’s placeholder is shown whole', async ({ page }) => {
  await openDialogFor(page, 'Placid');
  const field = page.getByRole('dialog', { name: 'Place order' }).getByLabel('Ship date');
  await expect(field).toHaveAttribute('placeholder', 'yyyy-mm-dd hh:mm');
  const fits = await field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  expect(fits).toBe(true);
});

test('a ship date in the past is said under the field and the order can still be placed with it', async ({ page }) => {
  const { petId } = await openDialogFor(page, 'Pasty');
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  const field = dialog.getByLabel('Ship date');
  await field.click();
  await page.keyboard.type('2021-11-25 10:00');
  await expect(dialog.getByText('This date is in the past')).toBeVisible();
  // Corrected to a coming date: the warning goes; back to the typo: it comes back.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2030-11-25 10:00');
  await expect(dialog.getByText('This date is in the past')).toBeHidden();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2021-11-25 10:00');
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('This date is in the past')).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  expect(await ordersOf(petId)).toEqual([expect.objectContaining({ shipDate: new Date(2021, 10, 25, 10, 0).toISOString() })]);
});
