import { computed, ref, toRaw, type Ref } from 'vue';
import { coalesced } from './coalesced';

/** One page of a contract list operation, as in-process callers receive it. */
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
  total: number;
}

export interface PagedListOptions<Query, Item, Row> {
  /** The filters as the clerk has set them: a reload reads with these, its next pages and refreshes with the same (`applied`). */
  query: () => Query;
  /** A page after `cursor`; `wanted`, when given, is how many rows a refresh still needs (a hint for the page size). */
  fetchPage: (query: Query, cursor?: string, wanted?: number) => Promise<Page<Item>>;
  /** Each page's items as rows (a pet with its stock, an order with its pet). */
  enrich: (items: Item[]) => Promise<Row[]>;
  /** A row's identity (a pet's id, an order's). */
  key: (row: Row) => number;
  /**
   * For a list that refreshes while rows the clerk acted on stay (`keep`): those rows as the store
   * holds them now (none for one deleted), and the list's order, by which a refresh reads down to
   * the last row shown at least and puts them back in their places. Without it a refresh drops them.
   */
  kept?: { read: (keys: number[]) => Promise<Row[]>; order: (a: Row, b: Row) => number };
  /** Whether a change this window makes to the row is still on its way: a refresh keeps the row as shown. */
  changing?: (key: number) => boolean;
}

/**
 * A list read from the service a page at a time (cursor paging), each page enriched before it is
 * shown (a pet's stock, an order's pet). `reload` starts over with the caller's current filters:
 * calls made while one runs are coalesced into one more run, and a page that arrives after a newer
 * reload started is dropped. `keep` holds a row the clerk acted on until the next reload
 * (docs/screens.md#a-row-the-clerk-acted-on-stays-put).
 */
export function usePagedList<Query, Item, Row>(options: PagedListOptions<Query, Item, Row>) {
  const { fetchPage, enrich, key } = options;
  const rows = ref([]) as Ref<Row[]>;
  const total = ref(0);
  const loading = ref(false);
  /** Whether a first page has been shown (to tell "empty" from "not yet"). */
  const loaded = ref(false);
  /** The filters the rows on screen were read with. */
  const applied = ref(options.query()) as Ref<Query>;
  const nextCursor = ref<string | null>(null);
  const hasMore = computed(() => nextCursor.value !== null);
  let generation = 0;
  /** The newest load (first page or next), settled or not. */
  let lastLoad: Promise<unknown> = Promise.resolve();
  /** The rows the clerk acted on since the last reload (`keep`), by key. */
  const kept = new Set<number>();
  /** Counts the changes patched into rows; `changedAt` says when each row's last one came, on that count. */
  let changes = 0;
  const changedAt = new Map<number, number>();

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
    const query = cursor ? applied.value : options.query();
    loading.value = true;
    try {
      const page = await fetchPage(query, cursor);
      const enriched = await enrich(page.items);
      if (mine !== generation) return;
      if (cursor) {
        // A row already listed (put back by a refresh) is not listed twice.
        const listed = new Set(toRaw(rows.value).map(key));
        rows.value = rows.value.concat(enriched.filter((row) => !listed.has(key(row))));
      } else {
        rows.value = enriched;
        applied.value = query;
        loaded.value = true;
      }
      total.value = page.total;
      nextCursor.value = page.nextCursor;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  const reloadOnce = coalesced(() => load());

  /** Loads the first page again with the current filters; the rows the clerk acted on go with them. */
  function reload(): Promise<void> {
    kept.clear();
    changedAt.clear();
    return reloadOnce();
  }

  /** Settles once the re-read under way (if any) has put its rows in place; never rejects. */
  let refreshRun: Promise<void> | null = null;
  /** The next page asked for during a re-read, to load once it is done (one, however many asks). */
  let moreAfterRefresh: Promise<void> | null = null;

  /**
   * Appends the next page, if there is one and no page is loading. Asked for during a re-read, it
   * runs once the re-read is done, from its cursor, as nothing would ask again; a reload cancels it
   * (docs/screens.md#lists-follow-changes-in-place).
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
   * Reads again as many rows as are loaded, from the first, with the same filters, and puts them
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
      const since = changes;
      const shown = toRaw(rows.value);
      const last = shown.at(-1);
      const query = applied.value;
      const collected: Row[] = [];
      let cursor: string | undefined;
      let page: Page<Item>;
      const enough = () => {
        if (collected.length < shown.length) return false;
        const reached = collected.at(-1);
        return !options.kept || last === undefined || (reached !== undefined && options.kept.order(reached, last) >= 0);
      };
      const run = (async () => {
        do {
          page = await fetchPage(query, cursor, shown.length - collected.length);
          collected.push(...(await enrich(page.items)));
          cursor = page.nextCursor ?? undefined;
        } while (cursor && !enough() && mine === generation);
        return mine === generation ? withKept(collected) : collected;
      })();
      lastLoad = run.catch(() => undefined);
      const fresh = await run;
      if (mine !== generation) return;
      rows.value = newerAsShown(fresh, since);
      total.value = page!.total;
      nextCursor.value = page!.nextCursor;
    } finally {
      // After the rows are in place: a next page asked for meanwhile continues from this cursor.
      refreshRun = null;
      done();
    }
  });

  /** The re-read rows, with those the clerk acted on that the filters now leave out back in their places. */
  async function withKept(collected: Row[]): Promise<Row[]> {
    const listed = new Set(collected.map(key));
    const missing = [...kept].filter((one) => !listed.has(one));
    if (!options.kept || missing.length === 0) return collected;
    return collected.concat(await options.kept.read(missing)).sort(options.kept.order);
  }

  /**
   * A row this window changed while the re-read was on its way (or is still changing) stays as
   * shown: what was read may be from before the change.
   */
  function newerAsShown(fresh: Row[], since: number): Row[] {
    const current = new Map(toRaw(rows.value).map((row) => [key(row), row]));
    return fresh.map((row) => {
      const id = key(row);
      const newer = (changedAt.get(id) ?? -1) > since || options.changing?.(id);
      return (newer && current.get(id)) || row;
    });
  }

  /** The clerk acted on this listed row (fulfilled it, changed its stock): it stays, until the next reload. */
  function keep(id: number): void {
    if (toRaw(rows.value).some((row) => key(row) === id)) kept.add(id);
  }

  /** What the clerk did to the row failed: it comes and goes with the filters again. */
  function letGo(id: number): void {
    kept.delete(id);
  }

  /**
   * Puts a listed row's new state in place (a change made here or elsewhere); one the filters now
   * leave out (`listed` false) leaves the list, unless the clerk acted on it. A refresh under way
   * keeps the row as patched. Answers whether the row was listed.
   */
  function patch(id: number, change: (row: Row) => Row, listed = true): boolean {
    const raw = toRaw(rows.value);
    const index = raw.findIndex((row) => key(row) === id);
    if (index < 0) return false;
    if (listed || kept.has(id)) rows.value[index] = change(raw[index]!);
    else rows.value.splice(index, 1);
    changedAt.set(id, ++changes);
    return true;
  }

  return { rows, total, loading, loaded, applied, hasMore, reload, loadMore, refresh, settled, keep, letGo, patch };
}
