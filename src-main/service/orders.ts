import { StoreError } from '../../src-shared/errors';
import { STOCK_MAX } from '../../src-shared/schemas/inventory';
import { orderRefusal } from '../../src-shared/thresholds';
import type { OrderRow } from '../db/repositories/orders';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { statusAfterOrderCancelled, statusAfterOrderCompleted, statusAfterOrderPlaced } from './stock-rules';
import { orderModel } from './to-model';

/** Ship dates are stored in one form (UTC, ISO 8601) whatever offset they came with. */
const normalizeDate = (date: string) => new Date(date).toISOString();

export function orderHandlers(ctx: ServiceContext): HandlersFor<'orders'> {
  function mustFind(id: number): OrderRow {
    const order = ctx.orders.find(id);
    if (!order) throw new StoreError('NOT_FOUND', `Order ${id} does not exist`);
    return order;
  }

  function mustBeOpen(order: OrderRow): void {
    if (order.status === 'complete') throw new StoreError('ORDER_COMPLETE', `Order ${order.id} is already complete`);
    if (order.status === 'cancelled') throw new StoreError('ORDER_CANCELLED', `Order ${order.id} was cancelled`);
  }

  return {
    'orders.list': (query) => {
      const { rows, total, nextCursor } = ctx.orders.list(query);
      return { items: rows.map(orderModel), total, nextCursor };
    },

    'orders.place': ({ petId, quantity, shipDate }) =>
      // The stock check and the reservation share one write transaction: no oversell.
      ctx.write(() => {
        const pet = ctx.pets.find(petId);
        if (!pet) {
          throw new StoreError('REFERENCE_NOT_FOUND', `Pet ${petId} does not exist`, [
            { path: 'petId', message: `Pet ${petId} does not exist` },
          ]);
        }
        // A sold pet is gone; a pet that ran out of stock is short, whatever its status says;
        // a pending pet that still has stock is on hold by the clerk.
        const stock = ctx.inventory.quantity(petId);
        switch (orderRefusal(pet.status, stock, quantity)) {
          case 'sold':
            throw new StoreError('PET_NOT_AVAILABLE', `${pet.name} (pet ${petId}) is sold`);
          case 'short':
            throw new StoreError('INSUFFICIENT_STOCK', `Only ${stock} of ${pet.name} (pet ${petId}) in stock; ${quantity} ordered`);
          case 'on hold':
            throw new StoreError('PET_NOT_AVAILABLE', `${pet.name} (pet ${petId}) is ${pet.status}, not available`);
        }
        const id = ctx.orders.insert(petId, pet.name, quantity, shipDate ? normalizeDate(shipDate) : null);
        const order = orderModel(mustFind(id));
        ctx.events.append('order.placed', order);
        const left = stock - quantity;
        ctx.applyStanding(pet, statusAfterOrderPlaced(pet.status, left), { from: stock, to: left, reason: 'order', orderId: id });
        return order;
      }),

    'orders.get': ({ orderId }) => orderModel(mustFind(orderId)),

    'orders.update': ({ orderId, changes }) =>
      ctx.write(() => {
        const before = mustFind(orderId);
        // Not given: unchanged; null: cleared (a date entered by mistake).
        const shipDate = changes.shipDate === undefined ? before.shipDate : changes.shipDate && normalizeDate(changes.shipDate);
        if (before.status === 'complete') {
          // Fulfilling twice is a harmless retry; anything else would rewrite history.
          const isRetry = changes.complete !== false && shipDate === before.shipDate;
          if (isRetry) return orderModel(before);
        }
        // A cancelled order is closed: a fulfilment racing the cancel must hear of it.
        mustBeOpen(before);
        const completing = changes.complete === true;
        ctx.orders.update(orderId, shipDate, completing ? 'complete' : 'open');
        const order = orderModel(mustFind(orderId));
        // A new ship date on an open order is a change other windows and integrators must hear of
        // (the brief's list has no type for it: docs/decisions.md#event-types-beyond-the-brief).
        if (!completing && shipDate !== before.shipDate) ctx.events.append('order.updated', order);
        if (completing) {
          ctx.events.append('order.completed', order);
          const pet = ctx.pets.find(before.petId);
          if (pet) {
            const stock = ctx.inventory.quantity(pet.id);
            const next = statusAfterOrderCompleted({ status: pet.status, stock, openOrders: ctx.orders.openCount(pet.id) });
            ctx.applyStanding(pet, next, stock);
          }
        }
        return order;
      }),

    'orders.cancel': ({ orderId }) =>
      ctx.write(() => {
        const order = mustFind(orderId);
        // Cancelling again is a harmless retry (a DELETE whose answer was lost): nothing changes.
        if (order.status === 'cancelled') return null;
        mustBeOpen(order);
        ctx.orders.cancel(orderId);
        ctx.events.append('order.cancelled', orderModel(mustFind(orderId)));
        const pet = ctx.pets.find(order.petId);
        if (pet) {
          const stock = ctx.inventory.quantity(pet.id);
          // Stock is bounded; a cancellation on a pet restocked to the maximum meanwhile stops there.
          const returned = Math.min(STOCK_MAX, stock + order.quantity);
          ctx.applyStanding(pet, statusAfterOrderCancelled(pet.status), { from: stock, to: returned, reason: 'cancelled', orderId });
        }
        return null;
      }),
  };
}
