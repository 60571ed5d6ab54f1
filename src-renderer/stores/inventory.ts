import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { InventoryItem, StockAdjustment } from '../../src-shared/schemas/inventory';
import type { StockMovement } from '../../src-shared/schemas/movement';
import type { Pet, PetStatus } from '../../src-shared/schemas/pet';
import { isLowStock } from '../../src-shared/thresholds';
import { api } from '../api/client';
import { usePagedList } from './paged-list';
import { petsById } from './pet-lookup';
import { useCategoriesStore } from './categories';
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
/** Movements of a pet's stock history read at a time (newest first). */
export const MOVEMENT_PAGE_SIZE = 50;

/** A page of a pet's stock history. */
export interface MovementPage {
  items: StockMovement[];
  nextCursor: string | null;
  total: number;
}

/** A stock count the clerk typed and has not saved (kept by pet, outside the row the virtual table may drop). */
export interface StockDraft {
  /** What the clerk typed. */
  text: string;
  /** The count the field showed when the clerk began typing: a different stored count was changed elsewhere. */
  base: number;
  /** Whether the clerk left the field with it (it cannot be saved: said "Not saved"). */
  left: boolean;
}

/**
 * The stock table. Never loads everything: it pages through `inventory.list` (cursor paging, the
 * name search `q`, `low`; usePagedList) and fetches the names of each page's pets by id. Rows are
 * ordered by pet id, so a live refresh re-reads the same window without the table jumping.
 */
export const useInventoryStore = defineStore('inventory', () => {
  const settings = useSettingsStore();
  const categories = useCategoriesStore();

  /** The filters as the clerk sets them; a reload applies them (`applied`: those of the rows on screen). */
  const filters = ref<InventoryFilters>({ q: '', lowOnly: false });
  /** Pets whose stock is being saved. */
  const saving = ref<number[]>([]);

  function toRow(item: InventoryItem, pet: Pet): StockRow {
    return { petId: item.petId, name: pet.name, categoryId: pet.categoryId, status: item.status, quantity: item.quantity };
  }

  /** Stock entries with their pets' names; a pet deleted between the two calls has no name to show: it is gone, so is its row. */
  async function withPets(items: InventoryItem[]): Promise<StockRow[]> {
    const pets = await petsById(items.map((item) => item.petId));
    return items.flatMap((item) => {
      const pet = pets.get(item.petId);
      return pet ? [toRow(item, pet)] : [];
    });
  }

  const list = usePagedList({
    query: () => ({ ...filters.value }),
    // A first page (a reload, a refresh) comes with the settings: the low-stock threshold shown is the one they were read with.
    // A refresh reads what is shown in pages as large as the service gives, never less than one of ours.
    fetchPage: async (f, cursor, wanted) => {
      const limit = wanted === undefined ? INVENTORY_PAGE_SIZE : Math.min(PAGE_LIMIT_MAX, Math.max(INVENTORY_PAGE_SIZE, wanted));
      const [page] = await Promise.all([
        api().call('inventory.list', { q: f.q.trim() || undefined, low: f.lowOnly || undefined, limit, cursor }),
        cursor ? undefined : settings.load(),
      ]);
      return page;
    },
    enrich: withPets,
    key: (row) => row.petId,
    kept: {
      // The latest, a page's worth.
      read: async (petIds) => withPets((await api().call('inventory.list', { petId: petIds.slice(-PAGE_LIMIT_MAX), limit: PAGE_LIMIT_MAX })).items),
      order: (a, b) => a.petId - b.petId,
    },
    changing: (petId) => saving.value.includes(petId),
  });
  const { rows, total, loading, loaded, applied, hasMore, loadMore } = list;

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

  const lowStockThreshold = computed(() => settings.lowStockThreshold);

  /**
   * Whether a pet's stock is low: for sale and strictly below its category's threshold (from the
   * loaded categories) or the shop's, as for the `inventory.low` event.
   */
  function isLow(quantity: number, status: PetStatus, categoryId?: number): boolean {
    const category = categoryId === undefined ? undefined : categories.byId.get(categoryId)?.lowStockThreshold;
    return isLowStock(quantity, { shop: settings.lowStockThreshold, category }, status);
  }

  /** Reloads from the first page with the current filters (and the threshold); the unsaved counts and the rows the clerk acted on go. */
  function reload(): Promise<void> {
    drafts.value.clear();
    return list.reload();
  }

  /**
   * Re-reads the rows already on screen (after a change made here, over REST or in another window):
   * the same filters, from the first page down to the last pet shown at least, so rows that changed,
   * appeared or stopped matching are right and the table keeps its place. Quiet: no spinner.
   */
  function refresh(): Promise<void> {
    return loaded.value ? list.refresh() : reload();
  }

  /** Each pet's saves, one after another, so the last count the clerk asked for is the one stored. */
  const saveQueues = new Map<number, { tail: Promise<unknown>; waiting: number }>();

  /**
   * Sets a pet's stock to a counted number (`inventory.set`: what the clerk typed) and shows the
   * stored result at once: quantity and the status it implies (restocking makes a pet available;
   * emptying an available pet retires it). Rejects with the store's StoreError when refused.
   */
  function setQuantity(petId: number, quantity: number): Promise<InventoryItem> {
    return save(petId, () => api().call('inventory.set', { petId, update: { quantity } }));
  }

  /**
   * Adds or takes away units (`inventory.adjust`: the − and + buttons) from the stock as the store
   * holds it when the change is made, so a click is one more or one less than there is, even if an
   * order elsewhere changed the count a moment before the screen heard of it. In the stock ledger
   * + is a delivery (`received`) and − a correction of the count.
   */
  function adjustQuantity(petId: number, by: number): Promise<InventoryItem> {
    const adjustment = { delta: by, reason: by > 0 ? 'received' : 'correction' } as const;
    return save(petId, () => api().call('inventory.adjust', { petId, adjustment }));
  }

  /**
   * Adds or takes away units with the clerk's reason and note (`inventory.adjust`: the Adjust
   * dialog), from the stock as the store holds it then. Rejects with the store's StoreError
   * (INSUFFICIENT_STOCK when it would fall below 0).
   */
  function adjustWithReason(petId: number, adjustment: StockAdjustment): Promise<InventoryItem> {
    return save(petId, () => api().call('inventory.adjust', { petId, adjustment }));
  }

  /** A page of the pet's stock history, newest first (`inventory.movements`), after `cursor`. */
  function movements(petId: number, cursor?: string): Promise<MovementPage> {
    return api().call('inventory.movements', { petId, limit: MOVEMENT_PAGE_SIZE, cursor });
  }

  /**
   * Saves for one pet run in the order asked (three quick clicks on + store +3, never a stale count
   * last). The pet's row stays on screen with its new count, whatever the filters (`keep`).
   */
  async function save(petId: number, call: () => Promise<InventoryItem>): Promise<InventoryItem> {
    const queue = saveQueues.get(petId) ?? { tail: Promise.resolve(), waiting: 0 };
    saveQueues.set(petId, queue);
    queue.waiting++;
    list.keep(petId);
    if (!saving.value.includes(petId)) saving.value = saving.value.concat(petId);
    const run = queue.tail.catch(() => undefined).then(call);
    queue.tail = run;
    try {
      const item = await run;
      list.patch(petId, (row) => ({ ...row, quantity: item.quantity, status: item.status }));
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
    adjustWithReason,
    movements,
  };
});
