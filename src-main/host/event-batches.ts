import type { StoreEvent } from '../../src-shared/schemas/event';

/** Most events one message to a window carries. */
export const EVENTS_PER_MESSAGE = 500;

/**
 * Hands on the events delivered in one turn of the event loop as arrays, in log order, at most
 * EVENTS_PER_MESSAGE in each; a message that cannot be sent goes to `onSendError` and the next ones
 * are still sent (docs/decisions.md#windows-get-events-in-batches).
 */
export function batchEventsPerTurn(
  send: (events: StoreEvent[]) => void,
  onSendError: (error: unknown) => void = (error) => console.error('Store events could not be sent:', error),
): (event: StoreEvent) => void {
  let pending: StoreEvent[] = [];
  const flush = () => {
    const events = pending;
    pending = [];
    for (let start = 0; start < events.length; start += EVENTS_PER_MESSAGE) {
      try {
        send(events.slice(start, start + EVENTS_PER_MESSAGE));
      } catch (error) {
        onSendError(error);
      }
    }
  };
  return (event) => {
    if (pending.length === 0) queueMicrotask(flush);
    pending.push(event);
  };
}
