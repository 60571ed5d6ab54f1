import { expect, test, type Locator, type Page } from './support/test';
import { freePort } from '../helpers/ports';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * The Settings forms as a clerk uses them from the keyboard: the sunset date typed (or said not to
 * be understood, never dropped silently), Ctrl+Enter saving the form it is pressed in, unsaved
 * edits of any form asked about once before leaving, and what a Save of the origins does.
 */

const shop = useShop();

const SUNSET = 'Sunset date of GET /pets/{petId}';

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  // The forms take typing once they show what is stored.
  await expect(page.getByRole('textbox', { name: 'Shop name' })).toBeEditable();
  await expect(page.getByRole('textbox', { name: 'Port' })).toBeEditable();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string | RegExp) => page.locator('.n-message').filter({ hasText: text });
const stored = () => must(shop.host.call<Record<string, unknown>>('settings.get', {}));

/** The settings as each test found them; the tests change them, and they are put back after each. */
let before: Record<string, unknown>;
test.beforeEach(async () => {
  before = await stored();
});
test.afterEach(async () => {
  const { shopName, sunsetDate, lowStockThreshold, allowedOrigins, listenerPort, rateLimitPerMinute } = before;
  await must(shop.host.call('settings.update', { shopName, sunsetDate, lowStockThreshold, allowedOrigins, listenerPort, rateLimitPerMinute }));
});

/** Clicks into a text field, selects what it shows and types over it. */
async function retype(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

test('tabbing into Sunset date and typing a date saves it', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  await expect(sunset).toHaveValue(String(before.sunsetDate));
  await general.getByLabel('Rate limit per minute').focus();
  await page.keyboard.press('Tab');
  await expect(sunset).toBeFocused();
  // As Tab into any text field: what it holds is selected, and typing replaces it.
  await page.keyboard.type('2030-01-15');
  await page.keyboard.press('Tab');
  await expect(sunset).toHaveValue('2030-01-15');
  await general.getByRole('button', { name: 'Save API settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ sunsetDate: '2030-01-15' });
});

test('a sunset date the field cannot read holds Save and is said under it, in words that match what the field shows', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  const save = general.getByRole('button', { name: 'Save API settings' });
  await expect(sunset).toHaveValue('2027-06-30');

  // Still in the field, which shows the text: Ctrl+Enter says it cannot be read and saves nothing.
  await retype(page, sunset, '2029-02-30');
  await page.keyboard.press('Control+Enter');
  await expect(general.getByText('Cannot read “2029-02-30” as a date: type it as 2030-01-15 (year-month-day) or pick it in the calendar')).toBeVisible();
  await expect(sunset).toHaveValue('2029-02-30');
  await expect(toast(page, /Nothing to save|Settings saved/)).toHaveCount(0);

  // Save clicked straight from the text: the picker puts its date back, the note says so, nothing is saved yet.
  await general.getByLabel('Rate limit per minute').fill('901');
  await retype(page, sunset, '15/01/2030');
  await save.click();
  await expect(sunset).toHaveValue('2027-06-30');
  await expect(general.getByText('Cannot read')).toBeHidden();
  await expect(general.getByText('“15/01/2030” was not understood: the sunset date is still 2027-06-30')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(toast(page, /Nothing to save|Settings saved/)).toHaveCount(0);
  expect(await stored()).toMatchObject({ rateLimitPerMinute: before.rateLimitPerMinute, sunsetDate: '2027-06-30' });

  // Typed again as the field reads it: the note goes and the date is saved.
  await retype(page, sunset, '2029-02-28');
  await expect(general.getByText('was not understood')).toBeHidden();
  await page.keyboard.press('Tab');
  await save.click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ rateLimitPerMinute: 901, sunsetDate: '2029-02-28' });
});

test('a sunset date not understood, left with Tab, is said, and leaving Settings asks before dropping it', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  await retype(page, sunset, '15/01/2030');
  await page.keyboard.press('Tab');
  await expect(sunset).toHaveValue('2027-06-30');
  await expect(general.getByText('“15/01/2030” was not understood: the sunset date is still 2027-06-30')).toBeVisible();
  await page.keyboard.press('Control+1');
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(general.getByText('“15/01/2030” was not understood')).toBeVisible();
});

test('leaving Settings with an unsaved listener address asks first, once even when the store settings are unsaved too', async ({ page }) => {
  await openSettings(page);
  const listener = section(page, 'REST API listener');
  const general = section(page, 'Shop details');
  const port = listener.getByLabel('Port');
  const stayed = String((await stored()).listenerPort);
  await expect(port).toHaveValue(stayed);
  await port.fill('9999');
  await page.keyboard.press('Control+1');
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('listener');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(port).toHaveValue('9999');

  // Both forms hold edits: one question, naming both.
  await general.getByLabel('Shop name').fill('Half typed');
  await page.getByRole('link', { name: /Dashboard/ }).click();
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText('shop settings');
  await expect(ask).toContainText('listener');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  // (A second question would hold the navigation until answered.)
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(ask).toHaveCount(0);
  expect(await stored()).toMatchObject({ listenerPort: Number(stayed), shopName: 'Pet Store' });

  // The address alone, left with Stay then Leave: asked once each time.
  await openSettings(page);
  await listener.getByLabel('Bind address').fill('localhost');
  await page.getByRole('link', { name: /Dashboard/ }).click();
  await expect(ask).toHaveCount(1);
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await stored()).toMatchObject({ listenerHost: '127.0.0.1' });
});

test('Ctrl+Enter saves the Settings form it is pressed in, from any of its fields', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');

  // Shop settings, from a text field.
  await section(page, 'Shop details').getByLabel('Shop name').fill('Keyed Shop');
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ shopName: 'Keyed Shop' });

  // From a number field, with an origin added below it.
  await general.getByRole('button', { name: 'Add origin' }).click();
  await general.getByLabel('Allowed origin 1', { exact: true }).fill('http://localhost:3000');
  await general.getByLabel('Rate limit per minute').fill('400');
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Settings saved')).toHaveCount(2);
  expect(await stored()).toMatchObject({ rateLimitPerMinute: 400, allowedOrigins: ['http://localhost:3000'] });

  // From the sunset date, once it reads as a date.
  await retype(page, general.getByLabel(SUNSET), '2031-03-01');
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Settings saved')).toHaveCount(3);
  expect(await stored()).toMatchObject({ sunsetDate: '2031-03-01' });

  // The listener's address.
  const listener = section(page, 'REST API listener');
  const port = await freePort();
  await listener.getByLabel('Port').fill(String(port));
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Address saved')).toBeVisible();
  expect(await stored()).toMatchObject({ listenerPort: port });

  // A new token.
  const tokens = section(page, 'API tokens');
  await tokens.getByLabel('Token label').fill('keyed token');
  await page.keyboard.press('Control+Enter');
  const shown = page.getByRole('dialog', { name: 'New API token' });
  await expect(shown).toContainText('You will not see it again');
  await shown.getByRole('button', { name: 'Done' }).click();
  const listed = await must(shop.host.call<{ label: string }[]>('tokens.list', {}));
  expect(listed.filter((token) => token.label === 'keyed token')).toHaveLength(1);
});

test('under Allowed origins, while the listener runs, the screen says saved origins apply to its next request', async ({ page }) => {
  const port = await freePort();
  await must(shop.host.call('settings.update', { listenerPort: port }));
  await openSettings(page);
  const general = section(page, 'API access');
  const origins = general.getByRole('group', { name: 'Allowed browser origins (CORS)' });
  const note = 'The running listener lets saved origins in from its next request.';
  await expect(origins).toBeVisible();
  await expect(origins.getByText(note)).toHaveCount(0);
  await must(shop.host.call('listener.start', {}));
  try {
    await expect(origins.getByText(note)).toBeVisible();
  } finally {
    await must(shop.host.call('listener.stop', {}));
  }
  await expect(origins.getByText(note)).toHaveCount(0);
});

test('Escape in Sunset date throws the text away: nothing is said of it and Save is not held', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  const feedback = general.locator('.n-form-item').filter({ has: page.getByLabel(SUNSET) }).locator('.n-form-item-feedback__line');
  await general.getByLabel('Rate limit per minute').fill('902');
  await retype(page, sunset, 'abc');
  await page.keyboard.press('Control+Enter');
  await expect(general.getByText('Cannot read “abc” as a date')).toBeVisible();
  // Escape: the picker puts its date back; the words about "abc" go with it.
  await page.keyboard.press('Escape');
  await expect(sunset).toHaveValue('2027-06-30');
  await expect(feedback).toHaveCount(0);
  // The focus stays in the field's box: Ctrl+Enter saves the rate limit.
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ rateLimitPerMinute: 902, sunsetDate: '2027-06-30' });
});

test('Enter in Sunset date tries the form as in any field; what it could not read is then said as put back', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  await general.getByLabel('Rate limit per minute').fill('903');
  await retype(page, sunset, 'abc');
  await page.keyboard.press('Enter');
  await expect(sunset).toHaveValue('2027-06-30');
  await expect(general.getByText('“abc” was not understood: the sunset date is still 2027-06-30')).toBeVisible();
  await expect(general.getByText('Cannot read')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expect(toast(page, /Settings saved|Nothing to save/)).toHaveCount(0);
  // The field shows the stored date: the next Save saves.
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ rateLimitPerMinute: 903, sunsetDate: '2027-06-30' });

  // A date it reads, then Enter: saved.
  await retype(page, sunset, '2030-01-15');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Settings saved')).toHaveCount(2);
  expect(await stored()).toMatchObject({ sunsetDate: '2030-01-15' });
});

test('Tab or a click into Sunset date opens no calendar; Alt+↓, F4 or the icon do, as the hint beside it says', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  const calendar = page.locator('.n-date-panel');
  await general.getByLabel('Rate limit per minute').focus();
  await page.keyboard.press('Tab');
  await expect(sunset).toBeFocused();
  await sunset.click();
  await page.waitForTimeout(300); // the calendar would be drawn by now
  await expect(calendar).toHaveCount(0);
  await expect(general.getByText('Alt+↓ or F4 opens the calendar')).toBeVisible();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await page.keyboard.press('F4');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('F4');
  await expect(calendar).toBeHidden();
  await general.locator('.n-date-picker-icon').click();
  await expect(calendar).toBeVisible();
});

test('the calendar’s next-month arrow is not leaving Sunset date: a text it cannot read is still the one shown and said', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  await retype(page, sunset, 'abc');
  await page.keyboard.press('Alt+ArrowDown'); // the calendar opens on demand only
  await page.locator('.n-date-panel .n-date-panel-month__next').click();
  await expect(sunset).toHaveValue('abc');
  await expect(general.getByText('was not understood')).toHaveCount(0);
  // Save from there: the field still shows "abc", and that is what is said; nothing is saved.
  await general.getByRole('button', { name: 'Save API settings' }).click();
  await expect(sunset).toHaveValue('abc');
  await expect(general.getByText('Cannot read “abc” as a date')).toBeVisible();
  await expect(general.getByText('was not understood')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expect(toast(page, /Settings saved|Nothing to save/)).toHaveCount(0);
  expect(await stored()).toMatchObject({ sunsetDate: before.sunsetDate });
});

test('a sunset date not understood, then another form’s button: the next Save settings saves', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'API access');
  const sunset = general.getByLabel(SUNSET);
  await general.getByLabel('Rate limit per minute').fill('904');
  await retype(page, sunset, '15/01/2030');
  // Straight from the text to Create token (no label: it asks for one, and creates nothing).
  await section(page, 'API tokens').getByRole('button', { name: 'Create token' }).click();
  await expect(sunset).toHaveValue('2027-06-30');
  await expect(general.getByText('“15/01/2030” was not understood: the sunset date is still 2027-06-30')).toBeVisible();
  await general.getByRole('button', { name: 'Save API settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await stored()).toMatchObject({ rateLimitPerMinute: 904, sunsetDate: '2027-06-30' });
});

test('a window with no edits follows what another saves, without saying it was editing', async ({ page }) => {
  const other = await page.context().newPage();
  try {
    await openSettings(page);
    const general = section(page, 'API access');
    const listener = section(page, 'REST API listener');
    await openSettings(other);

    // The other window saves a new origin and a new port.
    const theirs = section(other, 'API access');
    await theirs.getByRole('button', { name: 'Add origin' }).click();
    await theirs.getByLabel('Allowed origin 1', { exact: true }).fill('http://localhost:3000');
    await theirs.getByRole('button', { name: 'Save API settings' }).click();
    await expect(toast(other, 'Settings saved')).toBeVisible();
    const port = await freePort();
    await section(other, 'REST API listener').getByLabel('Port').fill(String(port));
    await section(other, 'REST API listener').getByRole('button', { name: 'Save address' }).click();
    await expect(toast(other, 'Address saved')).toBeVisible();

    // This one shows them, and says nothing of an editing it was not doing.
    await expect(general.getByLabel('Allowed origin 1', { exact: true })).toHaveValue('http://localhost:3000');
    await expect(listener.getByLabel('Port')).toHaveValue(String(port));
    await page.waitForTimeout(300);
    await expect(page.getByText('while you were editing')).toHaveCount(0);

    // While it holds an edit, a change elsewhere is said.
    await general.getByLabel('Rate limit per minute').fill('905');
    await theirs.getByLabel('Allowed origin 1', { exact: true }).fill('http://localhost:4000');
    await theirs.getByRole('button', { name: 'Save API settings' }).click();
    const note = general.getByRole('alert').filter({ hasText: 'Changed elsewhere while you were editing' });
    await expect(note).toContainText('Allowed origins are now http://localhost:4000.');
  } finally {
    await other.close();
  }
});
