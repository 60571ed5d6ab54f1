import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Pet, PetStatus } from '../../src-shared/schemas/pet';
import { isLowStock } from '../../src-shared/thresholds';
import { api } from '../api/client';
import { petsById } from './pet-lookup';
import { useSettingsStore } from './settings';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';

/** One line of the stock table: a pet's inventory entry with the pet's name and category. */
export interface StockRow {
  petId: number;
  name: string;
  categoryId: number;
  status: PetStatus;
  quantity: number;
}

export interface InventoryFilters {
  /** Pet name contains this, case and accents aside (`inventory.list` q). */
  q: string;
  /** Only entries below the low-stock threshold (`inventory.list` low). */
  lowOnly: boolean;
}

/** Rows fetched per page as the clerk scrolls. */
export const INVENTORY_PAGE_SIZE = 200;
/** Rows per request when a refresh re-reads what is on screen (the server's maximum page). */
const REFRESH_PAGE_SIZE = PAGE_LIMIT_MAX;

/** A stock count the clerk typed and has not saved (kept by pet, outside the row the virtual table may drop). */
export interface StockDraft {
  /** What the clerk typed. */
  text: string;
  /** The count the field showed when the clerk began typing: a different stored count was changed elsewhere. */
  base: number;
  /** Whether the clerk left the field with it (it cannot be saved: said "Not saved"). */
  left: boolean;
}

interface FetchedPage {
  rows: StockRow[];
  nextCursor: string | null;
  /** Entries matching the filters. */
  total: number;
  /** The largest pet id this page covered: the list is ordered by pet id. */
  lastId: number;
}

/**
 * The stock table. Never loads everything: it pages through `inventory.list` (cursor paging, the
 * name search `q`, `low`) and fetches the names of each page's pets by id. Rows are ordered by pet
 * id, so a live refresh re-reads the same window without the table jumping.
 */
export const useInventoryStore = defineStore('inventory', () => {
  const settings = useSettingsStore();

  const rows = ref<StockRow[]>([]);
  /** Entries matching the filters. */
  const total = ref(0);
  const reloadBusy = ref(false);
  const moreBusy = ref(false);
  /** Whether rows are being loaded for the clerk (a reload or "load more"; refreshes are quiet). */
  const loading = computed(() => reloadBusy.value || moreBusy.value);
  /** Whether the first load has answered (to tell "empty" from "not yet"). */
  const loaded = ref(false);
  /** The filters as the clerk sets them; a reload applies them. */
  const filters = ref<InventoryFilters>({ q: '', lowOnly: false });
  /** The filters the rows on screen were loaded with (the text above the table describes these). */
  const applied = ref<InventoryFilters>({ q: '', lowOnly: false });
  /** Pets whose stock is being saved. */
  const saving = ref<number[]>([]);
  const nextCursor = ref<string | null>(null);
  let lastId = 0;
  /** Bumped by each reload: answers to an older generation's requests are dropped. */
  let generation = 0;
  /**
   * Pets whose stock this window changed since the rows were loaded: their rows stay, showing the
   * new count, even where the filters now leave them out ("Low stock only" after a +), so the next
   * row never moves under the clerk's pointer or takes the focus. A reload (new filters, the screen
   * opened) lets them go; a pet deleted meanwhile goes at once.
   */
  const actedOn = new Set<number>();

  /**
   * Stock counts typed and not saved, by pet. Kept here, not in the row: the virtual table unmounts
   * rows scrolled out of view, and an "abc" left "Not saved" came back as the old count, unsaid.
   * Dropped by Escape, a save, and a reload (new filters, the screen opened again).
   */
  const drafts = ref(new Map<number, StockDraft>());

  /** The pet's unsaved typed count, if any. */
  function draftOf(petId: number): StockDraft | undefined {
    return drafts.value.get(petId);
  }

  /** Keeps (or, with null, drops) the pet's unsaved typed count. */
  function keepDraft(petId: number, draft: StockDraft | null): void {
    if (draft) drafts.value.set(petId, draft);
    else drafts.value.delete(petId);
  }

  const hasMore = computed(() => nextCursor.value !== null);
  const lowStockThreshold = computed(() => settings.lowStockThreshold);

  /** Whether a pet's stock is low: for sale and strictly below the threshold, as for the `inventory.low` event. */
  function isLow(quantity: number, status: PetStatus): boolean {
    return isLowStock(quantity, settings.lowStockThreshold, status);
  }

  function toRow(item: InventoryItem, pet: Pet): StockRow {
    return { petId: item.petId, name: pet.name, categoryId: pet.categoryId, status: item.status, quantity: item.quantity };
  }

  async function fetchPage(f: InventoryFilters, cursor: string | undefined, limit: number): Promise<FetchedPage> {
    const stock = await api().call('inventory.list', { q: f.q.trim() || undefined, low: f.lowOnly || undefined, limit, cursor });
    const pets = await petsById(stock.items.map((item) => item.petId));
    return {
      // A pet deleted between the two calls has no name to show: it is gone, so is its row.
      rows: stock.items.flatMap((item) => {
        const pet = pets.get(item.petId);
        return pet ? [toRow(item, pet)] : [];
      }),
      nextCursor: stock.nextCursor,
      total: stock.total,
      lastId: stock.items.at(-1)?.petId ?? 0,
    };
  }

  function apply(f: InventoryFilters, page: FetchedPage): void {
    applied.value = f;
    nextCursor.value = page.nextCursor;
    total.value = page.total;
    lastId = page.lastId;
  }

  /**
   * Runs "load more" and refreshes one after another: both continue from the rows on screen, so
   * neither may work from a window the other is replacing. A reload (new filters) does not queue:
   * it starts at once, and whatever was running from the old filters discards its answer.
   */
  let chain: Promise<unknown> = Promise.resolve();
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  }
  let reloading: Promise<void> | null = null;
  const settled = (promise: Promise<void> | null) => promise?.catch(() => undefined);

  /** Reloads from the first page with the current filters (and the threshold); a newer reload wins. */
  function reload(): Promise<void> {
    const mine = ++generation;
    const f = { ...filters.value };
    actedOn.clear();
    drafts.value.clear();
    reloadBusy.value = true;
    const run = (async () => {
      try {
        const [page] = await Promise.all([fetchPage(f, undefined, INVENTORY_PAGE_SIZE), settings.load()]);
        if (mine !== generation) return;
        rows.value = page.rows;
        apply(f, page);
        loaded.value = true;
      } finally {
        if (mine === generation) {
          reloadBusy.value = false;
          reloading = null;
        }
      }
    })();
    reloading = run;
    return run;
  }

  /** Appends the next page(s) of what is shown, if any (as the table nears its end, or "Load more"). */
  function loadMore(): Promise<void> {
    if (nextCursor.value === null || moreBusy.value) return Promise.resolve();
    moreBusy.value = true;
    return serial(async () => {
      try {
        await settled(reloading);
        const mine = generation;
        const cursor = nextCursor.value;
        if (cursor === null) return;
        const f = applied.value;
        const page = await fetchPage(f, cursor, INVENTORY_PAGE_SIZE);
        if (mine !== generation) return;
        const known = new Set(rows.value.map((row) => row.petId));
        rows.value = rows.value.concat(page.rows.filter((row) => !known.has(row.petId)));
        apply(f, page);
      } finally {
        moreBusy.value = false;
      }
    });
  }

  /**
   * Re-reads the rows already on screen (after a change made here, over REST or in another window):
   * the same filters, from the first page up to the last pet id shown, so rows that changed,
   * appeared or stopped matching are right and the table keeps its place. Quiet: no spinner.
   */
  async function refreshOnce(): Promise<void> {
    await settled(reloading);
    if (!loaded.value) return reload();
    const mine = generation;
    const startedAt = saveSeq;
    const f = applied.value;
    const upTo = nextCursor.value === null ? Number.POSITIVE_INFINITY : lastId;
    const collected: StockRow[] = [];
    let cursor: string | undefined;
    let page: FetchedPage;
    const threshold = settings.load();
    do {
      page = await fetchPage(f, cursor, REFRESH_PAGE_SIZE);
      collected.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && page.lastId < upTo);
    const kept = await actedOnLeftOut(collected, upTo);
    await threshold;
    if (mine !== generation) return;
    rows.value = keepNewerSaves(collected.concat(kept).sort((a, b) => a.petId - b.petId), startedAt);
    apply(f, page);
  }

  /** The rows the clerk acted on that the filters now leave out, as the store holds them now (none for a deleted pet). */
  async function actedOnLeftOut(listed: StockRow[], upTo: number): Promise<StockRow[]> {
    const have = new Set(listed.map((row) => row.petId));
    const missing = [...actedOn].filter((petId) => !have.has(petId) && petId <= upTo).slice(-PAGE_LIMIT_MAX); // the latest, a page's worth
    if (missing.length === 0) return [];
    const [stock, pets] = await Promise.all([api().call('inventory.list', { petId: missing, limit: PAGE_LIMIT_MAX }), petsById(missing)]);
    return stock.items.flatMap((item) => {
      const pet = pets.get(item.petId);
      return pet ? [toRow(item, pet)] : [];
    });
  }

  let queuedRefresh: Promise<void> | null = null;

  /**
   * Refreshes the rows on screen. Calls while a refresh waits its turn share it; a call while one
   * runs queues one more (the running one may have read before the change it was called for).
   */
  function refresh(): Promise<void> {
    queuedRefresh ??= serial(() => {
      queuedRefresh = null;
      return refreshOnce();
    });
    return queuedRefresh;
  }

  /** Each pet's saves, one after another, so the last count the clerk asked for is the one stored. */
  const saveQueues = new Map<number, { tail: Promise<unknown>; waiting: number }>();
  /** Counts finished saves; `savedAt` says when each pet's last save finished, on that count. */
  let saveSeq = 0;
  const savedAt = new Map<number, number>();

  /**
   * A refresh may have read a pet before this window's save of it finished (or while one is on its
   * way): for those pets the row on screen, which has the save's answer, is newer than what was read.
   */
  function keepNewerSaves(fresh: StockRow[], startedAt: number): StockRow[] {
    const current = new Map(rows.value.map((row) => [row.petId, row]));
    return fresh.map((row) => {
      const newer = (savedAt.get(row.petId) ?? -1) >= startedAt || saving.value.includes(row.petId);
      const mine = newer ? current.get(row.petId) : undefined;
      return mine ? { ...row, quantity: mine.quantity, status: mine.status } : row;
    });
  }

  /**
   * Sets a pet's stock to a counted number (`inventory.set`: what the clerk typed) and shows the
   * stored result at once: quantity and the status it implies (restocking makes a pet available;
   * emptying an available pet retires it). Rejects with the store's ApiError when refused.
   */
  function setQuantity(petId: number, quantity: number): Promise<InventoryItem> {
    return save(petId, () => api().call('inventory.set', { petId, update: { quantity } }));
  }

  /**
   * Adds or takes away units (`inventory.adjust`: the − and + buttons) from the stock as the store
   * holds it when the change is made, so a click is one more or one less than there is, even if an
   * order elsewhere changed the count a moment before the screen heard of it.
   */
  function adjustQuantity(petId: number, by: number): Promise<InventoryItem> {
    return save(petId, () => api().call('inventory.adjust', { petId, by }));
  }

  /** Saves for one pet run in the order asked (three quick clicks on + store +3, never a stale count last). */
  async function save(petId: number, call: () => Promise<InventoryItem>): Promise<InventoryItem> {
    const queue = saveQueues.get(petId) ?? { tail: Promise.resolve(), waiting: 0 };
    saveQueues.set(petId, queue);
    queue.waiting++;
    if (rows.value.some((row) => row.petId === petId)) actedOn.add(petId);
    if (!saving.value.includes(petId)) saving.value = saving.value.concat(petId);
    const run = queue.tail.catch(() => undefined).then(call);
    queue.tail = run;
    try {
      const item = await run;
      savedAt.set(petId, saveSeq++);
      const index = rows.value.findIndex((row) => row.petId === petId);
      if (index >= 0) rows.value[index] = { ...rows.value[index]!, quantity: item.quantity, status: item.status };
      return item;
    } finally {
      if (--queue.waiting === 0) {
        saveQueues.delete(petId);
        saving.value = saving.value.filter((id) => id !== petId);
      }
    }
  }

  /** Whether the pet's stock is being saved (or waits to be). */
  function isSaving(petId: number): boolean {
    return saving.value.includes(petId);
  }

  return {
    rows,
    total,
    loading,
    loaded,
    filters,
    applied,
    hasMore,
    lowStockThreshold,
    isLow,
    isSaving,
    draftOf,
    keepDraft,
    reload,
    loadMore,
    refresh,
    setQuantity,
    adjustQuantity,
  };
});
