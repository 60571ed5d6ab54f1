/**
 * The preload: exposes `window.petstore` (see src-shared/bridge.ts) and nothing else.
 * It runs sandboxed, so it imports only electron and a few constants; all checking of inputs
 * happens in the main process, which treats the renderer as untrusted.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ApiResult } from '../../src-shared/api-result';
import { COMMAND_CHANNEL, EVENT_CHANNEL, OPERATION_NAME_PATTERN, operationChannel, type PetstoreBridge } from '../../src-shared/bridge';
import { isCommandName } from '../../src-shared/commands';
import type { StoreEvent } from '../../src-shared/schemas/event';

const notFound = (operation: string): ApiResult<never> => ({
  ok: false,
  error: { code: 'NOT_FOUND', status: 404, message: `There is no operation named ${JSON.stringify(operation).slice(0, 80)}` },
});

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

const bridge: PetstoreBridge = {
  async invoke(operation, input) {
    if (typeof operation !== 'string' || !OPERATION_NAME_PATTERN.test(operation)) return notFound(String(operation));
    try {
      return (await ipcRenderer.invoke(operationChannel(operation), input)) as ApiResult<unknown>;
    } catch (error) {
      // No handler for that channel: not an operation of the contract.
      if (String(error).includes('No handler registered')) return notFound(operation);
      // Anything else is an input that cannot cross the bridge (functions, DOM nodes…).
      return {
        ok: false,
        error: { code: 'VALIDATION_FAILED', status: 400, message: 'The input cannot be sent to the store: plain data only' },
      };
    }
  },
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
};

contextBridge.exposeInMainWorld('petstore', bridge);
