import { defineStore } from 'pinia';
import { ref, toRaw } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { NewOrder, Order, OrderSort } from '../../src-shared/schemas/order';
import { dateIn } from '../../src-shared/shop-days';
import { StoreError } from '../../src-shared/errors';
import type { Pet } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { coalesced } from './coalesced';
import { usePagedList } from './paged-list';
import { findPet, petsById } from './pet-lookup';
import { useSettingsStore } from './settings';

export interface OrderRow extends Order {
  /** The ordered pet; null once it was deleted (complete orders outlive their pet). */
  pet: Pet | null;
}

/** `all`: open and complete orders (cancelled ones are records, shown only when asked for). */
export type OrderStatusFilter = 'all' | 'open' | 'complete' | 'cancelled';

export interface OrderFilters {
  status: OrderStatusFilter;
  petId: number | null;
  /** Placed on or after this day of the shop (YYYY-MM-DD), or on any day. */
  from: string | null;
  /** Placed on or before this day of the shop, or on any day. */
  to: string | null;
  sort: OrderSort;
  /** One order found by its number; the other filters wait meanwhile. */
  number: number | null;
}

/** The filters of a list that shows every order the store lists, newest first. */
export const NO_ORDER_FILTERS: OrderFilters = { status: 'all', petId: null, from: null, to: null, sort: 'newest', number: null };

const PAGE_SIZE = 100;

/**
 * Orders, newest or oldest first, filtered on the server (status, one pet, the days placed) and paged with cursors,
 * kept in step with the orders placed, fulfilled and cancelled here and elsewhere.
 */
export const useOrdersStore = defineStore('orders', () => {
  const filters = ref<OrderFilters>({ ...NO_ORDER_FILTERS });
  const settings = useSettingsStore();
  /**
   * The pet the list is filtered to, as the filter names it: its name, or once it is deleted the
   * last name known of it (kept here, across screens; else the name its orders kept). Null while
   * not known yet.
   */
  const filterPet = ref<{ id: number; name: string | undefined; deleted: boolean } | null>(null);

  function listInput({ status, petId, from, to, sort }: OrderFilters, cursor?: string): OperationInput<'orders.list'> {
    return {
      ...(status === 'cancelled' ? { status: ['cancelled' as const] } : { complete: status === 'all' ? undefined : status === 'complete' }),
      petId: petId ?? undefined,
      from: from ?? undefined,
      to: to ?? undefined,
      sort: sort === 'oldest' ? 'oldest' : undefined,
      limit: PAGE_SIZE,
      cursor,
    };
  }

  /** The page of one order found by its number (none when there is no such order). */
  async function numbered(orderId: number): Promise<{ items: Order[]; total: number; nextCursor: null }> {
    try {
      return { items: [await api().call('orders.get', { orderId })], total: 1, nextCursor: null };
    } catch (error) {
      if (error instanceof StoreError && error.code === 'NOT_FOUND') return { items: [], total: 0, nextCursor: null };
      throw error;
    }
  }

  async function withPets(orders: Order[]): Promise<OrderRow[]> {
    const pets = await petsById(orders.map((order) => order.petId));
    return orders.map((order) => ({ ...order, pet: pets.get(order.petId) ?? null }));
  }

  const list = usePagedList({
    query: () => ({ ...filters.value }),
    fetchPage: (f, cursor) => (f.number !== null ? numbered(f.number) : api().call('orders.list', listInput(f, cursor))),
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

  /** Whether the list's filters let the order through (a cancelled one only when cancelled ones are asked for). */
  function isShown(order: Order): boolean {
    const { status, petId, from, to, number } = filters.value;
    if (number !== null) return order.id === number;
    const cancelled = order.status === 'cancelled';
    if (status === 'cancelled' ? !cancelled : cancelled) return false;
    if (status !== 'all' && status !== 'cancelled' && order.complete !== (status === 'complete')) return false;
    if ((from !== null || to !== null) && order.placedAt) {
      const day = dateIn(Date.parse(order.placedAt), settings.settings.timeZone);
      if ((from !== null && day < from) || (to !== null && day > to)) return false;
    }
    return petId === null || order.petId === petId;
  }

  /** The filters as one value, to tell whether they changed while an answer was on its way. */
  const filterKey = () => JSON.stringify(filters.value);

  /** Reads the filtered total again (kept by the service until a write: cheap); a burst of changes reads it once more. */
  const refreshTotal = coalesced(async () => {
    const asked = filterKey();
    if (filters.value.number !== null) return; // one order found: its count is its own
    const { total: counted } = await api().call('orders.list', { ...listInput(filters.value), limit: 1 });
    if (filterKey() === asked) total.value = counted; // else the reload for the new filters counts
  });

  const oldestFirst = () => filters.value.sort === 'oldest';
  /** Whether an order belongs among the loaded rows: a later page brings it otherwise. */
  function withinLoaded(order: Order): boolean {
    if (!hasMore.value) return true;
    const last = toRaw(rows.value).at(-1)?.id ?? 0;
    return oldestFirst() ? order.id < last : order.id > last;
  }

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
    const at = now.findIndex((row) => (oldestFirst() ? row.id > order.id : row.id < order.id));
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

  /** A cancelled order leaves the list, unless the list shows cancelled orders (the service keeps them as records). */
  async function showCancelled(order: Order): Promise<void> {
    await applyOrder({ ...order, status: 'cancelled', complete: false });
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
    const before = await api().call('orders.get', { orderId });
    const already = before.status === 'cancelled';
    if (!already) await api().call('orders.cancel', { orderId });
    await showOwnChange(() => Promise.all([showCancelled(before), refreshTotal()]));
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
          if (event.type === 'order.cancelled') await showCancelled(order);
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
