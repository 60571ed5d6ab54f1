/**
 * Adding up a report's sums: field by field, in safe integers. A sum past 2^53−1 would no longer be
 * exact in JSON or JavaScript, so the report is refused (REPORT_TOO_LARGE) rather than rounded.
 */
import { StoreError } from '../../src-shared/errors';
import type { PaymentFigures, SalesFigures } from '../../src-shared/schemas/report';
import type { LineSumsRow, PaymentSumsRow } from '../db/repositories/reports';

export type LineSums = Omit<LineSumsRow, 'key'>;

const LINE_FIELDS = ['sales', 'quantity', 'gross', 'discounts', 'net', 'tax', 'total', 'refundedQuantity', 'refundedNet', 'refundedTax', 'refunds'] as const;
const PAYMENT_FIELDS = ['sales', 'paid', 'change', 'refunds'] as const;

/** A sum as a report may show it: a safe integer (SQLite's sums beyond 2^53 arrive rounded, and unsafe). */
export function exact(value: number): number {
  if (!Number.isSafeInteger(value)) {
    throw new StoreError('REPORT_TOO_LARGE', 'The figures of this report pass 9,007,199,254,740,991 minor units: ask for a shorter period');
  }
  return value;
}

export const noLineSums = (): LineSums => ({
  sales: 0,
  quantity: 0,
  gross: 0,
  discounts: 0,
  net: 0,
  tax: 0,
  total: 0,
  refundedQuantity: 0,
  refundedNet: 0,
  refundedTax: 0,
  refunds: 0,
});

/** Adds `row`'s sums into `into`. */
export function addLineSums(into: LineSums, row: LineSums): LineSums {
  for (const field of LINE_FIELDS) into[field] = exact(into[field] + exact(row[field]));
  return into;
}

/** The figures a report shows for some sums: they and `takings`, what the period kept. */
export const salesFigures = (sums: LineSums): SalesFigures => ({ ...sums, takings: exact(sums.total - sums.refunds) });

export const noPaymentSums = (method: PaymentSumsRow['method']): PaymentSumsRow => ({ method, sales: 0, paid: 0, change: 0, refunds: 0 });

export function addPaymentSums(into: PaymentSumsRow, row: PaymentSumsRow): PaymentSumsRow {
  for (const field of PAYMENT_FIELDS) into[field] = exact(into[field] + exact(row[field]));
  return into;
}

/** A method's figures: its sums and what it kept (paid − change − refunds). */
export const paymentFigures = (sums: PaymentSumsRow): PaymentFigures => ({ ...sums, takings: exact(sums.paid - sums.change - sums.refunds) });
