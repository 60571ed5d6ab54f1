import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';
import { expect, test, type Page } from './support/test';

/**
 * Clerk logins on the browser host with a local store (the server's desk): the owner adds clerks and
 * switches logins on in Settings, the sign-in screen covers the app, a clerk signs in with the PIN pad,
 * sells, sees none of the owner's work, locks; wrong PINs are throttled; the idle lock (Playwright's
 * clock) keeps a basket for its clerk and drops it for another.
 */
const shop = useShop('Dogs');

async function addPet(name: string, sku: string): Promise<void> {
  await must(shop.host.call('pets.create', { name, categoryId: shop.categoryId('Dogs'), sku, price: 1999 }));
}

const signInScreen = (page: Page) => page.getByTestId('sign-in');

/** Chooses the clerk and types the PIN on the keyboard, then Enter. */
async function signIn(page: Page, name: string, pin: string): Promise<void> {
  await signInScreen(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByLabel(`PIN for ${name}`)).toBeFocused();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
}

/** Olga (owner, 1234) and Ben (clerk, 2468), and logins on, through the host as the owner (logins off). */
async function clerksWithLogins(idleLockMinutes = 5): Promise<void> {
  await must(shop.host.call('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' }));
  await must(shop.host.call('clerks.create', { name: 'Ben', role: 'clerk', pin: '2468' }));
  await must(shop.host.call('settings.update', { clerkLogins: true, idleLockMinutes }));
}

test('the owner adds clerks and switches logins on (refused without an owner); the sign-in screen and its PIN pad', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const clerks = page.getByRole('region', { name: 'Clerks', exact: true });
  const logins = page.getByRole('region', { name: 'Signing in', exact: true });

  // A clerk first: switching logins on without an owner is refused with the service's words.
  await clerks.getByRole('textbox', { name: 'Clerk name' }).fill('Ben');
  await clerks.getByLabel('PIN', { exact: true }).fill('2468');
  await clerks.getByLabel('PIN again').fill('2469');
  await clerks.getByRole('button', { name: 'Add clerk' }).click();
  await expect(clerks.getByText('The two PINs differ')).toBeVisible();
  await clerks.getByLabel('PIN again').fill('2468');
  await clerks.getByRole('button', { name: 'Add clerk' }).click();
  await expect(clerks.getByRole('row', { name: /Ben/ })).toContainText('Clerk');
  await logins.getByRole('switch', { name: 'Clerks sign in with a PIN' }).click();
  await expect(page.locator('.n-message--error-type').filter({ hasText: /owner/i })).toBeVisible();
  await expect(page.locator('.n-message--error-type')).not.toContainText('Invalid input');
  await expect(signInScreen(page)).toHaveCount(0);

  await clerks.getByRole('textbox', { name: 'Clerk name' }).fill('Olga');
  await clerks.locator('label').filter({ has: page.getByRole('radio', { name: 'Owner', exact: true }) }).click();
  await clerks.getByLabel('PIN', { exact: true }).fill('1234');
  await clerks.getByLabel('PIN again').fill('1234');
  await clerks.getByRole('button', { name: 'Add clerk' }).click();
  await expect(clerks.getByRole('row', { name: /Olga/ })).toContainText('Owner');
  await expectAccessible(page, 'Settings with clerks');
  await logins.evaluate((card) => card.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'settings-clerks');
  await logins.getByRole('switch', { name: 'Clerks sign in with a PIN' }).click();

  // The sign-in screen covers the app: the shop's name, the clerks as buttons.
  const screen = signInScreen(page);
  await expect(screen.getByRole('heading', { name: 'Pet Store', level: 1 })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Ben', exact: true })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Olga', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
  await expectAccessible(page, 'the sign-in screen');
  await saveScreenshot(page, 'sign-in');

  // Ben signs in on the pad's buttons; the PIN shows as dots.
  await screen.getByRole('button', { name: 'Ben', exact: true }).click();
  const pad = screen.getByRole('group', { name: 'PIN pad' });
  for (const digit of '246') await pad.getByRole('button', { name: digit, exact: true }).click();
  await expect(screen.getByLabel('PIN for Ben')).toHaveAttribute('type', 'password');
  await expect(screen.getByLabel('PIN for Ben')).toHaveValue('246');
  await expectAccessible(page, 'the PIN pad');
  await saveScreenshot(page, 'sign-in-pin');
  await pad.getByRole('button', { name: '8', exact: true }).click();
  await pad.getByRole('button', { name: 'Sign in' }).click();
  await expect(screen).toHaveCount(0);
  await expect(page.getByTestId('clerk-bar')).toContainText('Ben');
});

test('signed in on the Till, the keyboard is in its scan field, at start and after Lock', async ({ page }) => {
  await clerksWithLogins();
  await page.goto(`${shop.host.url}#/till`);
  await signIn(page, 'Ben', '2468');
  const scan = page.getByRole('textbox', { name: 'Scan a barcode or type a name' });
  await expect(scan).toBeFocused();
  await page.getByTestId('clerk-bar').getByRole('button', { name: 'Lock' }).click();
  await signIn(page, 'Ben', '2468');
  await expect(scan).toBeFocused();
});

test('a clerk signs in, sells, sees none of the owner’s work (a direct address neither); Lock, and an owner sees it', async ({ page }) => {
  await addPet('Rex', 'DOG-1');
  await must(shop.host.call('customers.create', { name: 'Ann Smith' }));
  await clerksWithLogins();
  await page.goto(shop.host.url);
  await signIn(page, 'Ben', '2468');
  await expect(page.getByTestId('clerk-bar')).toContainText('Ben');

  // Ben sells at the till.
  await page.goto(`${shop.host.url}#/till`);
  const scan = page.getByRole('textbox', { name: 'Scan a barcode or type a name' });
  await scan.click();
  await page.keyboard.type('DOG-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Added Rex');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Cash handed over' })).toBeFocused();
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/sales\/\d+\/receipt/);
  expect((await must(shop.host.call<{ items: unknown[] }>('sales.list', {}))).items).toHaveLength(1);

  // None of the owner's work: Settings keeps the Theme, Reports the end of day, no category editing.
  await page.goto(`${shop.host.url}#/settings`);
  await expect(page.getByTestId('settings-clerk')).toContainText('Signed in as Ben');
  await expect(page.getByRole('region', { name: 'Appearance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Clerks', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'API tokens' })).toHaveCount(0);
  await page.goto(`${shop.host.url}#/reports`);
  await expect(page.getByRole('heading', { name: /End of day/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales over a range' })).toHaveCount(0);
  await page.goto(`${shop.host.url}#/categories`);
  await expect(page.getByRole('cell', { name: 'Dogs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Dogs' })).toHaveCount(0);
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('button', { name: 'Edit Rex' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Rex' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select Rex' }).check();
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change selected…' })).toHaveCount(0);
  await page.goto(`${shop.host.url}#/customers`);
  await expect(page.getByRole('button', { name: 'Edit Ann Smith' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forget Ann Smith' })).toHaveCount(0);
  // A direct address of the owner's sales report sends the clerk home.
  await page.goto(`${shop.host.url}#/reports/sales`);
  await expect(page).toHaveURL(/#\/till$/);
  // The shortcuts' help offers none of the owner's commands.
  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('New pet');
  await expect(help).not.toContainText('Back up now');
  await expect(help).not.toContainText('New category');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Lock: the sign-in screen again; Olga (an owner) sees the owner's work.
  await page.getByTestId('clerk-bar').getByRole('button', { name: 'Lock' }).click();
  await expect(signInScreen(page)).toBeVisible();
  await signIn(page, 'Olga', '1234');
  await expect(page.getByTestId('clerk-bar')).toContainText('Olga');
  await page.goto(`${shop.host.url}#/reports/sales`);
  await expect(page.getByRole('heading', { name: 'Sales over a range' })).toBeVisible();
});

test('wrong PINs say so and clear; after five the wait is said; the pad works from the keyboard', async ({ page }) => {
  await clerksWithLogins();
  await page.goto(shop.host.url);
  const screen = signInScreen(page);
  await screen.getByRole('button', { name: 'Ben', exact: true }).click();
  const field = screen.getByLabel('PIN for Ben');
  for (let tries = 1; tries <= 5; tries++) {
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await expect(screen.getByRole('alert')).toHaveText('Wrong PIN: try again.');
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
  }
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(screen.getByRole('alert')).toHaveText(/Too many wrong PINs.*try again in \d+ s/);
  await expect(screen).toBeVisible();

  // Backspace takes a digit back; Esc goes back to the clerks, the keyboard on the one chosen.
  await page.keyboard.type('12');
  await page.keyboard.press('Backspace');
  await expect(field).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(screen.getByRole('button', { name: 'Ben', exact: true })).toBeFocused();
});

test('at 900 px the sign-in screen, its pad and the owner’s list of clerks fit without scrolling sideways', async ({ page }) => {
  await clerksWithLogins();
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto(shop.host.url);
  await signInScreen(page).getByRole('button', { name: 'Olga', exact: true }).click();
  await expect(signInScreen(page).getByRole('button', { name: 'Sign in' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the PIN pad at 900 px');

  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('clerk-bar')).toContainText('Olga');
  await page.goto(`${shop.host.url}#/settings`);
  const card = page.getByRole('region', { name: 'Clerks', exact: true });
  await expect(card.getByRole('row', { name: /Olga/ }).getByRole('button', { name: 'Mark Olga as left' })).toBeVisible();
  // The table does not scroll sideways (v-scroll-region would make it a region to scroll).
  await expect(card.getByRole('region', { name: 'Clerk list' })).toHaveCount(0);
});

test('the idle lock: the same clerk finds the basket; another finds it emptied and is told', async ({ page }) => {
  await addPet('Rex', 'DOG-1');
  await clerksWithLogins(1);
  await page.clock.install();
  await page.goto(shop.host.url);
  await signIn(page, 'Ben', '2468');
  const scan = page.getByRole('textbox', { name: 'Scan a barcode or type a name' });
  await scan.click();
  await page.keyboard.type('DOG-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Added Rex');

  // A minute without input: locked.
  await page.clock.fastForward('01:01');
  await expect(signInScreen(page)).toBeVisible();
  await signIn(page, 'Ben', '2468');
  await expect(page.getByRole('row', { name: /Rex/ })).toBeVisible();

  await page.clock.fastForward('01:01');
  await expect(signInScreen(page)).toBeVisible();
  await signIn(page, 'Olga', '1234');
  await expect(page.locator('.n-message').filter({ hasText: 'Ben’s unfinished sale was set aside and dropped' })).toBeVisible();
  await expect(page.getByText(/^The basket is empty: scan/)).toBeVisible();
});

test('Settings > Clerks: a new PIN typed twice, a role changed, a clerk marked as left (asked first); the last owner stays one', async ({ page }) => {
  await must(shop.host.call('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' }));
  await must(shop.host.call('clerks.create', { name: 'Ben', role: 'clerk', pin: '2468' }));
  await page.goto(`${shop.host.url}#/settings`);
  const card = page.getByRole('region', { name: 'Clerks', exact: true });
  const ben = card.getByRole('row', { name: /Ben/ });

  await ben.getByRole('button', { name: 'Change PIN of Ben' }).click();
  const dialog = page.getByRole('dialog', { name: 'New PIN for Ben' });
  await dialog.getByLabel('New PIN (4–8 digits)').fill('13579');
  await dialog.getByLabel('New PIN again').fill('13570');
  await dialog.getByRole('button', { name: 'Change PIN' }).click();
  await expect(dialog.getByText('The two PINs differ')).toBeVisible();
  await dialog.getByLabel('New PIN again').fill('13579');
  await dialog.getByRole('button', { name: 'Change PIN' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.n-message').filter({ hasText: 'Ben’s PIN is changed' })).toBeVisible();

  await ben.getByRole('button', { name: 'Make Ben an owner' }).click();
  await expect(ben).toContainText('Owner');
  await ben.getByRole('button', { name: 'Make Ben a clerk' }).click();
  await expect(ben).toContainText('Clerk');

  await ben.getByRole('button', { name: 'Mark Ben as left' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark Ben as left?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(ben).toBeVisible();
  await ben.getByRole('button', { name: 'Mark Ben as left' }).click();
  await confirm.getByRole('button', { name: 'Mark as left' }).click();
  await expect(ben).toHaveCount(0);
  await card.getByText('Show clerks who left').click();
  await expect(ben).toContainText('Left');
  await expect(ben.getByRole('button')).toHaveCount(0);

  // The idle minutes, saved as any setting is.
  const logins = page.getByRole('region', { name: 'Signing in', exact: true });
  await logins.getByRole('textbox', { name: 'Idle lock minutes' }).fill('7');
  await logins.getByRole('button', { name: 'Save idle lock' }).click();
  await expect.poll(async () => (await must(shop.host.call<{ idleLockMinutes: number }>('settings.get', {}))).idleLockMinutes).toBe(7);

  // With logins on, Olga (signed in, the only owner) cannot make herself a clerk: the service's words.
  await logins.getByRole('switch', { name: 'Clerks sign in with a PIN' }).click();
  await signIn(page, 'Olga', '1234');
  await page.goto(`${shop.host.url}#/settings`);
  await card.getByRole('row', { name: /Olga/ }).getByRole('button', { name: 'Make Olga a clerk' }).click();
  await expect(page.locator('.n-message--error-type').filter({ hasText: /owner/i })).toBeVisible();
  await expect(page.locator('.n-message--error-type')).not.toContainText('Invalid input');
  await expect(card.getByRole('row', { name: /Olga/ })).toContainText('Owner');
  // What the screen did is what the service holds.
  const clerks = await must(shop.host.call<{ name: string; active: boolean }[]>('clerks.list', { includeInactive: true }));
  expect(clerks).toEqual([expect.objectContaining({ name: 'Ben', active: false }), expect.objectContaining({ name: 'Olga', active: true })]);
});
