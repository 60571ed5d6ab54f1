import { app, BrowserWindow, dialog, shell } from 'electron';
import { dirname, join } from 'node:path';
import { backupFileName } from '../../src-shared/backup-names';
import { StoreError } from '../../src-shared/errors';
import type { DesktopHandlers } from '../host/shell-handlers';
import { backupFolderOf } from '../service/backup';
import type { Store } from '../service/store';
import { writePrivateFile } from './hardening/private-file';
import { printerChoices, printOptions, printOutcome } from './printing/print-job';

const BACKUP_FILTERS = [{ name: 'Pet Store Clerk backup', extensions: ['db'] }];

/** The clerk's window: the one with focus, else the first one. */
function clerkWindow(): BrowserWindow {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  if (!window) throw new StoreError('NOT_FOUND', 'There is no window to show the dialog on');
  return window;
}

/** The desktop's own dialogs, printing and file manager, for the shell operations that need them. */
export function desktopHandlers(store: Store): DesktopHandlers {
  return {
    'app.chooseFile': async ({ purpose, suggestedName }) => {
      const window = clerkWindow();
      if (purpose === 'backup') {
        const choice = await dialog.showSaveDialog(window, {
          title: 'Back up the store to…',
          defaultPath: join(backupFolderOf(store), suggestedName ?? backupFileName()),
          filters: BACKUP_FILTERS,
        });
        return { file: choice.canceled || !choice.filePath ? null : choice.filePath };
      }
      const choice = await dialog.showOpenDialog(window, {
        title: 'Restore the store from…',
        defaultPath: backupFolderOf(store),
        filters: BACKUP_FILTERS,
        properties: ['openFile'],
      });
      return { file: choice.canceled ? null : (choice.filePaths[0] ?? null) };
    },
    ...printingHandlers(),
    'app.showDataFolder': async () => {
      const problem = await shell.openPath(dirname(store.db.name));
      if (problem) throw new StoreError('NOT_FOUND', `The data folder could not be opened: ${problem}`);
      return null;
    },
  };
}

/** Printing and saving a receipt as PDF: a till connected to a shop server prints on its own machine too. */
export function printingHandlers(): Pick<DesktopHandlers, 'app.printToPdf' | 'app.printers' | 'app.print'> {
  return {
    'app.printToPdf': async ({ suggestedName }) => {
      const window = clerkWindow();
      const choice = await dialog.showSaveDialog(window, {
        title: 'Save as PDF',
        defaultPath: join(app.getPath('documents'), suggestedName),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (choice.canceled || !choice.filePath) return { file: null };
      // The page's print stylesheet applies: only the receipt is printed, on the paper its @page asks for (A4, an 80 mm roll).
      const pdf = await window.webContents.printToPDF({ pageSize: 'A4', preferCSSPageSize: true, printBackground: false });
      await writePrivateFile(choice.filePath, pdf);
      return { file: choice.filePath };
    },
    'app.printers': async () => printerChoices(await clerkWindow().webContents.getPrintersAsync()),
    'app.print': async (job) => {
      const { webContents } = clerkWindow();
      const options = printOptions(job, printerChoices(await webContents.getPrintersAsync()));
      return new Promise((resolve, reject) => {
        webContents.print(options, (success, failureReason) => {
          try {
            resolve(printOutcome(success, failureReason, options.deviceName));
          } catch (error) {
            reject(error);
          }
        });
      });
    },
  };
}
