import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { loadWindowState, rememberWindowState } from './window-state';

export interface RendererLocation {
  /** The dev server's URL under `electron-vite dev`, else undefined. */
  devUrl?: string;
  /** The built index.html. */
  file: string;
}

/**
 * The clerk's window: hidden until its first paint, sandboxed, with only the preload's API, where
 * and as large as the clerk left it last time.
 */
export function createMainWindow(outDir: string, renderer: RendererLocation): BrowserWindow {
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
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  rememberWindowState(window, userData);
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  if (renderer.devUrl) void window.loadURL(renderer.devUrl);
  else void window.loadFile(renderer.file);
  return window;
}
