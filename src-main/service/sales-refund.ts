/**
 * Refunding units of a sale's lines that were handed over: what they are worth by
 * src-shared/money.ts's `refundShare` (the last unit takes what is left), paid back exactly, and,
 * with `restock`, the animals back in stock (a `returned` movement; the restock rule of states.md).
 */
import { StoreError } from '../../src-shared/errors';
import { refundShare, type RefundShare } from '../../src-shared/money';
import type { ParsedInput } from '../../src-shared/contract';
import { STOCK_MAX } from '../../src-shared/schemas/inventory';
import type { Refund } from '../../src-shared/schemas/sale';
import type { SaleLineRow, SaleRow } from '../db/repositories/sales';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { applyStanding } from './standing';
import { refundModel } from './sales-model';
import { statusAfterStockAdjusted } from './stock-rules';

export function* refundSale(ctx: HandlerContext, sale: SaleRow, input: ParsedInput<'refunds.create'>['refund']): Step<Refund> {
  if (sale.status === 'cancelled') {
    throw new StoreError('SALE_CANCELLED', `Sale ${sale.number} was cancelled: everything paid was given back then`);
  }
  const byOrder = new Map((yield* ctx.sales.lines(sale.id)).map((line) => [line.orderId, line]));
  const refunded: { line: SaleLineRow; quantity: number; share: RefundShare }[] = [];
  for (const [index, { orderId, quantity }] of input.lines.entries()) {
    const path = `lines.${index}.`;
    const line = byOrder.get(orderId);
    if (!line) {
      const message = `Order ${orderId} is no line of sale ${sale.number}`;
      throw new StoreError('REFERENCE_NOT_FOUND', message, [{ path: `${path}orderId`, message }]);
    }
    if ((yield* ctx.orders.find(orderId))!.status === 'open') {
      const message = `${line.petName} (order ${orderId}) has not been handed over: fulfil the order first, or cancel the sale`;
      throw new StoreError('ORDER_OPEN', message, [{ path: `${path}orderId`, message }]);
    }
    const left = line.quantity - line.returned;
    if (quantity > left) {
      const message = `Only ${left} of ${line.quantity} ${line.petName} (order ${orderId}) can still be refunded; ${quantity} asked`;
      throw new StoreError('REFUND_EXCEEDS_SOLD', message, [{ path: `${path}quantity`, message }]);
    }
    refunded.push({ line, quantity, share: refundShare(line, line.returned, quantity) });
  }
  const net = refunded.reduce((sum, { share }) => sum + share.net, 0);
  const tax = refunded.reduce((sum, { share }) => sum + share.tax, 0);
  const amount = net + tax;
  const paidBack = input.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (paidBack !== amount) {
    const message = `The refund comes to ${amount}; its payments add up to ${paidBack}`;
    throw new StoreError('REFUND_PAYMENTS_MISMATCH', message, [{ path: 'payments', message }]);
  }

  const refundId = yield* ctx.refunds.insert({
    saleId: sale.id,
    createdAt: new Date().toISOString(),
    kind: 'refund',
    restock: input.restock ? 1 : 0,
    reason: input.reason || null,
    net,
    tax,
    amount,
  });
  for (const { line, quantity, share } of refunded) {
    yield* ctx.refunds.insertLine(refundId, sale.id, { line: line.line, quantity, ...share });
    yield* ctx.sales.addReturned(sale.id, line.line, quantity);
    if (input.restock) yield* restock(ctx, line, quantity);
  }
  for (const [position, payment] of input.payments.entries()) yield* ctx.refunds.insertPayment(refundId, position, payment);
  yield* ctx.sales.addRefunded(sale.id, amount);
  const refund = yield* refundModel(ctx, (yield* ctx.refunds.find(sale.id, refundId))!);
  yield* ctx.events.append('sale.refunded', refund);
  return refund;
}

/** The units back in the pet's stock (up to the maximum), as a restock: the pet becomes available. A deleted pet has no stock to return to. */
function* restock(ctx: HandlerContext, line: SaleLineRow, quantity: number): Step<void> {
  const pet = yield* ctx.pets.find(line.petId);
  if (!pet) return;
  const stock = yield* ctx.inventory.quantity(pet.id);
  const to = Math.min(STOCK_MAX, stock + quantity);
  const status = statusAfterStockAdjusted({ status: pet.status, stock: to, openOrders: yield* ctx.orders.openCount(pet.id) }, to - stock);
  yield* applyStanding(ctx, pet, status, { from: stock, to, reason: 'returned', orderId: line.orderId, saleId: line.saleId });
}
