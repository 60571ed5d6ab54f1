/** Stock per pet (beta). */
import { defineOperation as op } from '../contract-types';
import { page, pageItems } from '../schemas/common';
import { InventoryItem, InventoryListQuery, InventoryUpdate, StockAdjustment } from '../schemas/inventory';
import { MovementListQuery, StockMovement } from '../schemas/movement';
import { PetRef } from './refs';

export const inventoryOperations = {
  /** Stock of every pet. */
  'inventory.list': op({
    tag: 'Inventory',
    summary: 'List stock levels',
    input: InventoryListQuery,
    output: page(pageItems(InventoryItem)),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/store/inventory', success: 200, paged: true, errors: [] },
  }),
  /** Stock of one pet. */
  'inventory.get': op({
    tag: 'Inventory',
    summary: "Get a pet's stock",
    input: PetRef,
    output: InventoryItem,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/store/inventory/{petId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Set a pet's stock (a count); restocking makes it available. Writes one movement of the stock ledger. */
  'inventory.set': op({
    tag: 'Inventory',
    summary: "Set a pet's stock",
    description:
      'Quantity > 0 makes the pet `available`; 0 makes an available pet `pending` (open orders) or `sold`. ' +
      'A change is written to the stock ledger with its `reason` (default: `received` when the count rises, `correction` when it falls) and `note`. ' +
      'With `lost` or `died` the count only falls and is never a sale: an available pet left with none becomes `pending`, a held one stays held.',
    input: PetRef.extend({ update: InventoryUpdate }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/store/inventory/{petId}',
      success: 200,
      body: 'update',
      errors: ['NOT_FOUND', 'STOCK_REASON_MISMATCH'],
    },
  }),

  /**
   * Add or take away units from the stock as it is when applied (the app's − and + buttons; two
   * clerks counting at once): one more or one less than there is now, even if an order changed it a moment ago.
   */
  'inventory.adjust': op({
    tag: 'Inventory',
    summary: "Adjust a pet's stock by some units",
    description:
      'Adds `delta` units (negative: takes them away) to the stock as it is when the change is made, so two clerks counting at once both count; ' +
      'written to the stock ledger with its `reason` and `note`. The status follows as for setting the count, except that taking units off ' +
      'a held (pending) pet keeps it held, and `lost`/`died` are never a sale (an available pet left with none becomes `pending`). ' +
      'Refused when the stock would fall below 0 (409 INSUFFICIENT_STOCK) or pass 1,000,000.',
    input: PetRef.extend({ adjustment: StockAdjustment }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'POST',
      path: '/store/inventory/{petId}/adjustments',
      success: 200,
      body: 'adjustment',
      errors: ['NOT_FOUND', 'INSUFFICIENT_STOCK'],
      idempotencyKey: true,
    },
  }),

  /** A pet's stock ledger, newest first: every change of its stock with the reason. */
  'inventory.movements': op({
    tag: 'Inventory',
    summary: "List a pet's stock movements",
    description:
      'Every change of the pet\'s stock, newest first: `delta`, `quantityAfter`, `reason`, the order or sale it belongs to, the clerk\'s `note`. ' +
      'The movements of a pet add up to its stock. 404 once the pet is deleted (its movements are kept in the store).',
    input: MovementListQuery,
    output: page(pageItems(StockMovement)),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/store/inventory/{petId}/movements', success: 200, paged: true, errors: ['NOT_FOUND'] },
  }),
} as const;
