/**
 * The last events a till host received from its shop server, kept by id so that a page whose own
 * stream to the host dropped gets, when it reconnects, what it missed (docs/decisions.md#a-page-resumes-its-tills-events).
 */
import type { StoreEvent } from '../../src-shared/schemas/event';

/** Held events: more than a shop makes while a page reconnects (EventSource waits about 3 s); an import goes to the server. */
export const REPLAY_EVENTS = 1000;

export interface EventReplay {
  /** Keeps a batch as it arrived (in log order), dropping the oldest beyond the limit. */
  add(events: StoreEvent[]): void;
  /** The held events after id `after`, or undefined when some were dropped already (then `droppedThrough` says up to which id). */
  after(after: number): StoreEvent[] | undefined;
  /** The id of the newest event dropped from the buffer (0: none yet). */
  readonly droppedThrough: number;
}

export function createEventReplay(limit = REPLAY_EVENTS): EventReplay {
  let held: StoreEvent[] = [];
  let droppedThrough = 0;
  return {
    add(events) {
      held.push(...events);
      if (held.length > limit) {
        droppedThrough = held[held.length - limit - 1]!.id;
        held = held.slice(-limit);
      }
    },
    after(after) {
      if (after < droppedThrough) return undefined;
      return held.filter((event) => event.id > after);
    },
    get droppedThrough() {
      return droppedThrough;
    },
  };
}
