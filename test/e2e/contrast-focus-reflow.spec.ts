import { expect, test, type Locator, type Page } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';
import { textContrast, useScheme } from './support/screens';

/**
 * Three WCAG checks axe does not make: white on the primary green at 4.5:1 or more in the light
 * theme, in every state (1.4.3); a keyboard-focused button shows a ring, not just a shade (2.4.7);
 * Settings reflows at 200% zoom of the smallest window, 450 px wide (1.4.10).
 */

let host: RunningHost;
let orderId: number;

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
  const dogs = await must(host.call<{ id: number }>('categories.create', { name: 'Dogs' }));
  const rex = await must(host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: dogs.id }));
  await must(host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  orderId = (await must(host.call<{ id: number }>('orders.place', { petId: rex.id, quantity: 1 }))).id;
  await must(host.call('tokens.create', { label: 'label printer', scope: 'read' }));
});
test.afterAll(async () => host?.stop());

/** naive-ui fades colours over 0.3 s: the checks must see the end state of a hover or a focus. */
async function stillColours(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
}

async function open(page: Page, screen: string, heading: string): Promise<void> {
  await page.goto(`${host.url}#/${screen}`);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await stillColours(page);
}

/** Moves the keyboard focus to `target` with Tab only, from `start` (a point before it). */
async function tabTo(page: Page, start: Locator, target: Locator): Promise<void> {
  await start.click();
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the button');
}

/** The focus ring of a focused element: an outline of 2 px or more, or a box-shadow ring. */
async function focusRing(element: Locator): Promise<{ outline: string; width: number; shadow: string; focusVisible: boolean }> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    return {
      outline: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      shadow: style.boxShadow,
      focusVisible: node.matches(':focus-visible'),
    };
  });
}

async function expectRing(element: Locator, what: string): Promise<void> {
  const ring = await focusRing(element);
  expect(ring.focusVisible, `${what} has the keyboard focus`).toBe(true);
  const outlined = ring.outline !== 'none' && ring.width >= 2;
  const shadowed = ring.shadow !== 'none' && /\d+px \d+px 0px [2-9]/.test(ring.shadow);
  expect(outlined || shadowed, `${what}: a focus ring (outline ${ring.outline} ${ring.width}px, shadow ${ring.shadow})`).toBe(true);
}

test('light theme: white on the primary green is 4.5:1 or more, at rest, hovered and focused', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, 'pets', 'Pets');
  await useScheme(page, 'light');
  const newPet = page.getByRole('button', { name: 'New pet' });
  expect(await textContrast(newPet), 'New pet').toBeGreaterThanOrEqual(4.5);
  await newPet.hover();
  expect(await textContrast(newPet), 'New pet, hovered').toBeGreaterThanOrEqual(4.5);
  await page.mouse.move(0, 0);
  await tabTo(page, page.getByRole('heading', { name: 'Pets', level: 2 }), newPet);
  expect(await textContrast(newPet), 'New pet, focused').toBeGreaterThanOrEqual(4.5);

  await open(page, 'orders', 'Orders');
  const fulfil = page.getByRole('button', { name: `Fulfil order ${orderId}` });
  expect(await textContrast(fulfil), 'Fulfil').toBeGreaterThanOrEqual(4.5);
  await fulfil.hover();
  expect(await textContrast(fulfil), 'Fulfil, hovered').toBeGreaterThanOrEqual(4.5);
  // The selected status filter: green text on white.
  const all = page.locator('.n-radio-button').filter({ has: page.getByRole('radio', { name: 'All', exact: true }) });
  await expect(all).toHaveClass(/n-radio-button--checked/);
  expect(await textContrast(all), 'the selected filter "All"').toBeGreaterThanOrEqual(4.5);

  await open(page, 'settings', 'Settings');
  for (const name of ['Save shop settings', 'Create token', 'Restore…']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    expect(await textContrast(button), name).toBeGreaterThanOrEqual(4.5);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: a primary or destructive button focused by Tab shows a focus ring`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, 'pets', 'Pets');
    await useScheme(page, scheme);
    const newPet = page.getByRole('button', { name: 'New pet' });
    await tabTo(page, page.getByRole('heading', { name: 'Pets', level: 2 }), newPet);
    await expectRing(newPet, 'New pet');

    await open(page, 'orders', 'Orders');
    const fulfil = page.getByRole('button', { name: `Fulfil order ${orderId}` });
    const cancel = page.getByRole('button', { name: `Cancel order ${orderId}` });
    await tabTo(page, page.getByRole('heading', { name: 'Orders', level: 2 }), fulfil);
    await expectRing(fulfil, 'Fulfil');
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await expectRing(cancel, 'Cancel order');

    await open(page, 'settings', 'Settings');
    const tokens = page.getByRole('region', { name: 'API tokens', exact: true });
    const create = tokens.getByRole('button', { name: 'Create token' });
    await tabTo(page, tokens.getByRole('heading', { name: 'API tokens' }), create);
    await expectRing(create, 'Create token');
    const revoke = tokens.getByRole('button', { name: 'Revoke label printer' });
    await tabTo(page, tokens.getByRole('heading', { name: 'API tokens' }), revoke);
    await expectRing(revoke, 'Revoke');
  });
}

test.describe('Settings at 200% zoom of the smallest window (450 px)', () => {
  test.use({ viewport: { width: 450, height: 600 } });
  const WIDTH = 450;

  /** Every scroll box around the element that hides what overflows it sideways, with its overflow. */
  async function hiddenOverflow(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const found: string[] = [];
      const root = document.scrollingElement!;
      if (root.scrollWidth > root.clientWidth) found.push(`document: ${root.scrollWidth} > ${root.clientWidth}`);
      const boxes = [...document.querySelectorAll('.n-layout-scroll-container, .n-layout, main, .settings, .settings__part, .settings__grid')];
      for (const box of boxes) {
        if (box.scrollWidth > box.clientWidth + 1) found.push(`${box.className || box.tagName}: ${box.scrollWidth} > ${box.clientWidth}`);
        if (box.scrollLeft !== 0) found.push(`${box.className || box.tagName}: scrolled ${box.scrollLeft} px sideways`);
      }
      return found;
    });
  }

  test('every card and its controls fit the window; tabbing through them moves nothing sideways', async ({ page }) => {
    await open(page, 'settings', 'Settings');
    await expect(page.getByRole('region', { name: 'API tokens', exact: true }).getByRole('row', { name: /label printer/ })).toBeVisible();
    const cards = page.locator('.settings__grid > section');
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    for (const card of await cards.all()) {
      const name = await card.getByRole('heading', { level: 4 }).innerText();
      await card.scrollIntoViewIfNeeded();
      const box = (await card.boundingBox())!;
      expect(box.x + box.width, `${name}: the card's right edge`).toBeLessThanOrEqual(WIDTH);
      // Controls outside a table that scrolls sideways on its own (the token list) must be in the window.
      const controls = card.locator('button, input:not([type="radio"]), textarea, [role="switch"], a, .n-radio, .n-input, .n-base-selection, .n-date-picker');
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue;
        if (await control.evaluate((element) => element.closest('[data-scroll-region]') !== null)) continue;
        const right = await control.evaluate((element) => element.getBoundingClientRect().right);
        const label = await control.evaluate((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
        expect(right, `${name}: "${label}" right edge`).toBeLessThanOrEqual(WIDTH);
      }
    }
    expect(await hiddenOverflow(page)).toEqual([]);

    // The listener's Save address, reached by keyboard: the pane does not shift to show it.
    const listener = page.getByRole('region', { name: 'REST API listener', exact: true });
    const save = listener.getByRole('button', { name: 'Save address' });
    await tabTo(page, listener.getByRole('heading', { name: 'REST API listener' }), save);
    expect(await hiddenOverflow(page)).toEqual([]);
    const general = page.getByRole('region', { name: 'Shop details', exact: true });
    const saveSettings = general.getByRole('button', { name: 'Save shop settings' });
    await tabTo(page, general.getByRole('heading', { name: 'Shop details' }), saveSettings);
    const saveBox = (await saveSettings.boundingBox())!;
    expect(saveBox.x + saveBox.width, 'Save settings: right edge').toBeLessThanOrEqual(WIDTH);
    expect(await hiddenOverflow(page)).toEqual([]);
  });
});
