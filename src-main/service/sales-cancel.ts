/**
 * Cancelling a sale nothing of which was handed over: its orders cancelled (their units back in
 * stock), everything paid given back as a refund of kind `cancel`, the sale `cancelled` with its number.
 */
import { StoreError } from '../../src-shared/errors';
import { refundShare, type PaymentMethod } from '../../src-shared/money';
import { PAYMENT_METHODS, type Sale } from '../../src-shared/schemas/sale';
import type { PaymentRow, SaleRow } from '../db/repositories/sales';
import type { ServiceContext } from './context';
import { cancelOrder } from './order-changes';
import { readSale } from './sales-model';

export function cancelSale(ctx: ServiceContext, sale: SaleRow): Sale {
  // Cancelled already: a harmless retry (the answer to the first was lost).
  if (sale.status === 'cancelled') return readSale(ctx, sale);
  const { other } = ctx.sales.orderStanding(sale.id);
  if (other > 0) {
    throw new StoreError('SALE_HANDED_OVER', `Sale ${sale.number} has pets handed over already: refund them instead (POST /sales/${sale.id}/refunds)`);
  }
  const at = new Date().toISOString();
  const lines = ctx.sales.lines(sale.id);
  for (const line of lines) cancelOrder(ctx, ctx.orders.find(line.orderId)!);

  // Everything comes back: each line whole (refundShare of all its units is exactly its amounts).
  const shares = lines.map((line) => ({ line, share: refundShare(line, line.returned, line.quantity - line.returned) }));
  const net = shares.reduce((sum, { share }) => sum + share.net, 0);
  const tax = shares.reduce((sum, { share }) => sum + share.tax, 0);
  const refundId = ctx.refunds.insert({ saleId: sale.id, createdAt: at, kind: 'cancel', restock: 1, reason: null, net, tax, amount: net + tax });
  for (const { line, share } of shares) {
    ctx.refunds.insertLine(refundId, sale.id, { line: line.line, quantity: line.quantity - line.returned, ...share });
    ctx.sales.addReturned(sale.id, line.line, line.quantity - line.returned);
  }
  givenBack(ctx, sale).forEach((payment, position) => ctx.refunds.insertPayment(refundId, position, payment));
  ctx.sales.addRefunded(sale.id, net + tax);
  ctx.sales.cancel(sale.id, at);
  const cancelled = readSale(ctx, ctx.sales.find(sale.id)!);
  ctx.events.append('sale.cancelled', cancelled);
  return cancelled;
}

/** What goes back, method by method: what each took, cash less the change already handed back. */
function givenBack(ctx: ServiceContext, sale: SaleRow): PaymentRow[] {
  const taken = new Map<PaymentMethod, number>();
  for (const { method, amount } of ctx.sales.payments(sale.id)) taken.set(method, (taken.get(method) ?? 0) + amount);
  taken.set('cash', (taken.get('cash') ?? 0) - sale.change);
  return PAYMENT_METHODS.map((method) => ({ method, amount: taken.get(method) ?? 0 })).filter((payment) => payment.amount > 0);
}
