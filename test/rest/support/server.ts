import { join } from 'node:path';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../../src-shared/contract';
import { startListener, type RunningListener } from '../../../src-main/rest/listener';
import { postgresRestStore } from '../../../src-main/rest/postgres-rest-store';
import type { RestStore } from '../../../src-main/rest/rest-store';
import type { Handlers } from '../../../src-main/service/handler-types';
import { openPostgresStore } from '../../../src-main/service/postgres-store';
import type { ServedStore } from '../../../src-main/service/shop-server';
import { openStore, type Store } from '../../../src-main/service/store';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import type { ErrorBody } from '../../../src-shared/errors';
import { createPostgresDatabase } from '../../helpers/postgres-database';
import { tempDir } from '../../helpers/temp-store';
import { SCHEME, listenerTlsOption } from './transport';

export const PRESET_TOKEN = 'test-preset-write-token';

/** The engine the REST suite runs on: SQLite, or PostgreSQL in the run vitest.config.ts names `rest-postgres`. */
export const ENGINE: 'sqlite' | 'postgres' = process.env.PETSTORE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Why a test reaches into SQLite's own store, and so cannot run on PostgreSQL (it skips there). */
export const SQLITE_ONLY = ENGINE === 'postgres';

export interface TestServer {
  readonly engine: 'sqlite' | 'postgres';
  /** The SQLite store (tests of SQLite's own machinery: they skip on PostgreSQL, saying why). */
  readonly store: Store;
  /** Runs an operation in process, as the owner at the server (settings, tokens): on either engine. */
  call<K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>): Promise<OperationOutput<K>>;
  /** Runs an operation in process and expects a refusal: its Error object (throws if it succeeds). */
  fail<K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>): Promise<ErrorBody>;
  /** What the listener serves: a second listener (startListener's `store`) serves the same store. */
  readonly listenerStore: Store | RestStore;
  /** The store's context, for provideShopServer (the tills operations need the certificate they are served with). */
  readonly served: ServedStore;
  /** On PostgreSQL, the URL of the test's database (another process's store opens it); undefined on SQLite. */
  readonly postgresUrl: string | undefined;
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
  const engine = await openEngine(file);
  const call = async <K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>) => {
    const result = await invokeOperationAsync(engine.handlers, name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.data as OperationOutput<K>;
  };
  const fail = async <K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>) => {
    const result = await invokeOperationAsync(engine.handlers, name, input);
    if (result.ok) throw new Error(`${name} succeeded where a refusal was expected: ${JSON.stringify(result.data)}`);
    return result.error;
  };
  const created = async (scope: 'read' | 'write') => (await call('tokens.create', { label: `${scope} test`, scope })).secret;
  const writeToken = await created('write');
  const readToken = await created('read');
  const listener = await startListener({
    store: engine.served,
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
    engine: ENGINE,
    get store() {
      if (!engine.sqlite) throw new Error('This test reaches into SQLite’s store: it cannot run on PostgreSQL (skip it there with SQLITE_ONLY, saying why)');
      return engine.sqlite;
    },
    call,
    fail,
    listenerStore: engine.served,
    served: engine.context,
    postgresUrl: engine.postgresUrl,
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
      await engine.close();
      cleanup();
    },
  };
}

/** The store the run's engine serves: a SQLite file in the test's folder, or a PostgreSQL database of its own. */
async function openEngine(file: string) {
  if (ENGINE === 'sqlite') {
    const sqlite = openStore(file);
    return {
      sqlite,
      served: sqlite as Store | RestStore,
      context: sqlite.context as ServedStore,
      postgresUrl: undefined,
      handlers: sqlite.handlers as Partial<Handlers>,
      close: async () => sqlite.close(),
    };
  }
  const database = await createPostgresDatabase({ migrated: true });
  const store = await openPostgresStore(database.url, { serving: true, maxConnections: 10 });
  const served = postgresRestStore(store);
  await served.ready();
  return {
    sqlite: undefined,
    served: served as Store | RestStore,
    context: store.steps as ServedStore,
    postgresUrl: database.url as string | undefined,
    handlers: store.handlers as unknown as Partial<Handlers>,
    async close() {
      await store.close();
      await database.drop();
    },
  };
}
