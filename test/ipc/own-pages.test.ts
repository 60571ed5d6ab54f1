/**
 * main.ts's check of which pages may call the store (src-main/ipc/own-pages.ts), in development
 * (the dev server) and packaged (the built index.html). The IPC tests run it for a packaged app.
 */
import { describe, expect, test } from 'vitest';
import { ownUrlCheck, trustedSenderCheck } from '../../src-main/ipc/own-pages';

const BUILT = 'file:///opt/pet-store-clerk/resources/app.asar/out/renderer/index.html';

describe('own pages', () => {
  test('packaged: the built index.html, with or without a hash route, and nothing else', () => {
    const isOwn = ownUrlCheck({ rendererFileUrl: BUILT });
    expect(isOwn(BUILT)).toBe(true);
    expect(isOwn(`${BUILT}#/orders`)).toBe(true);
    for (const url of [`${BUILT}?x=1`, `${BUILT}.html`, 'file:///tmp/index.html', 'http://localhost:5173/', 'about:blank']) {
      expect(isOwn(url), url).toBe(false);
    }
  });

  test('in development: pages of the dev server origin only, not the built file or a look-alike host', () => {
    const isOwn = ownUrlCheck({ rendererFileUrl: BUILT, devUrl: 'http://localhost:5173/' });
    expect(isOwn('http://localhost:5173/')).toBe(true);
    expect(isOwn('http://localhost:5173/#/pets')).toBe(true);
    for (const url of ['http://localhost:5173.evil.example/', 'http://localhost:5174/', 'https://localhost:5173/', BUILT]) {
      expect(isOwn(url), url).toBe(false);
    }
  });

  test('a message without a frame, or from a foreign frame, is not trusted', () => {
    const trusted = trustedSenderCheck(ownUrlCheck({ rendererFileUrl: BUILT }));
    expect(trusted({ senderFrame: { url: BUILT } })).toBe(true);
    expect(trusted({ senderFrame: null })).toBe(false);
    expect(trusted({})).toBe(false);
    expect(trusted({ senderFrame: { url: 'https://evil.example/' } })).toBe(false);
  });
});
