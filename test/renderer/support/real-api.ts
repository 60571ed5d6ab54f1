import { createPinia, setActivePinia } from 'pinia';
import type { ApiResult } from '../../../src-shared/api-result';
import type { LinkStatus, PetstoreBridge } from '../../../src-shared/bridge';
import type { CommandName } from '../../../src-shared/commands';
import type { StoreEvent } from '../../../src-shared/schemas/event';
import { createApiClient, setApiClient } from '../../../src-renderer/api/client';
import { createHostHandlers } from '../../../src-main/host/shell-handlers';
import { createDeskSession } from '../../../src-main/service/desk-session';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import { openTestStore, type TestStore } from '../../helpers/temp-store';

export interface RendererHarness extends TestStore {
  /** The operations the renderer invoked, in order. */
  invoked: string[];
  /** Sends a menu command to the renderer, as the Electron menu would. */
  command(name: CommandName): void;
  /** Tells the renderer of a change of the link to a shop server, as a connected till's bridge would. */
  link(status: LinkStatus): void;
  /** Stops the event feed and closes the store. */
  close(): void;
}

/**
 * Renderer unit tests against the real service: a fresh Pinia, and the app-wide API client wired
 * to a real store on a temp SQLite file through the same bridge shape the preload exposes (with
 * structured cloning, as IPC does). Nothing of the project is mocked.
 */
export interface RealApiOptions {
  /**
   * Wraps every call the renderer makes: a test can hold one before it reaches the service or
   * before its answer reaches the renderer (to stage a race), or make it fail.
   */
  around?: (operation: string, input: unknown, call: () => Promise<ApiResult<unknown>>) => Promise<ApiResult<unknown>>;
  /** Calls run as the server's desk, as the browser host's and the app's do: a clerk signs in with logins on. */
  desk?: boolean;
}

export function useRealApi(options: RealApiOptions = {}): RendererHarness {
  const t = openTestStore();
  const { handlers: shell } = createHostHandlers(t.store, 'browser-host');
  const desk = options.desk ? createDeskSession(t.store.context) : undefined;
  const handlers = desk ? desk.withDesk(shell) : shell;
  const commandListeners = new Set<(command: CommandName) => void>();
  const invoked: string[] = [];
  const linkListeners = new Set<(status: LinkStatus) => void>();
  let linkStatus: LinkStatus = { state: 'local' };
  const bridge: PetstoreBridge = {
    async invoke(operation, input, callOptions) {
      invoked.push(operation);
      const keyed = callOptions?.idempotencyKey === undefined ? undefined : { context: t.store.context, key: callOptions.idempotencyKey };
      const call = async () => structuredClone(await invokeOperationAsync(handlers, operation, structuredClone(input), undefined, keyed, desk?.who));
      return options.around ? options.around(operation, input, call) : call();
    },
    onEvent(listener: (event: StoreEvent) => void) {
      return t.store.feed.subscribe((event) => listener(structuredClone(event)));
    },
    onCommand(listener) {
      commandListeners.add(listener);
      return () => commandListeners.delete(listener);
    },
    onLink(listener) {
      linkListeners.add(listener);
      listener(linkStatus);
      return () => linkListeners.delete(listener);
    },
  };
  setActivePinia(createPinia());
  setApiClient(createApiClient(bridge));
  return {
    ...t,
    invoked,
    command: (name) => commandListeners.forEach((listener) => listener(name)),
    link: (status) => {
      linkStatus = status;
      linkListeners.forEach((listener) => listener(status));
    },
    close: () => t.close(),
  };
}
