import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Customer } from '../../src-shared/schemas/customer';
import type { NewRefund, Refund, Sale } from '../../src-shared/schemas/sale';
import type { Shop } from '../../src-shared/schemas/settings';
import { dateIn } from '../../src-shared/shop-days';
import { api } from '../api/client';
import { usePagedList } from './paged-list';

export interface SaleFilters {
  /** First day shown (YYYY-MM-DD, the shop's time zone), or null: from the first sale. */
  from: string | null;
  /** Last day shown, included, or null: up to the newest sale. */
  to: string | null;
  /** One receipt number (any day), or null. */
  number: number | null;
  /** One customer's purchases, or null. */
  customerId: number | null;
}

export interface SaleRow extends Sale {
  /** The customer's name as it is now ("Forgotten customer" once forgotten); null for none. */
  customerName: string | null;
}

const PAGE_SIZE = 100;
/** A refresh reads one row more than it needs: a row added elsewhere does not push the last one shown out. */
const pageSize = (wanted?: number) => (wanted === undefined ? PAGE_SIZE : Math.min(wanted + 1, 500));

/** Today's date in the shop's time zone. */
export const shopToday = (shop: Pick<Shop, 'timeZone'>, now = Date.now()): string => dateIn(now, shop.timeZone);

/**
 * Sales, newest first, filtered by the service (days of the shop, receipt number, customer) and
 * paged with cursors; one sale open at a time with its refunds; kept in step with sales made,
 * completed, cancelled and refunded anywhere.
 */
export const useSalesStore = defineStore('sales', () => {
  const shop = ref<Shop | null>(null);
  const filters = ref<SaleFilters>({ from: null, to: null, number: null, customerId: null });
  /** Whether the filters were set to today once (the screen's default, set when the shop's day is known). */
  const started = ref(false);

  /** Reads the shop's terms (currency, time zone) once. */
  async function loadShop(): Promise<Shop> {
    shop.value ??= await api().call('shop.get', {});
    return shop.value;
  }

  /** The list shows today's sales (the shop's day). */
  async function showToday(): Promise<void> {
    const today = shopToday(await loadShop());
    filters.value = { from: today, to: today, number: null, customerId: null };
  }

  /** The screen's first visit shows today; later visits keep the clerk's filters. */
  async function start(): Promise<void> {
    if (started.value) return;
    started.value = true;
    await showToday();
  }

  function listInput(f: SaleFilters, cursor?: string, limit = PAGE_SIZE): OperationInput<'sales.list'> {
    // A receipt number is found whatever its day: the clerk types the number on the paper.
    const byNumber = f.number !== null;
    return {
      from: byNumber ? undefined : (f.from ?? undefined),
      to: byNumber ? undefined : (f.to ?? undefined),
      number: f.number ?? undefined,
      customerId: f.customerId ?? undefined,
      limit,
      cursor,
    };
  }

  /** Customers' names, by id, read once a page (a name changes rarely: events refresh it). */
  const names = new Map<number, string>();
  async function withCustomers(sales: Sale[]): Promise<SaleRow[]> {
    const missing = [...new Set(sales.map((sale) => sale.customerId).filter((id): id is number => id !== undefined && !names.has(id)))];
    await Promise.all(missing.map(async (customerId) => names.set(customerId, (await customerOf(customerId))?.name ?? `Customer ${customerId}`)));
    return sales.map((sale) => ({ ...sale, customerName: sale.customerId === undefined ? null : (names.get(sale.customerId) ?? null) }));
  }

  const list = usePagedList({
    query: () => ({ ...filters.value }),
    fetchPage: (f, cursor, wanted) => api().call('sales.list', listInput(f, cursor, pageSize(wanted))),
    enrich: withCustomers,
    key: (row) => row.id,
  });
  const { rows, total, loading, loaded, hasMore, loadMore, settled } = list;

  /** Reads the first page again; customers' names too (renamed or forgotten while the screen was not shown). */
  function reload(): Promise<void> {
    names.clear();
    return list.reload();
  }

  /** The sale open in its dialog, with its refunds (oldest first); null when none is. */
  const current = ref<SaleRow | null>(null);
  const refunds = ref<Refund[]>([]);
  /** For an open sale: which of its orders are handed over already (only those can be refunded). */
  const handedOver = ref<Set<number>>(new Set());

  async function customerOf(customerId: number): Promise<Customer | null> {
    try {
      return await api().call('customers.get', { customerId });
    } catch {
      return null;
    }
  }

  /** Reads a sale and its refunds, and which of its orders are handed over. */
  async function open(saleId: number): Promise<SaleRow> {
    const sale = await api().call('sales.get', { saleId });
    const [row] = await withCustomers([sale]);
    const refundList = await api().call('refunds.list', { saleId, limit: 100 });
    const done = new Set<number>();
    if (sale.status === 'completed') sale.lines.forEach((line) => done.add(line.orderId));
    else if (sale.status === 'open') {
      const orders = await Promise.all(sale.lines.map((line) => api().call('orders.get', { orderId: line.orderId })));
      orders.filter((order) => order.complete).forEach((order) => done.add(order.id!));
    }
    current.value = row!;
    refunds.value = refundList.items;
    handedOver.value = done;
    return row!;
  }

  function close(): void {
    current.value = null;
    refunds.value = [];
  }

  /** Puts a sale's new state in its row, and in the dialog when it is the one open. */
  async function show(sale: Sale): Promise<void> {
    await settled();
    const [row] = await withCustomers([sale]);
    list.patch(sale.id, () => row!);
    if (current.value?.id === sale.id) await open(sale.id);
  }

  /** Cancels a sale nothing of which was handed over: its orders cancelled, its payments given back. */
  async function cancel(saleId: number): Promise<Sale> {
    const sale = await api().call('sales.cancel', { saleId });
    await show(sale);
    return sale;
  }

  /**
   * Refunds units of a sale's lines; rejects with the service's StoreError (more than sold, payments
   * that do not add up). Sent again with the same `idempotencyKey` (an answer lost), it is made once.
   */
  async function refund(saleId: number, refundInput: NewRefund, idempotencyKey?: string): Promise<Refund> {
    const made = await api().call('refunds.create', { saleId, refund: refundInput }, { idempotencyKey });
    await show(await api().call('sales.get', { saleId }));
    return made;
  }

  /** Keeps the list and the open sale in step with sales made, completed, cancelled or refunded anywhere, and customers renamed or forgotten. */
  async function applyEvent(event: StoreEvent): Promise<void> {
    switch (event.type) {
      case 'sale.created':
        await list.refresh();
        return;
      case 'sale.completed':
      case 'sale.cancelled':
        await show(event.data);
        return;
      case 'sale.refunded':
        await show(await api().call('sales.get', { saleId: event.data.saleId }));
        return;
      case 'order.completed': {
        // A pet of the open sale handed over (the Orders screen): it may be refunded now, and the sale no longer cancelled.
        const sale = current.value;
        if (sale?.lines.some((line) => line.orderId === event.data.id)) await open(sale.id);
        return;
      }
      case 'customer.updated':
      case 'customer.forgotten': {
        names.set(event.data.id, event.data.name);
        rows.value = rows.value.map((row) => (row.customerId === event.data.id ? { ...row, customerName: event.data.name } : row));
        if (current.value?.customerId === event.data.id) current.value = { ...current.value, customerName: event.data.name };
        return;
      }
    }
  }

  return {
    shop,
    filters,
    started,
    rows,
    total,
    loading,
    loaded,
    hasMore,
    current,
    refunds,
    handedOver,
    loadShop,
    start,
    showToday,
    reload,
    loadMore,
    settled,
    open,
    close,
    cancel,
    refund,
    applyEvent,
  };
});
