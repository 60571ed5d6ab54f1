import { defineStore } from 'pinia';
import { ref, toRaw } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { NewOrder, Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { coalesced } from './coalesced';
import { usePagedList } from './paged-list';
import { findPet, petsById } from './pet-lookup';

export interface OrderRow extends Order {
  /** The ordered pet; null once it was deleted (complete orders outlive their pet). */
  pet: Pet | null;
}

export type OrderStatusFilter = 'all' | 'open' | 'complete';

export interface OrderFilters {
  status: OrderStatusFilter;
  petId: number | null;
}

const PAGE_SIZE = 100;

/**
 * Orders, newest first, filtered on the server (open/complete, one pet) and paged with cursors,
 * kept in step with the orders placed, fulfilled and cancelled here and elsewhere.
 */
export const useOrdersStore = defineStore('orders', () => {
  const filters = ref<OrderFilters>({ status: 'all', petId: null });
  /**
   * The pet the list is filtered to, as the filter names it: its name, or once it is deleted the
   * last name known of it (kept here, across screens; else the name its orders kept). Null while
   * not known yet.
   */
  const filterPet = ref<{ id: number; name: string | undefined; deleted: boolean } | null>(null);

  function listInput({ status, petId }: OrderFilters, cursor?: string): OperationInput<'orders.list'> {
    return {
      complete: status === 'all' ? undefined : status === 'complete',
      petId: petId ?? undefined,
      limit: PAGE_SIZE,
      cursor,
    };
  }

  async function withPets(orders: Order[]): Promise<OrderRow[]> {
    const pets = await petsById(orders.map((order) => order.petId));
    return orders.map((order) => ({ ...order, pet: pets.get(order.petId) ?? null }));
  }

  const list = usePagedList({
    query: () => ({ ...filters.value }),
    fetchPage: (f, cursor) => api().call('orders.list', listInput(f, cursor)),
    enrich: withPets,
    key: (row) => row.id,
  });
  const { rows, total, loading, hasMore, reload, loadMore, settled } = list;

  let patches: Promise<unknown> = Promise.resolve();
  /**
   * Changes to the loaded rows, one after another in the order they were asked for (an order's
   * placing before its fulfilling), each once no page is loading (its older answer would undo it).
   */
  function inTurn<T>(patch: () => Promise<T>): Promise<T> {
    const done = patches.then(async () => {
      await settled();
      return patch();
    });
    patches = done.catch(() => undefined);
    return done;
  }

  /** Whether the list's filters let the order through (a cancelled one never: lists leave them out). */
  function isShown(order: Order): boolean {
    if (order.status === 'cancelled') return false;
    const { status, petId } = filters.value;
    if (status !== 'all' && order.complete !== (status === 'complete')) return false;
    return petId === null || order.petId === petId;
  }

  /** The filters as one value, to tell whether they changed while an answer was on its way. */
  const filterKey = () => `${filters.value.status}:${filters.value.petId}`;

  /** Reads the filtered total again (kept by the service until a write: cheap); a burst of changes reads it once more. */
  const refreshTotal = coalesced(async () => {
    const asked = filterKey();
    const { total: counted } = await api().call('orders.list', { ...listInput(filters.value), limit: 1 });
    if (filterKey() === asked) total.value = counted; // else the reload for the new filters counts
  });

  /** Whether a new order belongs among the loaded rows (newest first): a later page brings it otherwise. */
  const withinLoaded = (order: Order) => !hasMore.value || order.id > (toRaw(rows.value).at(-1)?.id ?? 0);

  /**
   * Puts an order's new state into the loaded rows, where the list (newest first) has it: its row
   * is replaced, or removed when the filters now leave it out (unless the clerk fulfilled it here);
   * a new one is inserted when it falls within the loaded pages. The clerk's place in a long list
   * and the rows loaded so far survive, where a reload would go back to the first page.
   */
  async function applyOrder(order: Order): Promise<void> {
    if (list.patch(order.id, (row) => ({ ...order, pet: row.pet }), isShown(order))) return;
    if (!isShown(order) || !withinLoaded(order)) return;
    const known = toRaw(rows.value).find((row) => row.petId === order.petId);
    const pet = known ? known.pet : await findPet(order.petId);
    // Asked again: the filters may have changed, and a reload finished, while the pet was read.
    const now = toRaw(rows.value);
    if (!isShown(order) || !withinLoaded(order) || now.some((row) => row.id === order.id)) return;
    const at = now.findIndex((row) => row.id < order.id);
    rows.value.splice(at < 0 ? now.length : at, 0, { ...order, pet });
  }

  /**
   * Shows a change this window made: it is written whatever happens here, so a failure to show it
   * in place (the connection to the service lost an instant) reads the list again rather than
   * telling the clerk the order failed (who would place it twice).
   */
  async function showOwnChange(patch: () => Promise<unknown>): Promise<void> {
    await inTurn(patch).catch(() => reload().catch(() => undefined));
  }

  /** A cancelled order leaves the list (the service keeps it, but lists leave cancelled orders out). */
  function removeOrder(orderId: number): void {
    const index = toRaw(rows.value).findIndex((row) => row.id === orderId);
    if (index >= 0) rows.value.splice(index, 1);
  }

  /** Places an order (the service checks and reserves the stock); rejects with its StoreError. */
  async function place(order: NewOrder): Promise<Order> {
    const created = await api().call('orders.place', order);
    await showOwnChange(() => Promise.all([applyOrder(created), refreshTotal()]));
    return created;
  }

  /**
   * Fulfils an open order. `keepRow`: its row stays, fulfilled, even where the filters now leave it
   * out (the clerk's own click on the screen), until the next reload.
   */
  async function complete(orderId: number, { keepRow = false } = {}): Promise<Order> {
    // Kept before asking: the change's event may come back before the answer does.
    if (keepRow) list.keep(orderId);
    let done: Order;
    try {
      done = await api().call('orders.update', { orderId, changes: { complete: true } });
    } catch (error) {
      list.letGo(orderId);
      throw error;
    }
    await showOwnChange(() => Promise.all([applyOrder(done), refreshTotal()]));
    return done;
  }

  /**
   * Cancels an open order: the service keeps it as cancelled and returns its stock. Resolves false
   * when it was cancelled already (elsewhere), which the service takes as a harmless retry: the
   * clerk is told so rather than that this click gave the units back.
   */
  async function cancel(orderId: number): Promise<boolean> {
    const already = (await api().call('orders.get', { orderId })).status === 'cancelled';
    if (!already) await api().call('orders.cancel', { orderId });
    await showOwnChange(() => {
      removeOrder(orderId);
      return refreshTotal();
    });
    return !already;
  }

  /**
   * Keeps the loaded rows in step with a change made anywhere (this window, REST, another
   * program), in place: orders placed, changed, fulfilled or cancelled, and their pets renamed or
   * deleted. Only the total is read again.
   */
  function applyEvent(event: StoreEvent): Promise<void> {
    return inTurn(async () => {
      switch (event.type) {
        case 'pet.updated':
        case 'pet.deleted': {
          const petId = event.data.id;
          const pet = event.type === 'pet.updated' ? event.data : null;
          // The filter names its pet as it is now: renamed, or deleted under its last name.
          const named = filterPet.value;
          if (named && named.id === petId) filterPet.value = { id: named.id, name: pet ? pet.name : named.name, deleted: !pet };
          toRaw(rows.value).forEach((row, index) => {
            if (row.petId === petId) rows.value[index] = { ...row, pet };
          });
          return;
        }
        case 'order.placed':
        case 'order.updated':
        case 'order.completed':
        case 'order.cancelled': {
          const order = event.data;
          if (event.type === 'order.cancelled') removeOrder(order.id);
          else await applyOrder(order);
          totalRead = refreshTotal().catch(() => undefined); // not awaited: the next change need not wait for it
          return;
        }
        // A pet created, a category, stock: no order row changes.
      }
    });
  }

  let totalRead: Promise<unknown> = Promise.resolve();
  /** Resolves once no page is loading and every change asked for so far is shown, total included. */
  async function idle(): Promise<void> {
    let seen: [Promise<unknown>, Promise<unknown>];
    do {
      seen = [patches, totalRead];
      await Promise.all([...seen, settled()]);
    } while (seen[0] !== patches || seen[1] !== totalRead);
  }

  /** How many orders of a pet are still open (none can be deleted while any is). */
  async function openCountOf(petId: number): Promise<number> {
    return (await api().call('orders.list', { petId, complete: false, limit: 1 })).total;
  }

  /** The list is filtered to this pet (null: every pet's orders), named as chosen. */
  function filterByPet(pet: Pet | null, petId = pet?.id ?? null): void {
    filterPet.value = petId === null ? null : { id: petId, name: pet?.name, deleted: false };
    filters.value.petId = petId;
  }

  /**
   * Reads again whether the pet the list is filtered to still exists (the screen shown again, a
   * link with its id): a deleted one keeps the last name known of it, else the name its orders kept.
   */
  async function checkFilterPet(): Promise<void> {
    const petId = filters.value.petId;
    if (petId === null) {
      filterPet.value = null;
      return;
    }
    const pet = await findPet(petId);
    let name = pet?.name ?? (filterPet.value?.id === petId ? filterPet.value.name : undefined);
    name ??= (await api().call('orders.list', { petId, limit: 1 })).items[0]?.petName;
    if (filters.value.petId === petId) filterPet.value = { id: petId, name, deleted: !pet };
  }

  return {
    openCountOf,
    rows,
    total,
    loading,
    hasMore,
    filters,
    filterPet,
    filterByPet,
    checkFilterPet,
    reload,
    loadMore,
    applyEvent,
    idle,
    place,
    complete,
    cancel,
  };
});
