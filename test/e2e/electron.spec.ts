import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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

test('the desktop app opens hardened, lists pets and creates one through IPC', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'petstore-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: ['.'],
    env: { ...process.env, PETSTORE_DB: join(dataDir, 'store.db') },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { name: 'Pets' })).toBeVisible();

    // Hardened: no Node in the page, only the preload's API.
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => Object.keys(window.petstore).sort())).toEqual(['invoke', 'onEvent']);
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents;
      return contents.getLastWebPreferences();
    });
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });

    const created = await window.evaluate(async () => {
      const category = await window.petstore.invoke('categories.create', { name: 'Dogs' });
      return category;
    });
    expect(created).toMatchObject({ ok: true });
    const refused = await window.evaluate(() => window.petstore.invoke('pets.create', { name: '', categoryId: 1 }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', status: 400 } });

    await window.getByRole('button', { name: 'New pet' }).click();
    await window.getByLabel('Name').fill('Rex');
    await window.getByLabel('Category').fill('Dogs');
    await window.keyboard.press('Enter');
    await window.getByRole('button', { name: 'Save' }).click();
    await expect(window.getByRole('row', { name: /Rex/ })).toBeVisible();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
