import { z } from '../zod-setup';
import { Id } from './common';

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
] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** One entry of the persisted change log; `id` increases, so clients resume after the last one seen. */
export const StoreEvent = z
  .object({
    id: Id,
    type: EventType,
    at: z.string().describe('When the change was committed, ISO 8601.'),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        'The resource after the change (before, for deletions); `inventory.low` adds `threshold`; `store.restored` holds the counts of ' +
          'categories, pets and orders; `settings.updated` the names of the settings that changed (`keys`).',
      ),
  })
  .meta({ id: 'StoreEvent' });
export type StoreEvent = z.infer<typeof StoreEvent>;

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
