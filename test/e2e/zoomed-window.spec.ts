import { expect, test, type Page } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';
import { expectAccessible } from './support/screens';

/**
 * WCAG 1.4.10 (reflow): a 1280 × 1024 window zoomed to 400% (Ctrl+=) is 320 × 256 CSS pixels.
 * There the sidebar gives way to a bar with a "Screens" menu, and every screen's own controls fit
 * the width; only a data table may scroll sideways (the criterion's exception for tables).
 */
const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 256 } });

let host: RunningHost;

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
  const dogs = await must(host.call<{ id: number }>('categories.create', { name: 'Dogs' }));
  const rex = await must(host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: dogs.id }));
  await must(host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  await must(host.call('orders.place', { petId: rex.id, quantity: 1 }));
});
test.afterAll(async () => host?.stop());

const menuButton = (page: Page) => page.getByRole('button', { name: 'Screens' });

/** The screen's controls (not a table's) that reach past the window's right edge, with how far. */
async function controlsPastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const controls = [...document.querySelectorAll<HTMLElement>('main input, main button, main textarea, main [role="combobox"], main [role="radio"], main h2')];
    return controls
      .filter((control) => !control.closest('.n-data-table, [role="table"]') && control.getClientRects().length > 0)
      .filter((control) => control.getBoundingClientRect().right > width + 0.5)
      .map((control) => `${control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName}: right edge at ${Math.round(control.getBoundingClientRect().right)}`);
  }, WIDTH);
}

for (const [screen, heading] of [
  ['dashboard', 'Dashboard'],
  ['pets', 'Pets'],
  ['categories', 'Categories'],
  ['orders', 'Orders'],
  ['inventory', 'Inventory'],
  ['settings', 'Settings'],
] as const) {
  test(`${heading} at 400% zoom: no sidebar, every control of the screen within the width`, async ({ page }) => {
    await page.goto(`${host.url}#/${screen}`);
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await controlsPastTheEdge(page)).toEqual([]);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    // Tables scroll sideways here: still nothing axe finds (their headings' box was a scroll region
    // the keyboard could not reach).
    await expectAccessible(page, `${heading} at 400% zoom`);
  });
}

test('the Screens menu opens, marks the screen shown, reaches every screen and closes on a choice or Esc', async ({ page }) => {
  await page.goto(`${host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();

  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('link', { name: 'Pets' })).toHaveAttribute('aria-current', 'page');
  // The last link is reachable in a window this short: the menu scrolls.
  await nav.getByRole('link', { name: 'Settings' }).scrollIntoViewIfNeeded();
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Shortcuts/ })).toBeVisible();
  await expectAccessible(page, 'the open Screens menu at 400% zoom');

  // A choice goes to the screen, closes the menu and puts the keyboard on the screen's heading.
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeFocused();
  await expect(nav).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // From the keyboard: Enter opens, Esc closes and gives the keyboard back to the button.
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Till' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // The keyboard shortcuts go on working without the sidebar.
  await page.keyboard.press('Control+2');
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
});

test('the Screens menu closes when the keyboard leaves it, never hiding the field that has the focus', async ({ page }) => {
  await page.goto(`${host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Screens' });

  // Esc on the button itself closes the menu it opened.
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Tab past the menu's last entry: the menu closes and the screen's first field shows whole.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Shortcuts/ }).focus();
  await page.keyboard.press('Tab');
  await expect(nav).toBeHidden();
  const focused = page.locator(':focus');
  await expect(focused).toBeInViewport({ ratio: 0.9 });

  // A shortcut that moves the keyboard into the screen (Ctrl+F, the search) closes it too.
  await menuButton(page).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Control+f');
  await expect(page.getByRole('searchbox', { name: /Search pets/ })).toBeFocused();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('searchbox', { name: /Search pets/ })).toBeInViewport({ ratio: 0.9 });

  // Choosing the screen already shown closes the menu and puts the keyboard on its heading, not the page.
  await menuButton(page).click();
  await nav.getByRole('link', { name: 'Pets' }).focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeFocused();
});

test.describe('at the smallest window without zoom (900 px)', () => {
  test.use({ viewport: { width: 900, height: 700 } });

  test('the sidebar is back and there is no Screens menu', async ({ page }) => {
    await page.goto(`${host.url}#/pets`);
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Pets' })).toBeVisible();
    await expect(menuButton(page)).toHaveCount(0);
  });
});
