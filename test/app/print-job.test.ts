/**
 * The desktop app's printing decisions (src-main/app/printing/print-job.ts, free of Electron):
 * which printers are offered, the options of webContents.print, and what its callback means.
 */
import { describe, expect, test } from 'vitest';
import { printerChoices, printOptions, printOutcome } from '../../src-main/app/printing/print-job';
import { StoreError } from '../../src-shared/errors';
import { PrintJob } from '../../src-shared/schemas/printing';

const system = [
  { name: 'office_laser', displayName: 'Office laser', isDefault: false },
  { name: 'epson_tm_t20', displayName: 'Counter receipts', isDefault: true },
  { name: 'label_zebra', displayName: '', isDefault: false },
  { name: 'office_laser', displayName: 'Office laser (again)', isDefault: false },
  { name: 'x'.repeat(201) },
];
const known = printerChoices(system);

describe('printerChoices', () => {
  test('the default first, then by the name the clerk reads; a printer without one is named by its system name; each once', () => {
    expect(known.printers).toEqual([
      { name: 'epson_tm_t20', displayName: 'Counter receipts', isDefault: true },
      { name: 'label_zebra', displayName: 'label_zebra', isDefault: false },
      { name: 'office_laser', displayName: 'Office laser', isDefault: false },
    ]);
  });

  test('no printers: an empty list, not a failure', () => {
    expect(printerChoices([])).toEqual({ printers: [] });
  });
});

describe('printOptions', () => {
  test('a chosen printer prints silently on it, on the layout\'s paper in micrometres with no margins of the printer\'s', () => {
    const job = PrintJob.parse({ deviceName: 'epson_tm_t20', pageSize: { width: 80, height: 152.4 } });
    expect(printOptions(job, known)).toEqual({
      silent: true,
      deviceName: 'epson_tm_t20',
      printBackground: false,
      pageSize: { width: 80_000, height: 152_400 },
      margins: { marginType: 'none' },
    });
  });

  test('without a printer the system\'s dialog asks, on the printer\'s own paper', () => {
    expect(printOptions(PrintJob.parse({}), known)).toEqual({ silent: false, printBackground: false });
  });

  test('a remembered printer no longer connected is NOT_FOUND naming it: nothing goes to another printer', () => {
    const refusal = (() => {
      try {
        printOptions(PrintJob.parse({ deviceName: 'gone_printer' }), known);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(StoreError);
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'The printer “gone_printer” is not connected: choose another one' });
  });

  test('a page size outside a real paper is refused by the schema before anything prints', () => {
    expect(PrintJob.safeParse({ pageSize: { width: 5, height: 100 } }).success).toBe(false);
    expect(PrintJob.safeParse({ deviceName: '' }).success).toBe(false);
  });
});

describe('printOutcome', () => {
  test('printed, or cancelled by the clerk (no failure)', () => {
    expect(printOutcome(true, '')).toEqual({ printed: true });
    expect(printOutcome(false, 'cancelled')).toEqual({ printed: false });
  });

  test('a failure is PRINT_FAILED with the reason and the printer', () => {
    expect(() => printOutcome(false, 'failed', 'epson_tm_t20')).toThrow(
      expect.objectContaining({ code: 'PRINT_FAILED', status: 502, message: 'Printing on “epson_tm_t20” failed: failed' }),
    );
    expect(() => printOutcome(false, '')).toThrow(expect.objectContaining({ code: 'PRINT_FAILED', message: 'Printing failed: the printer gave no reason' }));
  });
});
