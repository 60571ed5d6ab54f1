/**
 * A restore and the reports: the restore replaces the sales, refunds and payments with the
 * backup's, and the reports then read exactly the backup's sales (those made since are gone, as
 * the restore says), cancels included; the hourly summaries equal what the restored records add
 * up to, and count the sales made after. Made through the host's operations, as the app restores.
 */
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { refundShare } from '../../src-shared/money';
import type { Sale } from '../../src-shared/schemas/sale';
import { summariesAndRecords } from '../helpers/report-summaries';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => {
  t?.close();
  vi.useRealTimers();
});

test('after a restore the reports read the backup\'s sales, and the summaries its records', async () => {
  t = openTestStore();
  const { handlers } = createHostHandlers(t.store, 'browser-host');
  const call = async (name: string, input: unknown) => {
    const result = await invokeOperationAsync(handlers, name, input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.data;
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  const sell = (instant: string, input: Record<string, unknown>): Sale => {
    vi.setSystemTime(new Date(instant));
    return t.ok('sales.create', input);
  };
  t.ok('settings.update', { timeZone: 'Europe/Berlin' });
  const dogs = t.ok('categories.create', { name: 'Dogs', taxRate: 1900 });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1000 });
  t.ok('inventory.set', { petId: rex.id, update: { quantity: 50 } });

  // Before the backup: a sale, one refunded, one cancelled.
  const kept = sell('2026-11-27T10:00:00+01:00', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
  vi.setSystemTime(new Date('2026-11-27T11:00:00+01:00'));
  t.ok('refunds.create', { saleId: kept.id, refund: { lines: [{ orderId: kept.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: refundShare(kept.lines[0], 0, 1).total }] } });
  const later = sell('2026-11-27T12:00:00+01:00', { lines: [{ petId: rex.id }], handover: 'later', payments: [{ method: 'card', amount: 1000 }] });
  t.ok('sales.cancel', { saleId: later.id });
  const report = () => ({
    byDay: t.ok('reports.sales', { from: '2026-11-26', to: '2026-11-29' }),
    byPet: t.ok('reports.sales', { from: '2026-11-26', to: '2026-11-29', by: 'pet' }),
    byMethod: t.ok('reports.sales', { from: '2026-11-26', to: '2026-11-29', by: 'paymentMethod' }),
    day: t.ok('reports.day', { date: '2026-11-27' }),
  });
  const before = report();
  expect(before.byDay.totals).toMatchObject({ sales: 2, cancelled: 1, refundedQuantity: 2 });

  vi.useRealTimers();
  const file = join(t.dir, 'backups', 'before-more-sales.db');
  await call('backup.create', { file });

  // After it: more of everything, on the same day and the next.
  sell('2026-11-27T15:00:00+01:00', { lines: [{ petId: rex.id, quantity: 3 }], payments: [{ method: 'card', amount: 3000 }] });
  const gone = sell('2026-11-28T09:00:00+01:00', { lines: [{ petId: rex.id }], handover: 'later', payments: [{ method: 'other', amount: 1000 }] });
  t.ok('sales.cancel', { saleId: gone.id });
  expect(report()).not.toEqual(before);

  vi.useRealTimers();
  await call('backup.restore', { file });
  expect(report()).toEqual(before);
  expect(summariesAndRecords(t.store.db).kept).toEqual(summariesAndRecords(t.store.db).fromRecords);

  // The summaries' triggers are back: the next sale counts.
  sell('2026-11-27T16:00:00+01:00', { lines: [{ petId: rex.id }], payments: [{ method: 'cash', amount: 1000 }] });
  expect(report().byDay.totals.sales).toBe(3);
  const { kept: summaries, fromRecords } = summariesAndRecords(t.store.db);
  expect(summaries).toEqual(fromRecords);
});
