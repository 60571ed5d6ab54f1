import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { windowWebPreferences } from './hardening/web-preferences';
import { loadWindowState, rememberWindowState } from './window-state';

/**
 * The clerk's window: hidden until its first paint, sandboxed, with only the preload's API, where
 * and as large as the clerk left it last time. `pageUrl` is app://petstore/index.html, or the dev
 * server's under `electron-vite dev`.
 */
export function createMainWindow(outDir: string, pageUrl: string): BrowserWindow {
  const userData = app.getPath('userData');
  const state = loadWindowState(userData);
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    ...state.bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Pet Store Clerk',
    autoHideMenuBar: false,
    webPreferences: windowWebPreferences(join(outDir, 'preload', 'index.cjs')),
  });
  rememberWindowState(window, userData);
  askBeforeLosingEdits(window);
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(pageUrl);
  return window;
}

/**
 * The page refuses to unload (its `beforeunload`) while a form holds unsaved changes; a browser
 * then asks the user, Electron only cancels in silence. So the clerk closing or reloading the
 * window is asked here, with the page's own words.
 */
function askBeforeLosingEdits(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      title: 'Unsaved changes',
      message: 'Leave without saving?',
      detail: 'A form in this window has changes that are not saved yet.',
      buttons: ['Stay', 'Leave without saving'],
      defaultId: 0,
      cancelId: 0,
    });
    if (choice === 1) event.preventDefault(); // ignores the page's refusal: the window closes or reloads
  });
}
