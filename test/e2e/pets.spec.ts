import { expect, test } from '@playwright/test';
import { must, startHost, type RunningHost } from './support/browser-host';

let host: RunningHost;
let dogsId: number;

test.beforeAll(async () => {
  host = await startHost();
  dogsId = (await must(host.call<{ id: number }>('categories.create', { name: 'Dogs' }))).id;
  await must(host.call('categories.create', { name: 'Cats' }));
  await must(host.call('pets.create', { name: 'Rex', categoryId: dogsId }));
});
test.afterAll(async () => host?.stop());

test('the pets list shows name, category, status and stock from the real service', async ({ page }) => {
  await page.goto(host.url);
  const table = page.getByRole('table').last();
  const rex = page.getByRole('row', { name: /Rex/ });
  await expect(rex).toContainText('Dogs');
  await expect(rex).toContainText('available');
  await expect(rex).toContainText('1');
  await expect(table).toBeVisible();
});

test('a clerk creates a pet after fixing what the shared schema flags', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });

  // Saving an empty form shows the shared schema's messages under each field.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must not be empty')).toBeVisible();
  await expect(dialog.getByText('Required')).toBeVisible();

  // A name over 100 characters is flagged as it is typed.
  await dialog.getByLabel('Name').fill('x'.repeat(101));
  await expect(dialog.getByText('Must be at most 100 characters')).toBeVisible();

  await dialog.getByLabel('Name').fill('Biscuit');
  await expect(dialog.getByText('Must be at most 100 characters')).toBeHidden();
  await dialog.getByLabel('Category').fill('Cats'); // filterable select: type, Enter picks
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Added Biscuit \(pet \d+\)/)).toBeVisible();
  const row = page.getByRole('row', { name: /Biscuit/ });
  await expect(row).toContainText('Cats');
  await expect(row).toContainText('available');

  // It is really stored: the service lists it.
  const listed = await must(host.call<{ items: { name: string }[] }>('pets.list', { q: 'biscuit' }));
  expect(listed.items.map((pet) => pet.name)).toEqual(['Biscuit']);
});

test('a refusal from the service is shown as a toast with its message', async ({ page }) => {
  const doomed = await must(host.call<{ id: number }>('categories.create', { name: 'Ferrets' }));
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pet' });
  await dialog.getByLabel('Name').fill('Slinky');
  await dialog.getByLabel('Category').fill('Ferrets');
  await page.keyboard.press('Enter');

  // Someone else removes the category while the form is open; the service refuses the pet.
  await must(host.call('categories.delete', { categoryId: doomed.id }));
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText(`Category ${doomed.id} does not exist`).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  const listed = await must(host.call<{ items: unknown[] }>('pets.list', { q: 'slinky' }));
  expect(listed.items).toEqual([]);
});
