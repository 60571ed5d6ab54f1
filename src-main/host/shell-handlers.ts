import { dirname } from 'node:path';
import { StoreError } from '../../src-shared/errors';
import type { AppInfo } from '../../src-shared/schemas/data';
import { backupFolderOf, checkBackup, createBackup, restoreBackup } from '../service/backup';
import type { Handlers, ShellHandlers } from '../service/handler-types';
import type { Store } from '../service/store';
import { APP_VERSION } from '../service/version';
import { createListenerControl } from './listener-control';
import { serveShopCertificate } from './shop-server';

/**
 * Everything a host (the Electron app, the browser host) serves: the store's handlers plus the
 * shell's (REST listener switch, backups, app info, and the desktop's dialogs where there is a
 * desktop). Returns the table and the listener control.
 */
export type DesktopHandlers = Pick<ShellHandlers, 'app.chooseFile' | 'app.printToPdf' | 'app.printers' | 'app.print' | 'app.showDataFolder'>;

const desktopOnly = (what: string) => async (): Promise<never> => {
  throw new StoreError('NOT_FOUND', `${what} is only available in the desktop app`);
};

/** Outside Electron there are no native dialogs, printing or file manager: the UI offers other ways. */
const WITHOUT_DESKTOP: DesktopHandlers = {
  'app.chooseFile': desktopOnly('Choosing a file in a dialog'),
  'app.printToPdf': desktopOnly('Printing to PDF'),
  'app.printers': desktopOnly('Choosing a printer'),
  'app.print': desktopOnly('Printing on a printer'),
  'app.showDataFolder': desktopOnly('Opening the data folder'),
};

export function createHostHandlers(store: Store, runtime: AppInfo['runtime'], desktop: DesktopHandlers = WITHOUT_DESKTOP) {
  const listener = createListenerControl(store);
  serveShopCertificate(store, () => listener.status());
  const shell: ShellHandlers = {
    ...desktop,
    ...listener.handlers,
    'backup.create': async ({ file, replace }) => createBackup(store, file, replace),
    'backup.check': async ({ file }) => checkBackup(store, file),
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
