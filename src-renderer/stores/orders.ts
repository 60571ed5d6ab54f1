import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { NewOrder, Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { api, ApiError } from '../api/client';

/** An order as the service lists it (every field is always present in its answers). */
export interface PlacedOrder {
  id: number;
  petId: number;
  quantity: number;
  shipDate?: string;
  complete: boolean;
}

export interface OrderRow extends PlacedOrder {
  /** The ordered pet; null once it was deleted (complete orders outlive their pet). */
  pet: Pet | null;
}

export type OrderStatusFilter = 'all' | 'open' | 'complete';

export interface OrderFilters {
  status: OrderStatusFilter;
  petId: number | null;
}

/** A pet offered when placing an order, with its stock. */
export interface PetChoice {
  pet: Pet;
  stock: number;
}

/** What a receipt shows. */
export interface ReceiptData {
  order: PlacedOrder;
  pet: Pet | null;
  categoryName: string | null;
}

const PAGE_SIZE = 100;

/** The service always fills an order's fields; the seed's Order schema merely leaves them optional. */
function placed(order: Order): PlacedOrder {
  return {
    id: order.id!,
    petId: order.petId!,
    quantity: order.quantity ?? 1,
    shipDate: order.shipDate,
    complete: order.complete ?? false,
  };
}

/**
 * Orders, newest first, filtered on the server (open/complete, one pet) and paged with cursors;
 * plus what placing an order and printing a receipt need (pets to choose, stock, the runtime).
 */
export const useOrdersStore = defineStore('orders', () => {
  const rows = ref<OrderRow[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const hasMore = ref(false);
  const filters = ref<OrderFilters>({ status: 'all', petId: null });
  let nextCursor: string | null = null;
  let generation = 0;
  let runtimeOnce: Promise<AppInfo['runtime']> | undefined;

  function query(cursor?: string): OperationInput<'orders.list'> {
    const { status, petId } = filters.value;
    return {
      complete: status === 'all' ? undefined : status === 'complete',
      petId: petId ?? undefined,
      limit: PAGE_SIZE,
      cursor,
    };
  }

  /** The pets with these ids (one call); ids not found are simply absent. */
  async function petsById(ids: number[]): Promise<Map<number, Pet>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const page = await api().call('pets.list', { id: unique, limit: 500 });
    return new Map(page.items.map((pet) => [pet.id, pet]));
  }

  async function withPets(orders: Order[]): Promise<OrderRow[]> {
    const list = orders.map(placed);
    const pets = await petsById(list.map((order) => order.petId));
    return list.map((order) => ({ ...order, pet: pets.get(order.petId) ?? null }));
  }

  /** Reloads from the first page with the current filters; a newer reload wins over an older one. */
  async function reload(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    try {
      const page = await api().call('orders.list', query());
      const withPetRows = await withPets(page.items);
      if (mine !== generation) return;
      rows.value = withPetRows;
      total.value = page.total;
      nextCursor = page.nextCursor;
      hasMore.value = nextCursor !== null;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Appends the next page, if any. */
  async function loadMore(): Promise<void> {
    if (!nextCursor || loading.value) return;
    const mine = generation;
    loading.value = true;
    try {
      const page = await api().call('orders.list', query(nextCursor));
      const more = await withPets(page.items);
      if (mine !== generation) return;
      rows.value = rows.value.concat(more);
      total.value = page.total;
      nextCursor = page.nextCursor;
      hasMore.value = nextCursor !== null;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Places an order (the service checks and reserves the stock); rejects with its ApiError. */
  async function place(order: NewOrder): Promise<PlacedOrder> {
    const created = placed(await api().call('orders.place', order));
    await reload();
    return created;
  }

  /** Fulfils an open order. */
  async function complete(orderId: number): Promise<PlacedOrder> {
    const done = placed(await api().call('orders.update', { orderId, changes: { complete: true } }));
    await reload();
    return done;
  }

  /** Cancels an open order: the service deletes it and returns its stock. */
  async function cancel(orderId: number): Promise<void> {
    await api().call('orders.cancel', { orderId });
    await reload();
  }

  /** A pet's current stock and status. */
  async function stockOf(petId: number): Promise<InventoryItem> {
    return api().call('inventory.get', { petId });
  }

  /** One pet, or null when it does not exist (any more). */
  async function findPet(petId: number): Promise<Pet | null> {
    return (await petsById([petId])).get(petId) ?? null;
  }

  /**
   * Pets whose name contains `q` (or whose id is `q`), by name, with their stock: for the pet
   * pickers. `availableOnly` offers only pets that can be ordered.
   */
  async function searchPets(q: string, { availableOnly = false, limit = 20 } = {}): Promise<PetChoice[]> {
    const text = q.trim();
    const status: OperationInput<'pets.list'>['status'] = availableOnly ? ['available'] : undefined;
    const byName = await api().call('pets.list', { q: text || undefined, status, sort: 'name', limit });
    let pets = byName.items;
    // A clerk may type the id printed on a receipt or a cage label.
    if (/^\d{1,15}$/.test(text) && Number(text) > 0) {
      const byId = await api().call('pets.list', { id: [Number(text)], status, limit: 1 });
      pets = [...byId.items, ...pets.filter((pet) => pet.id !== Number(text))];
    }
    if (pets.length === 0) return [];
    const stock = await api().call('inventory.list', { petId: pets.map((pet) => pet.id), limit: 500 });
    const byPet = new Map(stock.items.map((item) => [item.petId, item.quantity]));
    return pets.map((pet) => ({ pet, stock: byPet.get(pet.id) ?? 0 }));
  }

  /** Everything a receipt shows; rejects with NOT_FOUND when the order does not exist (cancelled). */
  async function receipt(orderId: number): Promise<ReceiptData> {
    const order = placed(await api().call('orders.get', { orderId }));
    const pet = await findPet(order.petId);
    let categoryName: string | null = null;
    if (pet) {
      try {
        categoryName = (await api().call('categories.get', { categoryId: pet.categoryId })).name;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    return { order, pet, categoryName };
  }

  /** Where the app runs: the desktop app prints to PDF itself, a browser prints with its own dialog. */
  async function runtime(): Promise<AppInfo['runtime']> {
    runtimeOnce ??= api()
      .call('app.info', {})
      .then((info) => info.runtime)
      .catch((error: unknown) => {
        runtimeOnce = undefined;
        throw error;
      });
    return runtimeOnce;
  }

  /** Saves the window as a PDF where the clerk chooses (desktop app); resolves with the file, or null if cancelled. */
  async function printToPdf(suggestedName: string): Promise<string | null> {
    return (await api().call('app.printToPdf', { suggestedName })).file;
  }

  return {
    rows,
    total,
    loading,
    hasMore,
    filters,
    reload,
    loadMore,
    place,
    complete,
    cancel,
    stockOf,
    findPet,
    searchPets,
    receipt,
    runtime,
    printToPdf,
  };
});
