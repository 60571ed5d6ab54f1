import { expect, test, type Locator, type Page } from './support/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { freePort, occupyPort } from '../helpers/ports';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { must, startHost, type RunningHost } from './support/browser-host';
import { cutOffCells, expectAccessible, saveScreenshot } from './support/screens';
import { fetch as pinnedFetch } from 'undici';
import { pinnedDispatcher } from '../../src-main/remote/tls-pin';

let host: RunningHost;
let dogsId: number;
let fishId: number;
let scratch: string;

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
  scratch = mkdtempSync(join(tmpdir(), 'petstore-settings-e2e-'));
  dogsId = (await must(host.call<{ id: number }>('categories.create', { name: 'Dogs' }))).id;
  fishId = (await must(host.call<{ id: number }>('categories.create', { name: 'Fish' }))).id;
  await must(host.call('pets.create', { name: 'Rex', categoryId: dogsId }));
});
test.afterEach(async () => {
  await host?.call('listener.stop', {});
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
test.afterAll(async () => host?.stop());

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${host.url}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string | RegExp) => page.locator('.n-message').filter({ hasText: text });
/** Picks a radio button the way a clerk does: by clicking its label (naive-ui hides the native input). */
async function choose(scope: Page | Locator, name: string): Promise<void> {
  const page = 'goto' in scope ? scope : scope.page();
  await scope.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) }).click();
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sets the listener's port in the UI and saves it. */
async function savePort(page: Page, port: number): Promise<void> {
  const listener = section(page, 'REST API listener');
  await listener.getByLabel('Port').fill(String(port));
  await listener.getByRole('button', { name: 'Save address' }).click();
}

test('the owner starts the REST listener, creates a token that works over REST, then revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/v1`;
  await openSettings(page);
  const listener = section(page, 'REST API listener');
  const onOff = listener.getByRole('switch', { name: 'REST listener on' });
  await expect(onOff).toHaveAttribute('aria-checked', 'false');

  await savePort(page, port);
  await expect(toast(page, 'Address saved')).toBeVisible();
  await onOff.click();
  await expect(onOff).toHaveAttribute('aria-checked', 'true');
  await expect(listener.getByTestId('listener-url')).toHaveText(base);
  await expect(listener.getByRole('link', { name: `http://127.0.0.1:${port}/docs` })).toBeVisible();
  await listener.getByRole('button', { name: 'Copy address' }).click();
  await expect(toast(page, 'Address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base);

  // A write token, shown once.
  const tokens = section(page, 'API tokens');
  await tokens.getByLabel('Token label').fill('web shop sync');
  await choose(tokens, 'write');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'New API token' });
  await expect(shown).toContainText('You will not see it again');
  const secret = await shown.getByLabel('Token secret').inputValue();
  expect(secret).toMatch(/^psk_[\w-]{40,}$/);
  await shown.getByRole('button', { name: 'Copy token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Gone from the page: neither in the text nor in any field.
  expect(await page.evaluate((s) => document.body.innerText.includes(s) || [...document.querySelectorAll('input')].some((i) => i.value === s), secret)).toBe(false);

  const row = tokens.getByRole('row', { name: /web shop sync/ });
  await expect(row).toContainText('write');
  await expect(row).toContainText(`${secret.slice(0, 10)}…`);
  await expect(row).toContainText('Active');

  // It really opens the API, started from the UI.
  const asShop = () => fetch(`${base}/pets`, { headers: { Authorization: `Bearer ${secret}` } });
  const allowed = await asShop();
  expect(allowed.status).toBe(200);
  expect(((await allowed.json()) as { name: string }[]).map((pet) => pet.name)).toContain('Rex');

  // Revoking asks first; cancelling keeps it.
  await row.getByRole('button', { name: 'Revoke web shop sync' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “web shop sync”?' });
  await expect(confirm).toContainText('401');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await asShop()).status).toBe(200);

  await row.getByRole('button', { name: 'Revoke web shop sync' }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Revoked “web shop sync”')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row).not.toContainText('never'); // its last use is listed
  // The revocation's date is shown whole: no cell cuts its text off.
  expect(await cutOffCells(row)).toEqual([]);
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await asShop();
  expect(refused.status).toBe(401);

  // Off again: nothing listens any more.
  await onOff.click();
  await expect(onOff).toHaveAttribute('aria-checked', 'false');
  await expect(listener.getByTestId('listener-url')).toHaveCount(0);
  await expect(fetch(`${base}/pets`)).rejects.toThrow();
});

test('a port in use is reported; a new port while running restarts the listener there', async ({ page }) => {
  const taken = await occupyPort();
  try {
    const busyPort = (taken.address() as AddressInfo).port;
    await openSettings(page);
    const listener = section(page, 'REST API listener');
    const onOff = listener.getByRole('switch', { name: 'REST listener on' });
    await savePort(page, busyPort);
    // The switch takes no press while the save is on its way (it shows a spinner): wait for its answer.
    await expect(toast(page, 'Address saved')).toBeVisible();
    // From the keyboard, as a clerk would.
    await onOff.focus();
    await page.keyboard.press('Space');
    await expect(toast(page, `Port ${busyPort} is already in use`)).toBeVisible();
    await expect(listener.getByRole('alert').filter({ hasText: `Port ${busyPort} is already in use` })).toBeVisible();
    await expect(onOff).toHaveAttribute('aria-checked', 'false');

    const first = await freePort();
    await savePort(page, first);
    await onOff.click();
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${first}/v1`);
    await expect(listener.getByText('The listener could not start')).toHaveCount(0);
    expect((await fetch(`http://127.0.0.1:${first}/health`)).status).toBe(200);

    const second = await freePort();
    await expect(listener.getByText('Saving restarts the running listener')).toBeVisible();
    await savePort(page, second);
    await expect(toast(page, `restarted at http://127.0.0.1:${second}/v1`)).toBeVisible();
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${second}/v1`);
    expect((await fetch(`http://127.0.0.1:${second}/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${first}/health`)).rejects.toThrow();
    const status = await must(host.call<{ running: boolean; port: number }>('listener.status', {}));
    expect(status).toMatchObject({ running: true, port: second });

    // Moving it to a port in use keeps it where it was: integrators keep their API.
    await savePort(page, busyPort);
    await expect(toast(page, `Port ${busyPort} is already in use: the listener still runs at http://127.0.0.1:${second}/v1`)).toBeVisible();
    await expect(listener.getByRole('alert').filter({ hasText: 'The listener could not move' })).toBeVisible();
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${second}/v1`);
    await expect(onOff).toHaveAttribute('aria-checked', 'true');
    expect((await fetch(`http://127.0.0.1:${second}/health`)).status).toBe(200);
    expect(await must(host.call('settings.get', {}))).toMatchObject({ listenerPort: second });
    // The message stays until the address is edited; a reload does not bring it back (nothing is wrong now).
    await page.reload();
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${second}/v1`);
    await expect(listener.getByText('The listener could not move')).toHaveCount(0);
    await savePort(page, busyPort);
    await expect(listener.getByRole('alert').filter({ hasText: 'The listener could not move' })).toBeVisible();
    await listener.getByLabel('Port').fill(String(second));
    await expect(listener.getByText('The listener could not move')).toHaveCount(0);
    await listener.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, `restarted at http://127.0.0.1:${second}/v1`)).toBeVisible(); // the restart has answered

    // Another machine's reach is spelled out before it is saved.
    await listener.getByLabel('Bind address').fill('0.0.0.0');
    await expect(listener.getByRole('alert').filter({ hasText: 'Other machines may reach the API' })).toBeVisible();
    // Saving it asks first; backing out changes nothing.
    await listener.getByRole('button', { name: 'Save address' }).click();
    const ask = page.getByRole('dialog', { name: 'Open the API to other machines?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    expect(await must(host.call('listener.status', {}))).toMatchObject({ host: '127.0.0.1', port: second });
    // Going ahead listens on every interface, over HTTPS; the address shown is one a client on this machine can call.
    await listener.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('dialog', { name: 'Open the API to other machines?' }).getByRole('button', { name: 'Listen on 0.0.0.0' }).click();
    await expect.poll(async () => must(host.call('listener.status', {}))).toMatchObject({ host: '0.0.0.0', running: true, https: true });
    await expect(listener.getByTestId('listener-url')).toHaveText(`https://127.0.0.1:${second}/v1`);
    const { fingerprint } = await must(host.call<{ fingerprint: string }>('listener.status', {}));
    expect((await pinnedFetch(`https://127.0.0.1:${second}/health`, { dispatcher: pinnedDispatcher(fingerprint) })).status).toBe(200);
    await listener.getByLabel('Bind address').fill('127.0.0.1');
    await listener.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('dialog', { name: 'Open the API to other machines?' })).toHaveCount(0);
    await expect.poll(async () => (await must(host.call<{ host: string }>('listener.status', {}))).host).toBe('127.0.0.1');
    await expect(listener.getByText('Other machines may reach the API')).toHaveCount(0);
    await listener.getByLabel('Bind address').fill('my laptop');
    await expect(listener.getByText('Must be an IP address (such as 127.0.0.1 or ::1) or localhost')).toBeVisible();
    // Two messages side by side: the fields stay level, and the port's message fits on one line.
    await listener.getByLabel('Port').fill('70000');
    const portMessage = listener.getByText('Must be at most 65,535');
    await expect(portMessage).toBeVisible();
    const [address, port] = [await listener.getByLabel('Bind address').boundingBox(), await listener.getByLabel('Port').boundingBox()];
    expect(Math.abs(address!.y - port!.y), 'the two inputs are level').toBeLessThan(2);
    const lineHeight = await portMessage.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await portMessage.boundingBox())!.height, 'one line').toBeLessThan(lineHeight * 1.5);
    // The message follows what is typed now, and text that is not a number is never read as one.
    await listener.getByLabel('Port').fill('5000');
    await expect(portMessage).toHaveCount(0);
    await listener.getByLabel('Port').fill('abc');
    await listener.getByLabel('Port').blur();
    await expect(listener.getByLabel('Port')).toHaveValue('abc');
    await expect(listener.getByText('Must be a number')).toBeVisible();
    await listener.getByLabel('Port').fill(String(second));

    await onOff.click();
    await expect(onOff).toHaveAttribute('aria-checked', 'false');
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});

test('leaving Settings with unsaved store settings asks first', async ({ page }) => {
  await openSettings(page);
  const general = section(page, 'Shop details');
  await expect(general.getByLabel('Shop name')).toHaveValue('Pet Store');
  await general.getByLabel('Shop name').fill('Half typed');
  await page.keyboard.press('Control+1');
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(general.getByLabel('Shop name')).toHaveValue('Half typed');
  await expect(page).toHaveURL(/#\/settings$/);

  await page.getByRole('link', { name: /Dashboard/ }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(await must(host.call('settings.get', {}))).toMatchObject({ shopName: 'Pet Store' });

  // Nothing edited: no question.
  await openSettings(page);
  await page.keyboard.press('Control+1');
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('store settings: inline messages from the shared schema, saved with a toast', async ({ page }) => {
  await openSettings(page);
  const shop = section(page, 'Shop details');
  const api = section(page, 'API access');
  await expect(shop.getByLabel('Shop name')).toHaveValue('Pet Store');
  await expect(api.getByLabel('Rate limit per minute')).toHaveValue('1200');
  await expect(api.getByLabel('Sunset date of GET /pets/{petId}')).toHaveValue('2027-06-30');

  await shop.getByLabel('Shop name').fill('   ');
  await expect(shop.getByText('Must not be empty')).toBeVisible();
  await shop.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(toast(page, 'Some settings need fixing first')).toBeVisible();
  await api.getByLabel('Rate limit per minute').fill('0');
  await expect(api.getByText('Must be at least 1')).toBeVisible();
  await api.getByRole('button', { name: 'Add origin' }).click();
  await api.getByLabel('Allowed origin 1', { exact: true }).fill('shop.example');
  await expect(api.getByText('Must be an origin such as http://localhost:3000')).toBeVisible();
  // Copied from the address bar, with its slash: the message says just that.
  await api.getByLabel('Allowed origin 1', { exact: true }).fill('https://shop.example/');
  await expect(api.getByText('Leave out the trailing slash: https://shop.example')).toBeVisible();
  await api.getByRole('button', { name: 'Save API settings' }).click();
  await expect(toast(page, 'Some settings need fixing first').first()).toBeVisible();
  expect(await must(host.call('settings.get', {}))).toMatchObject({ rateLimitPerMinute: 1200, shopName: 'Pet Store' });

  await shop.getByLabel('Shop name').fill('Happy Paws');
  await shop.getByLabel('Low-stock threshold').fill('3');
  await shop.getByLabel('Shop name').press('Enter');
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await api.getByLabel('Rate limit per minute').fill('600');
  await api.getByLabel('Allowed origin 1', { exact: true }).fill('http://localhost:3000');
  const sunset = api.getByLabel('Sunset date of GET /pets/{petId}');
  await sunset.fill('2028-01-15');
  await sunset.press('Enter'); // Enter in Sunset date saves the form, as in any field
  await expect.poll(async () => must(host.call('settings.get', {}))).toMatchObject({
    shopName: 'Happy Paws',
    rateLimitPerMinute: 600,
    lowStockThreshold: 3,
    sunsetDate: '2028-01-15',
    allowedOrigins: ['http://localhost:3000'],
  });

  // What is shown after a reload is what is stored.
  await page.reload();
  await expect(api.getByLabel('Sunset date of GET /pets/{petId}')).toHaveValue('2028-01-15');
  await expect(shop.getByLabel('Low-stock threshold')).toHaveValue('3');
  await expect(shop.getByLabel('Shop name')).toHaveValue('Happy Paws');
  await expect(api.getByLabel('Allowed origin 1', { exact: true })).toHaveValue('http://localhost:3000');
  await api.getByRole('button', { name: 'Remove allowed origin 1' }).click();
  await api.getByLabel('Rate limit per minute').fill('1200');
  await api.getByRole('button', { name: 'Save API settings' }).click();
  await expect.poll(async () => must(host.call('settings.get', {}))).toMatchObject({ rateLimitPerMinute: 1200, allowedOrigins: [] });
});

test('backup to a chosen file, then restore it after a confirmation and a safety backup', async ({ page }) => {
  const tweety = await must(host.call<{ id: number }>('pets.create', { name: 'Tweety', categoryId: dogsId }));
  const file = join(scratch, 'before-tweety-leaves.db');
  await openSettings(page);
  const backup = section(page, 'Backup and restore');
  const info = await must(host.call<{ backupFolder: string }>('app.info', {}));
  await expect(backup.getByLabel('Back up to')).toHaveValue(new RegExp(`^${escape(info.backupFolder)}/petstore-[\\d-]+\\.db$`));

  // A folder that does not exist: said under the field, as a restore's refusal is; typing clears it.
  const nowhere = join(scratch, 'no-such-folder', 'b.db');
  await backup.getByLabel('Back up to').fill(nowhere);
  await backup.getByRole('button', { name: 'Back up now' }).click();
  const backupField = backup.locator('.n-form-item').filter({ hasText: 'Back up to' });
  await expect(backupField).toContainText(`The folder ${join(scratch, 'no-such-folder')} does not exist`);
  expect(existsSync(nowhere)).toBe(false);

  await backup.getByLabel('Back up to').fill(file);
  await expect(backupField).not.toContainText('does not exist');
  await backup.getByRole('button', { name: 'Back up now' }).click();
  await expect(toast(page, new RegExp(`Backed up to ${escape(file)} \\([\\d.]+ KiB\\)`))).toBeVisible();
  expect(existsSync(file)).toBe(true);

  // The same file again: the clerk is asked before the earlier backup is replaced.
  const firstCopy = statSync(file).mtimeMs;
  await backup.getByLabel('Back up to').fill(file);
  await backup.getByRole('button', { name: 'Back up now' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace the existing file?' });
  await replace.getByRole('button', { name: 'Keep it' }).click();
  await expect(replace).toBeHidden();
  expect(statSync(file).mtimeMs).toBe(firstCopy);
  await backup.getByRole('button', { name: 'Back up now' }).click();
  await expect(replace.getByRole('button', { name: 'Replace it' })).toHaveClass(/n-button--error-type/);
  await replace.getByRole('button', { name: 'Replace it' }).click();
  await expect(toast(page, new RegExp(`Backed up to ${escape(file)}`)).last()).toBeVisible();
  await expect.poll(() => statSync(file).mtimeMs).toBeGreaterThan(firstCopy);

  await must(host.call('pets.delete', { petId: tweety.id }));
  const names = async () => (await must(host.call<{ items: { name: string }[] }>('pets.list', {}))).items.map((pet) => pet.name);
  expect(await names()).not.toContain('Tweety');

  // A file that is not a backup is refused under its field, before anything is asked.
  const notBackup = join(scratch, 'notes.txt');
  writeFileSync(notBackup, 'not a database');
  await backup.getByLabel('Backup file to restore').fill(notBackup);
  await backup.getByRole('button', { name: 'Restore…' }).click();
  await expect(backup.locator('.n-form-item').filter({ hasText: 'Backup file to restore' })).toContainText(`${notBackup} cannot be restored`);
  await expect(page.getByRole('dialog', { name: 'Restore this backup?' })).toHaveCount(0);
  await backup.getByLabel('Backup file to restore').fill(join(scratch, 'missing.db'));
  await expect(backup.locator('.n-form-item').filter({ hasText: 'Backup file to restore' })).not.toContainText('cannot be restored');
  await backup.getByRole('button', { name: 'Restore…' }).click();
  await expect(backup.locator('.n-form-item').filter({ hasText: 'Backup file to restore' })).toContainText(`There is no file ${join(scratch, 'missing.db')}`);

  await backup.getByLabel('Backup file to restore').fill(file);
  await backup.getByRole('button', { name: 'Restore…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(confirm).toContainText(`will be replaced with those in ${file}`);
  await expect(confirm).toContainText('A safety backup of the current data is made first');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await names()).not.toContain('Tweety'); // cancelled: nothing replaced

  // A second window, on the Pets screen, holds the data that is about to be replaced.
  const other = await page.context().newPage();
  await other.goto(`${host.url}#/pets`);
  await expect(other.getByRole('heading', { name: 'Pets', level: 2 })).toBeVisible();
  await expect(other.getByRole('row', { name: /Rex/ })).toBeVisible();
  // …with a new pet half typed: the data under it goes, so its reload asks nothing (Stay would keep the old data on screen).
  await other.keyboard.press('Control+N');
  await other.getByRole('dialog', { name: 'New pet' }).getByLabel('Name').fill('Half typed');
  const asked: string[] = [];
  other.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });

  await backup.getByRole('button', { name: 'Restore…' }).click();
  await confirm.getByRole('button', { name: 'Replace the data' }).click();
  const note = page.getByTestId('restore-note');
  await expect(note).toContainText(`The data now comes from ${file}`);
  const safety = /saved in (\S+before-restore-[\w-]+\.db)/.exec((await note.textContent()) ?? '')?.[1];
  expect(safety && existsSync(safety), `safety backup ${safety}`).toBe(true);
  expect(await names()).toContain('Tweety');

  // The app shows the restored data.
  await page.getByRole('link', { name: 'Pets' }).click();
  await expect(page.getByRole('row', { name: /Tweety/ })).toBeVisible();

  // The other window heard of it (store.restored), reloaded itself and says why; the restoring one has its own note.
  await expect(other.getByText('The shop’s data was replaced from a backup in another window or program')).toBeVisible();
  await expect(other.getByRole('row', { name: /Tweety/ })).toBeVisible();
  expect(asked, 'questions the other window asked').toEqual([]);
  await expect(page.getByText('in another window or program')).toHaveCount(0);
  await other.close();
});

test('Ctrl+Shift+B backs up from any screen to a fresh file in the backup folder', async ({ page }) => {
  const info = await must(host.call<{ backupFolder: string }>('app.info', {}));
  await page.goto(`${host.url}#/pets`);
  await expect(page.getByRole('heading', { name: 'Pets' })).toBeVisible();
  await page.keyboard.press('Control+Shift+B');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  const done = toast(page, /Backed up to /);
  await expect(done).toBeVisible();
  const file = new RegExp(`Backed up to (${escape(info.backupFolder)}/petstore-[\\d-]+\\.db)`).exec((await done.textContent()) ?? '')?.[1];
  expect(file && existsSync(file), `backup ${file}`).toBe(true);

  // Twice more at once (within a second): each a new file, never "Replace the existing file?".
  await page.keyboard.press('Control+Shift+B');
  await expect(done).toHaveCount(2);
  await page.keyboard.press('Control+Shift+B');
  await expect(done).toHaveCount(3);
  await expect(page.getByRole('dialog', { name: 'Replace the existing file?' })).toHaveCount(0);
  const files = (await done.allTextContents()).map((text) => /Backed up to (\S+\.db)/.exec(text)?.[1]);
  expect(new Set(files).size, files.join(', ')).toBe(3);
});

test('CSV import: every row checked first, one bad row reported, nothing written until confirmed', async ({ page }) => {
  const count = async () => (await must(host.call<{ total: number }>('pets.list', {}))).total;
  const before = await count();
  await openSettings(page);
  const importing = section(page, 'Import pets');
  const csv = ['name,category,status,stock', 'Nemo,Fish,available,3', 'Dory,Unicorns,available,1', `Bubbles,${fishId},pending,`].join('\n');
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'fish.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(importing.getByTestId('import-summary')).toContainText('fish.csv: 3 rows, 2 valid, 1 invalid');
  await expect(importing.getByRole('row', { name: /Nemo/ })).toContainText('will import');
  const bad = importing.getByRole('row', { name: /Unicorns/ });
  await expect(bad).toContainText('line 3'); // the file's line: the header is line 1
  await expect(bad).toContainText('skipped');
  // What the file says, next to why it is skipped.
  await expect(bad.getByRole('cell')).toHaveText(['line 3', 'skipped', 'Dory', 'Unicorns', 'available', '1', 'category: No category "Unicorns"']);
  await expect(importing.getByRole('row', { name: /Bubbles/ })).toContainText('Fish');
  expect(await count()).toBe(before); // a preview writes nothing

  await importing.getByRole('button', { name: 'Import 2 pets' }).click();
  await expect(importing.getByRole('region', { name: 'Imported 2 pets, skipped 1 invalid row' })).toBeVisible(); // an outcome that stays on screen
  expect(await count()).toBe(before + 2);
  const fish = await must(host.call<{ items: { name: string; status: string }[] }>('pets.list', { categoryId: fishId }));
  expect(fish.items.map((pet) => [pet.name, pet.status])).toEqual([
    ['Nemo', 'available'],
    ['Bubbles', 'pending'],
  ]);
  await expect(importing.getByTestId('import-summary')).toHaveCount(0);

  // A file that is not a pet list at all is refused as a whole, and cannot be imported.
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('title,price\nBook,3\n') });
  await expect(importing.getByText('other.csv cannot be imported')).toBeVisible();
  await expect(importing.getByText('Missing column(s): name, category')).toBeVisible();
  await expect(importing.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await importing.getByRole('button', { name: 'Cancel' }).click();
  expect(await count()).toBe(before + 2);

  // A spreadsheet's CSV in a legacy encoding (Windows-1252 "ü") is refused, not read with U+FFFD.
  const latin1 = Buffer.concat([Buffer.from('name,category\nM'), Buffer.from([0xfc]), Buffer.from('ller,Fish\n')]);
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'legacy.csv', mimeType: 'text/csv', buffer: latin1 });
  await expect(toast(page, 'legacy.csv is not UTF-8 text: save it again as "CSV UTF-8" (or as JSON in UTF-8)')).toBeVisible();
  await expect(importing.getByTestId('import-summary')).toHaveCount(0);
  expect(await count()).toBe(before + 2);
});

test('a large file’s preview counts every row and shows a thousand, its skipped row first', async ({ page }) => {
  await openSettings(page);
  const importing = section(page, 'Import pets');
  const rows = Array.from({ length: 1500 }, (_, i) => `Guppy ${i + 1},Fish`);
  rows[1399] = 'Dory,Unicorns'; // line 1,401
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'shoal.csv', mimeType: 'text/csv', buffer: Buffer.from(['name,category', ...rows].join('\n')) });
  await expect(importing.getByTestId('import-summary')).toContainText('shoal.csv: 1,500 rows, 1,499 valid, 1 invalid');
  await expect(importing.getByTestId('import-rows-shown')).toHaveText('The table shows 1,000 of them: the rows that are skipped or have a note first.');
  // The skipped row heads the table, though its line comes late in the file; the others follow.
  const bodyRows = importing.locator('.n-data-table-base-table-body tbody tr');
  await expect(bodyRows.first()).toContainText('line 1401');
  await expect(bodyRows.first()).toContainText('Unicorns');
  await expect(bodyRows.nth(1)).toContainText('line 2');
  await importing.getByRole('button', { name: 'Cancel' }).click();
  await expect(importing.getByTestId('import-summary')).toHaveCount(0);
});

test('an import preview is checked again when the store changes before the clerk confirms', async ({ page }) => {
  await openSettings(page);
  const importing = section(page, 'Import pets');
  const csv = ['name,category', 'Spike,Hedgehogs', 'Sonic,Hedgehogs', `Flounder,${fishId}`].join('\n');
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'hogs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importing.getByTestId('import-summary')).toContainText('hogs.csv: 3 rows, 1 valid, 2 invalid');
  await expect(importing.getByRole('button', { name: 'Import 1 pet' })).toBeVisible();

  // An integrator adds the missing category: the rows it names will now import, and the preview says so.
  await must(host.call('categories.create', { name: 'Hedgehogs' }));
  await expect(importing.getByTestId('import-summary')).toContainText('hogs.csv: 3 rows, 3 valid, 0 invalid');
  await expect(importing.getByRole('row', { name: /Spike/ })).toContainText('will import');
  await importing.getByRole('button', { name: 'Import 3 pets' }).click();
  await expect(importing.getByRole('region', { name: 'Imported 3 pets' })).toBeVisible(); // an outcome that stays on screen
  expect((await must(host.call<{ total: number }>('pets.list', { q: 'Sonic' }))).total).toBe(1);
});

test('an import that differs from its check (the store changed an instant before the click) says so', async ({ page }) => {
  await page.route('**/__petstore/events?*', (route) => route.abort()); // this window hears of no change
  await openSettings(page);
  const importing = section(page, 'Import pets');
  const csv = ['name,category', 'Quill,Porcupines', `Wanda,${fishId}`].join('\n');
  await importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'quills.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importing.getByRole('button', { name: 'Import 1 pet' })).toBeVisible();
  await must(host.call('categories.create', { name: 'Porcupines' }));
  await importing.getByRole('button', { name: 'Import 1 pet' }).click();
  await expect(importing.getByRole('region', { name: 'Imported 2 pets (the check said 1: the store changed meanwhile)' })).toBeVisible(); // an outcome that stays on screen
});

test('export downloads CSV and JSON files with the header and the rows', async ({ page }) => {
  await must(host.call('pets.create', { name: 'Bubbles', categoryId: fishId })); // two pets: the toast counts “pets”
  await openSettings(page);
  const exporting = section(page, 'Export');
  let downloaded = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Export' }).click();
  let download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^petstore-pets-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,name,category,categoryId,status,stock');
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\d+,Rex,Dogs,${dogsId},available,1$`)));
  await expect(toast(page, /Exported \d+ pets to petstore-pets-/)).toBeVisible();

  await choose(exporting, 'Orders');
  downloaded = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Export' }).click();
  download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^petstore-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync((await download.path())!, 'utf8').split(/\r?\n/)[0]).toBe('id,petId,petName,quantity,shipDate,complete');

  await choose(exporting, 'JSON (the whole store)');
  downloaded = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Export' }).click();
  download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^petstore-\d{4}-\d{2}-\d{2}\.json$/);
  const store = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { pets: { name: string }[]; categories: { name: string }[] };
  expect(store.pets.map((pet) => pet.name)).toContain('Rex');
  // The toast counts what the file holds, not only its pets.
  await expect(toast(page, /Exported \d+ categories, \d+ pets and \d+ orders? to petstore-\d{4}-\d{2}-\d{2}\.json/)).toBeVisible();
  expect(store.categories.map((category) => category.name)).toEqual(expect.arrayContaining(['Dogs', 'Fish']));
});

test('JSON import: the store\'s own export is recognised, another shop\'s brings its categories and says its orders stay out', async ({ page }) => {
  await must(host.call('pets.create', { name: 'Bubbles', categoryId: fishId })); // two pets: the summary counts “rows”
  const count = async () => (await must(host.call<{ total: number }>('pets.list', {}))).total;
  const before = await count();
  await openSettings(page);
  const importing = section(page, 'Import pets');
  const chooseFile = (name: string, content: string) =>
    importing.getByLabel('File to import (.csv or .json)').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });

  const own = await must(host.call<{ content: string }>('data.export', { format: 'json' }));
  await chooseFile('ours.json', own.content);
  await expect(importing.getByTestId('import-summary')).toContainText(`ours.json: ${before} rows, 0 valid, 0 invalid, ${before} already in the store.`);
  const rex = importing.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Rex', exact: true }) });
  await expect(rex.getByRole('cell')).toHaveText([/^item \d+$/, 'already in the store', 'Rex', 'Dogs', 'available', '1', /^Already in the store as pet \d+$/]);
  await expect(importing.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();

  // Another shop's export, holding one pet of ours as well (same id and name).
  const ourRex = (await must(host.call<{ items: { id: number; name: string }[] }>('pets.list', { q: 'rex' }))).items.find((pet) => pet.name === 'Rex')!;
  const theirs = {
    categories: [{ id: 1, name: 'Parrots', description: 'Talkers' }, { id: 2, name: 'dogs' }],
    pets: [
      { id: 500, name: 'Polly', categoryId: 1, status: 'available', stock: 2 },
      { id: 501, name: 'Bad Row', categoryId: 2, status: 'sold', stock: 3 },
      { id: ourRex.id, name: 'Rex', categoryId: 2, status: 'available', stock: 1 },
    ],
    orders: [{ id: 9, petId: 500, quantity: 1, complete: true }],
  };
  await chooseFile('theirs.json', JSON.stringify(theirs));
  await expect(importing.getByTestId('import-summary')).toContainText('theirs.json: 3 rows, 1 valid, 1 invalid, 1 already in the store.');
  await expect(importing.getByTestId('import-notes')).toHaveText(
    /Creates 1 category the store does not have: Parrots\.\s*The file's 1 order is not imported: an import adds pets and their categories only\./,
  );
  await expect(importing.getByRole('row', { name: /Polly/ }).getByRole('cell')).toHaveText(['item 1', 'will import', 'Polly', 'Parrots (new)', 'available', '2', '']);
  await expect(importing.getByRole('row', { name: /Bad Row/ }).getByRole('cell')).toHaveText([
    'item 2',
    'skipped',
    'Bad Row',
    'dogs',
    'sold',
    '3',
    'stock: A sold pet has no stock',
  ]);
  expect(await count()).toBe(before);

  await importing.getByRole('button', { name: 'Import 1 pet and 1 category' }).click();
  await expect(importing.getByRole('region', { name: 'Imported 1 pet, skipped 1 invalid row, left 1 pet already in the store alone, created 1 category' })).toBeVisible(); // an outcome that stays on screen
  const parrots = await must(host.call<{ items: { id: number; name: string; description?: string }[] }>('categories.list', { q: 'parrots' }));
  expect(parrots.items).toEqual([{ id: expect.any(Number), name: 'Parrots', description: 'Talkers' }]);
  const polly = await must(host.call<{ items: { name: string; categoryId: number }[] }>('pets.list', { q: 'polly' }));
  expect(polly.items).toEqual([expect.objectContaining({ name: 'Polly', categoryId: parrots.items[0]!.id })]);
  expect(await count()).toBe(before + 1);
});

test('the theme switch turns the app dark, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSettings(page);
  const shell = page.locator('.shell');
  const background = () => shell.evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect(shell).not.toHaveClass(/shell--dark/);
  const light = await background();

  await choose(page, 'Dark');
  await expect(shell).toHaveClass(/shell--dark/);
  await expect.poll(background).not.toBe(light);
  // The browser's own controls (the file picker's button) turn dark too.
  const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  await expect.poll(scheme).toBe('dark');

  await page.reload();
  await expect(page.getByLabel('Dark', { exact: true })).toBeChecked();
  await expect(shell).toHaveClass(/shell--dark/);

  // "Same as the system" follows the system again.
  await choose(page, 'Same as the system');
  await expect(shell).not.toHaveClass(/shell--dark/);
  await expect.poll(scheme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(shell).toHaveClass(/shell--dark/);
});

test('store settings changed elsewhere while the screen is open show up, and a Save writes back only the clerk\'s changes', async ({ page }) => {
  const before = await must(host.call<Record<string, unknown>>('settings.get', {}));
  try {
    await openSettings(page);
    const general = section(page, 'Shop details');
    await expect(general.getByLabel('Shop name')).toHaveValue(String(before.shopName));
    await general.getByLabel('Shop name').fill('Corner Shop');

    // Another window (or `petstore settings set`) changes the threshold, the rate limit and the name.
    await must(host.call('settings.update', { lowStockThreshold: 5, rateLimitPerMinute: 900, shopName: 'Their Shop' }));
    // Untouched fields take the new values; the clerk's own stays, and a note says what happened.
    await expect(general.getByLabel('Low-stock threshold')).toHaveValue('5');
    await expect(section(page, 'API access').getByLabel('Rate limit per minute')).toHaveValue('900');
    await expect(general.getByLabel('Shop name')).toHaveValue('Corner Shop');
    const note = general.getByRole('alert').filter({ hasText: 'Changed elsewhere while you were editing' });
    await expect(note).toContainText('Low-stock threshold is now 5.');
    await expect(note).toContainText('Shop name is now Their Shop; yours (Corner Shop) replaces it when you save.');

    await general.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect(note).toHaveCount(0);
    expect(await must(host.call('settings.get', {}))).toMatchObject({ shopName: 'Corner Shop', lowStockThreshold: 5, rateLimitPerMinute: 900 });

  } finally {
    const { shopName, lowStockThreshold, rateLimitPerMinute } = before;
    await must(host.call('settings.update', { shopName, lowStockThreshold, rateLimitPerMinute }));
  }
});

test('a change the screen has not heard of yet is not written back by a Save of another field', async ({ page }) => {
  const before = await must(host.call<Record<string, unknown>>('settings.get', {}));
  // The change's event is still on its way: this window hears of no change at all.
  await page.route('**/__petstore/events**', (route) => route.abort());
  try {
    await openSettings(page);
    const general = section(page, 'Shop details');
    await expect(general.getByLabel('Low-stock threshold')).toHaveValue(String(before.lowStockThreshold));
    await must(host.call('settings.update', { lowStockThreshold: 7 }));
    await general.getByLabel('Shop name').fill('Corner Shop');
    await general.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    expect(await must(host.call('settings.get', {}))).toMatchObject({ shopName: 'Corner Shop', lowStockThreshold: 7 });
    // What is shown after the Save is what is stored.
    await expect(general.getByLabel('Low-stock threshold')).toHaveValue('7');
  } finally {
    const { shopName, lowStockThreshold, rateLimitPerMinute } = before;
    await must(host.call('settings.update', { shopName, lowStockThreshold, rateLimitPerMinute }));
  }
});

test('a listener moved elsewhere shows its new port, and saving only a new bind address keeps that port', async ({ page }) => {
  const first = await freePort();
  await must(host.call('settings.update', { listenerPort: first }));
  await must(host.call('listener.start', {}));
  try {
    await openSettings(page);
    const listener = section(page, 'REST API listener');
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${first}/v1`);
    await expect(listener.getByLabel('Port')).toHaveValue(String(first));

    // Another window moves it. This one, with no edits, simply follows: there was no editing to be told about.
    const second = await freePort();
    await must(host.call('listener.move', { listenerHost: '127.0.0.1', listenerPort: second }));
    await expect(listener.getByLabel('Port')).toHaveValue(String(second));
    await expect(listener.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${second}/v1`);
    await expect(listener.getByText('Changed elsewhere')).toHaveCount(0);

    // This one changes only the bind address: the listener stays on the port it is on.
    await listener.getByLabel('Bind address').fill('localhost');
    await listener.getByRole('button', { name: 'Save address' }).click();
    await expect(toast(page, 'restarted at')).toBeVisible();
    expect(await must(host.call('listener.status', {}))).toMatchObject({ running: true, host: 'localhost', port: second });
    expect((await fetch(`http://127.0.0.1:${second}/health`)).status).toBe(200);

    // Moved again while the clerk answers "Open the API to other machines?": confirming keeps that move.
    await listener.getByLabel('Bind address').fill('0.0.0.0');
    await listener.getByRole('button', { name: 'Save address' }).click();
    const ask = page.getByRole('dialog', { name: 'Open the API to other machines?' });
    const third = await freePort();
    await must(host.call('listener.move', { listenerPort: third }));
    await expect(listener.getByLabel('Port')).toHaveValue(String(third));
    // While the clerk is editing the address, the move is said.
    await expect(listener.getByRole('alert').filter({ hasText: 'Changed elsewhere while you were editing' })).toContainText(`Port is now ${third}.`);
    await ask.getByRole('button', { name: 'Listen on 0.0.0.0' }).click();
    await expect.poll(async () => must(host.call('listener.status', {}))).toMatchObject({ running: true, host: '0.0.0.0', port: third });
    await expect(listener.getByText('Changed elsewhere while you were editing')).toHaveCount(0); // saved: the note goes
  } finally {
    await must(host.call('listener.stop', {}));
    await must(host.call('listener.move', { listenerHost: '127.0.0.1', listenerPort: first }));
  }
});

test('tokens made and the listener switched elsewhere show while the screen is open; the screen stops asking once left', async ({ page }) => {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/__petstore/invoke/tokens.list')) reads.push(request.url());
  });
  const port = await freePort();
  await must(host.call('settings.update', { listenerPort: port }));
  await openSettings(page);
  const tokens = section(page, 'API tokens');
  const listener = section(page, 'REST API listener');
  const onOff = listener.getByRole('switch', { name: 'REST listener on' });
  await expect(onOff).toHaveAttribute('aria-checked', 'false');

  // `petstore token create` (or another window) while the screen is shown.
  const made = await must(host.call<{ token: { id: number } }>('tokens.create', { label: 'made by the CLI', scope: 'read' }));
  const row = tokens.getByRole('row', { name: /made by the CLI/ });
  await expect(row).toContainText('Active');
  await must(host.call('tokens.revoke', { tokenId: made.token.id }));
  await expect(row).toContainText('Revoked');

  // Started, then stopped, by another window.
  await must(host.call('listener.start', {}));
  await expect(onOff).toHaveAttribute('aria-checked', 'true');
  await expect(listener.getByText('Running', { exact: true })).toBeVisible();
  await must(host.call('listener.stop', {}));
  await expect(onOff).toHaveAttribute('aria-checked', 'false');
  await expect(listener.getByText('Off', { exact: true })).toBeVisible();

  // Coming back to the window asks at once.
  await must(host.call('tokens.create', { label: 'made while away', scope: 'read' }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(tokens.getByRole('row', { name: /made while away/ })).toBeVisible({ timeout: 1000 });

  // Left: no more asking.
  await page.getByRole('link', { name: /Dashboard/ }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  const asked = reads.length;
  await page.waitForTimeout(4000);
  expect(reads.length).toBe(asked);
});

test('the settings screen is accessible in light and dark, with a screenshot', async ({ page }) => {
  const port = await freePort();
  await must(host.call('settings.update', { listenerPort: port }));
  await must(host.call('listener.start', {}));
  await must(host.call('tokens.create', { label: 'label printer', scope: 'read' }));
  await openSettings(page);
  await expect(section(page, 'API tokens').getByRole('row', { name: /label printer/ })).toBeVisible();
  await expect(page.getByTestId('listener-url')).toHaveText(`http://127.0.0.1:${port}/v1`);
  await expect(page.getByTestId('data-folder')).toBeVisible();
  const csv = 'name,category,status\nGoldie,Fish,available\nSpot,Lizards,available\n';
  await section(page, 'Import pets').getByLabel('File to import (.csv or .json)').setInputFiles({ name: 'pond.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-summary')).toContainText('2 rows, 1 valid, 1 invalid');
  await expectAccessible(page, 'settings');

  // With a token's secret on screen.
  await section(page, 'API tokens').getByLabel('Token label').fill('stock sync');
  await section(page, 'API tokens').getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('dialog', { name: 'New API token' });
  await expect(shown).toBeVisible();
  await expectAccessible(page, 'settings: new token dialog');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // With a confirmation asked (about a real backup: another file is refused before the question).
  await must(host.call('backup.create', { file: join(scratch, 'any.db') }));
  await section(page, 'Backup and restore').getByLabel('Backup file to restore').fill(join(scratch, 'any.db'));
  await section(page, 'Backup and restore').getByRole('button', { name: 'Restore…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'settings: restore confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Tall enough for the three parts, from the top: the Shop part first.
  await page.setViewportSize({ width: 1280, height: 2900 });
  await page.locator('main').evaluate((main) => main.closest('.n-layout-scroll-container')?.scrollTo({ top: 0 }));
  await saveScreenshot(page, 'settings');
  await must(host.call('listener.stop', {}));
});

test('a double click on Create token makes one token, the one whose secret is shown', async ({ page }) => {
  await openSettings(page);
  const tokens = section(page, 'API tokens');
  await tokens.getByLabel('Token label').fill('double click');
  await tokens.getByRole('button', { name: 'Create token' }).dblclick();
  const shown = page.getByRole('dialog', { name: 'New API token' });
  await expect(shown).toContainText('You will not see it again');
  await shown.getByRole('button', { name: 'Done' }).click();
  const listed = await must(host.call<{ label: string }[]>('tokens.list', {}));
  expect(listed.filter((token) => token.label === 'double click')).toHaveLength(1);
});

test('the listener switched on for the next start by another program is said, and switched on here it runs', async ({ page }) => {
  await openSettings(page);
  const listener = section(page, 'REST API listener');
  const onOff = listener.getByRole('switch', { name: 'REST listener on' });
  await expect(onOff).toHaveAttribute('aria-checked', 'false');
  await must(host.call('settings.update', { listenerEnabled: true })); // as `petstore settings set listenerEnabled=true` does
  await expect(listener.getByTestId('listener-next-start')).toHaveText('Another window or the command line set to start the listener when the app starts. It is off now: switch it on to start it.');
  await onOff.click();
  await expect(onOff).toHaveAttribute('aria-checked', 'true');
  await expect(listener.getByTestId('listener-next-start')).toHaveCount(0);
  await must(host.call('settings.update', { listenerEnabled: false }));
  await expect(listener.getByTestId('listener-next-start')).toHaveText('Another window or the command line set not to start the listener when the app starts. It runs until switched off or the app closes.');
  await onOff.click();
  await expect(onOff).toHaveAttribute('aria-checked', 'false');
  await expect(listener.getByTestId('listener-next-start')).toHaveCount(0);
});

test('after restoring a backup that starts the listener, while it is off, the screen says the backup set it and how to start it', async ({ page }) => {
  await must(host.call('settings.update', { listenerEnabled: true }));
  const file = join(scratch, 'listener-on.db');
  await must(host.call('backup.create', { file }));
  await must(host.call('settings.update', { listenerEnabled: false }));
  await openSettings(page);
  const backup = section(page, 'Backup and restore');
  await backup.getByLabel('Backup file to restore').fill(file);
  await backup.getByRole('button', { name: 'Restore…' }).click();
  await page.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('button', { name: 'Replace the data' }).click();
  await expect(page.getByTestId('restore-note')).toBeVisible();
  const listener = section(page, 'REST API listener');
  await expect(listener.getByTestId('listener-next-start')).toHaveText('The restored backup says to start the listener when the app starts. It is off now: switch it on to start it.');
  await expect(listener.getByRole('switch', { name: 'REST listener on' })).toHaveAttribute('aria-checked', 'false');
});
