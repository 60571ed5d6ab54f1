import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRaw, watch } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Pet, NewPet, PetBulkChanges, PetPatch, PetSort, PetStatus } from '../../src-shared/schemas/pet';
import type { Shop } from '../../src-shared/schemas/settings';
import { api } from '../api/client';
import { usePagedList } from './paged-list';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { nameContains } from '../../src-shared/name-keys';
import { useCategoriesStore } from './categories';
import { StoreError } from '../../src-shared/errors';

export interface PetRow extends Pet {
  /** Units in stock, from the pet's inventory entry. */
  stock?: number;
}

/** A deleted pet as Undo puts it back: its record with the details, its stock, its photo's bytes. */
export interface DeletedPet {
  pet: Pet;
  stock: number;
  photo?: Uint8Array;
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

  /**
   * Deletes a pet and answers what Undo needs to put it back: its whole record, its stock and its
   * photo, read just before (docs/decisions.md#a-deleted-pet-comes-back-as-a-new-pet).
   */
  async function removeKeeping(petId: number): Promise<DeletedPet> {
    const [pet] = (await api().call('pets.list', { id: [petId], details: true, limit: 1 })).items;
    if (!pet) throw new StoreError('NOT_FOUND', `Pet ${petId} does not exist`);
    const stock = (await api().call('inventory.get', { petId })).quantity;
    const photo = pet.photo ? (await api().call('photos.get', { petId })).bytes : undefined;
    await remove(petId);
    return { pet, stock, photo };
  }

  /**
   * Undo of a delete: the same record, stock and photo as a new pet (a new id). Stock is put back
   * while the pet is available, then its status, so a held pet keeps its units.
   */
  async function restore({ pet, stock, photo }: DeletedPet): Promise<Pet> {
    const { id: _id, photo: _photo, status, ...fields } = pet;
    const held = stock > 0 && status !== 'available';
    let created = await api().call('pets.create', { ...fields, status: stock > 0 ? 'available' : status });
    if (stock > 0 && stock !== 1) await api().call('inventory.set', { petId: created.id, update: { quantity: stock } });
    if (held) created = await api().call('pets.update', { petId: created.id, changes: { status } });
    if (photo) await api().call('photos.put', { petId: created.id, photo });
    await reload();
    return created;
  }

  /** Sets the same category, status or price on several pets, all or none (the store's one transaction). */
  async function bulkUpdate(petIds: number[], changes: PetBulkChanges): Promise<number> {
    const { updated } = await api().call('pets.bulkUpdate', { petIds, changes });
    await refresh();
    return updated;
  }

  /** The pets ticked in the list (by id), for a bulk change or labels; new filters clear it. */
  const selected = ref(new Set<number>());
  function toggleSelected(petId: number, on = !selected.value.has(petId)): void {
    const next = new Set(selected.value);
    if (on) next.add(petId);
    else next.delete(petId);
    selected.value = next;
  }
  function selectLoaded(on: boolean): void {
    selected.value = on ? new Set(toRaw(rows.value).map((row) => row.id)) : new Set();
  }
  watch(
    () => [filters.value.q, filters.value.status, filters.value.categoryId, filters.value.sort],
    () => selectLoaded(false),
    { deep: true },
  );

  /** A pet with the animal's details (breed, sex, birth date, microchip, vaccinations, health notes), or undefined. */
  async function findWithDetails(petId: number): Promise<PetRow | undefined> {
    const page = await api().call('pets.list', { id: [petId], details: true, limit: 1 });
    const [row] = await withStock(page.items);
    return row;
  }

  /** A pet's photo as a data: URL (the page's CSP allows images from itself and data: only). */
  async function photoUrl(petId: number): Promise<string> {
    const { contentType, bytes } = await api().call('photos.get', { petId });
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:${contentType};base64,${btoa(binary)}`;
  }

  /** Sets a pet's photo (JPEG, PNG or WebP up to 2 MiB; the store judges the bytes). */
  async function setPhoto(petId: number, photo: Uint8Array): Promise<void> {
    await api().call('photos.put', { petId, photo });
  }

  /** The shop's currency, for the price column (read once). */
  const shop = shallowRef<Shop | null>(null);
  async function loadShop(): Promise<void> {
    shop.value ??= await api().call('shop.get', {});
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
    return (key === 'name' && before.name !== after.name) || (key === 'status' && before.status !== after.status) || (key === 'category' && before.categoryId !== after.categoryId);
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
        refreshSoon();
        return;
      case 'pet.deleted':
        if (selected.value.has(event.data.id)) toggleSelected(event.data.id, false);
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
        if (index >= 0) {
          const before = toRaw(rows.value)[index]!;
          rows.value[index] = { ...before, stock: event.data.quantity };
          // Sorted by stock, a new count may move the row.
          if (filters.value.sort.endsWith('stock') && before.stock !== event.data.quantity) refreshSoon();
        }
        return;
      }
    }
  }

  /** Searched without the reactive proxy: an import brings thousands of events, each one searching. */
  const indexOf = (petId: number) => toRaw(rows.value).findIndex((row) => row.id === petId);

  return {
    rows,
    total,
    loading,
    hasMore,
    filters,
    categoryFilter,
    reload,
    loadMore,
    create,
    update,
    remove,
    removeKeeping,
    restore,
    bulkUpdate,
    selected,
    toggleSelected,
    selectLoaded,
    shop,
    loadShop,
    findWithDetails,
    photoUrl,
    setPhoto,
    find,
    applyEvent,
    isListed,
  };
});
