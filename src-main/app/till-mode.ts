/**
 * The desktop app as a till of a shop server (a pairing file: PETSTORE_TILL, else till.json in the
 * app's data folder): its windows' calls go to the server (remote-handlers.ts), its events and link
 * state come from it; printing stays on this machine. No store is opened here.
 */
import { BrowserWindow, ipcMain, app } from 'electron';
import { EVENT_CHANNEL, LINK_CHANNEL } from '../../src-shared/bridge';
import { StoreError } from '../../src-shared/errors';
import { registerInvokeIpc, type IpcInvokeEventLike } from '../ipc/register';
import { connectTill, type ConnectedTill } from '../remote/connected-till';
import type { TillPairing } from '../remote/till-file';
import { pinnedDispatcher } from '../remote/tls-pin';
import { printingHandlers } from './desktop-handlers';

/** Sends to every window still open (one closing misses it; the others still get it). */
function sendToWindows(channel: string, payload: unknown): void {
  for (const window of BrowserWindow.getAllWindows()) {
    if (window.isDestroyed() || window.webContents.isDestroyed()) continue;
    try {
      window.webContents.send(channel, payload);
    } catch (error) {
      console.error(`A window could not be sent ${channel}:`, error);
    }
  }
}

export function startTill(pairing: TillPairing, isTrustedSender: (event: IpcInvokeEventLike) => boolean): ConnectedTill {
  const till = connectTill({
    server: pairing.server,
    secret: pairing.secret,
    tillName: pairing.tillName,
    dispatcher: pinnedDispatcher(pairing.fingerprint),
    runtime: 'electron',
    local: printingHandlers(),
  });
  registerInvokeIpc(
    ipcMain,
    async (name, input, key) => {
      if (key !== undefined && typeof key !== 'string') return { ok: false, error: new StoreError('VALIDATION_FAILED', 'An Idempotency-Key is text').toBody() };
      return till.invoke(name, input, key === undefined ? undefined : { idempotencyKey: key });
    },
    { isTrustedSender },
  );
  till.subscribe((events) => sendToWindows(EVENT_CHANNEL, events));
  till.link.subscribe((status) => sendToWindows(LINK_CHANNEL, status));
  // A window that loads (or reloads) learns the link's state now, not at its next change.
  app.on('browser-window-created', (_event, window) => {
    window.webContents.on('did-finish-load', () => window.webContents.send(LINK_CHANNEL, till.link.current));
  });
  return till;
}
