import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRaw, watch } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Pet, NewPet, PetPatch, PetSort, PetStatus } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { usePagedList } from './paged-list';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { nameContains } from '../../src-shared/name-keys';
import { useCategoriesStore } from './categories';

export interface PetRow extends Pet {
  /** Units in stock, from the pet's inventory entry. */
  stock?: number;
}

export interface PetFilters {
  q: string;
  status: PetStatus[];
  categoryId: number | null;
  sort: PetSort;
}

const PAGE_SIZE = 200;

/**
 * The pets table: server-side filtering and sorting, loaded a page at a time as the clerk
 * scrolls (cursor paging), with each page's stock fetched alongside.
 */
export const usePetsStore = defineStore('pets', () => {
  const filters = ref<PetFilters>({ q: '', status: [], categoryId: null, sort: 'id' });
  const categories = useCategoriesStore();

  /**
   * The last name known of the category the list is filtered to, kept in the store (across screens)
   * so that the filter still names a category deleted elsewhere rather than showing its bare id.
   */
  const knownCategory = shallowRef<{ id: number; name: string } | null>(null);
  watch(
    [() => filters.value.categoryId, () => categories.byId],
    ([id, byId]) => {
      const category = id === null ? undefined : byId.get(id);
      if (category) knownCategory.value = { id: category.id, name: category.name };
      else if (knownCategory.value?.id !== id) knownCategory.value = null;
    },
    { immediate: true },
  );

  /** The category the list is filtered to: its name, and whether it was deleted since it was chosen. */
  const categoryFilter = computed(() => {
    const id = filters.value.categoryId;
    if (id === null) return undefined;
    const category = categories.byId.get(id);
    if (category) return { name: category.name, deleted: false };
    const known = knownCategory.value;
    return known?.id === id ? { name: known.name, deleted: true } : undefined;
  });

  function listInput({ q, status, categoryId, sort }: PetFilters, cursor?: string): OperationInput<'pets.list'> {
    return {
      q: q.trim() || undefined,
      status: status.length ? status : undefined,
      categoryId: categoryId ?? undefined,
      sort,
      limit: PAGE_SIZE,
      cursor,
    };
  }

  async function withStock(pets: Pet[]): Promise<PetRow[]> {
    if (pets.length === 0) return [];
    const stock = await api().call('inventory.list', { petId: pets.map((pet) => pet.id), limit: PAGE_LIMIT_MAX });
    const byPet = new Map(stock.items.map((item) => [item.petId, item.quantity]));
    return pets.map((pet) => ({ ...pet, stock: byPet.get(pet.id) }));
  }

  const { rows, total, loading, hasMore, reload, loadMore, refresh } = usePagedList({
    query: () => ({ ...filters.value }),
    // A refresh reads what is loaded in pages as large as the service gives (fewer calls), never less than one of ours.
    fetchPage: (f, cursor, wanted = 0) => api().call('pets.list', { ...listInput(f, cursor), limit: Math.min(PAGE_LIMIT_MAX, Math.max(PAGE_SIZE, wanted)) }),
    enrich: withStock,
    key: (row) => row.id,
  });

  /** Whether the list's search and filters let the pet through (it may be on a later page). */
  async function isListed(petId: number): Promise<boolean> {
    const { cursor: _cursor, limit: _limit, ...filtered } = listInput(filters.value);
    return (await api().call('pets.list', { ...filtered, id: [petId], limit: 1 })).total > 0;
  }

  /** Adds a pet; rejects with the store's StoreError when refused. */
  async function create(pet: NewPet): Promise<Pet> {
    const created = await api().call('pets.create', pet);
    await reload();
    return created;
  }

  /**
   * Changes only the fields given (what the clerk edited), so a change made elsewhere to another
   * field meanwhile is kept; rejects with the store's StoreError when refused.
   */
  async function update(petId: number, changes: PetPatch): Promise<Pet> {
    const saved = await api().call('pets.update', { petId, changes });
    await reload();
    return saved;
  }

  /** Deletes a pet; refused (PET_HAS_OPEN_ORDERS) while it has open orders. */
  async function remove(petId: number): Promise<void> {
    await api().call('pets.delete', { petId });
    await reload();
  }

  /** One pet by id, with its stock, or undefined (the list's `id` filter: the supported way). */
  async function find(petId: number): Promise<PetRow | undefined> {
    const page = await api().call('pets.list', { id: [petId], limit: 1 });
    const [row] = await withStock(page.items);
    return row;
  }

  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** One re-read of the loaded rows for a burst of changes (an import adds thousands of pets in one commit). */
  function refreshSoon(): void {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refresh().catch(() => undefined), 50);
  }

  /** Whether the search and filters let this pet through, as the service judges them (name contains, case and accents aside). */
  function matches(pet: Pet): boolean {
    const { q, status, categoryId } = filters.value;
    if (status.length && !status.includes(pet.status)) return false;
    if (categoryId !== null && pet.categoryId !== categoryId) return false;
    return !q.trim() || nameContains(pet.name, q.trim());
  }

  /** Whether a pet's place in the list can change with this edit: what it is sorted by changed. */
  function moves(before: Pet, after: Pet): boolean {
    const key = filters.value.sort.replace(/^-/, '');
    return (key === 'name' && before.name !== after.name) || (key === 'status' && before.status !== after.status);
  }

  /** Whether a pet not loaded may, after an edit, belong among the loaded rows. */
  function mayArrive(pet: Pet): boolean {
    const { q, status, categoryId, sort } = filters.value;
    const unfiltered = !q.trim() && status.length === 0 && categoryId === null;
    // Unfiltered and by id, a pet not loaded is on a later page, and an edit keeps it there.
    if (unfiltered && sort.replace(/^-/, '') === 'id') return false;
    return matches(pet);
  }

  /**
   * Keeps the loaded rows in step with a change made anywhere (this window, REST, another program).
   * An edit that leaves the pet where it is (still matching, same place in the order) and a stock
   * change are patched in place. One that may change which pets the search and filters let
   * through, or their order (a pet ordered out of "available", renamed into the search "Daisy"),
   * and additions and deletions, read the loaded rows again: the list and its count then say what
   * the filters match, and the clerk's scroll position and focus stay. Other events change nothing here.
   */
  function applyEvent(event: StoreEvent): void {
    switch (event.type) {
      case 'pet.created':
      case 'pet.deleted':
        refreshSoon();
        return;
      case 'pet.updated': {
        const pet = event.data;
        const index = indexOf(pet.id);
        if (index < 0) {
          if (mayArrive(pet)) refreshSoon();
          return;
        }
        const row = toRaw(rows.value)[index];
        // Shown at once as it is now; re-read when it may leave or move.
        rows.value[index] = { ...row, ...pet };
        if (!matches(pet) || moves(row, pet)) refreshSoon();
        return;
      }
      case 'inventory.updated': {
        const index = indexOf(event.data.petId);
        if (index >= 0) rows.value[index] = { ...toRaw(rows.value)[index], stock: event.data.quantity };
        return;
      }
    }
  }

  /** Searched without the reactive proxy: an import brings thousands of events, each one searching. */
  const indexOf = (petId: number) => toRaw(rows.value).findIndex((row) => row.id === petId);

  return { rows, total, loading, hasMore, filters, categoryFilter, reload, loadMore, create, update, remove, find, applyEvent, isListed };
});
