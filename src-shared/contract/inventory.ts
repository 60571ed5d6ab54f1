/** Stock per pet (beta). */
import { defineOperation as op } from '../contract-types';
import { page, pageItems } from '../schemas/common';
import { InventoryItem, InventoryListQuery, InventoryUpdate, StockAdjustment } from '../schemas/inventory';
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
  /** Set a pet's stock; restocking makes it available. */
  'inventory.set': op({
    tag: 'Inventory',
    summary: "Set a pet's stock",
    description: 'Quantity > 0 makes the pet `available`; 0 makes an available pet `pending` (open orders) or `sold`.',
    input: PetRef.extend({ update: InventoryUpdate }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/store/inventory/{petId}',
      success: 200,
      body: 'update',
      errors: ['NOT_FOUND'],
    },
  }),

  /**
   * Add or take away units from the stock as it is when applied (the app's − and + buttons): a
   * click means one more or one less than there is now, even if an order changed it a moment ago.
   */
  'inventory.adjust': op({
    tag: 'Inventory',
    summary: "Adjust a pet's stock by some units",
    description:
      'As setting the stock to its current count plus `by`, except that taking units off a held (pending) pet keeps it held (states.md T52); ' +
      'refused when that would fall below 0 (INSUFFICIENT_STOCK) or pass 1,000,000.',
    input: PetRef.extend({ by: StockAdjustment }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
  }),
} as const;
