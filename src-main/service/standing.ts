import type { PetRow } from '../db/repositories/pets';
import type { Step } from '../db/step';
import type { PetStatus } from '../../src-shared/schemas/pet';
import { effectiveLowStockThreshold, isLowStock } from '../../src-shared/thresholds';
import type { StockChange } from './context';
import type { HandlerContext } from './handler-context';

/**
 * Records a pet's new status and stock, with the events they imply, inside the caller's
 * transaction. `pet` is the row before the change (its name and category may be new already).
 * `stock` is the stock it keeps, or a change of it with its cause: the movement of the ledger.
 */
export function* applyStanding(ctx: HandlerContext, pet: PetRow, status: PetStatus, stock: number | StockChange, petChanged = false): Step<void> {
  if (status !== pet.status) yield* ctx.pets.setStatus(pet.id, status);
  if (status !== pet.status || petChanged) yield* ctx.events.append('pet.updated', { ...pet, status });
  if (typeof stock === 'number') return;
  const { from: stockBefore, to: stockAfter, ...cause } = stock;
  if (stockAfter === stockBefore) return;
  yield* ctx.inventory.set(pet.id, stockAfter, cause);
  const item = { petId: pet.id, quantity: stockAfter, status };
  yield* ctx.events.append('inventory.updated', item);
  // A pet for sale falling into low stock (docs/states.md T43–T45); never on a rise.
  if (stockAfter < stockBefore) {
    const category = yield* ctx.categories.find(pet.categoryId);
    const thresholds = { shop: yield* ctx.setting('lowStockThreshold'), category: category?.lowStockThreshold };
    if (!isLowStock(stockBefore, thresholds, pet.status) && isLowStock(stockAfter, thresholds, status)) {
      yield* ctx.events.append('inventory.low', { ...item, threshold: effectiveLowStockThreshold(thresholds) });
    }
  }
}
