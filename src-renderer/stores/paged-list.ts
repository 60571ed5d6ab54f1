import { computed, ref, type Ref } from 'vue';
import { coalesced } from './coalesced';

/** One page of a contract list operation, as in-process callers receive it. */
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
  total: number;
}

/**
 * A list read from the service a page at a time (cursor paging), each page enriched before it is
 * shown (a pet's stock, an order's pet). `reload` starts over with the caller's current filters:
 * calls made while one runs are coalesced into one more run, and a page that arrives after a newer
 * reload started is dropped, so the rows always match the latest filters.
 */
export function usePagedList<Item, Row>(
  /** A page after `cursor`; `wanted`, when given, is how many rows a refresh still needs (a hint for the page size). */
  fetchPage: (cursor?: string, wanted?: number) => Promise<Page<Item>>,
  enrich: (items: Item[]) => Promise<Row[]>,
) {
  const rows = ref([]) as Ref<Row[]>;
  const total = ref(0);
  const loading = ref(false);
  const nextCursor = ref<string | null>(null);
  const hasMore = computed(() => nextCursor.value !== null);
  let generation = 0;
  /** The newest load (first page or next), settled or not. */
  let lastLoad: Promise<unknown> = Promise.resolve();

  function load(cursor?: string): Promise<void> {
    const run = loadPage(cursor);
    lastLoad = run.catch(() => undefined);
    return run;
  }

  /** Resolves once no load is under way: a change patched into the rows then is not overwritten by an older answer. */
  async function settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = lastLoad;
      await seen;
    } while (seen !== lastLoad);
  }

  async function loadPage(cursor?: string): Promise<void> {
    const mine = cursor ? generation : ++generation;
    loading.value = true;
    try {
      const page = await fetchPage(cursor);
      const enriched = await enrich(page.items);
      if (mine !== generation) return;
      rows.value = cursor ? rows.value.concat(enriched) : enriched;
      total.value = page.total;
      nextCursor.value = page.nextCursor;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Loads the first page again with the current filters. */
  const reload = coalesced(() => load());

  /** Settles once the re-read under way (if any) has put its rows in place; never rejects. */
  let refreshRun: Promise<void> | null = null;
  /** The next page asked for during a re-read, to load once it is done (one, however many asks). */
  let moreAfterRefresh: Promise<void> | null = null;

  /**
   * Appends the next page, if there is one and no page is loading. Asked for while the loaded rows
   * are re-read (the clerk reached their end), it runs once the re-read is done, from the re-read's
   * cursor: dropped, nothing would ask again (the row count stays, and at the very bottom a wheel
   * turn scrolls nothing), and the list stopped short with more pages to come. A reload (new
   * filters) meanwhile cancels it: that list is read from its start.
   */
  async function loadMore(): Promise<void> {
    if (refreshRun) {
      const asked = generation;
      moreAfterRefresh ??= refreshRun.then(() => {
        moreAfterRefresh = null;
        return asked === generation ? loadMore() : undefined;
      });
      return moreAfterRefresh;
    }
    if (!nextCursor.value || loading.value) return;
    await load(nextCursor.value);
  }

  /**
   * Reads again as many rows as are loaded, from the first, with the current filters, and puts them
   * in place in one go (quietly: no spinner): rows that changed, came or stopped matching are right,
   * and the count with them, while the rows the clerk is looking at keep their place (and their
   * focus, being keyed). A reload meanwhile (new filters) wins.
   */
  const refresh = coalesced(async () => {
    await settled();
    let done!: () => void;
    refreshRun = new Promise<void>((resolve) => (done = resolve));
    try {
      const mine = generation;
      const want = rows.value.length;
      const collected: Row[] = [];
      let cursor: string | undefined;
      let page: Page<Item>;
      const run = (async () => {
        do {
          page = await fetchPage(cursor, want - collected.length);
          collected.push(...(await enrich(page.items)));
          cursor = page.nextCursor ?? undefined;
        } while (cursor && collected.length < want && mine === generation);
      })();
      lastLoad = run.catch(() => undefined);
      await run;
      if (mine !== generation) return;
      rows.value = collected;
      total.value = page!.total;
      nextCursor.value = page!.nextCursor;
    } finally {
      // After the rows are in place: a next page asked for meanwhile continues from this cursor.
      refreshRun = null;
      done();
    }
  });

  return { rows, total, loading, hasMore, reload, loadMore, refresh, settled };
}
