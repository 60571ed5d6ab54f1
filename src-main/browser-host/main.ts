/**
 * `npm run host -- [--db FILE] [--port N]`: the real service under Node with the renderer served
 * to a browser on 127.0.0.1 (build the renderer first: `npm run build`; PETSTORE_RENDERER_DIR
 * serves another build). The database is --db, else PETSTORE_DB as for the desktop app, else
 * petstore-dev.db in the project folder.
 */
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../service/store';
import { createHostHandlers } from '../host/shell-handlers';
import { startBrowserHost } from './server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.PETSTORE_DB || join(root, 'petstore-dev.db') },
    port: { type: 'string', default: '5199' },
  },
});

const store = openStore(resolve(values.db!));
const { handlers, listener } = createHostHandlers(store, 'browser-host');
await listener.resume();
// PETSTORE_RENDERER_DIR serves another build of the renderer (e.g. a copy that a rebuild cannot change under a test run).
const rendererDir = resolve(process.env.PETSTORE_RENDERER_DIR ?? join(root, 'out', 'renderer'));
const host = await startBrowserHost({ store, handlers, rendererDir, port: Number(values.port) });
console.log(`Pet Store Clerk (browser host) on ${host.url}  database: ${resolve(values.db!)}`);

const stop = () => {
  void Promise.all([host.close(), listener.stop()]).then(() => {
    store.close();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
