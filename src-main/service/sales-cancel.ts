/**
 * Cancelling a sale nothing of which was handed over: its orders cancelled (their units back in
 * stock), everything paid given back as a refund of kind `cancel`, the sale `cancelled` with its number.
 */
import { StoreError } from '../../src-shared/errors';
import { refundShare, type PaymentMethod } from '../../src-shared/money';
import { PAYMENT_METHODS, type Sale } from '../../src-shared/schemas/sale';
import type { PaymentRow, SaleRow } from '../db/repositories/sales';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { cancelOrder } from './order-changes';
import { readSale } from './sales-model';

export function* cancelSale(ctx: HandlerContext, sale: SaleRow): Step<Sale> {
  // Cancelled already: a harmless retry (the answer to the first was lost).
  if (sale.status === 'cancelled') return yield* readSale(ctx, sale);
  const { other } = yield* ctx.sales.orderStanding(sale.id);
  if (other > 0) {
    throw new StoreError('SALE_HANDED_OVER', `Sale ${sale.number} has pets handed over already: refund them instead (POST /sales/${sale.id}/refunds)`);
  }
  const at = new Date().toISOString();
  const lines = yield* ctx.sales.lines(sale.id);
  for (const line of lines) yield* cancelOrder(ctx, (yield* ctx.orders.find(line.orderId))!);

  // Everything comes back: each line whole (refundShare of all its units is exactly its amounts).
  const shares = lines.map((line) => ({ line, share: refundShare(line, line.returned, line.quantity - line.returned) }));
  const net = shares.reduce((sum, { share }) => sum + share.net, 0);
  const tax = shares.reduce((sum, { share }) => sum + share.tax, 0);
  const refundId = yield* ctx.refunds.insert({ saleId: sale.id, createdAt: at, kind: 'cancel', restock: 1, reason: null, net, tax, amount: net + tax });
  for (const { line, share } of shares) {
    yield* ctx.refunds.insertLine(refundId, sale.id, { line: line.line, quantity: line.quantity - line.returned, ...share });
    yield* ctx.sales.addReturned(sale.id, line.line, line.quantity - line.returned);
  }
  for (const [position, payment] of (yield* givenBack(ctx, sale)).entries()) yield* ctx.refunds.insertPayment(refundId, position, payment);
  yield* ctx.sales.addRefunded(sale.id, net + tax);
  yield* ctx.sales.cancel(sale.id, at);
  const cancelled = yield* readSale(ctx, (yield* ctx.sales.find(sale.id))!);
  yield* ctx.events.append('sale.cancelled', cancelled);
  return cancelled;
}

/** What goes back, method by method: what each took, cash less the change already handed back. */
function* givenBack(ctx: HandlerContext, sale: SaleRow): Step<PaymentRow[]> {
  const taken = new Map<PaymentMethod, number>();
  for (const { method, amount } of yield* ctx.sales.payments(sale.id)) taken.set(method, (taken.get(method) ?? 0) + amount);
  taken.set('cash', (taken.get('cash') ?? 0) - sale.change);
  return PAYMENT_METHODS.map((method) => ({ method, amount: taken.get(method) ?? 0 })).filter((payment) => payment.amount > 0);
}
