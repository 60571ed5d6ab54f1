import { z } from '../zod-setup';
import { DateTime, Id, NAME_MAX, PageQuery, hasSomeField, someFieldRequired } from './common';
import { UnitPrice } from './money';
import { DayOrInstant, recordedByInLog } from './sale';

export const ORDER_QUANTITY_MAX = 1000;

/** Payload for placing an order; the service assigns the id. */
export const NewOrder = z
  .strictObject({
    petId: Id.describe('Id of the animal to order.'),
    quantity: z.int().min(1).max(ORDER_QUANTITY_MAX).default(1).describe('Units, 1–1000 (default 1).'),
    shipDate: DateTime.optional().describe('Expected ship date, ISO 8601.'),
  })
  .meta({ id: 'NewOrder' });
export type NewOrder = z.input<typeof NewOrder>;

/** PATCH body: fulfil an order (`complete: true`) and/or set or clear its ship date. */
export const OrderPatch = z
  .strictObject({
    complete: z.boolean().optional().describe('`true` fulfils the order; a complete order cannot be reopened.'),
    shipDate: DateTime.nullable().optional().describe('Expected or actual ship date, ISO 8601; `null` clears it (an open order\'s).'),
  })
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({
    id: 'OrderPatch',
    minProperties: 1,
    // The document shows each use (a fulfilment, a date set, a date cleared); validators check them against the schema.
    examples: [{ complete: true }, { shipDate: '2026-11-22T10:00:00Z' }, { shipDate: null }],
  });
export type OrderPatch = z.infer<typeof OrderPatch>;

/** Where an order stands: open (its units reserved), complete (fulfilled: final) or cancelled (units given back: final). */
export const ORDER_STATUSES = ['open', 'complete', 'cancelled'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES).meta({
  id: 'OrderStatus',
  description: '`open`: placed, its units reserved; `complete`: fulfilled (final); `cancelled`: its units given back (final, the order is kept as a record).',
});
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * An order as the service answers it. The interface marks no field of an Order required and
 * never takes one in a request: an answer that always has these fields is an Order of the
 * interface's, and a client reads `order.id` without asserting it is there.
 */
export const Order = z
  .object({
    id: Id,
    petId: Id,
    quantity: z.int().min(1).max(ORDER_QUANTITY_MAX),
    shipDate: DateTime.optional(),
    complete: z.boolean(),
    // Optional in the schema only for the change log: events written before orders had a status lack it.
    status: OrderStatus.optional().describe('Where the order stands; `complete` is true exactly when this is `complete`. Every order the store answers has it.'),
    placedAt: DateTime.optional().describe('When the order was placed, ISO 8601 (UTC). Every order the store answers has it.'),
    petName: z
      .string()
      .max(NAME_MAX)
      .optional()
      .describe(
        "The pet's name when the order was placed; it stays after the pet is renamed or deleted (what the receipt names). " +
          'Absent only from orders placed before names were kept whose pet had left no trace.',
      ),
    saleId: Id.optional().describe('The sale this order is a line of; absent for an order placed on its own.'),
    unitPrice: UnitPrice.optional().describe("The price of one unit, in the minor unit of the shop's currency (cents); absent for an order placed without a price."),
    ...recordedByInLog('order'),
  })
  .meta({
    id: 'Order',
    description:
      'An order. The interface marks no field required; every order this service answers has `id`, `petId`, `quantity`, `complete`, `status`, `placedAt`, `clerk` and `till`.',
  });
export type Order = z.infer<typeof Order>;

/** The orders a list shows first: the newest (the default) or the oldest. */
export const ORDER_SORTS = ['newest', 'oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const OrderListQuery = z.strictObject({
  status: z
    .array(OrderStatus)
    .min(1, 'Give at least one status, or leave the filter out')
    .max(ORDER_STATUSES.length)
    .optional()
    .describe('Only orders with one of these statuses (repeatable). Without it, cancelled orders are left out.'),
  complete: z.boolean().optional().describe('Only complete (`true`) or not complete (`false`: open, and cancelled ones if `status` names them) orders.'),
  petId: Id.optional().describe('Only orders of this pet.'),
  from: DayOrInstant.optional().describe("Only orders placed at or after this instant, or on or after this day (the shop's time zone)."),
  to: DayOrInstant.optional().describe("Only orders placed before this instant, or on or before this day (the whole day, in the shop's time zone)."),
  sort: z.enum(ORDER_SORTS).optional().describe('`newest` first (the default) or `oldest` first, by when they were placed.'),
  ...PageQuery,
});
export type OrderListQuery = z.input<typeof OrderListQuery>;
