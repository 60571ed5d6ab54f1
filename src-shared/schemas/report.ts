import { z } from '../zod-setup';
import { FIRST_SHOP_DATE, LAST_SHOP_DATE, isCalendarDate, isShopDate } from '../shop-days';
import { DateTime, Id, NAME_MAX } from './common';
import { TaxRate } from './money';
import { PaymentMethod } from './sale';

/**
 * The sales reports: sums of the amounts sales and refunds stored when they were made (never priced
 * again), over whole days of the shop's time zone. What each figure means, exactly:
 * docs/decisions.md#what-a-report-figure-means.
 */

/** The first and last days a report may name: every day of them has a first and a last instant. */
export const REPORT_FIRST_DATE = FIRST_SHOP_DATE;
export const REPORT_LAST_DATE = LAST_SHOP_DATE;
/** The longest range one sales report covers: three years, one of them a leap year. */
export const REPORT_DAYS_MAX = 1096;
/** The most rows a report by category or pet lists (those with the largest totals); the others are counted. */
export const REPORT_ROWS_MAX = 2000;

const NOT_A_REPORT_DATE = `Must be a date (YYYY-MM-DD) from ${REPORT_FIRST_DATE} to ${REPORT_LAST_DATE}: a day in the shop's time zone`;

/** A calendar day of the shop's time zone. */
export const ReportDate = z
  .string()
  .max(10, { message: NOT_A_REPORT_DATE, abort: true })
  .refine(isShopDate, NOT_A_REPORT_DATE)
  .meta({ example: '2026-11-28' });

/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is 1). */
export const daysCovered = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const REPORT_GROUPINGS = ['day', 'category', 'pet', 'paymentMethod'] as const;
export const ReportGrouping = z.enum(REPORT_GROUPINGS);
export type ReportGrouping = z.infer<typeof ReportGrouping>;

export const SalesReportQuery = z
  .strictObject({
    from: ReportDate.describe("The first day, in the shop's time zone (`GET /shop`)."),
    to: ReportDate.describe(`The last day, included (its whole day); at most ${REPORT_DAYS_MAX} days from \`from\` (three years).`),
    by: ReportGrouping.default('day').describe(
      'One row per `day` (every day of the range), `category` or `pet` (as sold; those with activity), or `paymentMethod` (all three).',
    ),
  })
  .superRefine(({ from, to }, ctx) => {
    if (!isCalendarDate(from) || !isCalendarDate(to)) return;
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: `Must be ${from} or later: the range runs from \`from\` to \`to\`` });
    else if (daysCovered(from, to) > REPORT_DAYS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `The range may cover at most ${REPORT_DAYS_MAX} days (three years); this one covers ${daysCovered(from, to)}` });
    }
  });
export type SalesReportQuery = z.input<typeof SalesReportQuery>;

export const DayReportQuery = z.strictObject({ date: ReportDate.describe("The day, in the shop's time zone (`GET /shop`).") });

// ── Figures ──────────────────────────────────────────────────────────────────────────────

/** A sum of amounts (minor units): a report may add up many sales, so up to 2^53−1. */
const sum = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe(description);
/** A difference of sums, below 0 when more was paid back than taken. */
const balance = (description: string) => z.int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).describe(description);
const count = (description: string) => z.int().min(0).describe(description);

/** The figures of sales and refunds; the same names mean the same sums in every report. */
const salesFigures = {
  sales: count('Sales made in the period (cancelled ones too: their cancel is a refund); in a row by category or pet, those with a line of it.'),
  quantity: count('Units sold.'),
  gross: sum("The lines' gross, summed: unit price × quantity, as the price list said (with or without tax, as the shop's prices were)."),
  discounts: sum("The lines' shares of their sales' discounts, summed."),
  net: sum('What the lines came to without tax, after their discounts, summed.'),
  tax: sum("The lines' tax, summed."),
  total: sum("What the customers owed for the lines: net + tax, summed (the sales' totals)."),
  refunds: sum('Paid back by refunds made in the period (a cancel included), tax included: refundedNet + refundedTax.'),
  refundedQuantity: count('Units refunded in the period.'),
  refundedNet: sum('The refunds without their tax.'),
  refundedTax: sum('The tax paid back by the refunds.'),
  takings: balance('total − refunds: what the period kept, tax included; below 0 when it paid back more than it sold.'),
};
export type SalesFigures = { [K in keyof typeof salesFigures]: number };

const cancelled = count('Sales cancelled in the period (whenever they were made).');

export const SalesTotals = z.object({ ...salesFigures, cancelled }).meta({ id: 'SalesTotals' });

export const DaySalesRow = z
  .object({ date: z.string().length(10).describe("The day, in the shop's time zone."), ...salesFigures, cancelled })
  .meta({ id: 'DaySalesRow' });
export const CategorySalesRow = z
  .object({
    categoryId: Id.describe('The category the pets were in when sold.'),
    categoryName: z.string().max(NAME_MAX).describe('Its name now; a deleted category\'s, the name it was last sold under.'),
    ...salesFigures,
  })
  .meta({ id: 'CategorySalesRow' });
export const PetSalesRow = z
  .object({
    petId: Id,
    petName: z.string().max(NAME_MAX).describe("Its name now; a deleted pet's, the name it was last sold under."),
    ...salesFigures,
  })
  .meta({ id: 'PetSalesRow' });

/** One payment method over a period. */
export const PaymentFigures = z
  .object({
    method: PaymentMethod,
    sales: count('Sales made in the period that took a payment of this method.'),
    paid: sum('Taken with this method by the sales made in the period.'),
    change: sum('Cash handed back as change (cash only).'),
    refunds: sum('Paid back with this method by refunds made in the period (a cancel included).'),
    takings: balance('paid − change − refunds: what this method kept; for cash, what the drawer gained.'),
  })
  .meta({ id: 'PaymentFigures' });
export type PaymentFigures = z.infer<typeof PaymentFigures>;

const reportHead = {
  from: ReportDate.describe('The first day.'),
  to: ReportDate.describe('The last day, included.'),
  timeZone: z.string().max(64).describe("The shop's time zone: the days are its days."),
  currency: z.string().length(3).describe('ISO 4217 code of every amount (minor units).'),
  totals: SalesTotals.describe('The whole period.'),
};
const omittedRows = count(`Rows left out beyond the ${REPORT_ROWS_MAX.toLocaleString('en-US')} with the largest totals (their figures are in \`totals\`).`);

export const SalesReportByDay = z
  .object({ by: z.literal('day'), ...reportHead, rows: z.array(DaySalesRow).max(REPORT_DAYS_MAX).describe('Every day of the range, in order.') })
  .meta({ id: 'SalesReportByDay' });
export const SalesReportByCategory = z
  .object({
    by: z.literal('category'),
    ...reportHead,
    rows: z.array(CategorySalesRow).max(REPORT_ROWS_MAX).describe('Each category sold or refunded in the period, largest total first.'),
    omittedRows,
  })
  .meta({ id: 'SalesReportByCategory' });
export const SalesReportByPet = z
  .object({
    by: z.literal('pet'),
    ...reportHead,
    rows: z.array(PetSalesRow).max(REPORT_ROWS_MAX).describe('Each pet sold or refunded in the period, largest total first.'),
    omittedRows,
  })
  .meta({ id: 'SalesReportByPet' });
export const SalesReportByPaymentMethod = z
  .object({
    by: z.literal('paymentMethod'),
    ...reportHead,
    rows: z.array(PaymentFigures).length(3).describe('cash, card and other, in that order.'),
  })
  .meta({ id: 'SalesReportByPaymentMethod' });

export const SalesReport = z
  .discriminatedUnion('by', [SalesReportByDay, SalesReportByCategory, SalesReportByPet, SalesReportByPaymentMethod])
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof SalesReport>;

/** The lines sold and refunded at one tax rate on the day. */
export const RateFigures = z
  .object({
    taxRate: TaxRate,
    net: sum('Sold at this rate without tax.'),
    tax: sum('Tax on what was sold at this rate.'),
    total: sum('net + tax.'),
    refundedNet: sum('Refunded at this rate without tax.'),
    refundedTax: sum('Tax paid back at this rate.'),
    refunds: sum('refundedNet + refundedTax.'),
  })
  .meta({ id: 'RateFigures' });

/** The end-of-day report. */
export const DayReport = z
  .object({
    date: ReportDate.describe("The day, in the shop's time zone."),
    timeZone: z.string().max(64),
    currency: z.string().length(3),
    from: DateTime.describe('Its first instant.'),
    to: DateTime.describe('The first instant after it (23 or 25 hours after `from` on a day the clocks change).'),
    ...salesFigures,
    cancelled,
    taxes: z.array(RateFigures).max(10_001).describe('Per tax rate sold or refunded that day, lowest rate first.'),
    payments: z.array(PaymentFigures).length(3).describe('cash, card and other, in that order.'),
    cashExpected: balance('Cash taken − change − cash refunded: what the drawer gained that day (add the float it started with).'),
  })
  .meta({ id: 'DayReport' });
export type DayReport = z.infer<typeof DayReport>;
