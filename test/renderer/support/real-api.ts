import { createPinia, setActivePinia } from 'pinia';
import type { PetstoreBridge } from '../../../src-shared/bridge';
import type { CommandName } from '../../../src-shared/commands';
import type { StoreEvent } from '../../../src-shared/schemas/event';
import { createApiClient, setApiClient } from '../../../src-renderer/api/client';
import { createHostHandlers } from '../../../src-main/host/shell-handlers';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import { openTestStore, type TestStore } from '../../helpers/temp-store';

export interface RendererHarness extends TestStore {
  /** The operations the renderer invoked, in order. */
  invoked: string[];
  /** Sends a menu command to the renderer, as the Electron menu would. */
  command(name: CommandName): void;
  /** Stops the event feed and closes the store. */
  close(): void;
}

/**
 * Renderer unit tests against the real service: a fresh Pinia, and the app-wide API client wired
 * to a real store on a temp SQLite file through the same bridge shape the preload exposes (with
 * structured cloning, as IPC does). Nothing of the project is mocked.
 */
export function useRealApi(): RendererHarness {
  const t = openTestStore();
  const { handlers } = createHostHandlers(t.store, 'browser-host');
  const commandListeners = new Set<(command: CommandName) => void>();
  const invoked: string[] = [];
  const bridge: PetstoreBridge = {
    async invoke(operation, input) {
      invoked.push(operation);
      return structuredClone(await invokeOperationAsync(handlers, operation, structuredClone(input)));
    },
    onEvent(listener: (event: StoreEvent) => void) {
      return t.store.feed.subscribe((event) => listener(structuredClone(event)));
    },
    onCommand(listener) {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
  };
  setActivePinia(createPinia());
  setApiClient(createApiClient(bridge));
  return {
    ...t,
    invoked,
    command: (name) => commandListeners.forEach((listener) => listener(name)),
    close: () => t.close(),
  };
}
