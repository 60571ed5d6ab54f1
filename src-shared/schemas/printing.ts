import { z } from '../zod-setup';

/**
 * Printing in the desktop app: the printers the system knows and a print job of the clerk's window
 * (a receipt, labels). The browser host has neither: the page uses the browser's own print there.
 */

/** The longest printer name passed to the system. */
export const PRINTER_NAME_MAX = 200;

/** A printer the system knows (Electron's `getPrintersAsync`). */
export const Printer = z.object({
  name: z.string().max(PRINTER_NAME_MAX).describe("The system's name for the printer: what a print job names."),
  displayName: z.string().max(PRINTER_NAME_MAX).describe('The name the clerk reads.'),
  isDefault: z.boolean(),
});
export type Printer = z.infer<typeof Printer>;

export const Printers = z.object({ printers: z.array(Printer).max(500) });
export type Printers = z.infer<typeof Printers>;

/** A page size in millimetres (a receipt roll is 80 mm wide, as long as the receipt). */
export const PageSizeMm = z.strictObject({
  width: z.number().min(20).max(1000),
  height: z.number().min(20).max(5000),
});
export type PageSizeMm = z.infer<typeof PageSizeMm>;

/** Print the clerk's window: on a printer the clerk chose (no dialog), or through the system's dialog. */
export const PrintJob = z.strictObject({
  deviceName: z
    .string()
    .trim()
    .min(1)
    .max(PRINTER_NAME_MAX)
    .optional()
    .describe("The printer chosen (a name from app.printers): printed silently on it. Without it, the system's print dialog asks."),
  pageSize: PageSizeMm.optional().describe("The paper, as the page's print layout is laid out; without it, the printer's own."),
});
export type PrintJob = z.input<typeof PrintJob>;

/** Whether the job went to the printer (false: the clerk cancelled the dialog). */
export const PrintOutcome = z.object({ printed: z.boolean() });
