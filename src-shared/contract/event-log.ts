/** The change log and its live stream (experimental). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { EventListQuery, EventPosition, StoreEvent } from '../schemas/event';

export const eventOperations = {
  /** The change log as Server-Sent Events; resumes after `Last-Event-ID`. */
  'events.stream': op({
    tag: 'Events',
    summary: 'Stream changes (Server-Sent Events)',
    description:
      'Each event carries `id`, `event` (the type) and `data` (a StoreEvent as JSON). Without `Last-Event-ID` or `after`, the stream starts ' +
      'at the beginning of the change log (sent as fast as the client reads), then follows live; send `Last-Event-ID` (or `after`) with the ' +
      'last id seen to resume, or with `lastEventId` from GET /events/latest to receive only changes from now on; an id past the newest event ' +
      'is refused (400), as it can only come from another store. ' +
      '`store.restored` (data: the counts of categories, pets and orders) says the whole shop was replaced from a backup, with no event per ' +
      'row: a client that keeps a copy reads everything again. `settings.updated` (data: `{keys}`, the names of the owner\'s settings that ' +
      'changed, never their values) says a setting such as the low-stock threshold changed; it is appended only when a value changes.',
    input: EventListQuery.pick({ after: true }),
    output: StoreEvent,
    stability: 'experimental',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/events', success: 200, stream: 'sse', errors: [] },
  }),
  /** The change log's end: where a stream of only new changes starts, or which changes a list already reflects. */
  'events.latest': op({
    tag: 'Events',
    summary: "The change log's newest event id",
    description:
      'To follow only changes from now on, open the stream with `after` (or `Last-Event-ID`) set to `lastEventId`. ' +
      'To keep a copy in sync, read this first, then list what you need, then stream after it: every change the ' +
      'lists might have missed is sent again (applying an event twice leaves the same result).',
    input: z.strictObject({}),
    output: EventPosition,
    stability: 'experimental',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/events/latest', success: 200, errors: [] },
  }),
  /** Events after a given id, for catching up in-process (IPC); REST clients use the stream. */
  'events.list': op({
    tag: 'Events',
    summary: 'Read the change log',
    input: EventListQuery,
    output: z.array(StoreEvent),
    stability: 'experimental',
    mutates: false,
  }),
} as const;
