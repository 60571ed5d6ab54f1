/**
 * An order's three changes, placed, fulfilled and cancelled, with their stock, status, ledger and
 * events: one mechanism for an order placed on its own (orders.ts) and for a line of a sale
 * (sales-create.ts, sales-cancel.ts). Each runs inside the caller's write transaction.
 */
import { StoreError, type ErrorDetail } from '../../src-shared/errors';
import { STOCK_MAX } from '../../src-shared/schemas/inventory';
import { orderRefusal } from '../../src-shared/thresholds';
import type { OrderRow, OrderSaleLine } from '../db/repositories/orders';
import type { PetRow } from '../db/repositories/pets';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { applyStanding } from './standing';
import { statusAfterOrderCancelled, statusAfterOrderCompleted, statusAfterOrderPlaced } from './stock-rules';
import { orderModel } from './to-model';

export interface OrderRequest {
  petId: number;
  quantity: number;
  /** UTC ISO 8601, or null for none. */
  shipDate: string | null;
  /** The sale this order is a line of, and its unit price. */
  line?: OrderSaleLine;
  /** Handed over as it is placed (a sale's `handover: now`): placed and fulfilled in one step. */
  handedOver?: boolean;
  /**
   * Where the request sits in the caller's input (`lines.2.` for a sale's third line): a refusal
   * then names the field there and says which line. Absent for an order on its own.
   */
  at?: { path: string; label: string };
}

/** The pet an order is for, or REFERENCE_NOT_FOUND naming `petId` (at its place in the input). */
export function* orderedPet(ctx: HandlerContext, petId: number, at?: OrderRequest['at']): Step<PetRow> {
  const pet = yield* ctx.pets.find(petId);
  if (!pet) {
    const message = `Pet ${petId} does not exist${at ? ` (${at.label})` : ''}`;
    throw new StoreError('REFERENCE_NOT_FOUND', message, [{ path: `${at?.path ?? ''}petId`, message: `Pet ${petId} does not exist` }]);
  }
  return pet;
}

/**
 * Places an order: checks the pet can be ordered (states.md T8–T11), reserves its units and
 * records the order. The stock check and the reservation share the caller's write transaction: no oversell.
 */
export function* placeOrder(ctx: HandlerContext, request: OrderRequest, known?: PetRow): Step<OrderRow> {
  const { petId, quantity, at } = request;
  const pet = known ?? (yield* orderedPet(ctx, petId, at));
  // Refusals of a sale's line name it; an order on its own keeps the interface's bare Error object.
  const refused = (code: 'PET_NOT_AVAILABLE' | 'INSUFFICIENT_STOCK', message: string, field: string) => {
    const details: ErrorDetail[] | undefined = at ? [{ path: `${at.path}${field}`, message }] : undefined;
    return new StoreError(code, at ? `${message} (${at.label})` : message, details);
  };
  // A sold pet is gone; a pet that ran out of stock is short, whatever its status says;
  // a pending pet that still has stock is on hold by the clerk.
  const stock = yield* ctx.inventory.quantity(petId);
  switch (orderRefusal(pet.status, stock, quantity)) {
    case 'sold':
      throw refused('PET_NOT_AVAILABLE', `${pet.name} (pet ${petId}) is sold`, 'petId');
    case 'short':
      throw refused('INSUFFICIENT_STOCK', `Only ${stock} of ${pet.name} (pet ${petId}) in stock; ${quantity} ordered`, 'quantity');
    case 'on hold':
      throw refused('PET_NOT_AVAILABLE', `${pet.name} (pet ${petId}) is ${pet.status}, not available`, 'petId');
  }
  const left = stock - quantity;
  const placed = statusAfterOrderPlaced(pet.status, left);
  // Handed over as placed: complete at once, the fulfilment's rule applied to where placing left it (T12–T14).
  const order = yield* ctx.orders.insert(petId, pet.name, quantity, request.shipDate, request.line, request.handedOver ? 'complete' : 'open');
  yield* ctx.events.append('order.placed', orderModel({ ...order, status: 'open' }));
  let status = placed;
  if (request.handedOver) {
    yield* ctx.events.append('order.completed', orderModel(order));
    status = statusAfterOrderCompleted({ status: placed, stock: left, openOrders: yield* ctx.orders.openCount(petId) });
  }
  yield* applyStanding(ctx, pet, status, { from: stock, to: left, reason: 'order', orderId: order.id, saleId: request.line?.saleId });
  return order;
}

/** Fulfils an open order (with the ship date it keeps): the last open order of a pet with no stock sells it (T12–T14). */
export function* fulfilOrder(ctx: HandlerContext, order: OrderRow, shipDate: string | null): Step<OrderRow> {
  yield* ctx.orders.update(order.id, shipDate, 'complete');
  const done: OrderRow = { ...order, shipDate, status: 'complete' };
  yield* ctx.events.append('order.completed', orderModel(done));
  const pet = yield* ctx.pets.find(order.petId);
  if (pet) {
    const stock = yield* ctx.inventory.quantity(pet.id);
    const next = statusAfterOrderCompleted({ status: pet.status, stock, openOrders: yield* ctx.orders.openCount(pet.id) });
    yield* applyStanding(ctx, pet, next, stock);
  }
  return done;
}

/** Cancels an open order: it is kept as `cancelled`, and its units go back to stock (T19–T23). */
export function* cancelOrder(ctx: HandlerContext, order: OrderRow): Step<void> {
  yield* ctx.orders.cancel(order.id);
  yield* ctx.events.append('order.cancelled', orderModel({ ...order, status: 'cancelled' }));
  const pet = yield* ctx.pets.find(order.petId);
  if (!pet) return;
  const stock = yield* ctx.inventory.quantity(pet.id);
  // Stock is bounded; a cancellation on a pet restocked to the maximum meanwhile stops there.
  const returned = Math.min(STOCK_MAX, stock + order.quantity);
  const saleId = order.saleId ?? undefined;
  yield* applyStanding(ctx, pet, statusAfterOrderCancelled(pet.status), { from: stock, to: returned, reason: 'cancelled', orderId: order.id, saleId });
}
