import { nextTick, watch, type Ref } from 'vue';

/** How close to the end of the loaded rows (px) the next page is asked for: before the clerk gets there. */
const AHEAD_PX = 600;

interface PagedRows {
  /** The rows loaded so far. */
  rowCount: () => number;
  hasMore: () => boolean;
  loadMore: () => void;
}

const nearEnd = (box: HTMLElement) => box.scrollTop + box.clientHeight > box.scrollHeight - AHEAD_PX;

/**
 * Loads a virtual-scrolled table's next page as the clerk scrolls near the end of the rows loaded
 * so far, and also whenever the rows change and what is loaded no longer reaches past the view:
 * rows a change elsewhere took out of the list (fulfilled orders under "Open") would otherwise
 * leave a short or empty list with nothing to scroll, and the older rows never asked for.
 * Returns the table's `on-scroll` handler.
 */
export function useLoadNearEnd(table: Ref<{ $el?: Element } | null>, rows: PagedRows): (event: Event) => void {
  watch(
    rows.rowCount,
    async () => {
      await nextTick();
      if (!rows.hasMore()) return;
      // naive-ui's virtual list is the box that scrolls; none is drawn while the table is empty.
      const box = table.value?.$el?.querySelector<HTMLElement>('.v-vl');
      if (!box || nearEnd(box)) rows.loadMore();
    },
    { flush: 'post' },
  );
  return (event: Event) => {
    if (nearEnd(event.target as HTMLElement)) rows.loadMore();
  };
}
