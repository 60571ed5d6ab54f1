/** A sale's status follows its orders (docs/states.md, the sales' rows). */
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { readSale } from './sales-model';

/**
 * After one of a sale's orders was fulfilled (PATCH /store/orders/{id}), inside its transaction:
 * when none is left open, the open sale is completed.
 */
export function* saleAfterOrderFulfilled(ctx: HandlerContext, saleId: number): Step<void> {
  const sale = yield* ctx.sales.find(saleId);
  if (!sale || sale.status !== 'open' || (yield* ctx.sales.orderStanding(saleId)).open > 0) return;
  yield* ctx.sales.complete(saleId, new Date().toISOString());
  yield* ctx.events.append('sale.completed', yield* readSale(ctx, (yield* ctx.sales.find(saleId))!));
}
