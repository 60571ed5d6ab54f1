/**
 * The navigation guard (security.ts's will-navigate and will-redirect handlers call ownUrlCheck from
 * src-main/ipc/own-pages.ts; security checklist item 13): the window stays on the app's own page.
 */
import { describe, expect, test } from 'vitest';
import { APP_ENTRY_URL, ownUrlCheck } from '../../src-main/ipc/own-pages';

describe('navigation', () => {
  test('packaged: only to the app’s page on app://, whatever its hash route', () => {
    const mayNavigate = ownUrlCheck();
    for (const url of [APP_ENTRY_URL, `${APP_ENTRY_URL}#/pets`, `${APP_ENTRY_URL}#/orders/12/receipt`]) {
      expect(mayNavigate(url), url).toBe(true);
    }
  });

  test('packaged: not to the web, a file (the built page’s old file:// address included), or another app:// file', () => {
    const mayNavigate = ownUrlCheck();
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8787/docs',
      'file:///opt/pet-store-clerk/resources/app.asar/out/renderer/index.html',
      'file:///etc/passwd',
      'app://petstore/assets/index.js',
      'app://other/index.html',
      'data:text/html,<h1>hi</h1>',
      'javascript:alert(1)',
      'about:blank',
      'devtools://devtools/bundled/devtools_app.html',
    ]) {
      expect(mayNavigate(url), url).toBe(false);
    }
  });

  test('in development: only within the dev server', () => {
    const mayNavigate = ownUrlCheck({ devUrl: 'http://localhost:5173/' });
    expect(mayNavigate('http://localhost:5173/#/pets')).toBe(true);
    expect(mayNavigate('https://evil.example/')).toBe(false);
    expect(mayNavigate('http://localhost:5173@evil.example/')).toBe(false);
  });
});
