/**
 * The Pets screen's record: price and SKU columns, the animal's details and photo in the form and
 * in the details view, and the sorts by stock and category. Against the real service.
 */
import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot, selectField } from './support/screens';

const shop = useShop('Dogs', 'Birds', 'Ants');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function openPets(page: Page, first: string) {
  await page.goto(`${shop.host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(first) })).toBeVisible();
}
const column = (page: Page, key: string) => page.locator(`.pets__table td[data-col-key="${key}"]`).allInnerTexts();

test('price and SKU are columns of their own, the price in the shop’s currency', async ({ page }) => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 49_999, sku: 'DOG-0042' }));
  await must(shop.host.call('pets.create', { name: 'Plain', categoryId: shop.categoryId('Dogs') }));
  await must(shop.host.call('pets.create', { name: 'Tweety', categoryId: shop.categoryId('Birds'), price: 3_450, sku: 'BIRD-0007', status: 'pending' }));
  await must(shop.host.call('pets.create', { name: 'Antony', categoryId: shop.categoryId('Ants'), price: 1_299, sku: 'ANT-0100', status: 'sold' }));
  await openPets(page, 'Rex');
  await expect(page.getByRole('columnheader', { name: 'Price', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'SKU', exact: true })).toBeVisible();
  const rex = page.getByRole('row', { name: /Rex/ });
  await expect(rex.locator('td[data-col-key="price"]')).toHaveText('€499.99');
  await expect(rex.locator('td[data-col-key="sku"]')).toHaveText('DOG-0042');
  await expect(page.getByRole('row', { name: /Plain/ }).locator('td[data-col-key="price"]')).toHaveText('–');
  // The README's picture: two pets ticked, the actions on them above the list.
  await page.getByRole('checkbox', { name: 'Select Rex' }).check();
  await page.getByRole('checkbox', { name: 'Select Tweety' }).check();
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'pets with prices, SKUs and two ticked');
  await saveScreenshot(page, 'pets');
});

test('a new pet with its details, price and photo shows in the list at once; its details view shows them', async ({ page }) => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
  await openPets(page, 'Rex');
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Biscuit');
  await selectField(dialog, 'Category').fill('Dogs');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Price').fill('125.50');
  await dialog.getByLabel('SKU (barcode)').fill('BIS-1');
  await dialog.getByText("The animal's details and photo").click();
  await dialog.getByLabel('Breed').fill('Beagle');
  await dialog.getByLabel('Birth date').fill('2024-03-01');
  await dialog.getByLabel('Microchip').fill('276098100000009');
  await dialog.getByRole('button', { name: 'Add vaccination' }).click();
  await dialog.getByLabel('Vaccination 1: name').fill('Rabies');
  await dialog.getByLabel('Vaccination 1: date').fill('2024-06-01');
  await dialog.getByLabel('Health notes').fill('Allergic to chicken.');
  await dialog.getByLabel('Photo').setInputFiles({ name: 'biscuit.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'The photo chosen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // In the list at once, with its price and SKU.
  const row = page.getByRole('row', { name: /Biscuit/ });
  await expect(row.locator('td[data-col-key="price"]')).toHaveText('€125.50');
  await expect(row.locator('td[data-col-key="sku"]')).toHaveText('BIS-1');
  const stored = await must(shop.host.call<{ items: Record<string, unknown>[] }>('pets.list', { sku: 'BIS-1', details: true }));
  expect(stored.items[0]).toMatchObject({ breed: 'Beagle', birthDate: '2024-03-01', microchip: '276098100000009', vaccinations: [{ name: 'Rabies', date: '2024-06-01' }], healthNotes: 'Allergic to chicken.', photo: { contentType: 'image/png' } });

  // The name opens the details view: the photo and every detail.
  await row.getByRole('button', { name: 'Biscuit', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Biscuit' });
  await expect(details.getByRole('img', { name: 'Photo of Biscuit' })).toBeVisible();
  for (const text of ['Beagle', '2024-03-01', '276098100000009', 'Rabies, 2024-06-01', 'Allergic to chicken.', '€125.50', 'BIS-1']) await expect(details).toContainText(text);
  await expectAccessible(page, 'a pet’s details');

  // Edit from there: a detail cleared is cleared in the store.
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Biscuit' });
  await expect(edit.getByLabel('Breed')).toHaveValue('Beagle');
  await edit.getByLabel('Breed').fill('');
  await edit.getByLabel('Price').fill('99');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.locator('td[data-col-key="price"]')).toHaveText('€99.00');
  const after = await must(shop.host.call<{ items: Record<string, unknown>[] }>('pets.list', { sku: 'BIS-1', details: true }));
  expect(after.items[0]!.breed).toBeUndefined();
  expect(after.items[0]!.microchip).toBe('276098100000009');
});

test('a photo that is no image is refused in the form before anything is sent', async ({ page }) => {
  await must(shop.host.call('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
  await openPets(page, 'Rex');
  await page.getByRole('button', { name: 'Edit Rex' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Rex' });
  await dialog.getByLabel('Photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('GIF89a not really') });
  await expect(dialog.getByRole('alert').filter({ hasText: 'notes.txt is not a JPEG, PNG or WebP image.' })).toBeVisible();
});

test('sorted by stock and by category from their headers, ascending then descending', async ({ page }) => {
  const make = async (name: string, category: string, stock: number) => {
    const pet = await must(shop.host.call<{ id: number }>('pets.create', { name, categoryId: shop.categoryId(category) }));
    await must(shop.host.call('inventory.set', { petId: pet.id, update: { quantity: stock } }));
  };
  await make('Rex', 'Dogs', 5);
  await make('Tweety', 'Birds', 2);
  await make('Antony', 'Ants', 9);
  await openPets(page, 'Rex');
  const stockHeader = page.getByRole('columnheader', { name: 'Stock', exact: true });
  await stockHeader.getByRole('button').click();
  await expect.poll(() => column(page, 'name')).toEqual(['Tweety', 'Rex', 'Antony']);
  await expect(stockHeader).toHaveAttribute('aria-sort', 'ascending');
  await stockHeader.getByRole('button').click();
  await expect.poll(() => column(page, 'name')).toEqual(['Antony', 'Rex', 'Tweety']);
  await expect(stockHeader).toHaveAttribute('aria-sort', 'descending');
  // By keyboard: the header's button.
  const categoryHeader = page.getByRole('columnheader', { name: 'Category', exact: true });
  await categoryHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => column(page, 'categoryId')).toEqual(['Ants', 'Birds', 'Dogs']);
  await expect(categoryHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(stockHeader).not.toHaveAttribute('aria-sort');
});
