import { defineStore } from 'pinia';
import { ref, toRaw } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { Pet, type NewPet, type PetPatch, type PetSort, type PetStatus } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { usePagedList } from './paged-list';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';

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

  function query(cursor?: string): OperationInput<'pets.list'> {
    const { q, status, categoryId, sort } = filters.value;
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

  const { rows, total, loading, hasMore, reload, loadMore } = usePagedList((cursor) => api().call('pets.list', query(cursor)), withStock);

  /** Whether the list's search and filters let the pet through (it may be on a later page). */
  async function isListed(petId: number): Promise<boolean> {
    const { cursor: _cursor, limit: _limit, ...filtered } = query();
    return (await api().call('pets.list', { ...filtered, id: [petId], limit: 1 })).total > 0;
  }

  /** Adds a pet; rejects with the store's ApiError when refused. */
  async function create(pet: NewPet): Promise<Pet> {
    const created = await api().call('pets.create', pet);
    await reload();
    return created;
  }

  /**
   * Changes only the fields given (what the clerk edited), so a change made elsewhere to another
   * field meanwhile is kept; rejects with the store's ApiError when refused.
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

  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  /** One reload for a burst of additions (an import adds thousands of pets in one commit). */
  function reloadSoon(): void {
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void reload(), 50);
  }

  /**
   * Keeps the loaded rows in step with a change made anywhere (this window, REST, another program):
   * edits and stock changes are patched in place, so the clerk's scroll position survives them;
   * additions and deletions reload the list (the total and the order change).
   */
  function applyEvent(event: StoreEvent): void {
    if (event.type === 'pet.created' || event.type === 'pet.deleted') {
      reloadSoon();
      return;
    }
    const petId = event.type === 'pet.updated' ? event.data.id : event.data.petId;
    // Searched without the reactive proxy: an import brings thousands of events, each one searching.
    const index = toRaw(rows.value).findIndex((row) => row.id === petId);
    if (index < 0) return;
    const row = toRaw(rows.value)[index];
    if (event.type === 'pet.updated') {
      const pet = Pet.safeParse(event.data);
      if (pet.success) rows.value[index] = { ...row, ...pet.data };
    } else if (event.type === 'inventory.updated' && typeof event.data.quantity === 'number') {
      rows.value[index] = { ...row, stock: event.data.quantity };
    }
  }

  return { rows, total, loading, hasMore, filters, reload, loadMore, create, update, remove, find, applyEvent, isListed };
});
