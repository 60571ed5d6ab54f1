/**
 * Stand-ins for the Electron pieces of the IPC path, so the real registration
 * (src-main/ipc/register.ts), the real service and a real SQLite file can be tested without an
 * Electron binary:
 *
 * - `FakeIpcMain` implements `IpcMainLike` the way Electron's ipcMain behaves for `handle`/`invoke`:
 *   one listener per channel (a second `handle` on the same channel throws), the input is
 *   structured-cloned on the way in and the result on the way out, and invoking a channel without
 *   a handler rejects with "No handler registered for '<channel>'".
 * - `bridgeFor()` is the preload's own `invoke` (src-main/ipc/preload-invoke.ts) on top of the fake.
 * - `isTrustedSender` is main.ts's own check (src-main/ipc/own-pages.ts) for a packaged app
 *   (the renderer at app://petstore/index.html).
 */
import type { PetstoreBridge } from '../../src-shared/bridge';
import { APP_ENTRY_URL, ownUrlCheck, trustedSenderCheck } from '../../src-main/ipc/own-pages';
import { createInvoke } from '../../src-main/ipc/preload-invoke';
import type { IpcInvokeEventLike, IpcMainLike } from '../../src-main/ipc/register';

type Listener = (event: IpcInvokeEventLike, input: unknown, options?: unknown) => unknown;

/** The packaged renderer's page; the only sender `isTrustedSender` accepts. */
export const APP_URL = APP_ENTRY_URL;

/** main.ts's sender check, for the packaged renderer at APP_URL. */
export const isTrustedSender = trustedSenderCheck(ownUrlCheck());

/** What a sender looks like to the main process: a frame URL, or no frame at all (null). */
export type SenderUrl = string | null;

export class FakeIpcMain implements IpcMainLike {
  readonly listeners = new Map<string, Listener>();
  /** Every call that reached a handler: the input as it received it (a clone) and its raw answer. */
  readonly received: { channel: string; input: unknown; result?: unknown }[] = [];

  handle(channel: string, listener: Listener): void {
    // Electron refuses a second handler on a channel.
    if (this.listeners.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.listeners.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.listeners.delete(channel);
  }

  get channels(): string[] {
    return [...this.listeners.keys()];
  }

  /**
   * What `ipcRenderer.invoke(channel, input)` does from a frame at `senderUrl`: the input is
   * cloned (a DataCloneError for functions and the like, before anything reaches main), the
   * handler runs on the copy, and its result is cloned back. A missing handler rejects.
   */
  async invoke(channel: string, input: unknown, senderUrl: SenderUrl = APP_URL, ...options: unknown[]): Promise<unknown> {
    const sent = structuredClone(input);
    const sentOptions = structuredClone(options);
    const listener = this.listeners.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    const record: (typeof this.received)[number] = { channel, input: sent };
    this.received.push(record);
    const event: IpcInvokeEventLike = { senderFrame: senderUrl === null ? null : { url: senderUrl } };
    let result: unknown;
    try {
      result = await listener(event, sent, ...sentOptions);
      record.result = result;
    } catch (error) {
      // Electron flattens a thrown error into a message on the renderer side.
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
    }
    return structuredClone(result);
  }
}

/** The preload's `window.petstore.invoke`, over the fake ipcMain, from a frame at `senderUrl`. */
export function bridgeFor(ipc: FakeIpcMain, senderUrl: SenderUrl = APP_URL): Pick<PetstoreBridge, 'invoke'> & {
  /** How many calls actually crossed to the main process. */
  readonly crossed: number;
} {
  let crossed = 0;
  const invoke = createInvoke((channel, input, ...options) => {
    crossed++;
    return ipc.invoke(channel, input, senderUrl, ...options);
  });
  return {
    get crossed() {
      return crossed;
    },
    invoke,
  };
}
