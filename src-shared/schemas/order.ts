import { z } from '../zod-setup';
import { DateTime, Id, PageQuery, hasSomeField, someFieldRequired } from './common';

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
  .meta({ id: 'OrderPatch', minProperties: 1 });
export type OrderPatch = z.infer<typeof OrderPatch>;

export const Order = z
  .object({
    id: Id.optional(),
    petId: Id.optional(),
    quantity: z.int().min(1).max(ORDER_QUANTITY_MAX).optional(),
    shipDate: DateTime.optional(),
    complete: z.boolean().optional(),
    petName: z
      .string()
      .optional()
      .describe("The pet's name when the order was placed; it stays after the pet is renamed or deleted (what the receipt names)."),
  })
  // The interface marks no field of an Order required; the description says which ones every answer has.
  .meta({
    id: 'Order',
    description:
      'An order. The interface marks no field required; every order this service answers has `id`, `petId`, `quantity`, ' +
      '`complete` and `petName`, and `shipDate` when one was given.',
  });
export type Order = z.infer<typeof Order>;

export const OrderListQuery = z.strictObject({
  complete: z.boolean().optional().describe('Only complete (`true`) or open (`false`) orders.'),
  petId: Id.optional().describe('Only orders of this pet.'),
  ...PageQuery,
});
export type OrderListQuery = z.input<typeof OrderListQuery>;
