import { expect, test, type Page } from './support/test';
import { must, startHost, type RunningHost } from './support/browser-host';
import { expectAccessible, saveScreenshot, textContrast } from './support/screens';

interface Category {
  id: number;
  name: string;
  description?: string;
}

let host: RunningHost;

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
});
test.afterAll(async () => host?.stop());

async function openCategories(page: Page): Promise<void> {
  await page.goto(`${host.url}#/categories`);
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
}

async function listed(): Promise<Category[]> {
  return (await must(host.call<{ items: Category[] }>('categories.list', { limit: 500 }))).items;
}

const row = (page: Page, name: string) => page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: new RegExp(name) });

test('an empty shop says so; a clerk creates, edits and deletes a category', async ({ page }) => {
  await openCategories(page);
  await expect(page.getByText('No categories yet.')).toBeVisible();
  await expectAccessible(page, 'categories, empty');

  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  // The shared schema's messages, before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must not be empty')).toBeVisible();
  await dialog.getByLabel('Description').fill('x'.repeat(501));
  await expect(dialog.getByText('Must be at most 500 characters')).toBeVisible();

  await dialog.getByLabel('Name').fill('Reptiles');
  await dialog.getByLabel('Description').fill('Cold-blooded friends');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added category "Reptiles"')).toBeVisible();
  await expect(row(page, 'Reptiles')).toContainText('Cold-blooded friends');
  expect((await listed()).map((c) => [c.name, c.description])).toEqual([['Reptiles', 'Cold-blooded friends']]);

  // Edit: the form starts from the category; clearing the description removes it.
  await page.getByRole('button', { name: 'Edit Reptiles' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await expect(edit.getByLabel('Name')).toHaveValue('Reptiles');
  await expect(edit.getByLabel('Description')).toHaveValue('Cold-blooded friends');
  await edit.getByLabel('Name').fill('Lizards');
  await edit.getByLabel('Description').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Saved category "Lizards"')).toBeVisible();
  await expect(row(page, 'Lizards')).toBeVisible();
  await expect(row(page, 'Reptiles')).toHaveCount(0);
  expect((await listed()).map((c) => [c.name, c.description])).toEqual([['Lizards', undefined]]);

  // Delete asks first: "Cancel" keeps it, "Delete" removes it.
  await page.getByRole('button', { name: 'Delete Lizards' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete category "Lizards"?' });
  await expect(confirm).toContainText('The toast after it offers Undo');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await listed()).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete Lizards' }).click();
  await page.getByRole('dialog', { name: 'Delete category "Lizards"?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted category "Lizards"')).toBeVisible();
  await expect(row(page, 'Lizards')).toHaveCount(0);
  await expect(page.getByText('No categories yet.')).toBeVisible();
  expect(await listed()).toEqual([]);
});

test('a duplicate name is refused by the service and shown on the name field', async ({ page }) => {
  const birds = await must(host.call<Category>('categories.create', { name: 'Birds' }));
  await must(host.call('categories.create', { name: 'Fish' }));
  await openCategories(page);

  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill('  BIRDS ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Another category has this name')).toBeVisible();
  await expect(dialog).toBeVisible();
  // Typing again clears the refusal.
  await dialog.getByLabel('Name').fill('Parrots');
  await expect(dialog.getByText('Another category has this name')).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Renaming onto another category's name is refused the same way.
  await page.getByRole('button', { name: 'Edit Fish' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  await edit.getByLabel('Name').fill('birds');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Another category has this name')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click(); // unsaved typing: asked first
  await expect(edit).toBeHidden();

  const names = (await listed()).map((c) => c.name);
  expect(names.filter((name) => name.toLowerCase() === 'birds')).toEqual(['Birds']);
  expect(names).toContain('Fish');
  await must(host.call('categories.delete', { categoryId: birds.id }));
});

test('a category still in use offers its pets instead of a Delete that would fail', async ({ page }) => {
  const dogs = await must(host.call<Category>('categories.create', { name: 'Dogs' }));
  await must(host.call('pets.create', { name: 'Rex', categoryId: dogs.id }));
  await openCategories(page);
  await expect(row(page, 'Dogs')).toContainText('1'); // its pet count

  // No Delete that can only fail: the dialog says why and offers the pets instead.
  await page.getByRole('button', { name: 'Delete Dogs' }).click();
  const dialog = page.getByRole('dialog', { name: '"Dogs" still has pets' });
  await expect(dialog).toContainText('1 pet still belongs to it. Move it to another category or delete it first.');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(row(page, 'Dogs')).toBeVisible();
  expect((await listed()).map((c) => c.name)).toContain('Dogs');

  await page.getByRole('button', { name: 'Delete Dogs' }).click();
  await page.getByRole('dialog', { name: '"Dogs" still has pets' }).getByRole('button', { name: 'Show its pet' }).click();
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Rex/ })).toBeVisible();
  await expect(page.locator('.n-base-selection', { hasText: 'Dogs' })).toBeVisible(); // filtered by the category
});

test('keyboard: after a delete the focus moves to the next category; a kept one keeps it', async ({ page }) => {
  const [first, second] = [await must(host.call<Category>('categories.create', { name: 'Axolotls' })), await must(host.call<Category>('categories.create', { name: 'Axolotls II' }))];
  await openCategories(page);
  await page.getByRole('button', { name: `Delete ${first.name}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: `Delete category "${first.name}"?` });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${first.name}`, exact: true })).toBeFocused();

  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: `Delete category "${first.name}"?` }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('button', { name: `Edit ${first.name}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${second.name}`, exact: true })).toBeFocused();
  expect((await listed()).map((c) => c.name)).not.toContain(first.name);
  await must(host.call('categories.delete', { categoryId: second.id }));
});

test('keyboard: Ctrl+Shift+N opens the new category dialog from any screen, Ctrl+F focuses the filter', async ({ page }) => {
  await page.goto(`${host.url}#/dashboard`);
  await page.locator('body').click();
  await page.keyboard.press('Control+Shift+N');
  await expect(page).toHaveURL(/#\/categories$/);
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Hamsters');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Hamsters')).toBeVisible();

  await page.keyboard.press('Control+F');
  const filter = page.getByLabel('Filter categories');
  await expect(filter).toBeFocused();
  await page.keyboard.type('hams');
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row')).toHaveCount(2); // the headings and Hamsters: one table
  await expect(row(page, 'Hamsters')).toBeVisible();
  await filter.fill('no such thing');
  await expect(page.getByText('No category matches “no such thing”.')).toBeVisible();
});

test('Ctrl+Enter saves the category dialog from the description box', async ({ page }) => {
  await openCategories(page);
  await page.keyboard.press('Control+Shift+N');
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await page.keyboard.type('Ferrets');
  await dialog.getByLabel('Description').fill('Small and curious');
  await dialog.getByLabel('Description').press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Ferrets')).toContainText('Small and curious');
});

test('changes made elsewhere (the service, REST) show at once', async ({ page }) => {
  await openCategories(page);
  const cats = await must(host.call<Category>('categories.create', { name: 'Cats', description: 'Purring' }));
  await expect(row(page, 'Cats')).toContainText('Purring');
  await must(host.call('categories.update', { categoryId: cats.id, changes: { name: 'Felines' } }));
  await expect(row(page, 'Felines')).toBeVisible();
  await must(host.call('pets.create', { name: 'Tom', categoryId: cats.id }));
  await expect(row(page, 'Felines')).toContainText('1');
  const tom = (await must(host.call<{ items: { id: number }[] }>('pets.list', { q: 'Tom' }))).items[0]!;
  await must(host.call('pets.delete', { petId: tom.id }));
  await must(host.call('categories.delete', { categoryId: cats.id }));
  await expect(row(page, 'Felines')).toHaveCount(0);
});

test('a category changed elsewhere while its edit is open: the dialog says so, and Save keeps the other change', async ({ page }) => {
  const snakes = await must(host.call<Category>('categories.create', { name: 'Snakes', description: 'Cold-blooded' }));
  await openCategories(page);
  await page.getByRole('button', { name: 'Edit Snakes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit category' });
  await dialog.getByLabel('Description').fill('Scales and shells');
  await must(host.call('categories.update', { categoryId: snakes.id, changes: { name: 'Lizards', description: 'Basking' } }));
  const alert = dialog.getByRole('alert').filter({ hasText: 'Changed elsewhere while you were editing' });
  await expect(alert).toContainText('Name is now Lizards.');
  await expect(alert).toContainText('Description is now “Basking”; yours (“Scales and shells”) replaces it when you save.');
  await expect(dialog.getByLabel('Name')).toHaveValue('Lizards');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await must(host.call<Category>('categories.get', { categoryId: snakes.id }))).toEqual({
    id: snakes.id,
    name: 'Lizards',
    description: 'Scales and shells',
  });

  // Deleted meanwhile: nothing left to save.
  await page.getByRole('button', { name: 'Edit Lizards' }).click();
  await dialog.getByLabel('Name').fill('Geckos');
  await must(host.call('categories.delete', { categoryId: snakes.id }));
  await expect(dialog.getByRole('alert')).toContainText('"Lizards" was deleted while you were editing it: there is nothing left to save.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('clearing a description in the edit dialog removes it; Save with nothing changed writes nothing', async ({ page }) => {
  const birds = await must(host.call<Category>('categories.create', { name: 'Parrots', description: 'Talkative' }));
  await openCategories(page);
  await page.getByRole('button', { name: 'Edit Parrots' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit category' });
  await dialog.getByLabel('Description').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await must(host.call<Category>('categories.get', { categoryId: birds.id }))).toEqual({ id: birds.id, name: 'Parrots' });

  const before = await must(host.call<{ lastEventId: number }>('events.latest', {}));
  await page.getByRole('button', { name: 'Edit Parrots' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nothing to save: "Parrots" is as it was')).toBeVisible();
  expect((await must(host.call<{ lastEventId: number }>('events.latest', {}))).lastEventId).toBe(before.lastEventId);
});

test('the categories screen and its dialogs pass axe in light and dark; screenshot', async ({ page }) => {
  for (const [name, description] of [
    ['Rabbits', 'Long ears'],
    ['Guinea pigs', ''],
    ['Turtles', 'Slow and steady'],
  ]) {
    await must(host.call('categories.create', description ? { name, description } : { name }));
  }
  await openCategories(page);
  await expect(row(page, 'Turtles')).toBeVisible();
  await expectAccessible(page, 'categories');
  await saveScreenshot(page, 'categories');
  // The red of a hovered Delete button too (naive-ui's own is 3.7:1 on white; axe does not look
  // at hover states).
  const remove = page.getByRole('button', { name: 'Delete Rabbits' });
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await remove.hover();
  expect(await textContrast(remove)).toBeGreaterThanOrEqual(4.5);
  await still.evaluate((style) => (style as Element).remove());

  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must not be empty')).toBeVisible();
  await expectAccessible(page, 'the category dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete Turtles' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete category "Turtles"?' })).toBeVisible();
  await expectAccessible(page, 'the delete confirmation');
});
