import { dirname } from 'node:path';
import type { AppInfo } from '../../src-shared/schemas/data';
import { backupFolderOf, createBackup, restoreBackup } from '../service/backup';
import type { Handlers, ShellHandlers } from '../service/handler-types';
import type { Store } from '../service/store';
import { APP_VERSION } from '../service/version';
import { createListenerControl } from './listener-control';

/**
 * Everything a host (the Electron app, the browser host) serves: the store's handlers plus the
 * shell's (REST listener switch, backups, app info). Returns the table and the listener control.
 */
export function createHostHandlers(store: Store, runtime: AppInfo['runtime']) {
  const listener = createListenerControl(store);
  const shell: ShellHandlers = {
    ...listener.handlers,
    'backup.create': async ({ file }) => createBackup(store, file),
    'backup.restore': async ({ file }) => restoreBackup(store, file),
    'app.info': async () => ({
      version: APP_VERSION,
      databaseFile: store.db.name,
      dataFolder: dirname(store.db.name),
      backupFolder: backupFolderOf(store),
      runtime,
    }),
  };
  const handlers: Handlers = { ...store.handlers, ...shell };
  listener.serve(handlers);
  return { handlers, listener };
}
