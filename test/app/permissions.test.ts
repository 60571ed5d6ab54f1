/**
 * The permission handlers' decision (src-main/app/hardening/permissions.ts; security checklist item 5):
 * every permission refused but writing to the clipboard, and that only for our own pages.
 */
import { describe, expect, test } from 'vitest';
import { permissionCheck } from '../../src-main/app/hardening/permissions';
import { APP_ENTRY_URL, ownOrigin } from '../../src-main/ipc/own-pages';

const allowed = permissionCheck(ownOrigin());

describe('permissions', () => {
  test('our page may write to the clipboard (the copy buttons), asked by URL (request) or by origin (check)', () => {
    expect(allowed('clipboard-sanitized-write', `${APP_ENTRY_URL}#/settings`)).toBe(true);
    expect(allowed('clipboard-sanitized-write', 'app://petstore')).toBe(true);
  });

  test('every other permission is refused, to our page too', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'usb', 'display-capture', 'midiSysex', 'pointerLock', 'fileSystem']) {
      expect(allowed(permission, APP_ENTRY_URL), permission).toBe(false);
    }
  });

  test('another page, or one that does not say who it is, may not even write to the clipboard', () => {
    for (const page of ['https://evil.example/', 'app://petstore.evil.example/index.html', 'app://petstoreevil', 'file:///opt/app/out/renderer/index.html', 'null', '', undefined]) {
      expect(allowed('clipboard-sanitized-write', page), String(page)).toBe(false);
    }
  });

  test('in development, the dev server is our page', () => {
    const inDev = permissionCheck(ownOrigin({ devUrl: 'http://localhost:5173/' }));
    expect(inDev('clipboard-sanitized-write', 'http://localhost:5173')).toBe(true);
    expect(inDev('clipboard-sanitized-write', 'http://localhost:5173/#/settings')).toBe(true);
    expect(inDev('clipboard-sanitized-write', 'http://localhost:51730/')).toBe(false);
    expect(inDev('clipboard-sanitized-write', APP_ENTRY_URL)).toBe(false);
  });
});
