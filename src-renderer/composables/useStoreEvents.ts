import { onBeforeUnmount } from 'vue';
import type { EventType, StoreEvent } from '../../src-shared/schemas/event';
import { api } from '../api/client';

/**
 * Calls `refresh` when the store reports a change of one of `types` (made here, over REST or by
 * another program), at most once per animation frame however many events arrive together.
 */
export function useStoreEvents(types: readonly EventType[], refresh: (event: StoreEvent) => void): void {
  let scheduled: StoreEvent | undefined;
  const unsubscribe = api().onEvent((event) => {
    if (!types.includes(event.type)) return;
    if (!scheduled) requestAnimationFrame(() => {
      const last = scheduled!;
      scheduled = undefined;
      refresh(last);
    });
    scheduled = event;
  });
  onBeforeUnmount(unsubscribe);
}
