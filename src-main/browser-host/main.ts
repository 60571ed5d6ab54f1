/**
 * `npm run host -- [--db FILE] [--port N]` (or `npm run app:browser -- …`, which builds first): the real service under Node with the renderer served
 * to a browser on 127.0.0.1 (build the renderer first: `npm run build`; PETSTORE_RENDERER_DIR
 * serves another build). The database is --db, else PETSTORE_DB as for the desktop app, else
 * petstore-dev.db in the project folder. The printed address holds this start's secret: only a page
 * opened at it (and reloads of that tab) may call the store. `--test-stores` is the browser tests'
 * start (serveTestStores below). `--server URL --token SECRET [--name NAME] [--fingerprint SHA256]`
 * serves a till connected to that shop server instead of a store on this machine (connection.ts);
 * `--till FILE` one paired before, `--pair CODE --name NAME --server URL [--till FILE]` pairs it first.
 */
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../service/store';
import { openStoreFile as openCliStore, removeCreatedDatabases } from '../host/open-store';
import { createHostHandlers } from '../host/shell-handlers';
import { startBrowserHost } from './server';
import { tillConnection } from './connection';
import { connectTill } from '../remote/connected-till';
import { pinnedDispatcher } from '../remote/tls-pin';
import { readTillFile, writeTillFile } from '../remote/till-file';
import { pairWithServer } from '../remote/pair-with-server';
import { listenFailure } from '../rest/listen-failure';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE =
  'Usage: npm run app:browser -- [--db FILE] [--port N]   (default port 5199; 0 picks a free one)\n' +
  '       npm run app:browser -- --server URL --token SECRET [--name NAME] [--fingerprint SHA256] [--port N]   (a till of that shop server)\n' +
  '       npm run app:browser -- --pair CODE --name NAME --server URL [--till FILE]   (pairs, keeps the pairing in FILE, then serves)\n' +
  '       npm run app:browser -- --till FILE   (a till paired before)';

/** A till's shop server and how it is reached. */
interface TillOptions {
  server: string;
  token: string;
  name: string;
  fingerprint?: string;
}

/** The options, or a one-line complaint and exit 2 (a mistyped option is not a crash). */
function readOptions(): { db: string; port: number; testStores: boolean; till?: TillOptions | (() => Promise<TillOptions>) } {
  try {
    const { values } = parseArgs({
      options: {
        db: { type: 'string', default: process.env.PETSTORE_DB || join(root, 'petstore-dev.db') },
        port: { type: 'string', default: '5199' },
        'test-stores': { type: 'boolean', default: false },
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string', default: 'Browser till' },
        fingerprint: { type: 'string' },
        till: { type: 'string' },
        pair: { type: 'string' },
      },
    });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port!) || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
    const tillFile = resolve(values.till ?? join(root, 'petstore-till.json'));
    const till =
      values.pair !== undefined
        ? pairedTill(values.pair, values.server, values.name!, tillFile)
        : values.till !== undefined
          ? async () => fromTillFile(tillFile)
          : values.server === undefined
            ? undefined
            : tillOptions(values.server, values.token, values.name!, values.fingerprint);
    return { db: resolve(values.db!), port, testStores: values['test-stores']!, till };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
/** A shop server's address and token, checked before anything starts. */
function tillOptions(server: string, token: string | undefined, name: string, fingerprint: string | undefined): TillOptions {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new Error(`--server must be the shop server's address, such as https://192.168.1.20:8787, not "${server}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--server must start with https:// (or http:// on this machine), not "${server}"`);
  if (!token) throw new Error('--server needs --token: the till token (or a write token) of that server');
  // A certificate is pinned, never trusted on first sight: HTTPS needs the fingerprint `petstore serve` printed.
  if (url.protocol === 'https:' && !fingerprint) throw new Error('An https:// --server needs --fingerprint: the SHA-256 fingerprint `petstore serve` printed');
  return { server: url.origin, token, name, fingerprint: fingerprint?.toUpperCase() };
}

/** The till a pairing file keeps. */
function fromTillFile(file: string): TillOptions {
  const pairing = readTillFile(file);
  if (!pairing) throw new Error(`No till's pairing at ${file}: pair it first with --pair CODE --name NAME --server URL`);
  return { server: pairing.server, token: pairing.secret, name: pairing.tillName, fingerprint: pairing.fingerprint };
}

/** Pairs this till with the code (pair-with-server.ts), keeps the pairing in `file`, and serves it. */
function pairedTill(code: string, server: string | undefined, name: string, file: string): () => Promise<TillOptions> {
  if (!server) throw new Error('--pair needs --server: the address the shop server printed (https://…)');
  return async () => {
    const pairing = await pairWithServer({ server, code, name });
    writeTillFile(file, pairing);
    console.log(`Paired as "${pairing.tillName}" with ${pairing.server}; kept in ${file}`);
    return fromTillFile(file);
  };
}

const options = readOptions();
// PETSTORE_RENDERER_DIR serves another build of the renderer (e.g. a copy that a rebuild cannot change under a test run).
const rendererDir = resolve(process.env.PETSTORE_RENDERER_DIR ?? join(root, 'out', 'renderer'));

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** Serves a till of the shop server `till` names at `port` (no store on this machine). */
async function serveTill(till: TillOptions, port: number): Promise<Served> {
  const dispatcher = till.fingerprint ? pinnedDispatcher(till.fingerprint) : undefined;
  const connected = connectTill({ server: till.server, secret: till.token, tillName: till.name, dispatcher, runtime: 'browser-host' });
  const host = await startBrowserHost({ connection: tillConnection(connected), rendererDir, port }).catch((error: unknown) => {
    connected.stop();
    throw new Error(`${listenFailure(error, '127.0.0.1', port)}; choose another with --port.`);
  });
  return {
    url: host.url,
    stop: async () => {
      connected.stop();
      await host.close();
    },
  };
}

/** Serves the store on `db` at `port`, or throws one line about what is wrong (the file, the port). */
async function serve(db: string, port: number): Promise<Served> {
  const store: Store = openCliStore(db, 'may-create');
  const { handlers, listener } = createHostHandlers(store, 'browser-host');
  const host = await startBrowserHost({ store, handlers, rendererDir, port }).catch((error: unknown) => {
    store.close();
    throw new Error(`${listenFailure(error, '127.0.0.1', port)}; choose another with --port.`);
  });
  // The REST listener (if the owner left it on) starts once the page is served.
  await listener.resume();
  return {
    url: host.url,
    stop: async () => {
      await Promise.all([host.close(), listener.stop()]);
      store.close();
    },
  };
}

/**
 * `--test-stores`, the browser tests' start: one process serves many hosts, each on a fresh database
 * in its own temp folder, with its own port and secret. It is told on stdin, so only the process that
 * started it can ask: `open` prints `<n> on <address>  database: <file>` (or `<n> failed: <why>`);
 * `connect <server> <token> <name>` serves a till of that shop server instead (same answer, no database);
 * `close <n>` stops that host, removes its folder and prints `closed <n>`. Stdin's end stops them all.
 */
async function serveTestStores(): Promise<void> {
  const open = new Map<number, Served & { dir: string }>();
  const close = async (n: number) => {
    const host = open.get(n);
    open.delete(n);
    await host?.stop();
    if (host) rmSync(host.dir, { recursive: true, force: true });
  };
  const closeAll = async () => {
    for (const n of [...open.keys()]) await close(n);
    process.exit(0);
  };
  process.on('SIGINT', () => void closeAll());
  process.on('SIGTERM', () => void closeAll());
  let last = 0;
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, which] = line.trim().split(/\s+/);
    const [, server, token, ...name] = line.trim().split(/\s+/);
    if (command === 'open' || command === 'connect') {
      const n = ++last;
      const dir = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
      const db = join(dir, 'store.db');
      try {
        const served = command === 'open' ? await serve(db, 0) : await serveTill(tillOptions(server!, token, name.join(' '), undefined), 0);
        open.set(n, { ...served, dir });
        console.log(`${n} on ${open.get(n)!.url}  database: ${command === 'open' ? db : server}`);
      } catch (error) {
        rmSync(dir, { recursive: true, force: true });
        console.log(`${n} failed: ${(error as Error).message}`);
      }
    } else if (command === 'close') {
      await close(Number(which));
      console.log(`closed ${which}`);
    } else {
      console.log(`unknown command: ${line}`);
    }
  }
  await closeAll();
}

if (options.testStores) {
  await serveTestStores();
} else if (options.till) {
  const { till } = options;
  const served = await (typeof till === 'function' ? till() : Promise.resolve(till))
    .then(async (resolved) => ({ resolved, host: await serveTill(resolved, options.port) }))
    .catch((error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    });
  const { host } = served;
  console.log(`Pet Store Clerk (browser host, a till of ${served.resolved.server}) on ${host.url}`);
  const stop = () => void host.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const host = await serve(options.db, options.port).catch((error: unknown) => {
    console.error((error as Error).message);
    removeCreatedDatabases(); // a database this run created for nothing
    process.exit(1);
  });
  console.log(`Pet Store Clerk (browser host) on ${host.url}  database: ${options.db}`);
  const stop = () => void host.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
