/** The sales reports: a period by day, category, pet or payment method, and the end-of-day report (beta). */
import { defineOperation as op } from '../contract-types';
import { DayReport, DayReportQuery, REPORT_DAYS_MAX, SalesReport, SalesReportQuery } from '../schemas/report';

export const reportOperations = {
  /** Sales and refunds of a period of whole days, by day, category, pet or payment method. */
  'reports.sales': op({
    tag: 'Reports',
    summary: 'Sales report',
    description:
      "Sales made and refunds made from `from` to `to` (both included; whole days of the shop's time zone, `GET /shop`), at most " +
      `${REPORT_DAYS_MAX} days. Amounts are minor units, added up from what each sale and refund stored; a refund counts on the day it was made. ` +
      '`totals` covers the whole period; `rows` one group each. 422 REPORT_TOO_LARGE when a sum would pass 2^53−1: ask for a shorter period.',
    input: SalesReportQuery,
    output: SalesReport,
    stability: 'beta',
    mutates: false,
    access: 'owner',
    http: { method: 'GET', path: '/reports/sales', success: 200, errors: ['REPORT_TOO_LARGE'] },
  }),
  /** The end-of-day report: takings, tax per rate, payments per method, the cash the drawer should hold. */
  'reports.day': op({
    tag: 'Reports',
    summary: 'End-of-day report',
    description:
      "One day of the shop's time zone (23 or 25 hours when the clocks change): the sales made and refunds made that day, the tax per rate, " +
      'what each payment method took, gave as change and paid back, and the cash expected in the drawer (without its opening float).',
    input: DayReportQuery,
    output: DayReport,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/reports/day/{date}', success: 200, errors: ['REPORT_TOO_LARGE'] },
  }),
} as const;
