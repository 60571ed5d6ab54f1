import { StoreError } from '../../src-shared/errors';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { statusAfterStockSet } from './stock-rules';

export function inventoryHandlers(ctx: ServiceContext): HandlersFor<'inventory'> {
  function mustFind(petId: number): InventoryItem {
    const item = ctx.inventory.find(petId);
    if (!item) throw new StoreError('NOT_FOUND', `Pet ${petId} does not exist`);
    return item;
  }

  return {
    'inventory.list': ({ petId, q, low, limit, cursor }) => {
      const below = low ? ctx.setting('lowStockThreshold') : undefined;
      const { rows, total, nextCursor } = ctx.inventory.list({ petId, q, below, limit, cursor });
      return { items: rows, total, nextCursor };
    },

    'inventory.get': ({ petId }) => mustFind(petId),

    'inventory.set': ({ petId, update }) =>
      ctx.write(() => {
        const before = mustFind(petId);
        const pet = ctx.pets.find(petId)!;
        const status = statusAfterStockSet({
          status: pet.status,
          stock: update.quantity,
          openOrders: ctx.orders.openCount(petId),
        });
        ctx.applyStanding(pet, status, before.quantity, update.quantity);
        return { petId, quantity: update.quantity, status };
      }),
  };
}
