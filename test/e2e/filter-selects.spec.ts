import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { selectBox, selectField, tabTo } from './support/screens';

/**
 * The list filters that are selects (Pets: category, status; Orders: pet): cleared from the
 * keyboard the same way on each (Backspace or Delete with nothing typed; "Any …" at the top of a
 * single filter's list), and a chosen category or pet deleted elsewhere is still named, marked
 * deleted, as the pet form and the order rows name it, never shown as a bare id.
 */

const shop = useShop('Dogs', 'Cats');

interface Pet {
  id: number;
  name: string;
}

const names = (page: Page) => page.locator('.pets__table td[data-col-key="name"]').allInnerTexts();

test.beforeEach(async () => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('pets.create', { name: 'Tom', categoryId: shop.categoryId('Cats'), status: 'pending' }));
});

async function openPets(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('button', { name: 'Edit Rex', exact: true })).toBeVisible();
}

async function chooseCategory(page: Page, name: string): Promise<void> {
  await selectField(page, 'Filter by category').fill(name);
  // Enter picks only what the list offers: the categories may still be loading.
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(selectBox(page, 'Filter by category')).toContainText(name);
  await expect(page.getByRole('listbox', { name: 'Filter by category' })).toBeHidden();
}

test('Pets: Backspace or Delete on the category filter clears it, closed or open; "Any category" heads its list', async ({ page }) => {
  await openPets(page);
  const field = page.getByRole('combobox', { name: 'Filter by category' });
  const box = selectBox(page, 'Filter by category');

  for (const keys of [['Backspace'], ['Delete'], ['Enter', 'Backspace']]) {
    await chooseCategory(page, 'Cats');
    await expect.poll(() => names(page)).toEqual(['Tom']);
    await tabTo(box);
    for (const key of keys) await page.keyboard.press(key);
    await expect(box).toContainText('Any category');
    await expect.poll(() => names(page), `cleared with ${keys.join(' then ')}`).toEqual(['Rex', 'Tom']);
  }

  // Typing is not clearing: Backspace takes back a letter and the choice stays.
  await chooseCategory(page, 'Cats');
  await tabTo(box);
  await page.keyboard.type('Do');
  await page.keyboard.press('Backspace');
  await expect(field).toHaveValue('D');
  await page.keyboard.press('Escape');
  await expect.poll(() => names(page)).toEqual(['Tom']);
  await expect(box).toContainText('Cats');

  // "Any category", first in the list, is the choice that clears it; it is not offered while searching.
  await tabTo(box);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toHaveText('Any category');
  await page.getByRole('option', { name: 'Any category' }).click();
  await expect(box).toContainText('Any category');
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom']);
  await selectField(page, 'Filter by category').fill('a'); // in "Any category", and in "Cats": Enter picks Cats
  await expect(page.getByRole('option', { name: 'Any category' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => names(page)).toEqual(['Tom']);
});

test('Pets: the status filter drops its last status on Backspace or Delete, as the category filter clears', async ({ page }) => {
  await openPets(page);
  const box = page.locator('.n-select', { hasText: 'Any status' });
  await box.click();
  await page.keyboard.type('pending');
  await page.keyboard.press('Enter');
  await page.keyboard.type('available');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom']);
  await expect(box).toHaveCount(0); // it shows the statuses chosen
  await tabTo(page.locator('.pets .n-select').nth(1));
  await page.keyboard.press('Delete');
  await expect.poll(() => names(page)).toEqual(['Tom']);
  await page.keyboard.press('Backspace');
  await expect(box).toBeVisible();
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom']);
});

test('Pets: a filtered category deleted elsewhere is named "(deleted)", here and after another screen, never its id', async ({ page }) => {
  const chinchillas = await must(shop.host.call<{ id: number }>('categories.create', { name: 'Chinchillas' }));
  await openPets(page);
  await chooseCategory(page, 'Chinchillas');
  await expect(page.getByText('No pet matches these filters.')).toBeVisible();

  await must(shop.host.call('categories.delete', { categoryId: chinchillas.id })); // another window, REST
  const box = selectBox(page, 'Filter by category');
  await expect(box).toContainText('Chinchillas (deleted)');
  await expect(box).not.toContainText(String(chinchillas.id));
  await expect(page.getByText(/Chinchillas was deleted elsewhere/)).toBeVisible();

  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Pets' }).click();
  await expect(box).toContainText('Chinchillas (deleted)');

  // Cleared like any filter: every pet again.
  await tabTo(box);
  await page.keyboard.press('Backspace');
  await expect(box).toContainText('Any category');
  await expect.poll(() => names(page)).toEqual(['Rex', 'Tom']);
});

test('Orders: the pet filter clears from the keyboard; a pet deleted elsewhere is named "(#id, deleted)" with its orders', async ({ page }) => {
  const bella = await must(shop.host.call<Pet>('pets.create', { name: 'Bella 66', categoryId: shop.categoryId('Dogs') }));
  const sold = await must(shop.host.call<{ id: number }>('orders.place', { petId: bella.id, quantity: 1 }));
  await must(shop.host.call('orders.update', { orderId: sold.id, changes: { complete: true } }));
  const rex = (await must(shop.host.call<{ items: Pet[] }>('pets.list', { q: 'Rex' }))).items[0];
  await must(shop.host.call('orders.place', { petId: rex.id, quantity: 1 }));

  await page.goto(`${shop.host.url}#/orders`);
  const box = selectBox(page, 'Filter by pet');
  const count = page.locator('.orders__count');
  await expect(count).toHaveText('2 orders');

  const chooseBella = async () => {
    await selectField(page, 'Filter by pet').fill('Bella');
    await page.getByRole('option', { name: new RegExp(`^Bella 66 \\(#${bella.id}\\)`) }).click();
    await expect(count).toHaveText('1 order');
    await expect(page.getByRole('listbox', { name: 'Filter by pet' })).toBeHidden();
  };
  for (const keys of [['Backspace'], ['Delete'], ['Enter', 'Backspace']]) {
    await chooseBella();
    await tabTo(box);
    for (const key of keys) await page.keyboard.press(key);
    await expect(box).toContainText('Any pet');
    await expect(count, `cleared with ${keys.join(' then ')}`).toHaveText('2 orders');
  }
  // "Any pet" heads the list.
  await chooseBella();
  await tabTo(box);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toHaveText('Any pet');
  await page.getByRole('option', { name: 'Any pet' }).click();
  await expect(count).toHaveText('2 orders');

  // Deleted elsewhere while filtered to it: the filter says so, and its sale stays listed.
  await chooseBella();
  await must(shop.host.call('pets.delete', { petId: bella.id }));
  await expect(box).toContainText(`Bella 66 (#${bella.id}, deleted)`);
  await expect(count).toHaveText('1 order');
  // And after another screen.
  await page.getByRole('link', { name: 'Pets' }).click();
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(box).toContainText(`Bella 66 (#${bella.id}, deleted)`);
  await expect(box).not.toHaveText(String(bella.id));
  await expect(count).toHaveText('1 order');
});

test('Orders: a link to the orders of a pet deleted before the screen opened names it by the name its order kept', async ({ page }) => {
  const coco = await must(shop.host.call<Pet>('pets.create', { name: 'Coco', categoryId: shop.categoryId('Cats') }));
  const sold = await must(shop.host.call<{ id: number }>('orders.place', { petId: coco.id, quantity: 1 }));
  await must(shop.host.call('orders.update', { orderId: sold.id, changes: { complete: true } }));
  await must(shop.host.call('pets.delete', { petId: coco.id }));
  await page.goto(`${shop.host.url}#/orders?petId=${coco.id}`);
  await expect(selectBox(page, 'Filter by pet')).toContainText(`Coco (#${coco.id}, deleted)`);
  await expect(page.locator('.orders__count')).toHaveText('1 order');
});
