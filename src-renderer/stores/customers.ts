import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Customer, CustomerPatch, NewCustomer } from '../../src-shared/schemas/customer';
import { api } from '../api/client';
import { usePagedList } from './paged-list';

const PAGE_SIZE = 100;
/** A refresh reads one row more than it needs: a row added elsewhere does not push the last one shown out. */
const pageSize = (wanted?: number) => (wanted === undefined ? PAGE_SIZE : Math.min(wanted + 1, 500));

/**
 * Customers by name, searched by the service (name, email, phone) and paged with cursors; created,
 * edited and forgotten here, kept in step with changes made anywhere.
 */
export const useCustomersStore = defineStore('customers', () => {
  const search = ref('');

  const list = usePagedList({
    query: () => search.value.trim(),
    fetchPage: (q: string, cursor, wanted) =>
      api().call('customers.list', { q: q || undefined, limit: pageSize(wanted), cursor }),
    enrich: async (items: Customer[]) => items,
    key: (row) => row.id,
  });
  const { rows, total, loading, loaded, hasMore, reload, loadMore, settled } = list;

  /** Adds a customer; rejects with the service's StoreError. Sent again with the same `idempotencyKey`, it is added once. */
  async function create(customer: NewCustomer, idempotencyKey?: string): Promise<Customer> {
    const created = await api().call('customers.create', customer, { idempotencyKey });
    await list.refresh();
    return created;
  }

  /** Changes some of a customer's fields (an empty phone, email or note clears it). */
  async function update(customerId: number, changes: CustomerPatch): Promise<Customer> {
    const saved = await api().call('customers.update', { customerId, changes });
    await settled();
    list.patch(saved.id, () => saved);
    return saved;
  }

  /** Forgets a customer: their personal data erased, their sales kept without their name. */
  async function forget(customerId: number): Promise<void> {
    await api().call('customers.forget', { customerId });
    await settled();
    list.patch(customerId, (row) => row, false);
    await list.refresh();
  }

  /** How many sales name the customer (what a forget keeps). */
  async function purchaseCount(customerId: number): Promise<number> {
    return (await api().call('sales.list', { customerId, limit: 1 })).total;
  }

  /** Up to 20 current customers whose name, email or phone holds `text` (a picker's choices). */
  async function find(text: string): Promise<Customer[]> {
    return (await api().call('customers.list', { q: text.trim() || undefined, limit: 20 })).items;
  }

  /** One customer, forgotten or not; null when there is none. */
  async function get(customerId: number): Promise<Customer | null> {
    return api()
      .call('customers.get', { customerId })
      .catch(() => null);
  }

  /** Keeps the list in step with customers added, edited or forgotten anywhere. */
  async function applyEvent(event: StoreEvent): Promise<void> {
    // A new name may match the search or stop matching it: the loaded rows are read again.
    if (event.type === 'customer.created' || event.type === 'customer.updated' || event.type === 'customer.forgotten') await list.refresh();
  }

  return { search, rows, total, loading, loaded, hasMore, reload, loadMore, settled, create, update, forget, purchaseCount, find, get, applyEvent };
});
