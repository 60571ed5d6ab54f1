/** Sales and refunds as the contract shows them, read back from their rows (amounts as stored, never priced again). */
import { taxesByRate } from '../../src-shared/money';
import type { Refund, Sale, SaleLine } from '../../src-shared/schemas/sale';
import type { RefundRow } from '../db/repositories/refunds';
import type { PaymentRow, SaleLineRow, SaleRow } from '../db/repositories/sales';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { recordedBy } from './to-model';

function lineModel(row: SaleLineRow): SaleLine {
  const { saleId: _saleId, line: _line, ...line } = row;
  return line;
}

/** A sale as stored, with its lines and payments read back. */
export function* readSale(ctx: HandlerContext, row: SaleRow): Step<Sale> {
  return saleModel(row, yield* ctx.sales.lines(row.id), yield* ctx.sales.payments(row.id));
}

/** A sale with its lines and payments (as stored, or as just written); fields without a value are left out. */
export function saleModel(row: SaleRow, lineRows: readonly SaleLineRow[], payments: readonly PaymentRow[]): Sale {
  const lines = lineRows.map(lineModel);
  const sale: Sale = {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt,
    status: row.status,
    handover: row.handover,
    currency: row.currency,
    pricesIncludeTax: row.pricesIncludeTax === 1,
    lines,
    subtotal: row.subtotal,
    discount: row.discount,
    net: row.net,
    tax: row.tax,
    total: row.total,
    // The lines as stored, summed by rate as the pricing module sums them.
    taxes: taxesByRate(lines),
    payments: payments.map(({ method, amount }) => ({ method, amount })),
    paid: row.paid,
    change: row.change,
    refunded: row.refunded,
  };
  if (row.shipDate !== null) sale.shipDate = row.shipDate;
  if (row.note !== null) sale.note = row.note;
  if (row.customerId !== null) sale.customerId = row.customerId;
  if (row.completedAt !== null) sale.completedAt = row.completedAt;
  if (row.cancelledAt !== null) sale.cancelledAt = row.cancelledAt;
  return Object.assign(sale, recordedBy(row));
}

/** A refund with its lines and payments. */
export function* refundModel(ctx: HandlerContext, row: RefundRow): Step<Refund> {
  const lines = yield* ctx.refunds.lines(row.id);
  const refund: Refund = {
    id: row.id,
    saleId: row.saleId,
    saleNumber: row.saleNumber,
    createdAt: row.createdAt,
    kind: row.kind,
    restock: row.restock === 1,
    lines: lines.map(({ line: _line, ...line }) => line),
    payments: yield* ctx.refunds.payments(row.id),
    net: row.net,
    tax: row.tax,
    amount: row.amount,
  };
  if (row.reason !== null) refund.reason = row.reason;
  return Object.assign(refund, recordedBy(row));
}
