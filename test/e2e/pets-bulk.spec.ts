/**
 * Several pets at once on the Pets screen: ticked rows change category, status or price together
 * (all or none), their labels open on the labels page; a deleted pet comes back with Undo.
 */
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, selectBox, selectField } from './support/screens';

const shop = useShop('Dogs', 'Cats');
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function openPets(page: Page) {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
}
const petsIn = async (category: string) =>
  (await must(shop.host.call<{ total: number }>('pets.list', { categoryId: shop.categoryId(category), limit: 1 }))).total;

test('a category of 100 pets is emptied in one change: filter, tick all, choose the new category', async ({ page }) => {
  const content = ['name,category', ...Array.from({ length: 100 }, (_, i) => `Pup ${i + 1},${shop.categoryId('Dogs')}`)].join('\n');
  await must(shop.host.call('data.import', { format: 'csv', content }));
  await openPets(page);
  // Enter picks the category only once the list offers it (the categories may still be loading),
  // and every pet is a dog: the count alone cannot tell that the filter took.
  await selectField(page, 'Filter by category').fill('Dogs');
  await expect(page.getByRole('option', { name: 'Dogs' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(selectBox(page, 'Filter by category')).toContainText('Dogs');
  await expect(page.locator('.pets__count')).toHaveText('100 pets');
  await page.getByRole('checkbox', { name: 'Select every pet listed' }).check();
  await expect(page.getByRole('group', { name: 'Selected pets' })).toContainText('100 pets selected');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'pets with 100 selected');
  await page.getByRole('button', { name: 'Change selected…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 100 pets' });
  await selectField(dialog, 'New category').fill('Cats');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Change 100 pets' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Changed 100 pets')).toBeVisible();
  await expect(page.locator('.pets__count')).toHaveText('0 pets');
  expect(await petsIn('Dogs')).toBe(0);
  expect(await petsIn('Cats')).toBe(100);
  await expect(page.getByRole('group', { name: 'Selected pets' })).toHaveCount(0);
});

test('a change one pet refuses changes none, and the dialog says which pet', async ({ page }) => {
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 1000 }));
  const held = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Bella', categoryId: shop.categoryId('Dogs'), price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: held.id, update: { quantity: 3 } }));
  await must(shop.host.call('orders.place', { petId: held.id }));
  await openPets(page);
  await page.getByRole('checkbox', { name: 'Select Rex' }).check();
  await page.getByRole('checkbox', { name: 'Select Bella' }).check();
  await page.getByRole('button', { name: 'Change selected…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change 2 pets' });
  await selectField(dialog, 'New status').fill('sold');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('New price').fill('5');
  await dialog.getByRole('button', { name: 'Change 2 pets' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Bella (pet ${held.id}) has open orders`);
  await expect(dialog.getByRole('alert')).toContainText('Nothing was changed');
  await expect(dialog).toBeVisible();
  const stored = await must(shop.host.call<{ items: { status: string; price: number }[] }>('pets.list', { id: [rex.id, held.id] }));
  expect(stored.items.map((pet) => [pet.status, pet.price])).toEqual([['available', 1000], ['available', 1000]]);
  // A price the currency cannot hold is said before anything is sent.
  await dialog.getByLabel('New price').fill('1.234');
  await expect(dialog.getByText('Type a price such as 19.99')).toBeVisible();
});

test('Print labels opens the labels page for the pets ticked, in the list’s order', async ({ page }) => {
  const ids: number[] = [];
  for (const name of ['Rex', 'Bella', 'Max']) ids.push((await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId('Dogs') }))).id);
  await openPets(page);
  await page.getByRole('checkbox', { name: 'Select Max' }).check();
  await page.getByRole('checkbox', { name: 'Select Rex' }).check();
  await page.getByRole('button', { name: 'Print labels' }).click();
  await expect(page).toHaveURL(new RegExp(`#/labels\\?pets=${ids[0]}(%2C|,)${ids[2]}$`));
});

test('a deleted pet comes back with Undo: its price, SKU, details, stock and photo', async ({ page }) => {
  const pet = await must(
    shop.host.call<{ id: number }>('pets.create', { name: 'Leaving', categoryId: shop.categoryId('Dogs'), price: 2500, sku: 'LV-1', breed: 'Pug', healthNotes: 'Snores.' }),
  );
  await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: 4 } }));
  await must(shop.host.call('pets.update', { petId: pet.id, changes: { status: 'pending' } }));
  await must(shop.host.call('photos.put', { petId: pet.id, photo: { $bytes: PNG_BASE64 } }));
  await openPets(page);
  await page.getByRole('button', { name: 'Delete Leaving' }).click();
  await page.getByRole('dialog', { name: 'Delete Leaving?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Leaving/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo deleting Leaving' }).click();
  await expect(page.getByText(/Leaving is back as pet \d+/)).toBeVisible();
  const row = page.getByRole('row', { name: /Leaving/ });
  await expect(row.locator('td[data-col-key="stock"]')).toHaveText('4');
  await expect(row.locator('td[data-col-key="status"]')).toHaveText('pending');
  const back = await must(shop.host.call<{ items: Record<string, unknown>[] }>('pets.list', { sku: 'LV-1', details: true }));
  expect(back.items[0]).toMatchObject({ name: 'Leaving', status: 'pending', price: 2500, sku: 'LV-1', breed: 'Pug', healthNotes: 'Snores.' });
  expect(back.items[0]!.photo).toMatchObject({ contentType: 'image/png' });
  expect(back.items[0]!.id).not.toBe(pet.id); // a new pet: the old id stays with its history
});

test('Ctrl+Z after a delete, with the keyboard on the list, undoes it', async ({ page }) => {
  await must(shop.host.call('pets.create', { name: 'Keyed', categoryId: shop.categoryId('Dogs'), price: 700 }));
  await must(shop.host.call('pets.create', { name: 'Stays', categoryId: shop.categoryId('Dogs') }));
  await openPets(page);
  await page.getByRole('button', { name: 'Delete Keyed' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Delete Keyed?' }).getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByRole('row', { name: /Keyed/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Stays' })).toBeFocused(); // the next row's Edit
  await page.keyboard.press('Control+z');
  await expect(page.getByText(/Keyed is back as pet \d+/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Keyed/ }).locator('td[data-col-key="price"]')).toHaveText('€7.00');
  // Once done, Ctrl+Z does nothing more: one pet back, not two.
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  expect((await must(shop.host.call<{ total: number }>('pets.list', { q: 'Keyed' }))).total).toBe(1);
});
