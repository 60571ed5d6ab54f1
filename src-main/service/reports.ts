/**
 * The sales reports. A period's figures come from the hourly summaries (migration 14) for its whole
 * hours and from the records for the parts of hours at the edges of its days; the end-of-day report
 * reads the day's records alone. Each report is read in one snapshot (a read transaction), and only
 * adds up amounts the sales and refunds stored (docs/decisions.md#reports-read-hourly-sums).
 */
import type { ParsedInput } from '../../src-shared/contract';
import { PAYMENT_METHODS, type PaymentMethod } from '../../src-shared/schemas/sale';
import { REPORT_ROWS_MAX, type DayReport, type SalesReport } from '../../src-shared/schemas/report';
import { endOfDay, startOfDay } from '../../src-shared/shop-days';
import type { PaymentSumsRow } from '../db/repositories/reports';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { HOUR_MS, daysOf, hourOf, hourStart, isoOf, splitByHours, type Span } from './report-spans';
import { addLineSums, addPaymentSums, exact, noLineSums, noPaymentSums, paymentFigures, salesFigures, type LineSums } from './report-sums';
import { readSettings } from './settings-read';

export const reportHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'reports'> => {
  const { reports } = ctx;
  const iso = (span: Span) => [isoOf(span.from), isoOf(span.to)] as const;

  /** Lines sold and refunded in a span, and the sales cancelled in it: whole hours from the summaries, the rest from the records. */
  function* spanSums(span: Span): Step<{ sums: LineSums; cancelled: number }> {
    const sums = noLineSums();
    let cancelled = 0;
    const { hours, edges } = splitByHours(span);
    if (hours) {
      const row = yield* reports.summed(hourOf(hours.from), hourOf(hours.to));
      addLineSums(sums, row);
      cancelled += row.cancelled;
    }
    for (const edge of edges) {
      for (const row of yield* reports.linesBy('all', ...iso(edge))) addLineSums(sums, row);
      cancelled += yield* reports.cancelled(...iso(edge));
    }
    return { sums, cancelled };
  }

  /** The span's lines by category or pet: the summaries' whole hours, and the records' edges. */
  function* keyedSums(key: 'category' | 'pet', span: Span): Step<Map<number, LineSums>> {
    const byKey = new Map<number, LineSums>();
    const add = (id: number, row: LineSums) => addLineSums(byKey.get(id) ?? byKey.set(id, noLineSums()).get(id)!, row);
    const { hours, edges } = splitByHours(span);
    if (hours) for (const row of yield* reports.summedBy(key, hourOf(hours.from), hourOf(hours.to))) add(row.key!, row);
    for (const edge of edges) for (const row of yield* reports.linesBy(key, ...iso(edge))) add(row.key!, row);
    return byKey;
  }

  /** Payments by method, all three in order, added up from the parts of a span. */
  function paymentSums(parts: PaymentSumsRow[][]): PaymentSumsRow[] {
    const byMethod = new Map<PaymentMethod, PaymentSumsRow>(PAYMENT_METHODS.map((method) => [method, noPaymentSums(method)]));
    for (const rows of parts) for (const row of rows) addPaymentSums(byMethod.get(row.method)!, row);
    return [...byMethod.values()];
  }
  /** The span's payments: the summaries' whole hours, and the records' edges. */
  function* spanPayments(span: Span): Step<PaymentSumsRow[]> {
    const { hours, edges } = splitByHours(span);
    const parts: PaymentSumsRow[][] = hours ? [yield* reports.summedPayments(hourOf(hours.from), hourOf(hours.to))] : [];
    for (const edge of edges) parts.push(yield* reports.paymentsBy(...iso(edge)));
    return paymentSums(parts);
  }

  /** Every day of the range: the summaries' hours that lie wholly in a day, and each day's edges from the records. */
  function* dayRows(days: { date: string; span: Span }[]) {
    const sums = days.map(() => ({ sums: noLineSums(), cancelled: 0 }));
    const { hours } = splitByHours({ from: days[0].span.from, to: days.at(-1)!.span.to });
    let index = 0;
    for (const row of hours ? yield* reports.hours(hourOf(hours.from), hourOf(hours.to)) : []) {
      const start = hourStart(row.hour);
      while (days[index].span.to <= start) index++;
      // An hour across midnight (a zone not on the hour) is read from the records, by each day's edges.
      if (start < days[index].span.from || start + HOUR_MS > days[index].span.to) continue;
      addLineSums(sums[index].sums, row);
      sums[index].cancelled += row.cancelled;
    }
    for (const [i, day] of days.entries()) {
      for (const edge of splitByHours(day.span).edges) {
        for (const row of yield* reports.linesBy('all', ...iso(edge))) addLineSums(sums[i].sums, row);
        sums[i].cancelled += yield* reports.cancelled(...iso(edge));
      }
    }
    return days.map((day, i) => ({ date: day.date, ...salesFigures(sums[i].sums), cancelled: sums[i].cancelled }));
  }

  /** Rows by category or pet, largest total first (then refunds, then id), at most REPORT_ROWS_MAX. */
  function* keyedRows(key: 'category' | 'pet', span: Span) {
    const ranked = [...(yield* keyedSums(key, span))].sort(([a, x], [b, y]) => y.total - x.total || y.refunds - x.refunds || a - b);
    const kept = ranked.slice(0, REPORT_ROWS_MAX);
    const names = yield* reports.names(key, kept.map(([id]) => id));
    const rows = kept.map(([id, sums]) => ({ id, name: names.get(id) ?? '', figures: salesFigures(sums) }));
    return { rows, omittedRows: ranked.length - kept.length };
  }

  function* salesReport({ from, to, by }: ParsedInput<'reports.sales'>): Step<SalesReport> {
    const { timeZone, currency } = yield* readSettings(ctx);
    const whole = { from: startOfDay(from, timeZone), to: endOfDay(to, timeZone) };
    const { sums, cancelled } = yield* spanSums(whole);
    const head = { from, to, timeZone, currency, totals: { ...salesFigures(sums), cancelled } };
    switch (by) {
      case 'day':
        return { by, ...head, rows: yield* dayRows(daysOf(from, to, timeZone)) };
      case 'category': {
        const { rows, omittedRows } = yield* keyedRows('category', whole);
        return { by, ...head, rows: rows.map(({ id, name, figures }) => ({ categoryId: id, categoryName: name, ...figures })), omittedRows };
      }
      case 'pet': {
        const { rows, omittedRows } = yield* keyedRows('pet', whole);
        return { by, ...head, rows: rows.map(({ id, name, figures }) => ({ petId: id, petName: name, ...figures })), omittedRows };
      }
      case 'paymentMethod':
        return { by, ...head, rows: (yield* spanPayments(whole)).map(paymentFigures) };
    }
  }

  /** The end-of-day report, from the day's records: the sales made and the refunds made that day. */
  function* dayReport(date: string): Step<DayReport> {
    const { timeZone, currency } = yield* readSettings(ctx);
    const span = { from: startOfDay(date, timeZone), to: endOfDay(date, timeZone) };
    const [from, to] = iso(span);
    const sums = noLineSums();
    for (const row of yield* reports.linesBy('all', from, to)) addLineSums(sums, row);
    const taxes = (yield* reports.linesBy('rate', from, to))
      .sort((a, b) => a.key! - b.key!)
      .map((row) => ({
        taxRate: row.key!,
        net: exact(row.net),
        tax: exact(row.tax),
        total: exact(row.total),
        refundedNet: exact(row.refundedNet),
        refundedTax: exact(row.refundedTax),
        refunds: exact(row.refunds),
      }));
    const payments = paymentSums([yield* reports.paymentsBy(from, to)]).map(paymentFigures);
    const cash = payments.find((payment) => payment.method === 'cash')!;
    return {
      date,
      timeZone,
      currency,
      from,
      to,
      ...salesFigures(sums),
      cancelled: yield* reports.cancelled(from, to),
      taxes,
      payments,
      cashExpected: cash.takings,
    };
  }

  return {
    'reports.sales': (query) => ctx.read(() => salesReport(query)),
    'reports.day': ({ date }) => ctx.read(() => dayReport(date)),
  };
});
