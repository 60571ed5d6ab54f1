import { defineStore } from 'pinia';
import { formatCount } from '../format/number';
import { countOf } from '../../src-shared/count';
import { formatMoney } from '../../src-shared/money-format';
import { computed, ref } from 'vue';
import type { Overview } from '../../src-shared/schemas/data';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { PetStatus } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { formatDay } from '../format/date';
import { changedSettings, SETTING_NAMES } from './settings';
import { coalesced } from './coalesced';
import { deletedPetLabel } from '../format/order-pet';

const STATUSES = PetStatus.options;

/**
 * Any change-log entry's data, read field by field: the log keeps what earlier versions of the app
 * wrote too, so each field is checked before it is said.
 */
interface EventData {
  id?: unknown;
  name?: unknown;
  petId?: unknown;
  petName?: unknown;
  quantity?: unknown;
  shipDate?: unknown;
  status?: unknown;
  threshold?: unknown;
  // store.restored: what the restored shop holds.
  pets?: unknown;
  categories?: unknown;
  orders?: unknown;
  // customer.*: set once the customer is forgotten (their earlier events hold no name then).
  forgottenAt?: unknown;
  // sale.*: the receipt number and what it came to; a refund names its sale's number.
  number?: unknown;
  total?: unknown;
  currency?: unknown;
  saleNumber?: unknown;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A ship date as the clerk reads it; what is not a date is said so. */
const dayOf = (value: unknown): string => {
  const date = new Date(text(value) ?? NaN);
  return Number.isNaN(date.getTime()) ? 'an unknown date' : formatDay(date);
};

/** The pet ids an event is about (orders and stock name a pet; pet events are the pet). */
function petIdOf(event: StoreEvent): number | undefined {
  const data = event.data as EventData;
  if (event.type.startsWith('pet.')) return num(data.id);
  return num(data.petId);
}

/**
 * A change-log entry in a clerk's words, e.g. "Stock of Rex now 4 (available)": "now", not "set to", as an order or a cancellation changes it too.
 * `petName` names a pet by id when it is known.
 */
export function describeEvent(event: StoreEvent, petName: (id: number) => string): string {
  const data = event.data as EventData;
  const petId = petIdOf(event);
  const pet = petId === undefined ? 'a pet' : petName(petId);
  const units = (n: number | undefined) => (n === undefined ? '' : ` × ${formatCount(n)}`);
  const count = (n: number | undefined) => (n === undefined ? '?' : formatCount(n));
  const counted = (n: unknown, one: string, many?: string) => (typeof n === 'number' ? countOf(n, one, many) : `? ${many ?? `${one}s`}`);
  switch (event.type) {
    case 'pet.created':
      return `Pet ${text(data.name) ?? pet} added (${text(data.status) ?? 'status unknown'})`;
    case 'pet.updated':
      return `Pet ${text(data.name) ?? pet} updated (${text(data.status) ?? 'status unknown'})`;
    case 'pet.deleted':
      return `Pet ${text(data.name) ?? pet} deleted`;
    case 'category.created':
      return `Category ${text(data.name) ?? ''} added`;
    case 'category.updated':
      return `Category ${text(data.name) ?? ''} updated`;
    case 'category.deleted':
      return `Category ${text(data.name) ?? ''} deleted`;
    case 'order.placed':
      return `Order ${num(data.id) ?? ''} placed for ${pet}${units(num(data.quantity))}`;
    case 'order.updated':
      return `Order ${num(data.id) ?? ''} to ship on ${dayOf(data.shipDate)} (${pet})`;
    case 'order.completed':
      return `Order ${num(data.id) ?? ''} fulfilled (${pet}${units(num(data.quantity))})`;
    case 'order.cancelled':
      return `Order ${num(data.id) ?? ''} cancelled (${pet}${units(num(data.quantity))})`;
    case 'inventory.updated':
      return `Stock of ${pet} now ${count(num(data.quantity))}${data.status ? ` (${text(data.status)})` : ''}`;
    case 'inventory.low':
      return `Low stock: ${pet} has ${count(num(data.quantity))} (below ${count(num(data.threshold))})`;
    case 'store.restored':
      return `Data restored from a backup: ${[counted(data.pets, 'pet'), counted(data.categories, 'category', 'categories'), counted(data.orders, 'order')].join(', ')}`;
    case 'settings.updated': {
      const names = changedSettings(event.data).map((key) => SETTING_NAMES[key]);
      return names.length ? `Settings changed: ${names.join(', ')}` : 'Settings changed';
    }
    case 'customer.created':
    case 'customer.updated': {
      const what = event.type === 'customer.created' ? 'added' : 'updated';
      return data.forgottenAt ? `A customer since forgotten ${what}` : `Customer ${text(data.name) ?? ''} ${what}`;
    }
    case 'customer.forgotten':
      return 'A customer forgotten (their personal data erased)';
    case 'sale.created': {
      const total = num(data.total);
      const currency = text(data.currency);
      return `Sale ${num(data.number) ?? ''} made${total !== undefined && currency ? `: ${formatMoney(total, currency)}` : ''}`;
    }
    case 'sale.completed':
      return `Sale ${num(data.number) ?? ''} handed over`;
    case 'sale.cancelled':
      return `Sale ${num(data.number) ?? ''} cancelled`;
    case 'sale.refunded':
      return `Refund on sale ${num(data.saleNumber) ?? ''}`;
  }
}

/**
 * The Dashboard: the shop's overview (`stats.overview`: counts by status, stock by category, open
 * orders, low stock, recent orders and changes) and the names of the pets those recent entries
 * mention. Loads coalesce: a burst of changes costs one more load, not one each.
 */
export const useDashboardStore = defineStore('dashboard', () => {
  const overview = ref<Overview | null>(null);
  const petNames = ref<Record<number, string>>({});
  /** Pets' last names in the recent changes (a pet event carries its name): a deleted pet is still named. */
  const loggedNames = ref<Record<number, string>>({});
  const loading = ref(false);

  /** Pets by status, in the order the clerk reads them. */
  const statusCounts = computed(() =>
    STATUSES.map((status) => ({ status, count: overview.value?.petsByStatus[status] ?? 0 })),
  );
  const totalPets = computed(() => statusCounts.value.reduce((sum, entry) => sum + entry.count, 0));
  const stockByCategory = computed(() => overview.value?.stockByCategory ?? []);
  /** The chart's text alternative, e.g. "Stock by category: Cats 2 units (1 pet); Dogs 5 units (3 pets)". */
  const stockSummary = computed(() => {
    const parts = stockByCategory.value.map(
      (entry) => `${entry.name} ${countOf(entry.stock, 'unit')} (${countOf(entry.pets, 'pet')})`,
    );
    return parts.length ? `Stock by category: ${parts.join('; ')}` : 'Stock by category: no categories yet';
  });

  /**
   * The pet's current name; for a pet deleted since, the name an order kept (`keptName`) or the
   * recent changes last gave it, as the Orders list says it ("Rex (#12, deleted)"), else "Pet #12 (deleted)".
   */
  function petName(id: number, keptName?: unknown): string {
    const name = petNames.value[id];
    if (name !== undefined) return name;
    return deletedPetLabel(id, typeof keptName === 'string' && keptName ? keptName : loggedNames.value[id]);
  }

  /** A recent change in words. */
  function describe(event: StoreEvent): string {
    return describeEvent(event, (id) => petName(id, (event.data as EventData).petName));
  }

  async function loadOnce(): Promise<void> {
    const next = await api().call('stats.overview', {});
    const ids = new Set<number>();
    for (const order of next.recentOrders) if (order.petId !== undefined) ids.add(order.petId);
    for (const event of next.recentEvents) {
      const id = petIdOf(event);
      if (id !== undefined && !event.type.startsWith('pet.')) ids.add(id);
    }
    const logged: Record<number, string> = {};
    for (const event of next.recentEvents) {
      const id = petIdOf(event);
      // Newest first: the first name seen is the pet's last.
      const name = text((event.data as EventData).name);
      if (id !== undefined && name !== undefined && event.type.startsWith('pet.')) logged[id] ??= name;
    }
    const names: Record<number, string> = {};
    if (ids.size) {
      // Deleted pets are simply not found: they stay "pet 12".
      const pets = await api().call('pets.list', { id: [...ids], limit: ids.size });
      for (const pet of pets.items) names[pet.id] = pet.name;
    }
    overview.value = next;
    petNames.value = names;
    loggedNames.value = logged;
  }

  const loadCoalesced = coalesced(loadOnce);
  /** Loads the overview; a call while one is running makes one more run after it. Rejects with the StoreError. */
  function load(): Promise<void> {
    loading.value = true;
    return loadCoalesced().finally(() => (loading.value = false));
  }

  return { overview, loading, statusCounts, totalPets, stockByCategory, stockSummary, petName, describe, load };
});
