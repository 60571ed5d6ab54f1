import { onBeforeUnmount } from 'vue';
import type { EventOf, EventType, StoreEvent } from '../../src-shared/schemas/event';
import { api } from '../api/client';

export interface StoreEventsOptions {
  /** Call `refresh` for every event, in order, rather than once for the last of a burst. */
  every?: boolean;
}

/**
 * Calls `refresh` when the store reports a change of one of `types` (made here, over REST or by
 * another program). Events arriving together are handled once per animation frame: by default
 * `refresh` runs once, with the last of them; with `every`, once per event, in order.
 */
export function useStoreEvents<T extends EventType>(types: readonly T[], refresh: (event: EventOf<T>) => void, options: StoreEventsOptions = {}): void {
  let queued: EventOf<T>[] = [];
  const isWanted = (event: StoreEvent): event is EventOf<T> => (types as readonly EventType[]).includes(event.type);
  const unsubscribe = api().onEvent((event) => {
    if (!isWanted(event)) return;
    if (queued.length === 0) {
      requestAnimationFrame(() => {
        const batch = queued;
        queued = [];
        for (const item of options.every ? batch : batch.slice(-1)) refresh(item);
      });
    }
    queued.push(event);
  });
  onBeforeUnmount(unsubscribe);
}
