/** A sale's status follows its orders (docs/states.md, the sales' rows). */
import type { ServiceContext } from './context';
import { readSale } from './sales-model';

/**
 * After one of a sale's orders was fulfilled (PATCH /store/orders/{id}), inside its transaction:
 * when none is left open, the open sale is completed.
 */
export function saleAfterOrderFulfilled(ctx: ServiceContext, saleId: number): void {
  const sale = ctx.sales.find(saleId);
  if (!sale || sale.status !== 'open' || ctx.sales.orderStanding(saleId).open > 0) return;
  ctx.sales.complete(saleId, new Date().toISOString());
  ctx.events.append('sale.completed', readSale(ctx, ctx.sales.find(saleId)!));
}
