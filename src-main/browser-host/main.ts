/**
 * `npm run host -- [--db FILE] [--port N]` (or `npm run app:browser -- …`, which builds first): the real service under Node with the renderer served
 * to a browser on 127.0.0.1 (build the renderer first: `npm run build`; PETSTORE_RENDERER_DIR
 * serves another build). The database is --db, else PETSTORE_DB as for the desktop app, else
 * petstore-dev.db in the project folder. The printed address holds this start's secret: only a page
 * opened at it (and reloads of that tab) may call the store.
 */
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../service/store';
import { openStoreFile as openCliStore, removeCreatedDatabases } from '../host/open-store';
import { createHostHandlers } from '../host/shell-handlers';
import { startBrowserHost } from './server';
import { listenFailure } from '../rest/listen-failure';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'Usage: npm run app:browser -- [--db FILE] [--port N]   (default port 5199; 0 picks a free one)';

/** The options, or a one-line complaint and exit 2 (a mistyped option is not a crash). */
function readOptions(): { db: string; port: number } {
  try {
    const { values } = parseArgs({
      options: {
        db: { type: 'string', default: process.env.PETSTORE_DB || join(root, 'petstore-dev.db') },
        port: { type: 'string', default: '5199' },
      },
    });
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port!) || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
    return { db: resolve(values.db!), port };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const options = readOptions();

/** The store on --db, or one line about what is wrong with the file (no folder, not ours) and exit 1. */
function openHostStore(): Store {
  try {
    return openCliStore(options.db, 'may-create');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const store = openHostStore();
const { handlers, listener } = createHostHandlers(store, 'browser-host');
// PETSTORE_RENDERER_DIR serves another build of the renderer (e.g. a copy that a rebuild cannot change under a test run).
const rendererDir = resolve(process.env.PETSTORE_RENDERER_DIR ?? join(root, 'out', 'renderer'));
const host = await startBrowserHost({ store, handlers, rendererDir, port: options.port }).catch((error: unknown) => {
  console.error(`${listenFailure(error, '127.0.0.1', options.port)}; choose another with --port.`);
  store.close();
  removeCreatedDatabases(); // a database this run created for nothing
  process.exit(1);
});
// The REST listener (if the owner left it on) starts once the page is served.
await listener.resume();
console.log(`Pet Store Clerk (browser host) on ${host.url}  database: ${options.db}`);

const stop = () => {
  void Promise.all([host.close(), listener.stop()]).then(() => {
    store.close();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
