import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PageSizeMm, Printer } from '../../src-shared/schemas/printing';
import { api } from '../api/client';
import { useAppInfoStore } from './app-info';
import { usePreferencesStore } from './preferences';

/**
 * Printing the window (a receipt, labels): in the desktop app on the printer the clerk chose (kept in
 * their preferences) or through the system's dialog, or saved as a PDF; in a browser, its own print.
 */
export const usePrintingStore = defineStore('printing', () => {
  const appInfo = useAppInfoStore();
  const preferences = usePreferencesStore();
  /** The printers the system knows (desktop app only; empty in a browser). */
  const printers = ref<Printer[]>([]);

  /** Whether this window prints through the desktop app (printers, PDF) rather than the browser. */
  async function isDesktop(): Promise<boolean> {
    return (await appInfo.runtime()) === 'electron';
  }

  /** Reads the printers (desktop app); a remembered printer no longer listed stays chosen, and its print says so. */
  async function loadPrinters(): Promise<Printer[]> {
    printers.value = (await isDesktop()) ? (await api().call('app.printers', {})).printers : [];
    return printers.value;
  }

  /**
   * Prints the window on `pageSize`: the chosen printer, else the system's dialog (desktop app), or the
   * browser's own dialog. Resolves false when the clerk cancelled the system's dialog.
   */
  async function print(pageSize: PageSizeMm): Promise<boolean> {
    if (!(await isDesktop())) {
      window.print();
      return true;
    }
    const deviceName = preferences.printer ?? undefined;
    return (await api().call('app.print', { deviceName, pageSize })).printed;
  }

  /** Saves the window as a PDF where the clerk chooses (desktop app); the file, or null if cancelled. */
  async function savePdf(suggestedName: string): Promise<string | null> {
    return appInfo.printToPdf(suggestedName);
  }

  return { printers, isDesktop, loadPrinters, print, savePdf };
});
