/**
 * The window's webPreferences (src-main/app/hardening/web-preferences.ts, which window.ts passes to
 * BrowserWindow): Electron's security checklist items that live there, each asserted.
 */
import { describe, expect, test } from 'vitest';
import { windowWebPreferences } from '../../src-main/app/hardening/web-preferences';

const prefs: Record<string, unknown> = windowWebPreferences('/app/out/preload/index.cjs');

describe('the window’s webPreferences', () => {
  test('the preload is the one given, and nothing else is loaded into the page', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  test.each([
    ['2. no Node.js integration, in the page, its workers or its frames', { nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false }],
    ['3. context isolation', { contextIsolation: true }],
    ['4. the process sandbox', { sandbox: true }],
    ['6. web security', { webSecurity: true }],
    ['8. no insecure content', { allowRunningInsecureContent: false }],
    ['9. no experimental features', { experimentalFeatures: false }],
    ['11/12. no <webview>', { webviewTag: false }],
    ['13. a dropped file does not navigate', { navigateOnDragDrop: false }],
  ])('checklist %s', (_item, expected) => {
    expect(prefs).toMatchObject(expected);
  });

  test('10. no enableBlinkFeatures, and no option beyond those above (a new one is a decision to review)', () => {
    expect(Object.keys(prefs).sort()).toEqual(
      [
        'preload',
        'contextIsolation',
        'sandbox',
        'nodeIntegration',
        'nodeIntegrationInWorker',
        'nodeIntegrationInSubFrames',
        'webSecurity',
        'allowRunningInsecureContent',
        'experimentalFeatures',
        'webviewTag',
        'navigateOnDragDrop',
        'spellcheck',
      ].sort(),
    );
  });
});
