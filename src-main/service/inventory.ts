import { StoreError } from '../../src-shared/errors';
import { STOCK_MAX, reasonFitsDelta, type InventoryItem, type StockReason } from '../../src-shared/schemas/inventory';
import type { PetStatus } from '../../src-shared/schemas/pet';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { applyStanding } from './standing';
import {
  defaultStockReason,
  isLoss,
  statusAfterStockAdjusted,
  statusAfterStockLost,
  statusAfterStockSet,
  type PetStanding,
} from './stock-rules';
import { movementModel } from './to-model';

export const inventoryHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'inventory'> => {
  function* mustFind(petId: number): Step<InventoryItem> {
    const item = yield* ctx.inventory.find(petId);
    if (!item) throw new StoreError('NOT_FOUND', `Pet ${petId} does not exist`);
    return item;
  }

  /** A count in a message, grouped as the schema's bounds are ("1,000,000" in every locale). */
  function units(n: number): string {
    return n.toLocaleString('en-US');
  }

  /** A new stock count, its movement and the status `rule` gives it (states.md T25–T32, T46, T52, T55–T57), inside the caller's write. */
  function* setStock(
    before: InventoryItem,
    quantity: number,
    reason: StockReason,
    note: string | undefined,
    rule: (standing: PetStanding) => PetStatus,
  ): Step<InventoryItem> {
    const pet = (yield* ctx.pets.find(before.petId))!;
    const status = rule({ status: pet.status, stock: quantity, openOrders: yield* ctx.orders.openCount(before.petId) });
    yield* applyStanding(ctx, pet, status, { from: before.quantity, to: quantity, reason, note });
    return { petId: before.petId, quantity, status };
  }

  return {
    *'inventory.list'({ petId, q, low, limit, cursor }) {
      const below = low ? yield* ctx.setting('lowStockThreshold') : undefined;
      const { rows, total, nextCursor } = yield* ctx.inventory.list({ petId, q, below, limit, cursor });
      return { items: rows, total, nextCursor };
    },

    *'inventory.get'({ petId }) {
      return yield* mustFind(petId);
    },

    'inventory.set': ({ petId, update: { quantity, reason, note } }) =>
      ctx.write(function* () {
        const before = yield* mustFind(petId);
        const delta = quantity - before.quantity;
        // A reason that says the other way would make the ledger lie (the count moved meanwhile, or a slip).
        if (reason && delta !== 0 && !reasonFitsDelta(reason, delta)) {
          const { name } = (yield* ctx.pets.find(petId))!;
          throw new StoreError(
            'STOCK_REASON_MISMATCH',
            `The stock of ${name} (pet ${petId}) is ${units(before.quantity)}: ${units(quantity)} would ${delta > 0 ? 'add' : 'take away'} units, which is not "${reason}"`,
          );
        }
        const given = reason ?? defaultStockReason(before.quantity, quantity);
        return yield* setStock(before, quantity, given, note, isLoss(given) ? statusAfterStockLost : statusAfterStockSet);
      }),

    'inventory.adjust': ({ petId, adjustment: { delta, reason, note } }) =>
      ctx.write(function* () {
        const before = yield* mustFind(petId);
        const quantity = before.quantity + delta;
        if (quantity < 0) {
          const { name } = (yield* ctx.pets.find(petId))!;
          throw new StoreError('INSUFFICIENT_STOCK', `Only ${units(before.quantity)} of ${name} (pet ${petId}) in stock; cannot take away ${units(-delta)}`);
        }
        if (quantity > STOCK_MAX) {
          const message = `Stock is ${units(before.quantity)}: adding ${units(delta)} would pass the maximum of ${units(STOCK_MAX)}`;
          throw new StoreError('VALIDATION_FAILED', message, [{ path: 'delta', message }]);
        }
        const rule = isLoss(reason) ? statusAfterStockLost : (standing: PetStanding) => statusAfterStockAdjusted(standing, delta);
        return yield* setStock(before, quantity, reason, note, rule);
      }),

    *'inventory.movements'({ petId, limit, cursor }) {
      // The ledger of a deleted pet stays in the store, but its stock is gone: 404, as for its stock.
      yield* mustFind(petId);
      const { rows, total, nextCursor } = yield* ctx.movements.list({ petId, limit, cursor });
      return { items: rows.map(movementModel), total, nextCursor };
    },
  };
});
