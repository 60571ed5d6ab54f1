import { join } from 'node:path';
import { startListener, type RunningListener } from '../../../src-main/rest/listener';
import { openStore, type Store } from '../../../src-main/service/store';
import { invokeOperation } from '../../../src-main/service/invoke';
import { tempDir } from '../../helpers/temp-store';
import { SCHEME, listenerTlsOption } from './transport';

export const PRESET_TOKEN = 'test-preset-write-token';

export interface TestServer {
  store: Store;
  listener: RunningListener;
  /** http://127.0.0.1:<port> (no /v1); https:// in the HTTPS run. */
  origin: string;
  file: string;
  writeToken: string;
  readToken: string;
  /** fetch against the server with a write token unless `token` says otherwise (null: none). */
  request(path: string, init?: RequestInit & { token?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The headless server's listener on 127.0.0.1 with a fresh database in a temp dir, a write and
 * a read token created the way the CLI does, and the preset token PETSTORE_API_TOKEN would give.
 * In the HTTPS run it serves the run's certificate, and fetch() pins it (https-client.ts).
 */
export async function startTestServer(
  options: { heartbeatMs?: number; authCheckMs?: number; host?: string; requestTimeoutMs?: number; busyWaitMs?: number; dir?: string } = {},
): Promise<TestServer> {
  // A folder of the test's own (a small filesystem it mounted) is left to it; a temp one is removed.
  const { dir, cleanup } = options.dir ? { dir: options.dir, cleanup: () => undefined } : tempDir('petstore-rest-');
  const file = join(dir, 'store.db');
  const store = openStore(file);
  const created = (scope: 'read' | 'write') => {
    const result = invokeOperation(store.handlers, 'tokens.create', { label: `${scope} test`, scope });
    if (!result.ok) throw new Error(result.error.message);
    return (result.data as { secret: string }).secret;
  };
  const writeToken = created('write');
  const readToken = created('read');
  const listener = await startListener({
    store,
    host: options.host ?? '127.0.0.1',
    port: 0,
    presetToken: PRESET_TOKEN,
    heartbeatMs: options.heartbeatMs,
    authCheckMs: options.authCheckMs,
    requestTimeoutMs: options.requestTimeoutMs,
    busyWaitMs: options.busyWaitMs,
    tls: listenerTlsOption(),
  });
  const origin = `${SCHEME}://127.0.0.1:${listener.port}`;
  return {
    store,
    listener,
    origin,
    file,
    writeToken,
    readToken,
    request(path, init = {}) {
      const { token = writeToken, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        rest.body = JSON.stringify(json);
      }
      return fetch(origin + path, { ...rest, headers });
    },
    async close() {
      await listener.close();
      store.close();
      cleanup();
    },
  };
}
