import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { expectAccessible, selectBox, tabTo } from './support/screens';
import { useShop } from './support/shop';

/**
 * The selects as a screen reader follows them: arrowing through an open list names the option
 * arrived at (the combobox's aria-activedescendant), and a multi-select is named by its label,
 * closed or open, never by naive-ui's arrow icon (an image named "loading").
 */

const shop = useShop('Dogs', 'Cats');

test.beforeEach(async () => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
});

async function openPets(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('button', { name: 'Edit Rex', exact: true })).toBeVisible();
}


/** The element the combobox names as its active one, as `role "text"`; null when it names none (or a missing one). */
const activeOption = (combobox: Locator) =>
  combobox.evaluate((field) => {
    const id = field.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option ? `${option.getAttribute('role')} "${option.textContent}"` : null;
  });

test('Arrowing through an open list names the option arrived at; the mouse moves it too; Escape ends it', async ({ page }) => {
  await openPets(page);
  const field = page.getByRole('combobox', { name: 'Filter by category' });
  const options = page.getByRole('listbox', { name: 'Filter by category' }).getByRole('option');
  await tabTo(selectBox(page, 'Filter by category'));
  await page.keyboard.press('ArrowDown'); // opens the list on its first entry
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const [first, second, third] = await options.allInnerTexts();
  await expect.poll(() => activeOption(field)).toBe(`option "${first}"`);

  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(field)).toBe(`option "${second}"`);
  // The id it names is that option's, found by its role and name.
  await expect(page.getByRole('option', { name: second, exact: true })).toHaveAttribute('id', (await field.getAttribute('aria-activedescendant')) ?? '');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(field)).toBe(`option "${third}"`);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeOption(field)).toBe(`option "${second}"`);

  // Typing narrows the list: the entry Enter would pick is the one named.
  await page.keyboard.type('Dog');
  await expect.poll(() => activeOption(field)).toBe('option "Dogs"');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  await options.filter({ hasText: first }).hover();
  await expect.poll(() => activeOption(field)).toBe(`option "${first}"`);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Filter by category' })).toBeHidden();
  await expect(field).not.toHaveAttribute('aria-activedescendant');
  await expect(page.locator('[aria-activedescendant]')).toHaveCount(0);
});

test('The status multi-select is a combobox named by its label, closed or open, with or without statuses; nothing is named "loading"', async ({ page }) => {
  await openPets(page);
  const status = page.getByRole('combobox', { name: 'Filter by status' });
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('img', { name: 'loading' })).toHaveCount(0);
  expect(await page.getByRole('main').ariaSnapshot()).not.toContain('loading');

  // Tab from the category filter lands on it, by that name.
  await tabTo(selectBox(page, 'Filter by category'));
  await page.keyboard.press('Tab');
  await expect(status).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(status).toBeFocused();
  await expect(status).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => activeOption(status)).toBe('option "available"');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(status)).toBe('option "pending"');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'pending' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => activeOption(status)).toBe('option "pending"');
  await expectAccessible(page, 'Pets with the status list open');
  await expect(page.getByRole('listbox', { name: 'Filter by status' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Filter by status' })).toBeHidden();
  await expect(status).toBeFocused();
  await expect(status).toHaveAttribute('aria-expanded', 'false');
  await expect(status).toContainText('pending');
  await expect(page.locator('[aria-activedescendant]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'loading' })).toHaveCount(0);
  expect(await page.getByRole('main').ariaSnapshot()).not.toContain('loading');
  await expectAccessible(page, 'Pets with a status chosen');

  // Opened with the mouse, it is the same combobox.
  await page.locator('.n-base-selection', { hasText: 'pending' }).click();
  await expect(status).toBeFocused();
  await expect(status).toHaveAttribute('aria-expanded', 'true');
});

test('In a long list (a virtual one) the named option is always in the page, the same option by the same id', async ({ page }) => {
  for (let n = 1; n <= 40; n++) await must(shop.host.call('categories.create', { name: `Breed ${String(n).padStart(2, '0')}` }));
  await openPets(page);
  const field = page.getByRole('combobox', { name: 'Filter by category' });
  const listbox = page.getByRole('listbox', { name: 'Filter by category' });
  await tabTo(selectBox(page, 'Filter by category'));
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeOption(field)).toBe('option "Any category"');
  const anyId = await field.getAttribute('aria-activedescendant');

  await page.keyboard.press('ArrowUp'); // round to the last entry, far below the first ones drawn
  await expect.poll(() => activeOption(field)).toBe('option "Dogs"');
  await expect(listbox.getByRole('option', { name: 'Any category' })).toHaveCount(0); // scrolled out: not in the page
  await page.keyboard.press('ArrowDown'); // round to the first, drawn anew: the same id
  await expect.poll(() => activeOption(field)).toBe('option "Any category"');
  await expect(field).toHaveAttribute('aria-activedescendant', anyId ?? '');

  // The named entry scrolled out of the list (the pointer away from it): it names none rather than a missing one.
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeOption(field)).toBe('option "Dogs"');
  await page.mouse.move(0, 0);
  await listbox.locator('.v-vl').evaluate((list) => list.scrollTo({ top: 0 }));
  await expect(listbox.getByRole('option', { name: 'Any category' })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown'); // naive-ui's next entry after Dogs, scrolled to
  await expect.poll(() => activeOption(field)).toBe('option "Any category"');
});

/** What Chromium tells a screen reader of the focused element: its role, name, value and states (CDP's accessibility tree). */
async function focusedAsRead(page: Page): Promise<Record<string, unknown>> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    const [node] = nodes;
    const read: Record<string, unknown> = { role: node?.role?.value, name: node?.name?.value, value: node?.value?.value };
    for (const property of node?.properties ?? []) read[property.name] = property.value.value;
    return read;
  } finally {
    await cdp.detach();
  }
}

test('Reached with Tab, a closed single select is the combobox named by its label, collapsed, read with its choice', async ({ page }) => {
  await openPets(page);
  const field = page.getByRole('combobox', { name: 'Filter by category' });
  await field.fill('Dogs');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Filter by category' })).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search pets by name or id' }).focus();
  await page.keyboard.press('Tab');
  // What has the focus (naive-ui's box around the field) is that combobox, the only one by that name.
  const focused = page.locator(':focus');
  await expect(field).toBeFocused();
  await expect(focused).toHaveRole('combobox');
  await expect(focused).toHaveAccessibleName('Filter by category');
  await expect(focused).toHaveAttribute('aria-expanded', 'false');
  const listboxId = await focused.getAttribute('aria-controls');
  expect(listboxId).toMatch(/^select-listbox-/);
  await expect(focused).toMatchAriaSnapshot('- combobox "Filter by category": Dogs');
  expect(await focusedAsRead(page)).toMatchObject({ role: 'combobox', name: 'Filter by category', value: 'Dogs', expanded: false });
  await expect(page.getByRole('combobox')).toHaveCount(2); // this one and the status filter: the field inside is not a second
  await expectAccessible(page, 'Pets with the category filter focused, closed');

  // ↓ opens the list as before: the field takes the focus and is the combobox again.
  await page.keyboard.press('ArrowDown');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: 'Filter by category' })).toHaveAttribute('id', listboxId ?? '');
  await expect.poll(() => activeOption(field)).toBe('option "Dogs"'); // it opens on the choice
  await expect(page.getByRole('combobox')).toHaveCount(2);
  await expect(page.locator('.n-base-selection-label[role]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Filter by category' })).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toBeFocused();

  // Tab onwards: the box is silent again, the field the combobox.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toBeFocused();
  await expect(page.locator('.n-base-selection-label[role], [aria-hidden] input')).toHaveCount(0);
});
