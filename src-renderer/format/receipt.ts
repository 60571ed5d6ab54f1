import { formatMoney, formatTaxRate } from '../../src-shared/money-format';
import type { PaymentMethod, Sale } from '../../src-shared/schemas/sale';
import { servedByText } from './recorded-by';

/**
 * A sale's receipt as text: each figure the service priced (src-shared/money.ts), formatted in the
 * sale's own currency, and its date in the shop's time zone. Nothing here computes an amount.
 */

/** The papers: a page, A4 or US letter (a PDF, an office printer), or an 80 mm receipt roll. */
export const RECEIPT_LAYOUTS = ['a4', 'letter', '80mm'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];

/** Each paper's name, and its page in millimetres (the roll's length is the receipt's). */
export const RECEIPT_PAPERS: Record<ReceiptLayout, { name: string; width: number; height?: number }> = {
  a4: { name: 'A4 page', width: 210, height: 297 },
  letter: { name: 'Letter page', width: 215.9, height: 279.4 },
  '80mm': { name: '80 mm roll', width: 80 },
};

/** `?layout=` as asked, else A4 (the layout of a PDF). */
export const receiptLayout = (query: unknown): ReceiptLayout => (RECEIPT_LAYOUTS.includes(query as ReceiptLayout) ? (query as ReceiptLayout) : 'a4');

const METHOD_NAMES: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

/** A line as the receipt prints it. */
export interface ReceiptLine {
  orderId: number;
  name: string;
  quantity: number;
  unitPrice: string;
  amount: string;
  returned: number;
}

/** A row of the tax table: the lines at one rate. */
export interface ReceiptTaxRow {
  rate: string;
  net: string;
  tax: string;
  total: string;
}

/** A labelled figure (a total, a payment). */
export interface ReceiptFigure {
  term: string;
  value: string;
}

export interface ReceiptText {
  title: string;
  when: string;
  /** For pets handed over later: when (in the shop's time zone), or that it is still to come. */
  handover: string | null;
  /** "Served by Anna · Counter 2": who made the sale, where; null when nobody was named. */
  servedBy: string | null;
  lines: ReceiptLine[];
  totals: ReceiptFigure[];
  taxes: ReceiptTaxRow[];
  payments: ReceiptFigure[];
}

/** When the sale was made, in the shop's time zone, the zone named (a receipt read elsewhere stays right). */
export function receiptTime(createdAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(createdAt));
}

/** Every figure of the sale's receipt, formatted: the lines, totals, tax per rate and payments. */
export function receiptText(sale: Sale, timeZone: string): ReceiptText {
  const money = (amount: number) => formatMoney(amount, sale.currency);
  const totals: ReceiptFigure[] = [{ term: 'Subtotal', value: money(sale.subtotal) }];
  if (sale.discount > 0) totals.push({ term: 'Discount', value: `−${money(sale.discount)}` });
  // Prices with tax included show the tax inside the total; prices without show it added.
  if (!sale.pricesIncludeTax) totals.push({ term: 'Net', value: money(sale.net) }, { term: 'Tax', value: money(sale.tax) });
  totals.push({ term: 'Total', value: money(sale.total) });
  if (sale.pricesIncludeTax) totals.push({ term: 'Tax included', value: money(sale.tax) });

  const payments: ReceiptFigure[] = sale.payments.map((payment) => ({ term: METHOD_NAMES[payment.method], value: money(payment.amount) }));
  payments.push({ term: 'Paid', value: money(sale.paid) }, { term: 'Change', value: money(sale.change) });
  if (sale.refunded > 0) payments.push({ term: sale.status === 'cancelled' ? 'Given back (cancelled)' : 'Refunded', value: money(sale.refunded) });

  return {
    title: `Receipt ${sale.number}`,
    when: receiptTime(sale.createdAt, timeZone),
    handover: sale.handover === 'now' ? null : sale.shipDate ? `To be handed over: ${receiptTime(sale.shipDate, timeZone)}` : 'To be handed over later',
    servedBy: servedByText(sale),
    lines: sale.lines.map((line) => ({
      orderId: line.orderId,
      name: line.petName,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      amount: money(line.gross),
      returned: line.returned,
    })),
    totals,
    taxes: sale.taxes.map((row) => ({ rate: formatTaxRate(row.taxRate), net: money(row.net), tax: money(row.tax), total: money(row.total) })),
    payments,
  };
}
