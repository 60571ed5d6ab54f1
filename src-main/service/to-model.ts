import type { Category } from '../../src-shared/schemas/category';
import type { StockMovement } from '../../src-shared/schemas/movement';
import type { Order } from '../../src-shared/schemas/order';
import type { CategoryRow } from '../db/repositories/categories';
import type { OrderRow } from '../db/repositories/orders';
import type { RecordedByColumns } from '../db/repositories/recorded-by';
import type { MovementRow } from '../db/repositories/stock-movements';

/** Database rows → contract models (rows keep SQL's nulls and 0/1; models omit or use booleans). */
export function categoryModel(row: CategoryRow): Category {
  const category: Category = { id: row.id, name: row.name };
  if (row.description !== null) category.description = row.description;
  // `!= null`: a row read without the column (a narrower SELECT) has no rate either.
  if (row.taxRate != null) category.taxRate = row.taxRate;
  if (row.lowStockThreshold != null) category.lowStockThreshold = row.lowStockThreshold;
  return category;
}

/** Who recorded a row, as the models show it: each of clerk and till named, or null. */
export function recordedBy(row: RecordedByColumns) {
  return {
    clerk: row.clerkId === null ? null : { id: row.clerkId, name: row.clerkName ?? '' },
    till: row.tillId === null ? null : { id: row.tillId, name: row.tillName ?? '' },
  };
}

export function orderModel(row: OrderRow): Order {
  const order: Order = { id: row.id, petId: row.petId, quantity: row.quantity, complete: row.status === 'complete' };
  if (row.shipDate !== null) order.shipDate = row.shipDate;
  order.status = row.status;
  order.placedAt = row.placedAt;
  if (row.petName !== null) order.petName = row.petName;
  if (row.saleId !== null) order.saleId = row.saleId;
  if (row.unitPrice !== null) order.unitPrice = row.unitPrice;
  return Object.assign(order, recordedBy(row));
}

export function movementModel(row: MovementRow): StockMovement {
  const movement: StockMovement = { id: row.id, at: row.at, delta: row.delta, quantityAfter: row.quantityAfter, reason: row.reason, clerk: null, till: null };
  if (row.orderId !== null) movement.orderId = row.orderId;
  if (row.saleId !== null) movement.saleId = row.saleId;
  if (row.note !== null) movement.note = row.note;
  return Object.assign(movement, recordedBy(row));
}
