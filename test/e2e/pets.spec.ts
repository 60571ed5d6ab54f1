import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, selectField } from './support/screens';

const shop = useShop('Dogs', 'Cats');

test.beforeEach(async () => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('pets.create', { name: 'Tom', categoryId: shop.categoryId('Cats'), status: 'pending' }));
  await must(shop.host.call('pets.create', { name: 'Zelda', categoryId: shop.categoryId('Cats'), status: 'sold' }));
});

async function openPets(page: Page) {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Rex/ })).toBeVisible();
}

/** The names in the table, top to bottom. */
const names = (page: Page) => page.locator('.pets__table td[data-col-key="name"]').allInnerTexts();

/** The statuses in the table, top to bottom. */
const statusColumn = (page: Page) => page.locator('.pets__table td[data-col-key="status"]').allInnerTexts();

/** A column header, found the way a screen reader finds it. */
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

/** Only the sorted column's header carries aria-sort (one at a time, as ARIA asks), with its direction. */
async function expectSortedBy(page: Page, column: 'Id' | 'Name' | 'Status', direction: 'ascending' | 'descending') {
  for (const name of ['Id', 'Name', 'Status']) {
    if (name === column) await expect(header(page, name)).toHaveAttribute('aria-sort', direction);
    else await expect(header(page, name)).not.toHaveAttribute('aria-sort');
  }
}

test('the pets list shows name, category, status and stock from the real service', async ({ page }) => {
  await openPets(page);
  const rex = page.getByRole('row', { name: /Rex/ });
  await expect(rex).toContainText('Dogs');
  await expect(rex).toContainText('available');
  await expect(rex.locator('td[data-col-key="stock"]')).toHaveText('1');
  await expect(page.getByRole('row', { name: /Tom/ }).locator('td[data-col-key="stock"]')).toHaveText('0');
  await expectAccessible(page, 'pets');
});

test('search and filters narrow the list on the server', async ({ page }) => {
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill('re');
  await expect.poll(() => names(page)).toEqual(['Rex']);
  await page.getByLabel('Search pets by name or id').fill('');
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom', 'Zelda']);

  await page.getByLabel('Filter by category').fill('Cats');
  await page.keyboard.press('Enter');
  await expect.poll(() => names(page)).toEqual(['Tom', 'Zelda']);
  await expect(page.getByText('2 pets')).toBeVisible();

  await page.locator('.n-base-selection', { hasText: 'Any status' }).click();
  const statusFilter = page.getByRole('combobox', { name: 'Filter by status' });
  await expect(statusFilter).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('sold');
  await page.keyboard.press('Enter');
  // A screen reader hears the list and what is chosen in it.
  const statuses = page.getByRole('listbox', { name: 'Filter by status' });
  await expect(statuses).toHaveAttribute('aria-multiselectable', 'true');
  await expect(statuses.getByRole('option', { name: 'sold' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(statuses).toBeHidden();
  await expect.poll(() => names(page)).toEqual(['Zelda']);
});

test('a header click sorts ascending first, the next descending, on the server; the header says which', async ({ page }) => {
  // Added last, first by name: the name order and the id order differ.
  const alfie = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Alfie', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom', 'Zelda', 'Alfie']);
  await expectSortedBy(page, 'Id', 'ascending');

  await header(page, 'Name').click();
  await expect.poll(() => names(page)).toEqual(['Alfie', 'Rex', 'Tom', 'Zelda']);
  await expectSortedBy(page, 'Name', 'ascending');
  await header(page, 'Name').click();
  await expect.poll(() => names(page)).toEqual(['Zelda', 'Tom', 'Rex', 'Alfie']);
  await expectSortedBy(page, 'Name', 'descending');

  await header(page, 'Status').click();
  await expect.poll(() => statusColumn(page)).toEqual(['available', 'available', 'pending', 'sold']);
  await expectSortedBy(page, 'Status', 'ascending');
  await header(page, 'Status').click();
  await expect.poll(() => statusColumn(page)).toEqual(['sold', 'pending', 'available', 'available']);
  await expectSortedBy(page, 'Status', 'descending');

  // Newest first: what a clerk looks for after an intake.
  await header(page, 'Id').click();
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom', 'Zelda', 'Alfie']);
  await expectSortedBy(page, 'Id', 'ascending');
  await header(page, 'Id').click();
  await expect.poll(() => names(page)).toEqual(['Alfie', 'Zelda', 'Tom', 'Rex']);
  await expectSortedBy(page, 'Id', 'descending');

  // From the keyboard: each sortable title is a button.
  await header(page, 'Name').getByRole('button', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => names(page)).toEqual(['Alfie', 'Rex', 'Tom', 'Zelda']);
  await expectSortedBy(page, 'Name', 'ascending');
  await page.keyboard.press('Space');
  await expect.poll(() => names(page)).toEqual(['Zelda', 'Tom', 'Rex', 'Alfie']);
  await header(page, 'Id').getByRole('button', { name: 'Id' }).focus();
  await page.keyboard.press('Enter');
  await expectSortedBy(page, 'Id', 'ascending');

  await must(shop.host.call('pets.delete', { petId: alfie.id })); // the other tests count the first three
});

test('a clerk creates a pet after fixing what the shared schema flags', async ({ page }) => {
  await openPets(page);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });

  // Saving an empty form shows the shared schema's messages under each field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must not be empty')).toBeVisible();
  await expect(dialog.getByText('Required')).toBeVisible();

  // A name over 100 characters is flagged as it is typed.
  await dialog.getByLabel('Name').fill('x'.repeat(101));
  await expect(dialog.getByText('Must be at most 100 characters')).toBeVisible();
  await expectAccessible(page, 'the new pet dialog');

  await dialog.getByLabel('Name').fill('Biscuit');
  await expect(dialog.getByText('Must be at most 100 characters')).toBeHidden();
  // Saved without a category: the keyboard goes to the field that needs it.
  await dialog.getByRole('button', { name: 'Save' }).click();
  // (The select's box takes the focus, as Tab gives it, and is then the combobox.)
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toBeFocused();
  // A category that does not exist: the list says so, in words.
  await selectField(dialog, 'Category').fill('Unicorns');
  await expect(page.getByText('No category has this name.')).toBeVisible();
  await selectField(dialog, 'Category').fill('Cats'); // filterable select: type, Enter picks
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Added Biscuit \(pet \d+\)/)).toBeVisible();
  const row = page.getByRole('row', { name: /Biscuit/ });
  await expect(row).toContainText('Cats');
  await expect(row).toContainText('available');

  // It is really stored: the service lists it.
  const listed = await must(shop.host.call<{ items: { name: string }[] }>('pets.list', { q: 'biscuit' }));
  expect(listed.items.map((pet) => pet.name)).toEqual(['Biscuit']);
  await expect(page.getByText(/leave it out/)).toHaveCount(0);

  // Added while a search hides it: the toast says why it is not in the list, so it does not look lost.
  await page.getByLabel('Search pets by name or id').fill('Biscuit');
  await page.getByRole('button', { name: 'New pet' }).click();
  await dialog.getByLabel('Name').fill('Crumble');
  await selectField(dialog, 'Category').fill('Cats');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Added Crumble \(pet \d+\)\. The list's search or filters leave it out\./)).toBeVisible();
  await expect(page.getByRole('row', { name: /Crumble/ })).toHaveCount(0);
  await page.getByLabel('Search pets by name or id').fill('');
});

test('Esc or Close on a form with unsaved typing asks before discarding it; an untouched form just closes', async ({ page }) => {
  await openPets(page);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden(); // nothing typed: nothing to lose

  await page.getByRole('button', { name: 'New pet' }).click();
  await dialog.getByLabel('Name').fill('Half typed');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  // A screen reader hears why it asks, not only the focused button.
  await expect(ask).toHaveAccessibleDescription(/has not been saved/);
  await expect(ask).toHaveAttribute('aria-modal', 'true');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue('Half typed');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  expect(await must(shop.host.call<{ total: number }>('pets.list', { q: 'half typed' }))).toMatchObject({ total: 0 });
});

test('a refusal from the service is shown as a toast with its message', async ({ page }) => {
  const doomed = await must(shop.host.call<{ id: number }>('categories.create', { name: 'Ferrets' }));
  // This window hears of no change (its event stream is cut): only the service can say no.
  await page.route('**/__petstore/events**', (route) => route.abort());
  await openPets(page);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Slinky');
  await dialog.getByLabel('Category').fill('Ferrets');
  await page.keyboard.press('Enter');

  // Someone else removes the category while the form is open; the service refuses the pet.
  // (A window that hears of it names the category before sending: see "a category deleted elsewhere while chosen".)
  await must(shop.host.call('categories.delete', { categoryId: doomed.id }));
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText(`Category ${doomed.id} does not exist`).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  const listed = await must(shop.host.call<{ items: unknown[] }>('pets.list', { q: 'slinky' }));
  expect(listed.items).toEqual([]);
});

test('editing a pet: a validation error on the way, then the change is saved', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Pip', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('row', { name: /Pip/ }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Pip' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Pip');
  await dialog.getByLabel('Name').fill('   ');
  await expect(dialog.getByText('Must not be empty')).toBeVisible();
  await dialog.getByLabel('Name').fill('Pippa');
  await dialog.getByLabel('Status').fill('sold');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Pippa/ });
  await expect(row).toContainText('sold');
  await expect(row.locator('td[data-col-key="stock"]')).toHaveText('0'); // sold empties the stock
  const stored = await must(shop.host.call<{ items: { name: string; status: string }[] }>('pets.list', { id: [pet.id] }));
  expect(stored.items).toEqual([expect.objectContaining({ name: 'Pippa', status: 'sold' })]);
});

test('a pet changed elsewhere while its edit is open: the dialog says so, and Save keeps the other change', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Waffles', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('row', { name: /Waffles/ }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Waffles' });
  await dialog.getByLabel('Name').fill('Waffles the Brave');

  // Meanwhile the last Waffles is ordered (pending, no stock) and an integrator moves it to Cats.
  await must(shop.host.call('orders.place', { petId: pet.id }));
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { categoryId: shop.categoryId('Cats') } }));
  const alert = dialog.getByRole('alert').filter({ hasText: 'Changed elsewhere while you were editing' });
  await expect(alert).toContainText('Status is now pending.');
  await expect(alert).toContainText('Category is now Cats.');
  // The fields the clerk did not touch now show the new values.
  await expect(dialog.locator('.n-form-item').filter({ hasText: 'Status' }).locator('.n-base-selection')).toContainText('pending');
  await expect(dialog.locator('.n-form-item').filter({ hasText: 'Category' }).locator('.n-base-selection')).toContainText('Cats');
  // A field the clerk changed is theirs: the dialog says which value a save will write.
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { name: 'Waffles II' } }));
  await expect(alert).toContainText('Name is now Waffles II; yours (Waffles the Brave) replaces it when you save.');
  await expect(dialog.getByLabel('Name')).toHaveValue('Waffles the Brave');
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { name: 'Waffles III' } }));
  await expect(alert.getByText(/^Name is now/), 'one line a field, its latest change').toHaveText(
    'Name is now Waffles III; yours (Waffles the Brave) replaces it when you save.',
  );

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The save wrote the name only: the order's hold and the move to Cats stand, and no animal was restocked.
  const stored = await must(shop.host.call<{ items: object[] }>('pets.list', { id: [pet.id] }));
  expect(stored.items).toEqual([expect.objectContaining({ name: 'Waffles the Brave', categoryId: shop.categoryId('Cats'), status: 'pending' })]);
  const stock = await must(shop.host.call<{ items: { quantity: number }[] }>('inventory.list', { petId: [pet.id] }));
  expect(stock.items[0]!.quantity).toBe(0);
});

test('a pet deleted elsewhere while its edit is open cannot be saved, and the dialog says why', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Gone Soon', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('row', { name: /Gone Soon/ }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Gone Soon' });
  await dialog.getByLabel('Name').fill('Staying');
  await must(shop.host.call('pets.delete', { petId: pet.id }));
  await expect(dialog.getByRole('alert')).toContainText('Gone Soon was deleted while you were editing it: there is nothing left to save.');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect((await must(shop.host.call<{ total: number }>('pets.list', { q: 'Staying' }))).total).toBe(0);
});

test('Save with nothing changed writes nothing and says so', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Untouched', categoryId: shop.categoryId('Dogs') }));
  const before = await must(shop.host.call<{ lastEventId: number }>('events.latest', {}));
  await openPets(page);
  await page.getByRole('row', { name: /Untouched/ }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Untouched' });
  await dialog.getByLabel('Name').fill(' Untouched ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nothing to save: Untouched is as it was')).toBeVisible();
  const after = await must(shop.host.call<{ lastEventId: number }>('events.latest', {}));
  expect(after.lastEventId, `no change was written to pet ${pet.id}`).toBe(before.lastEventId);
});

test('deleting asks first; for a pet with an open order it offers the orders instead of a Delete that would fail', async ({ page }) => {
  const kept = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Ordered', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('orders.place', { petId: kept.id }));
  const gone = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Leaving', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);

  await page.getByRole('row', { name: /Leaving/ }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete Leaving?' });
  await expect(confirm).toBeVisible();
  // Red, as the row's own Delete: this one removes something.
  await expect(confirm.getByRole('button', { name: 'Delete' })).toHaveClass(/n-button--error-type/);
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByRole('row', { name: /Leaving/ })).toBeVisible();
  expect((await shop.host.call('pets.list', { id: [gone.id] })).ok).toBe(true);

  await page.getByRole('row', { name: /Leaving/ }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Delete Leaving?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/Deleted Leaving/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Leaving/ })).toBeHidden();
  // The keyboard stays in the list (a neighbour's Edit), not back at the page's start.
  await expect(page.locator('main').getByRole('button', { name: /^Edit / }).and(page.locator(':focus'))).toHaveCount(1);
  expect(await must(shop.host.call<{ total: number }>('pets.list', { id: [gone.id] }))).toMatchObject({ total: 0 });

  await page.getByRole('row', { name: /Ordered/ }).getByRole('button', { name: 'Delete' }).click();
  const blocked = page.getByRole('dialog', { name: 'Ordered has open orders' });
  await expect(blocked).toContainText('1 open order for Ordered: fulfil or cancel it before deleting the pet.');
  await expect(blocked.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(blocked.getByRole('button', { name: 'Show the order' })).not.toHaveClass(/n-button--error-type/);
  await blocked.getByRole('button', { name: 'Show the order' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  await expect(page.locator('.orders__count')).toHaveText('1 order');
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(`Ordered (#${kept.id})`);
  expect(await must(shop.host.call<{ total: number }>('pets.list', { id: [kept.id] }))).toMatchObject({ total: 1 });

  // An order placed by someone else while the question is open: the service refuses, naming the pet.
  const late = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Latecomer', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('row', { name: /Latecomer/ }).getByRole('button', { name: 'Delete' }).click();
  const asking = page.getByRole('dialog').filter({ hasText: 'Delete Latecomer?' });
  await expect(asking).toBeVisible();
  await must(shop.host.call('orders.place', { petId: late.id }));
  await asking.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Latecomer (pet ${late.id}) has open orders`).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Latecomer/ })).toBeVisible();
});

test('marking a pet with an open order sold is refused, and the reason shows under Status', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Booked', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('orders.place', { petId: pet.id }));
  await openPets(page);
  await page.getByRole('row', { name: /Booked/ }).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Booked' });
  await selectField(dialog, 'Status').fill('sold');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const reason = `Booked (pet ${pet.id}) has open orders: fulfil or cancel them before marking it sold`;
  await expect(dialog.locator('.n-form-item').filter({ hasText: 'Status' })).toContainText(reason);
  await expect(dialog).toBeVisible();
  expect(await must(shop.host.call<{ items: { status: string }[] }>('pets.list', { id: [pet.id] }))).toMatchObject({ items: [{ status: 'pending' }] });
});

test("a pet deleted while its order dialog is open says so, and the dialog cannot place the order", async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Vanishing', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('row', { name: /Vanishing/ }).getByRole('button', { name: 'Order Vanishing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await expect(dialog.getByText('In stock: 1', { exact: true })).toBeVisible();
  await must(shop.host.call('pets.delete', { petId: pet.id }));
  await expect(dialog.getByText(`Vanishing (#${pet.id}) was deleted elsewhere`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Vanishing (#${pet.id}): deleted`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
});

test("an order placed from a pet's row reserves its stock; the row follows", async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Orderable', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 2 } }));
  await openPets(page);
  const row = page.getByRole('row', { name: /Orderable/ });
  await row.getByRole('button', { name: 'Order Orderable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place order' });
  await expect(dialog).toContainText('Orderable');
  // The stock is there as the dialog opens, and a quantity over it is flagged before anything is sent.
  await expect(dialog.getByText('In stock: 2')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByText('Only 2 in stock')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('2');
  await expect(dialog.getByText('Only 2 in stock')).toBeHidden();
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('td[data-col-key="stock"]')).toHaveText('0');
  await expect(row).toContainText('pending');
  // Nothing left to order: the button stays in its place, unavailable, saying why.
  await expect(row.getByRole('button', { name: 'Order Orderable' })).toHaveAttribute('aria-disabled', 'true');
  await expect(row.getByRole('button', { name: 'Order Orderable' })).toHaveAccessibleDescription('None in stock: cannot be ordered');
  expect(await must(shop.host.call('inventory.get', { petId: pet.id }))).toMatchObject({ quantity: 0, status: 'pending' });
  // The keyboard is back where it was, on the row's Order, never on its Delete.
  await expect(row.getByRole('button', { name: 'Order Orderable' })).toBeFocused();
});

test('a scanned id and Enter opens that pet; an unknown id says so', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Scanned', categoryId: shop.categoryId('Cats') }));
  await openPets(page);
  await page.getByLabel('Search pets by name or id').fill(String(pet.id));
  // Before Enter, the empty list says how to open the pet the id names.
  await expect(page.getByText(`No pet's name contains ${pet.id}. Press Enter to open pet ${pet.id}.`)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Scanned' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Search pets by name or id').fill('987654');
  await page.keyboard.press('Enter');
  await expect(page.getByText('There is no pet with id 987654')).toBeVisible();
  // The empty list no longer offers the Enter that has just failed.
  const empty = page.locator('.pets__table .pet-table__empty');
  await expect(empty).toHaveText("No pet's name contains 987654, and no pet has id 987654.");
  // Another id is offered again.
  await page.getByLabel('Search pets by name or id').fill('987655');
  await expect(empty).toHaveText("No pet's name contains 987655. Press Enter to open pet 987655.");
});

test('changes made by others (the service, REST) appear without a reload', async ({ page }) => {
  await openPets(page);
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Arrived', categoryId: shop.categoryId('Dogs') }));
  const row = page.getByRole('row', { name: /Arrived/ });
  await expect(row).toBeVisible();
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 12 } }));
  await expect(row.locator('td[data-col-key="stock"]')).toHaveText('12');
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { name: 'Arrived today' } }));
  await expect(page.getByRole('row', { name: /Arrived today/ })).toBeVisible();
});

test('Ctrl+Enter with the category list open saves nothing the clerk did not choose', async ({ page }) => {
  await openPets(page);
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Unsorted');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // opens the list, its first option under the highlight
  await expect(page.getByRole('listbox', { name: 'Category' }).getByRole('option', { name: 'Cats' })).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Choose a category')).toBeVisible(); // still the placeholder
  expect(await must(shop.host.call<{ items: unknown[] }>('pets.list', { q: 'Unsorted' }))).toMatchObject({ items: [] });
  await page.keyboard.press('Escape');
});

test('keyboard only: go to Pets, add a pet, find it, open it', async ({ page }) => {
  await page.goto(shop.host.url);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.keyboard.press('Control+2');
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();

  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Keyboarded');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Dogs'); // the first letter opens the category list, the rest narrow it
  await expect(page.getByRole('option', { name: 'Dogs' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Cats' })).toHaveCount(0);
  await page.keyboard.press('Enter'); // picks Dogs
  await page.keyboard.press('Control+Enter'); // saves the form
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Added Keyboarded \(pet (\d+)\)/)).toBeVisible();
  const id = /pet (\d+)/.exec((await page.getByText(/Added Keyboarded/).innerText()) ?? '')![1];

  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Search pets by name or id')).toBeFocused();
  await page.keyboard.type(id);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit Keyboarded' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('F1');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('New pet');
  await expect(help).toContainText('Ctrl+N');
  await expectAccessible(page, 'the shortcuts overlay');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('a second Enter or click while the pet is being saved adds one pet, not two', async ({ page }) => {
  await openPets(page);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Only once');
  await selectField(dialog, 'Category').fill('Dogs');
  await page.keyboard.press('Enter');
  await dialog.locator('form').evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Added Only once \(pet \d+\)/)).toHaveCount(1);
  expect(await must(shop.host.call<{ total: number }>('pets.list', { q: 'only once' }))).toMatchObject({ total: 1 });
});

test('a category deleted elsewhere while chosen in the form is named, and Save asks for another', async ({ page }) => {
  const lizards = await must(shop.host.call<{ id: number }>('categories.create', { name: 'Lizards' }));
  await openPets(page);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Lizzy');
  await selectField(dialog, 'Category').fill('Lizards');
  await page.keyboard.press('Enter');
  await must(shop.host.call('categories.delete', { categoryId: lizards.id }));
  await expect(dialog.getByText('Lizards was deleted elsewhere: choose another category')).toBeVisible();
  await expect(dialog.getByText('Lizards (deleted)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  expect(await must(shop.host.call<{ total: number }>('pets.list', { q: 'lizzy' }))).toMatchObject({ total: 0 });

  await dialog.getByRole('combobox', { name: 'Category' }).press('Control+a');
  await page.keyboard.type('Dogs');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Lizards was deleted elsewhere: choose another category')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await must(shop.host.call<{ total: number }>('pets.list', { q: 'lizzy' }))).toMatchObject({ total: 1 });
});

test('every row has its Order in the same place; one that cannot be ordered says why and does nothing', async ({ page }) => {
  await openPets(page);
  const slots = async (name: string) => {
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    const boxes = [];
    for (const action of ['Edit', 'Order', 'Delete']) boxes.push((await row.getByRole('button', { name: `${action} ${name}`, exact: true }).boundingBox())!.x);
    return boxes;
  };
  // Rex can be ordered; Tom is pending with none in stock; Zelda is sold.
  const rex = await slots('Rex');
  expect(await slots('Tom'), 'Tom’s buttons stand where Rex’s do').toEqual(rex);
  expect(await slots('Zelda'), 'Zelda’s buttons stand where Rex’s do').toEqual(rex);

  await expect(page.getByRole('button', { name: 'Order Rex', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  for (const [name, why] of [
    ['Tom', 'None in stock'],
    ['Zelda', 'Sold'],
  ]) {
    const order = page.getByRole('button', { name: `Order ${name}`, exact: true });
    await expect(order).toHaveAttribute('aria-disabled', 'true');
    await expect(order).toHaveAttribute('title', `${why}: cannot be ordered`);
    await expect(order).toHaveAccessibleDescription(`${why}: cannot be ordered`);
    await order.click({ force: true }); // (Playwright waits for an aria-disabled button to be enabled)
    await expect(page.getByRole('dialog', { name: 'Place order' })).toHaveCount(0);
  }
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'pets with an order that cannot be placed');
});

test('the edit dialog names the pet as it is now: renamed elsewhere, then deleted', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Nibbles', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('button', { name: 'Edit Nibbles', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Nibbles' })).toBeVisible();
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { name: 'Mr Nibbles' } }));
  const dialog = page.getByRole('dialog', { name: 'Edit Mr Nibbles' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Edit Mr Nibbles' })).toBeVisible();
  await must(shop.host.call('pets.delete', { petId: pet.id }));
  await expect(dialog.getByRole('alert')).toContainText('Mr Nibbles was deleted while you were editing it');
  await expect(dialog).not.toContainText('Edit Nibbles');
});
