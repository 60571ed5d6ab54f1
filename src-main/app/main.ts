/**
 * The Electron main process: one store service on the user's database, reached by the renderer
 * only through the IPC handlers derived from the contract.
 */
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EVENT_CHANNEL } from '../../src-shared/bridge';
import { nativeBindingForRuntime } from '../db/native-binding';
import { ownUrlCheck, trustedSenderCheck } from '../ipc/own-pages';
import { registerStoreIpc } from '../ipc/register';
import { createHostHandlers } from '../host/shell-handlers';
import { batchEventsPerTurn } from '../host/event-batches';
import { openStore, type Store } from '../service/store';
import { desktopHandlers } from './desktop-handlers';
import { installMenu } from './menu';
import { hardenApp } from './security';
import { createMainWindow } from './window';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const rendererFile = join(outDir, 'renderer', 'index.html');
const devUrl = process.env.ELECTRON_RENDERER_URL;
/** Our own pages: the built index.html, or the dev server in development. */
const isOwnUrl = ownUrlCheck({ rendererFileUrl: pathToFileURL(rendererFile).href, devUrl });
const isTrustedSender = trustedSenderCheck(isOwnUrl);

let store: Store | undefined;
let stopListener: (() => Promise<unknown>) | undefined;
let quitting = false;

function start(): void {
  const databaseFile = process.env.PETSTORE_DB ?? join(app.getPath('userData'), 'petstore.db');
  try {
    store = openStore(databaseFile, { nativeBinding: nativeBindingForRuntime(app.getAppPath()) });
  } catch (error) {
    dialog.showErrorBox('Pet Store Clerk cannot open its data', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }
  // The REST listener stays off until the owner turns it on (listener.start over IPC).
  const { handlers, listener } = createHostHandlers(store, 'electron', desktopHandlers(store));
  // Not resuming is not fatal: the app opens, and Settings says the listener is off.
  listener.resume().catch((error: unknown) => console.error('The REST listener could not be resumed:', error));
  stopListener = () => listener.stop();
  registerStoreIpc(ipcMain, handlers, { isTrustedSender, lockWait: store.context.commits });
  store.feed.subscribe(
    batchEventsPerTurn((events) => {
      for (const window of BrowserWindow.getAllWindows()) {
        if (window.isDestroyed() || window.webContents.isDestroyed()) continue; // closing: gone before the batch
        try {
          window.webContents.send(EVENT_CHANNEL, events);
        } catch (error) {
          console.error('Store events could not be sent to a window:', error); // the other windows still get them
        }
      }
    }),
  );
  installMenu(!!devUrl);
  createMainWindow(outDir, { devUrl, file: rendererFile });
}

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the database: hand over to it and leave.
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  void app.whenReady().then(() => {
    hardenApp(isOwnUrl);
    start();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(outDir, { devUrl, file: rendererFile });
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Stop the listener (in-flight requests finish) before the database closes under it.
  app.on('will-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    void (stopListener?.() ?? Promise.resolve())
      .catch((error) => console.error('[petstore] stopping the listener:', error))
      .finally(() => {
        store?.close();
        app.quit();
      });
  });
}
