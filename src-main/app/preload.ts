/**
 * The preload: exposes `window.petstore` (see src-shared/bridge.ts) and nothing else.
 * It runs sandboxed, so it imports only electron and a few constants and functions (bundled);
 * all checking of inputs happens in the main process, which treats the renderer as untrusted.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { COMMAND_CHANNEL, EVENT_CHANNEL, LINK_CHANNEL, type LinkStatus, type PetstoreBridge } from '../../src-shared/bridge';
import { isCommandName } from '../../src-shared/commands';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { createInvoke } from '../ipc/preload-invoke';

// One listener from the moment the page loads, so that no event is dropped between the page's
// start and its screens subscribing (they subscribe before they load their data).
const eventListeners = new Set<(event: StoreEvent) => void>();
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, storeEvents: StoreEvent[]) => {
  for (const storeEvent of storeEvents) {
    for (const listener of eventListeners) {
      try {
        listener(storeEvent);
      } catch (error) {
        console.error('A store event listener failed:', error); // the other listeners and events still run
      }
    }
  }
});

// A till's link to its shop server, as the main process last said (a store of its own: always local).
let link: LinkStatus = { state: 'local' };
const linkListeners = new Set<(status: LinkStatus) => void>();
ipcRenderer.on(LINK_CHANNEL, (_event: IpcRendererEvent, status: LinkStatus) => {
  link = status;
  for (const listener of linkListeners) listener(link);
});

const bridge: PetstoreBridge = {
  invoke: createInvoke((channel, input, ...options) => ipcRenderer.invoke(channel, input, ...options)),
  onEvent(listener) {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  },
  onCommand(listener) {
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isCommandName(command)) listener(command);
    };
    ipcRenderer.on(COMMAND_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(COMMAND_CHANNEL, forward);
    };
  },
  onLink(listener) {
    linkListeners.add(listener);
    listener(link);
    return () => {
      linkListeners.delete(listener);
    };
  },
};

contextBridge.exposeInMainWorld('petstore', bridge);
