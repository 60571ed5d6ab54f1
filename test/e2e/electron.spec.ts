import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PetstoreBridge } from '../../src-shared/bridge';
import { CONTENT_SECURITY_POLICY } from '../../src-main/host/csp';

/** The page's global as the preload leaves it (tests run in Node, without DOM types). */
type AppGlobal = typeof globalThis & { petstore: PetstoreBridge };

/**
 * The real desktop app. Runs wherever the Electron binary is installed (and better-sqlite3 was
 * built for it by `npm start`/`npm run prepare:electron`); elsewhere it is skipped with the reason.
 */
function electronBinary(): { path?: string; reason?: string } {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return { reason: `the Electron binary is not installed (${pathFile} missing; it downloads on first \`npm start\` where the network allows)` };
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { reason: `the Electron binary ${binary} is missing` };
  if (!existsSync(join(process.cwd(), 'native', 'electron', 'better_sqlite3.node'))) {
    return { reason: 'better-sqlite3 has not been built for Electron (run `npm run prepare:electron`)' };
  }
  return { path: binary };
}

const binary = electronBinary();
if (binary.reason) console.log(`[electron.spec] skipped: ${binary.reason}`);

test.skip(!binary.path, binary.reason ?? '');

test('the desktop app opens hardened, and a menu command creates a pet through IPC', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: ['.'],
    env: { ...process.env, PETSTORE_DB: join(dataDir, 'store.db') },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { name: 'Till', level: 2 })).toBeVisible();

    // Served from the app:// protocol (not file://), a secure context, each answer with the CSP;
    // nothing outside out/renderer is reachable through it.
    expect(page.url()).toMatch(/^app:\/\/petstore\/index\.html#\//);
    expect(await page.evaluate(() => [location.origin, isSecureContext])).toEqual(['app://petstore', true]);
    const served = await page.evaluate(async () => {
      const answer = async (url: string) => {
        const response = await fetch(url);
        return { status: response.status, csp: response.headers.get('content-security-policy') };
      };
      return [await answer('app://petstore/index.html'), await answer('app://petstore/..%2fmain%2findex.js')];
    });
    expect(served).toEqual([
      { status: 200, csp: CONTENT_SECURITY_POLICY },
      { status: 404, csp: CONTENT_SECURITY_POLICY },
    ]);
    // Permissions are refused (the session's check handler answers navigator.permissions).
    expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state)).toBe('denied');

    // Hardened: no Node in the page, only the preload's API.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((globalThis as AppGlobal).petstore).sort())).toEqual(['invoke', 'onCommand', 'onEvent', 'onLink']);
    // New windows are denied (http(s) links would go to the user's browser instead).
    await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('about:blank'));
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');

    const created = await page.evaluate(() => (globalThis as AppGlobal).petstore.invoke('categories.create', { name: 'Dogs' }));
    expect(created).toMatchObject({ ok: true });
    const refused = await page.evaluate(() => (globalThis as AppGlobal).petstore.invoke('pets.create', { name: '', categoryId: 1 }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', status: 400 } });

    // The native menu's "New pet…" reaches the page as a command, as a menu click would send it.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].webContents.send('petstore:command', 'pets.new'));
    const dialog = page.getByRole('dialog', { name: 'New pet' });
    await dialog.getByLabel('Name').fill('Rex');
    await dialog.getByLabel('Category').fill('Dogs');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: /Rex/ })).toBeVisible();
    expect(await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label))).toEqual(
      expect.arrayContaining(['File', 'Store', 'View', 'Help']),
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
