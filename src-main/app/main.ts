/**
 * The Electron main process: one store service on the user's database, reached by the renderer
 * only through the IPC handlers derived from the contract.
 */
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_CHANNEL } from '../../src-shared/bridge';
import { nativeBindingForRuntime } from '../db/native-binding';
import { APP_ENTRY_URL, ownOrigin, ownUrlCheck, trustedSenderCheck } from '../ipc/own-pages';
import { registerStoreIpc } from '../ipc/register';
import { createHostHandlers } from '../host/shell-handlers';
import { batchEventsPerTurn } from '../host/event-batches';
import { openStore, type Store } from '../service/store';
import { desktopHandlers } from './desktop-handlers';
import { readTillFile } from '../remote/till-file';
import type { ConnectedTill } from '../remote/connected-till';
import { startTill } from './till-mode';
import { installMenu } from './menu';
import { externalLinkCheck } from './hardening/external-links';
import { hardenApp, registerAppScheme } from './security';
import { createMainWindow } from './window';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const devUrl = process.env.ELECTRON_RENDERER_URL;
/** The window's page: the built renderer served from app://, or the dev server in development. */
const pageUrl = devUrl ?? APP_ENTRY_URL;
const isOwnUrl = ownUrlCheck({ devUrl });
const isTrustedSender = trustedSenderCheck(isOwnUrl);

let store: Store | undefined;
let listener: ReturnType<typeof createHostHandlers>['listener'] | undefined;
/** The app's own links: the API reference of the REST listener while it runs. */
const isExternalLink = externalLinkCheck(() => listener?.status().url ?? null);
let quitting = false;

let till: ConnectedTill | undefined;

/** A till of a shop server when a pairing file is there (docs/decisions.md#connected-mode); else undefined. */
function tillPairing() {
  const file = process.env.PETSTORE_TILL ?? join(app.getPath('userData'), 'till.json');
  try {
    return readTillFile(file);
  } catch (error) {
    dialog.showErrorBox('Pet Store Clerk cannot read its pairing', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return null;
  }
}

function start(): void {
  const pairing = tillPairing();
  if (pairing === null) return;
  if (pairing) {
    till = startTill(pairing, isTrustedSender);
    installMenu(!!devUrl);
    createMainWindow(outDir, pageUrl);
    return;
  }
  const databaseFile = process.env.PETSTORE_DB ?? join(app.getPath('userData'), 'petstore.db');
  try {
    store = openStore(databaseFile, { nativeBinding: nativeBindingForRuntime(app.getAppPath()) });
  } catch (error) {
    dialog.showErrorBox('Pet Store Clerk cannot open its data', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }
  // The REST listener stays off until the owner turns it on (listener.start over IPC).
  const host = createHostHandlers(store, 'electron', desktopHandlers(store));
  const { handlers } = host;
  listener = host.listener;
  // Not resuming is not fatal: the app opens, and Settings says the listener is off.
  listener.resume().catch((error: unknown) => console.error('The REST listener could not be resumed:', error));
  registerStoreIpc(ipcMain, handlers, {
    isTrustedSender,
    lockWait: store.context.commits,
    context: store.context,
    onAccessChange: (mayCall) => installMenu(!!devUrl, mayCall),
  });
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
  createMainWindow(outDir, pageUrl);
}

// Before the app is ready, as Electron requires; app:// is then served once it is.
registerAppScheme();

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
    hardenApp({ isOwnUrl, ownOrigin: ownOrigin({ devUrl }), isExternalLink, rendererDir: join(outDir, 'renderer') });
    start();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(outDir, pageUrl);
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Stop the listener (in-flight requests finish) before the database closes under it.
  app.on('will-quit', (event) => {
    if (quitting) return;
    quitting = true;
    till?.stop();
    event.preventDefault();
    void (listener?.stop() ?? Promise.resolve())
      .catch((error) => console.error('[petstore] stopping the listener:', error))
      .finally(() => {
        store?.close();
        app.quit();
      });
  });
}
