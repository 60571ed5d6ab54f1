/** The desktop shell: app info, file choice, printing, the data folder (in-process only). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { AppInfo, FileChoice, FileChoiceRequest, PrintRequest } from '../schemas/data';
import { Printers, PrintJob, PrintOutcome } from '../schemas/printing';
import { Nothing } from './refs';

export const appOperations = {
  'app.info': op({
    tag: 'Settings',
    summary: 'About this app',
    input: z.strictObject({}),
    output: AppInfo,
    stability: 'stable',
    mutates: false,
    access: 'anyone',
  }),
  /** Asks the clerk for a file in the desktop's own dialog (desktop app only; `file` is null if cancelled). */
  'app.chooseFile': op({
    tag: 'Settings',
    summary: 'Choose a file',
    input: FileChoiceRequest,
    output: FileChoice,
    stability: 'stable',
    mutates: false,
  }),
  /** Prints the clerk's window to a PDF file they choose (desktop app only; a browser prints itself). */
  'app.printToPdf': op({
    tag: 'Settings',
    summary: 'Print to PDF',
    input: PrintRequest,
    output: FileChoice,
    stability: 'stable',
    mutates: false,
  }),
  /** The printers the system knows, the default one marked (desktop app only). */
  'app.printers': op({
    tag: 'Settings',
    summary: 'List the printers',
    input: z.strictObject({}),
    output: Printers,
    stability: 'stable',
    mutates: false,
  }),
  /** Prints the clerk's window on the printer chosen, or through the system's dialog (desktop app only). */
  'app.print': op({
    tag: 'Settings',
    summary: 'Print',
    input: PrintJob,
    output: PrintOutcome,
    stability: 'stable',
    mutates: false,
  }),
  /** Opens the data folder in the system's file manager (desktop app only). */
  'app.showDataFolder': op({
    tag: 'Settings',
    summary: 'Show the data folder',
    input: z.strictObject({}),
    output: Nothing,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
} as const;
