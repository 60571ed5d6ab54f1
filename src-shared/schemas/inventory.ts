import { z } from '../zod-setup';
import { Id, NameSearch, PageQuery } from './common';
import { PetStatus } from './pet';

export const STOCK_MIN = 0;
export const STOCK_MAX = 1_000_000;

export const InventoryItem = z
  .object({
    petId: Id,
    quantity: z.int().min(STOCK_MIN).max(STOCK_MAX),
    status: PetStatus,
  })
  .meta({ id: 'InventoryItem' });
export type InventoryItem = z.infer<typeof InventoryItem>;

export const InventoryUpdate = z
  .strictObject({
    quantity: z.int().min(STOCK_MIN).max(STOCK_MAX).describe('The new stock count, 0–1,000,000.'),
  })
  .meta({ id: 'InventoryUpdate' });
export type InventoryUpdate = z.infer<typeof InventoryUpdate>;

/** A change of stock by some units, from whatever the stock is when it is applied. */
export const StockAdjustment = z
  .int()
  .min(-STOCK_MAX)
  .max(STOCK_MAX)
  .refine((by) => by !== 0, 'Must not be 0')
  .describe('Units to add (negative: to take away), from the stock as it is when the change is made.');

export const InventoryListQuery = z.strictObject({
  petId: z.array(Id).min(1, 'Give at least one pet id, or leave the filter out').max(500).optional().describe('Only these pets (repeatable).'),
  q: NameSearch.optional().describe("Only pets whose name contains this text, case- and accent-insensitive (as in the pets list; blank is no filter)."),
  low: z.boolean().optional().describe('Only low stock: pets for sale (available or pending) below the low-stock threshold; sold pets are never low.'),
  ...PageQuery,
});
export type InventoryListQuery = z.input<typeof InventoryListQuery>;
