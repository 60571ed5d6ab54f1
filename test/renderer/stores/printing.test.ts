// @vitest-environment happy-dom
/**
 * Printing (stores/printing.ts): in a browser the browser's own print and no printers; in the desktop
 * app the clerk's remembered printer, on the page's paper. The desktop's handlers are stood in by
 * the app's own decisions (app/printing/print-job.ts) over a fixed list of system printers: only
 * Electron's webContents is not here.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ApiResult } from '../../../src-shared/api-result';
import { StoreError } from '../../../src-shared/errors';
import { PrintJob } from '../../../src-shared/schemas/printing';
import { printerChoices, printOptions, type PrintOptions } from '../../../src-main/app/printing/print-job';
import { toErrorBody } from '../../../src-main/service/errors';
import { usePreferencesStore } from '../../../src-renderer/stores/preferences';
import { usePrintingStore } from '../../../src-renderer/stores/printing';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
beforeEach(() => localStorage.clear());
afterEach(() => h?.close());

const SYSTEM = [
  { name: 'office', displayName: 'Office laser', isDefault: true },
  { name: 'tm_t20', displayName: 'Counter receipts', isDefault: false },
];

/** The real service, answered as the Electron app answers: runtime electron, printers, and print jobs recorded. */
function desktop(jobs: PrintOptions[]) {
  return useRealApi({
    async around(operation, input, call): Promise<ApiResult<unknown>> {
      try {
        if (operation === 'app.info') {
          const info = await call();
          return info.ok ? { ok: true, data: { ...(info.data as object), runtime: 'electron' } } : info;
        }
        if (operation === 'app.printers') return { ok: true, data: printerChoices(SYSTEM) };
        if (operation === 'app.print') {
          jobs.push(printOptions(PrintJob.parse(input), printerChoices(SYSTEM)));
          return { ok: true, data: { printed: true } };
        }
        return call();
      } catch (error) {
        return { ok: false, error: toErrorBody(error) };
      }
    },
  });
}

test('in a browser: no printers, and Print is the browser\'s own print', async () => {
  h = useRealApi();
  const printing = usePrintingStore();
  const print = vi.fn();
  window.print = print; // happy-dom has no print dialog
  expect(await printing.isDesktop()).toBe(false);
  expect(await printing.loadPrinters()).toEqual([]);
  expect(await printing.print({ width: 80, height: 120 })).toBe(true);
  expect(print).toHaveBeenCalledTimes(1);
  expect(h.invoked).not.toContain('app.print');
});

test('in the desktop app: the printers listed; the remembered printer printed on silently, on the paper asked for', async () => {
  const jobs: PrintOptions[] = [];
  h = desktop(jobs);
  const printing = usePrintingStore();
  const preferences = usePreferencesStore();
  expect((await printing.loadPrinters()).map((printer) => printer.name)).toEqual(['office', 'tm_t20']);

  // None chosen: the system's dialog asks.
  await printing.print({ width: 210, height: 297 });
  expect(jobs.at(-1)).toEqual({ silent: false, printBackground: false, pageSize: { width: 210_000, height: 297_000 }, margins: { marginType: 'none' } });

  preferences.printer = 'tm_t20';
  await Promise.resolve(); // the preference's watcher stores it
  expect(localStorage.getItem('petstore.printer')).toBe('tm_t20');
  expect(await printing.print({ width: 80, height: 150 })).toBe(true);
  expect(jobs.at(-1)).toMatchObject({ silent: true, deviceName: 'tm_t20', pageSize: { width: 80_000, height: 150_000 } });
});

test('a remembered printer that is gone: NOT_FOUND naming it, and nothing printed', async () => {
  const jobs: PrintOptions[] = [];
  localStorage.setItem('petstore.printer', 'gone');
  h = desktop(jobs);
  const refusal = await usePrintingStore().print({ width: 80, height: 150 }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(StoreError);
  expect(refusal).toMatchObject({ code: 'NOT_FOUND', message: 'The printer “gone” is not connected: choose another one' });
  expect(jobs).toEqual([]);
});
