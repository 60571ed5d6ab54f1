import { BrowserWindow } from 'electron';
import { join } from 'node:path';

export interface RendererLocation {
  /** The dev server's URL under `electron-vite dev`, else undefined. */
  devUrl?: string;
  /** The built index.html. */
  file: string;
}

/** The clerk's window: hidden until its first paint, sandboxed, with only the preload's API. */
export function createMainWindow(outDir: string, renderer: RendererLocation): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
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
  window.once('ready-to-show', () => window.show());
  if (renderer.devUrl) void window.loadURL(renderer.devUrl);
  else void window.loadFile(renderer.file);
  return window;
}
