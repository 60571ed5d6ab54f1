import { z } from '../zod-setup';
import { RecordedBy } from './clerk';
import { DESCRIPTION_MAX, DateTime, Id, PageQuery } from './common';
import { STOCK_MAX, STOCK_MIN, STOCK_REASONS } from './inventory';

/**
 * Why a pet's stock changed. The service writes `opening` (a new pet's first stock), `order` (an
 * order's reservation), `cancelled` (an order's units given back) and `returned` (a refund that
 * restocks); a clerk gives one of the others (STOCK_REASONS).
 */
export const MOVEMENT_REASONS = ['opening', 'order', 'cancelled', 'returned', ...STOCK_REASONS] as const;
export const MovementReason = z.enum(MOVEMENT_REASONS).meta({
  id: 'MovementReason',
  description:
    'Why the stock changed: `opening` a new pet\'s first stock (or the stock a store had when the ledger began), `received` units delivered, ' +
    '`order` reserved by an order, `cancelled` given back by a cancelled order, `returned` brought back by a refund, ' +
    '`correction` a count put right, `lost` and `died` animals gone (never a sale).',
});
export type MovementReason = z.infer<typeof MovementReason>;

/** One entry of a pet's stock ledger: the movements of a pet add up to its stock. */
export const StockMovement = z
  .object({
    id: Id,
    at: DateTime.describe('When the stock changed, ISO 8601 (UTC).'),
    delta: z.int().min(-STOCK_MAX).max(STOCK_MAX).describe('Units added (negative: taken away); never 0.'),
    quantityAfter: z.int().min(STOCK_MIN).max(STOCK_MAX).describe('The stock after this movement: the sum of the pet\'s movements up to it.'),
    reason: MovementReason,
    orderId: Id.optional().describe('The order that reserved (`order`) or gave back (`cancelled`) the units.'),
    saleId: Id.optional().describe('The sale the movement belongs to, if any.'),
    note: z.string().max(DESCRIPTION_MAX).optional().describe("The clerk's note, if one was given."),
    ...RecordedBy,
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof StockMovement>;

export const MovementListQuery = z.strictObject({
  petId: Id.describe('Id of the pet.'),
  ...PageQuery,
});
export type MovementListQuery = z.input<typeof MovementListQuery>;
