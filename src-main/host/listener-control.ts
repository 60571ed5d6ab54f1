import type { ListenerStatus } from '../../src-shared/schemas/listener';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import type { Handlers, ShellHandlers } from '../service/handler-types';
import { readSettings } from '../service/settings';
import type { Store } from '../service/store';
import { startListener, type RunningListener } from '../rest/listener';

/**
 * The desktop app's switch for the REST listener: off until the owner turns it on; the address
 * and port come from the settings. Its handlers join the store's in the host's handler table.
 */
export function createListenerControl(store: Store) {
  let running: RunningListener | undefined;
  let lastError: string | null = null;
  let handlers: Partial<Handlers> = store.handlers;

  function status(): ListenerStatus {
    const settings = store.db.open ? readSettings(store.context) : DEFAULT_SETTINGS;
    return {
      running: !!running,
      host: running?.host ?? settings.listenerHost,
      port: running?.port ?? settings.listenerPort,
      url: running?.url ?? null,
      lastError,
    };
  }

  async function start(): Promise<ListenerStatus> {
    if (running) await stop();
    const settings = readSettings(store.context);
    try {
      running = await startListener({ store, handlers, host: settings.listenerHost, port: settings.listenerPort });
      lastError = null;
    } catch (error) {
      lastError = (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `Port ${settings.listenerPort} is already in use`
        : `The listener could not start: ${(error as Error).message}`;
    }
    return status();
  }

  async function stop(): Promise<ListenerStatus> {
    const closing = running;
    running = undefined;
    await closing?.close();
    return status();
  }

  const listenerHandlers: Pick<ShellHandlers, `listener.${string}` & keyof ShellHandlers> = {
    'listener.status': async () => status(),
    'listener.start': async () => {
      store.handlers['settings.update']({ listenerEnabled: true });
      return start();
    },
    'listener.stop': async () => {
      store.handlers['settings.update']({ listenerEnabled: false });
      return stop();
    },
  };

  return {
    handlers: listenerHandlers,
    /** The full handler table the listener serves (the host's, once composed). */
    serve(all: Partial<Handlers>) {
      handlers = all;
    },
    /** Starts the listener at app start if the owner left it on. */
    async resume(): Promise<void> {
      if (readSettings(store.context).listenerEnabled) await start();
    },
    stop,
    status,
  };
}
