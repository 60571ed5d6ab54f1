import { z } from '../zod-setup';
import { Category } from './category';
import { Customer } from './customer';
import { DateTime, Id } from './common';
import { InventoryItem } from './inventory';
import { Order } from './order';
import { Pet } from './pet';
import { Refund, Sale } from './sale';
import { StoreSettings } from './settings';

export const EVENT_TYPES = [
  'pet.created',
  'pet.updated',
  'pet.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'order.placed',
  'order.updated',
  'order.completed',
  'order.cancelled',
  'inventory.updated',
  'inventory.low',
  // The whole shop's data was replaced from a backup: what a client holds is stale; read it again.
  'store.restored',
  // Owner settings changed (the Settings screen, the CLI): data names the keys only, never values
  // (settings are the owner's; the REST stream is open to read tokens). Re-read them.
  'settings.updated',
  // Customers; once one is forgotten, their earlier events are rewritten without their personal data.
  'customer.created',
  'customer.updated',
  'customer.forgotten',
  // Sales (beta): created, completed (its last order fulfilled later), cancelled, refunded (the refund).
  'sale.created',
  'sale.completed',
  'sale.cancelled',
  'sale.refunded',
] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** Every event's envelope: `id` increases, so clients resume after the last one seen. */
function eventOf<const Types extends readonly [EventType, ...EventType[]], Data extends z.ZodType>(id: string, types: Types, data: Data) {
  return z
    .object({
      id: Id,
      type: z.enum(types),
      at: DateTime.describe('When the change was committed, ISO 8601.'),
      data,
    })
    .meta({ id });
}

/** What `inventory.low` carries: the pet's new stock, and the threshold it fell below. */
export const LowStock = InventoryItem.extend({
  threshold: StoreSettings.shape.lowStockThreshold.describe("The low-stock threshold in force at the time (the pet's category's own, else the shop's); `quantity` fell below it."),
}).meta({ id: 'LowStock' });

/** What `store.restored` carries: how much the restored data holds. */
export const RestoredCounts = z
  .object({ categories: z.int().min(0), pets: z.int().min(0), orders: z.int().min(0) })
  .meta({ id: 'RestoredCounts' });

const SETTING_KEYS = StoreSettings.keyof().options;

/** What `settings.updated` carries: the names of the settings that changed, never their values. */
export const ChangedSettings = z
  .object({
    keys: z
      .array(z.enum(SETTING_KEYS))
      .min(1)
      .max(SETTING_KEYS.length)
      .describe('Names of the settings whose value changed (keys of StoreSettings); values are never sent: read them again.'),
  })
  .meta({ id: 'ChangedSettings' });

/**
 * One entry of the persisted change log. `data` is the resource after the change (before it, for a
 * deletion); its shape follows `type`.
 */
export const StoreEvent = z
  .discriminatedUnion('type', [
    eventOf('PetEvent', ['pet.created', 'pet.updated', 'pet.deleted'], Pet),
    eventOf('CategoryEvent', ['category.created', 'category.updated', 'category.deleted'], Category),
    eventOf('OrderEvent', ['order.placed', 'order.updated', 'order.completed', 'order.cancelled'], Order),
    eventOf('InventoryEvent', ['inventory.updated'], InventoryItem),
    eventOf('LowStockEvent', ['inventory.low'], LowStock),
    eventOf('StoreRestoredEvent', ['store.restored'], RestoredCounts),
    eventOf('SettingsUpdatedEvent', ['settings.updated'], ChangedSettings),
    eventOf('CustomerEvent', ['customer.created', 'customer.updated', 'customer.forgotten'], Customer),
    eventOf('SaleEvent', ['sale.created', 'sale.completed', 'sale.cancelled'], Sale),
    eventOf('RefundEvent', ['sale.refunded'], Refund),
  ])
  .meta({
    id: 'StoreEvent',
    description:
      'One entry of the change log. `data` follows `type`: a Pet, Category, Order, Customer or Sale as it is after the change (as it was, for a deletion), a Refund for `sale.refunded`; ' +
      'an InventoryItem for `inventory.updated`, with the threshold for `inventory.low`; counts for `store.restored`; the changed keys for `settings.updated`.',
  });
/**
 * One event, its type a single value: `switch (event.type)` then narrows `data` (the schema groups
 * the types that carry the same data, so its own inferred type would not).
 */
export type StoreEvent = EventWith<z.infer<typeof StoreEvent>, EventType>;
/** The event of one type, its `data` narrowed: `EventOf<'inventory.updated'>['data']` is an InventoryItem. */
export type EventOf<T extends EventType> = EventWith<z.infer<typeof StoreEvent>, T>;
// Distributes over the schema's members and over T: a member is kept, with `type` = T, when its types include T.
type EventWith<E, T> = E extends { id: infer Id; type: infer Types; at: infer At; data: infer Data }
  ? T extends Types
    ? { id: Id; type: T; at: At; data: Data }
    : never
  : never;
/** What an event of this type carries. */
export type EventData<T extends EventType> = EventOf<T>['data'];

/** Where the change log ends now: a stream resumed from it carries only later changes. */
export const EventPosition = z
  .object({
    lastEventId: z.int().min(0).describe('Id of the newest event; 0 while the log is empty.'),
  })
  .meta({ id: 'EventPosition' });
export type EventPosition = z.infer<typeof EventPosition>;

export const EventListQuery = z.strictObject({
  after: z.int().min(0).max(Number.MAX_SAFE_INTEGER).default(0).describe('Only events with a larger id.'),
  limit: z.int().min(1).max(1000).default(200),
});
