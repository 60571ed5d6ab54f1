import type { Category } from '../../src-shared/schemas/category';
import type { Order } from '../../src-shared/schemas/order';
import type { CategoryRow } from '../db/repositories/categories';
import type { OrderRow } from '../db/repositories/orders';

/** Database rows → contract models (rows keep SQL's nulls and 0/1; models omit or use booleans). */
export function categoryModel(row: CategoryRow): Category {
  const category: Category = { id: row.id, name: row.name };
  if (row.description !== null) category.description = row.description;
  // `!= null`: a row read without the column (a narrower SELECT) has no rate either.
  if (row.taxRate != null) category.taxRate = row.taxRate;
  return category;
}

export function orderModel(row: OrderRow): Order {
  const order: Order = { id: row.id, petId: row.petId, quantity: row.quantity, complete: row.complete === 1 };
  if (row.shipDate !== null) order.shipDate = row.shipDate;
  if (row.petName !== null) order.petName = row.petName;
  return order;
}
