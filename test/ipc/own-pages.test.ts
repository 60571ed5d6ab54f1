/**
 * main.ts's check of which pages may call the store (src-main/ipc/own-pages.ts), in development
 * (the dev server) and packaged (app://petstore/index.html). The IPC tests run it for a packaged app.
 */
import { describe, expect, test } from 'vitest';
import { APP_ENTRY_URL, ownOrigin, ownUrlCheck, trustedSenderCheck } from '../../src-main/ipc/own-pages';

/** Where the packaged renderer was loaded from before it had its own scheme. */
const BUILT_FILE = 'file:///opt/pet-store-clerk/resources/app.asar/out/renderer/index.html';

describe('own pages', () => {
  test('packaged: the page is served from the app:// scheme, not from a file', () => {
    expect(APP_ENTRY_URL).toBe('app://petstore/index.html');
    expect(ownOrigin()).toBe('app://petstore');
  });

  test('packaged: app://petstore/index.html, with or without a hash route, and nothing else', () => {
    const isOwn = ownUrlCheck();
    expect(isOwn(APP_ENTRY_URL)).toBe(true);
    expect(isOwn(`${APP_ENTRY_URL}#/orders`)).toBe(true);
    for (const url of [
      BUILT_FILE,
      `${BUILT_FILE}#/orders`,
      `${APP_ENTRY_URL}?x=1`,
      `${APP_ENTRY_URL}.html`,
      'app://petstore/',
      'app://petstore/assets/index.js',
      'app://petstore.evil.example/index.html',
      'app://evil/index.html',
      'APP://PETSTORE/INDEX.HTML',
      'file:///tmp/index.html',
      'http://localhost:5173/',
      'about:blank',
    ]) {
      expect(isOwn(url), url).toBe(false);
    }
  });

  test('in development: pages of the dev server origin only, not the app:// page or a look-alike host', () => {
    const isOwn = ownUrlCheck({ devUrl: 'http://localhost:5173/' });
    expect(ownOrigin({ devUrl: 'http://localhost:5173/' })).toBe('http://localhost:5173');
    expect(isOwn('http://localhost:5173/')).toBe(true);
    expect(isOwn('http://localhost:5173/#/pets')).toBe(true);
    for (const url of ['http://localhost:5173.evil.example/', 'http://localhost:5174/', 'https://localhost:5173/', APP_ENTRY_URL, BUILT_FILE]) {
      expect(isOwn(url), url).toBe(false);
    }
  });

  test('a message without a frame, or from a foreign frame, is not trusted', () => {
    const trusted = trustedSenderCheck(ownUrlCheck());
    expect(trusted({ senderFrame: { url: APP_ENTRY_URL } })).toBe(true);
    expect(trusted({ senderFrame: { url: `${APP_ENTRY_URL}#/settings` } })).toBe(true);
    expect(trusted({ senderFrame: null })).toBe(false);
    expect(trusted({})).toBe(false);
    expect(trusted({ senderFrame: { url: BUILT_FILE } })).toBe(false);
    expect(trusted({ senderFrame: { url: 'https://evil.example/' } })).toBe(false);
  });
});
