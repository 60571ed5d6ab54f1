import { StoreError } from '../../../src-shared/errors';
import { PRINTER_NAME_MAX, type PageSizeMm, type Printers, type PrintJob } from '../../../src-shared/schemas/printing';

/**
 * What the Electron print handlers decide, free of Electron so that Node tests run it: which
 * printers to offer, the options of a print job, and what its callback's answer means.
 */

/** A printer as Electron's getPrintersAsync describes it (the fields used here). */
export interface SystemPrinter {
  name: string;
  displayName?: string;
  isDefault?: boolean;
}

/** The printers to offer: the default first, then by name; names too long to print to are left out. */
export function printerChoices(system: readonly SystemPrinter[]): Printers {
  const seen = new Set<string>();
  const printers = system
    .filter((printer) => printer.name.length > 0 && printer.name.length <= PRINTER_NAME_MAX && !seen.has(printer.name) && seen.add(printer.name))
    .map((printer) => ({
      name: printer.name,
      displayName: (printer.displayName || printer.name).slice(0, PRINTER_NAME_MAX),
      isDefault: printer.isDefault === true,
    }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.displayName.localeCompare(b.displayName));
  return { printers };
}

/** Electron's micrometres for a size in millimetres (its pageSize takes whole microns). */
const microns = (mm: number) => Math.round(mm * 1000);

/** The options of webContents.print for a job (Electron's WebContentsPrintOptions, the fields used). */
export interface PrintOptions {
  silent: boolean;
  deviceName?: string;
  printBackground: boolean;
  pageSize?: { width: number; height: number };
  margins?: { marginType: 'none' };
}

/**
 * A chosen printer prints at once (no dialog: the clerk chose it before); without one the system's
 * dialog asks. A page size given is the layout's paper, whose margins the page itself draws.
 */
export function printOptions(job: PrintJob, known: Printers): PrintOptions {
  const { deviceName, pageSize } = job;
  if (deviceName !== undefined && !known.printers.some((printer) => printer.name === deviceName)) {
    throw new StoreError('NOT_FOUND', `The printer “${deviceName}” is not connected: choose another one`);
  }
  const options: PrintOptions = { silent: deviceName !== undefined, printBackground: false };
  if (deviceName !== undefined) options.deviceName = deviceName;
  if (pageSize) {
    options.pageSize = sizeInMicrons(pageSize);
    options.margins = { marginType: 'none' };
  }
  return options;
}

/** A page size for Electron, in whole micrometres. */
export const sizeInMicrons = (size: PageSizeMm) => ({ width: microns(size.width), height: microns(size.height) });

/**
 * What print's callback said: printed, cancelled by the clerk (not a failure), or failed with
 * Chromium's reason, which the clerk is told with the printer's name.
 */
export function printOutcome(success: boolean, failureReason: string, deviceName?: string): { printed: boolean } {
  if (success) return { printed: true };
  if (/cancel/i.test(failureReason)) return { printed: false };
  const where = deviceName ? ` on “${deviceName}”` : '';
  throw new StoreError('PRINT_FAILED', `Printing${where} failed: ${failureReason || 'the printer gave no reason'}`);
}
