import { StoreError } from '../../src-shared/errors';
import type { OrderRow } from '../db/repositories/orders';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { listBounds } from './list-bounds';
import { cancelOrder, fulfilOrder, placeOrder } from './order-changes';
import { saleAfterOrderFulfilled } from './sales-status';
import { orderModel } from './to-model';

/** Ship dates are stored in one form (UTC, ISO 8601) whatever offset they came with. */
const normalizeDate = (date: string) => new Date(date).toISOString();

export const orderHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'orders'> => {
  function* mustFind(id: number): Step<OrderRow> {
    const order = yield* ctx.orders.find(id);
    if (!order) throw new StoreError('NOT_FOUND', `Order ${id} does not exist`);
    return order;
  }

  function mustBeOpen(order: OrderRow): void {
    if (order.status === 'complete') throw new StoreError('ORDER_COMPLETE', `Order ${order.id} is already complete`);
    if (order.status === 'cancelled') throw new StoreError('ORDER_CANCELLED', `Order ${order.id} was cancelled`);
  }

  return {
    *'orders.list'({ from, to, ...query }) {
      const bounds = yield* listBounds(ctx, from, to);
      const { rows, total, nextCursor } = yield* ctx.orders.list({ ...query, ...bounds });
      return { items: rows.map(orderModel), total, nextCursor };
    },

    'orders.place': ({ petId, quantity, shipDate }) =>
      ctx.write(function* () {
        return orderModel(yield* placeOrder(ctx, { petId, quantity, shipDate: shipDate ? normalizeDate(shipDate) : null }));
      }),

    *'orders.get'({ orderId }) {
      return orderModel(yield* mustFind(orderId));
    },

    'orders.update': ({ orderId, changes }) =>
      ctx.write(function* () {
        const before = yield* mustFind(orderId);
        // Not given: unchanged; null: cleared (a date entered by mistake).
        const shipDate = changes.shipDate === undefined ? before.shipDate : changes.shipDate && normalizeDate(changes.shipDate);
        if (before.status === 'complete') {
          // Fulfilling twice is a harmless retry; anything else would rewrite history.
          const isRetry = changes.complete !== false && shipDate === before.shipDate;
          if (isRetry) return orderModel(before);
        }
        // A cancelled order is closed: a fulfilment racing the cancel must hear of it.
        mustBeOpen(before);
        if (changes.complete === true) {
          const done = yield* fulfilOrder(ctx, before, shipDate);
          // The last order of a sale handed over completes the sale.
          if (done.saleId !== null) yield* saleAfterOrderFulfilled(ctx, done.saleId);
          return orderModel(done);
        }
        yield* ctx.orders.update(orderId, shipDate, 'open');
        const order = orderModel(yield* mustFind(orderId));
        // A new ship date on an open order is a change other windows and integrators must hear of
        // (the brief's list has no type for it: docs/decisions.md#event-types-beyond-the-brief).
        if (shipDate !== before.shipDate) yield* ctx.events.append('order.updated', order);
        return order;
      }),

    'orders.cancel': ({ orderId }) =>
      ctx.write(function* () {
        const order = yield* mustFind(orderId);
        // Cancelling again is a harmless retry (a DELETE whose answer was lost): nothing changes.
        if (order.status === 'cancelled') return null;
        mustBeOpen(order);
        // A line of a paid sale: cancelling it alone would change what the sale comes to.
        if (order.saleId !== null) {
          throw new StoreError('ORDER_IN_SALE', `Order ${orderId} is a line of sale ${order.saleId}: cancel the sale, or refund the line once handed over`);
        }
        yield* cancelOrder(ctx, order);
        return null;
      }),
  };
});
