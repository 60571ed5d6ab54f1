import { StoreError } from '../../src-shared/errors';
import { STOCK_MAX, type InventoryItem } from '../../src-shared/schemas/inventory';
import type { PetStatus } from '../../src-shared/schemas/pet';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { statusAfterStockAdjusted, statusAfterStockSet, type PetStanding } from './stock-rules';

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

    'inventory.set': ({ petId, update }) => ctx.write(() => setStock(mustFind(petId), update.quantity, statusAfterStockSet)),

    'inventory.adjust': ({ petId, by }) =>
      ctx.write(() => {
        const before = mustFind(petId);
        const quantity = before.quantity + by;
        if (quantity < 0) {
          const { name } = ctx.pets.find(petId)!;
          throw new StoreError('INSUFFICIENT_STOCK', `Only ${units(before.quantity)} of ${name} (pet ${petId}) in stock; cannot take away ${units(-by)}`);
        }
        if (quantity > STOCK_MAX) {
          const message = `Stock is ${units(before.quantity)}: adding ${units(by)} would pass the maximum of ${units(STOCK_MAX)}`;
          throw new StoreError('VALIDATION_FAILED', message, [{ path: 'by', message }]);
        }
        return setStock(before, quantity, (standing) => statusAfterStockAdjusted(standing, by));
      }),
  };

  /** A count in a message, grouped as the schema's bounds are ("1,000,000" in every locale). */
  function units(n: number): string {
    return n.toLocaleString('en-US');
  }

  /** A new stock count and the status `rule` gives it (states.md T25–T32, T46, T52), inside the caller's write. */
  function setStock(before: InventoryItem, quantity: number, rule: (standing: PetStanding) => PetStatus): InventoryItem {
    const pet = ctx.pets.find(before.petId)!;
    const status = rule({ status: pet.status, stock: quantity, openOrders: ctx.orders.openCount(before.petId) });
    ctx.applyStanding(pet, status, before.quantity, quantity);
    return { petId: before.petId, quantity, status };
  }
}
