import { z } from '../zod-setup';
import { Description, Id, NameSearch, PageQuery } from './common';
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

/**
 * Why a clerk changed the stock: the reasons a person gives (the stock ledger's other reasons are
 * the service's own: docs/decisions.md#every-change-of-stock-is-a-movement-with-a-reason).
 */
export const STOCK_REASONS = ['received', 'correction', 'lost', 'died'] as const;
export const StockReason = z.enum(STOCK_REASONS).meta({
  id: 'StockReason',
  description: '`received`: units delivered (the count rises); `correction`: a count put right (either way); `lost`, `died`: animals gone, never a sale (the count falls).',
});
export type StockReason = z.infer<typeof StockReason>;

/** Whether a reason fits the way the count moves: received only up, lost and died only down. */
export const reasonFitsDelta = (reason: StockReason, delta: number): boolean =>
  reason === 'correction' || (reason === 'received' ? delta > 0 : delta < 0);

/** A clerk's note on a change of stock: the rule of every free text (an empty one is none). */
const StockNote = Description.describe('A note for the stock ledger, at most 500 characters; an empty one is none.');

export const InventoryUpdate = z
  .strictObject({
    quantity: z.int().min(STOCK_MIN).max(STOCK_MAX).describe('The new stock count, 0–1,000,000.'),
    reason: StockReason.optional().describe(
      'Why the count changes (the stock ledger\'s reason). Left out: `received` when it rises, `correction` when it falls. ' +
        '`received` for a count that falls, or `lost`/`died` for one that rises, is refused (409 STOCK_REASON_MISMATCH).',
    ),
    note: StockNote.optional(),
  })
  .meta({ id: 'InventoryUpdate' });
export type InventoryUpdate = z.infer<typeof InventoryUpdate>;

/**
 * A change of stock by some units, from whatever the stock is when it is applied (two clerks
 * counting at once both count), with its reason; a reason must fit the direction.
 */
export const StockAdjustment = z
  .strictObject({
    delta: z
      .int()
      .min(-STOCK_MAX)
      .max(STOCK_MAX)
      .refine((delta) => delta !== 0, 'Must not be 0')
      .describe('Units to add (negative: to take away), from the stock as it is when the change is made; not 0.'),
    reason: StockReason.describe('Why: `received` adds units, `lost` and `died` take them away, `correction` either.'),
    note: StockNote.optional(),
  })
  .refine(({ reason, delta }) => reasonFitsDelta(reason, delta), {
    path: ['reason'],
    message: 'Must fit the delta: received adds units, lost and died take them away (correction goes either way)',
    // Said only when delta and reason are each valid, so a bad delta gets one message.
    when: (payload) => payload.issues.length === 0,
  })
  .meta({ id: 'StockAdjustment' });
export type StockAdjustment = z.infer<typeof StockAdjustment>;

export const InventoryListQuery = z.strictObject({
  petId: z.array(Id).min(1, 'Give at least one pet id, or leave the filter out').max(500).optional().describe('Only these pets (repeatable).'),
  q: NameSearch.optional().describe("Only pets whose name contains this text, case- and accent-insensitive (as in the pets list; blank is no filter)."),
  low: z.boolean().optional().describe('Only low stock: pets for sale (available or pending) below the low-stock threshold; sold pets are never low.'),
  ...PageQuery,
});
export type InventoryListQuery = z.input<typeof InventoryListQuery>;
