/**
 * The pet state machine in pure functions: given where a pet stands, what its status becomes.
 * docs/states.md is the same table in prose; test/service/transitions.test.ts walks every row.
 * Invariants kept: `available` ⇒ stock > 0 (an available pet can be ordered); `sold` ⇒ stock 0.
 */
import type { StockReason } from '../../src-shared/schemas/inventory';
import type { PetStatus } from '../../src-shared/schemas/pet';

export interface PetStanding {
  status: PetStatus;
  stock: number;
  openOrders: number;
}

/** A new pet's stock: a pet is usually one animal. */
export const initialStock = (status: PetStatus): number => (status === 'available' ? 1 : 0);

/** After an order reserved stock: the pet turns pending when none is left. */
export const statusAfterOrderPlaced = (status: PetStatus, stockLeft: number): PetStatus =>
  stockLeft === 0 ? 'pending' : status;

/** After an order is fulfilled: the last open order of a pet with no stock sells it. */
export const statusAfterOrderCompleted = ({ status, stock, openOrders }: PetStanding): PetStatus =>
  stock === 0 && openOrders === 0 ? 'sold' : status;

/** After an order is cancelled (its stock already returned): pending becomes available. */
export const statusAfterOrderCancelled = (status: PetStatus): PetStatus => (status === 'pending' ? 'available' : status);

/** After the stock is set by hand: restocking makes a pet available; emptying an available pet retires it. */
export function statusAfterStockSet({ status, stock, openOrders }: PetStanding): PetStatus {
  if (stock > 0) return 'available';
  if (status === 'available') return openOrders > 0 ? 'pending' : 'sold';
  return status;
}

/**
 * After the stock is changed by some units (the app's − and +): adding units restocks, as a set
 * does; taking units away from a held pet corrects its count and keeps the hold (it is no restock).
 */
export function statusAfterStockAdjusted(standing: PetStanding, by: number): PetStatus {
  if (by < 0 && standing.status === 'pending') return 'pending';
  return statusAfterStockSet(standing);
}

/**
 * After a loss or a death (the count fell): never a sale. An available pet left with none is out of
 * stock, `pending` (not `sold`, and restocking makes it available again); any other keeps its
 * status, so a pet held for a customer stays held.
 */
export const statusAfterStockLost = ({ status, stock }: PetStanding): PetStatus =>
  status === 'available' && stock === 0 ? 'pending' : status;

/** Whether a clerk's reason is a loss (lost or died): the count falls, and it is no sale. */
export const isLoss = (reason: StockReason): boolean => reason === 'lost' || reason === 'died';

/** The reason of a count set without one: a rise is a delivery, a fall a correction. */
export const defaultStockReason = (before: number, after: number): StockReason => (after > before ? 'received' : 'correction');

/**
 * A status set by hand (PUT/PATCH): returns the stock that goes with it, or 'refused' when it
 * would strand open orders (sold) or sell their units again (available with none left). Becoming
 * available with no stock and no open orders restocks one animal, like a new pet; becoming sold
 * empties the stock.
 */
export function stockForStatusChange(to: PetStatus, { status, stock, openOrders }: PetStanding): number | 'refused' {
  if (to === status) return stock;
  // No stock and open orders: the orders hold its last units; a unit made up here would be sold twice.
  if (to === 'available') return stock > 0 ? stock : openOrders > 0 ? 'refused' : 1;
  if (to === 'sold') return openOrders > 0 ? 'refused' : 0;
  return stock; // pending: a hold, stock untouched
}
