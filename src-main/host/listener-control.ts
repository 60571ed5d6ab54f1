import type { ListenerStatus } from '../../src-shared/schemas/listener';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import type { Handlers, ShellHandlers } from '../service/handler-types';
import { readSettingsNow } from '../service/settings-read';
import type { Store } from '../service/store';
import { listenFailure } from '../rest/listen-failure';
import { startListener, type RunningListener } from '../rest/listener';
import { listenerTls } from '../rest/tls/listener-tls';
import { networkAddresses } from '../service/till-addresses';

type ListenerAddress = Pick<StoreSettings, 'listenerHost' | 'listenerPort'>;

/**
 * The desktop app's switch for the REST listener: off until the owner turns it on; the address
 * and port come from the settings. Its handlers join the store's in the host's handler table.
 */
export function createListenerControl(store: Store) {
  let running: RunningListener | undefined;
  let fingerprint: string | null = null;
  let lastError: string | null = null;
  let handlers: Partial<Handlers> = store.handlers;

  function status(): ListenerStatus {
    const settings = store.db.open ? readSettingsNow(store.context) : DEFAULT_SETTINGS;
    return {
      running: !!running,
      host: running?.host ?? settings.listenerHost,
      port: running?.port ?? settings.listenerPort,
      url: running?.url ?? null,
      https: running?.https ?? false,
      fingerprint: running ? fingerprint : null,
      tillAddresses: running ? networkAddresses(running.host, running.port) : [],
      lastError,
      startsWithApp: settings.listenerEnabled,
    };
  }

  /** Starts on `address`; answers why it could not (and leaves it stopped then). */
  async function startAt(address: ListenerAddress): Promise<string | null> {
    if (running) await stop();
    try {
      // HTTPS with the shop certificate whenever it serves the network (listener-tls.ts).
      const tls = listenerTls(store, address.listenerHost);
      running = await startListener({ store, handlers, host: address.listenerHost, port: address.listenerPort, tls });
      fingerprint = tls?.fingerprint ?? null;
      return null;
    } catch (error) {
      return listenFailure(error, address.listenerHost, address.listenerPort);
    }
  }

  async function start(): Promise<ListenerStatus> {
    lastError = await startAt(readSettingsNow(store.context));
    return status();
  }

  /**
   * Saves a new address (a part not given is kept). A running listener moves at once; when the new address fails, it goes
   * back to the old one (integrators keep their API) and the saved address stays the old one; so it
   * does when the new address cannot be saved.
   */
  async function move(change: Partial<ListenerAddress>): Promise<ListenerStatus> {
    // What is not given stays as the listener is now (running, or as saved when stopped).
    const now = status();
    const address: ListenerAddress = {
      listenerHost: change.listenerHost ?? now.host,
      listenerPort: change.listenerPort ?? now.port,
    };
    if (!running) {
      store.handlers['settings.update'](address);
      lastError = null;
      return status();
    }
    const { url, host, port } = running;
    const problem = await startAt(address);
    if (problem === null) {
      try {
        store.handlers['settings.update'](address);
      } catch (error) {
        // Not saved (another process holds the database, say): the listener goes back to where
        // the settings say it is, and the caller hears why.
        lastError = await startAt({ listenerHost: host, listenerPort: port });
        throw error;
      }
      lastError = null;
      return status();
    }
    const back = await startAt({ listenerHost: host, listenerPort: port });
    if (back === null) {
      // It runs where it was, at the saved address: nothing is wrong now, so only this answer says
      // why the move failed (a later status read, a reload, another window, shows no stale error).
      lastError = null;
      return { ...status(), lastError: `${problem}: the listener still runs at ${url}` };
    }
    lastError = `${problem}, and ${url} could not be taken back: ${back}`;
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
    'listener.move': (address) => move(address),
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
      if (readSettingsNow(store.context).listenerEnabled) await start();
    },
    stop,
    status,
  };
}
