import { expect, test, type Page } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';

interface Customer {
  id: number;
  name: string;
  phone?: string;
  email?: string;
  note?: string;
  forgottenAt?: string;
}

const shop = useShop('Dogs');

async function openCustomers(page: Page): Promise<void> {
  await page.goto(`${shop.host.url}#/customers`);
  await expect(page.getByRole('heading', { name: 'Customers', level: 2 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: /Customers/ });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const customer = (customerId: number) => must(shop.host.call<Customer>('customers.get', { customerId }));

test('a clerk adds a customer; the schema refuses a bad email before anything is sent', async ({ page }) => {
  await must(shop.host.call('customers.create', { name: 'Bob Baker', phone: '030 1234567' }));
  await must(shop.host.call('customers.create', { name: 'Cleo Cole', email: 'cleo@example.com', note: 'Prefers cats' }));
  await openCustomers(page);
  await expect(page.getByText('2 customers')).toBeVisible();

  await page.getByRole('button', { name: 'New customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New customer' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Ann Smith');
  await dialog.getByLabel('Email').fill('ann@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be an email address, such as name@example.com')).toBeVisible();
  await expectAccessible(page, 'a new customer, with a message');
  await dialog.getByLabel('Email').fill('ann@example.com');
  await dialog.getByLabel('Phone').fill('+49 170 555 0101');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added Ann Smith')).toBeVisible();
  await expect(row(page, 'Ann Smith')).toContainText('ann@example.com');
  await expect(page.getByText('3 customers')).toBeVisible();
  await expectAccessible(page, 'customers');
  await saveScreenshot(page, 'customers');
});

test('a clerk finds customers by phone digits, email or name, and edits one: only what changed is sent', async ({ page }) => {
  await must(shop.host.call('customers.create', { name: 'Ann Smith', email: 'ann@example.com', phone: '+49 170 555 0101' }));
  await must(shop.host.call('customers.create', { name: 'Bob Baker', phone: '030 1234567' }));
  await must(shop.host.call('customers.create', { name: 'Cleo Cole', email: 'cleo@example.com', note: 'Prefers cats' }));
  await openCustomers(page);
  await expect(page.getByText('3 customers')).toBeVisible();

  // Search by phone digits (spaces aside) and by email.
  await page.getByLabel('Search customers').fill('0301234');
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  await expect(row(page, 'Bob Baker')).toBeVisible();
  await page.getByLabel('Search customers').fill('cleo@');
  await expect(row(page, 'Cleo Cole')).toBeVisible();
  await expect(row(page, 'Bob Baker')).toHaveCount(0);
  await page.getByLabel('Search customers').fill('nobody');
  await expect(page.getByText('No customer matches “nobody”.')).toBeVisible();
  await page.getByLabel('Search customers').fill('');
  await expect(page.getByText('3 customers')).toBeVisible();

  // Edit: only what changed is sent; an emptied note is cleared.
  await page.getByRole('button', { name: 'Edit Cleo Cole' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit customer' });
  await expect(edit.getByLabel('Note')).toHaveValue('Prefers cats');
  await edit.getByLabel('Name').fill('Cleo Carter');
  await edit.getByLabel('Note').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved Cleo Carter')).toBeVisible();
  await expect(row(page, 'Cleo Carter')).toBeVisible();
  const listed = (await must(shop.host.call<{ items: Customer[] }>('customers.list', { q: 'Cleo' }))).items;
  expect(listed.map((one) => [one.name, one.email, one.note])).toEqual([['Cleo Carter', 'cleo@example.com', undefined]]);
});

test("a customer's purchases open the Sales screen; forgetting says what is kept, and keeps their sales without their name", async ({ page }) => {
  const categoryId = shop.categoryId('Dogs');
  const rex = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId, price: 1000 }));
  await must(shop.host.call('inventory.set', { petId: rex.id, update: { quantity: 5 } }));
  const ann = await must(shop.host.call<Customer>('customers.create', { name: 'Ann Smith', email: 'ann@example.com' }));
  await must(shop.host.call('customers.create', { name: 'Bob Baker' }));
  const sale = await must(shop.host.call<{ id: number; number: number }>('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], customerId: ann.id, payments: [{ method: 'cash', amount: 2000 }] }));
  await must(shop.host.call('sales.create', { lines: [{ petId: rex.id }], customerId: ann.id, payments: [{ method: 'card', amount: 1000 }] }));
  await openCustomers(page);

  await page.getByRole('link', { name: 'Purchases of Ann Smith' }).click();
  await expect(page.getByRole('heading', { name: 'Sales', level: 2 })).toBeVisible();
  await expect(page.getByText('2 sales for Ann Smith')).toBeVisible();
  await expect(page.getByRole('table', { name: /Sales/ }).getByRole('row').filter({ hasText: `No. ${sale.number}` })).toContainText('Ann Smith');

  await page.goto(`${shop.host.url}#/customers`);
  // Kept: "Keep" changes nothing.
  await page.getByRole('button', { name: 'Forget Ann Smith' }).click();
  const ask = page.getByRole('dialog', { name: 'Forget Ann Smith?' });
  await expect(ask).toContainText('Their name, phone, email and note are erased everywhere, the change log included. 2 sales stay, without their name: they read “Forgotten customer”. This cannot be undone.');
  await ask.getByRole('button', { name: 'Keep' }).click();
  await expect(ask).toBeHidden();
  expect((await customer(ann.id)).forgottenAt).toBeUndefined();

  await page.getByRole('button', { name: 'Forget Ann Smith' }).click();
  await page.getByRole('dialog', { name: 'Forget Ann Smith?' }).getByRole('button', { name: 'Forget' }).click();
  await expect(page.getByText('Ann Smith forgotten')).toBeVisible();
  await expect(row(page, 'Ann Smith')).toHaveCount(0);
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
  // The focus moves on to the next customer's row.
  await expect(page.getByRole('button', { name: 'Edit Bob Baker' })).toBeFocused();
  const forgotten = await customer(ann.id);
  expect(forgotten).toMatchObject({ name: 'Forgotten customer', forgottenAt: expect.any(String) });
  expect(forgotten.email).toBeUndefined();

  // Their sales stay, under the name they read now.
  await page.goto(`${shop.host.url}#/sales?customerId=${ann.id}`);
  await expect(page.getByText('2 sales for Forgotten customer')).toBeVisible();
});

test('a click on Keep as the confirmation opens is not lost: the confirmation does not move under it', async ({ page }) => {
  await must(shop.host.call('customers.create', { name: 'Ann Smith' }));
  await openCustomers(page);
  // Its entrance held at the first frame (as a busy machine draws it late), Keep is pressed where
  // it is drawn; the entrance then plays out, and the clerk lets go (as sales.spec's Refund…).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.getByRole('button', { name: 'Forget Ann Smith' }).click();
  const ask = page.getByRole('dialog', { name: 'Forget Ann Smith?' });
  const box = (await ask.getByRole('button', { name: 'Keep' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await expect(ask).not.toHaveClass(/transition-enter/); // its entrance is over
  await page.mouse.up();
  await expect(ask).toBeHidden();
});

test('a customer added elsewhere shows at once', async ({ page }) => {
  await openCustomers(page);
  await expect(page.getByText('No customers yet.')).toBeVisible();
  await must(shop.host.call('customers.create', { name: 'Dora Diaz' }));
  await expect(row(page, 'Dora Diaz')).toBeVisible();
  await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
});

test('a long list loads more as the clerk scrolls', async ({ page }) => {
  for (let i = 1; i <= 150; i++) await must(shop.host.call('customers.create', { name: `Customer ${String(i).padStart(3, '0')}` }));
  await openCustomers(page);
  await expect(page.getByText('150 customers')).toBeVisible();
  await expect(row(page, 'Customer 001')).toBeVisible();
  const scroller = page.locator('.customers__table .v-vl');
  // The first page holds 100; scrolling to its end brings the rest.
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(row(page, 'Customer 150')).toBeVisible({ timeout: 1000 });
  }).toPass();
});
