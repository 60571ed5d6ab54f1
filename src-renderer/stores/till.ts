import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { StoreError } from '../../src-shared/errors';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import { priceSale, settle, type Payment, type PaymentMethod, type SettleResult } from '../../src-shared/money';
import type { Customer, NewCustomer } from '../../src-shared/schemas/customer';
import type { EventOf } from '../../src-shared/schemas/event';
import { PetListQuery, type Pet, type PetStatus } from '../../src-shared/schemas/pet';
import type { Handover, NewSale, Sale } from '../../src-shared/schemas/sale';
import type { Shop } from '../../src-shared/schemas/settings';
import { orderRefusal } from '../../src-shared/thresholds';
import { api } from '../api/client';
import { searchPets, type PetChoice } from './pet-lookup';

/** One line of the basket: the pet as it was when scanned, kept current by the store's events. */
export interface TillLine {
  petId: number;
  name: string;
  sku: string | null;
  categoryId: number;
  /** The pet's own price (minor units), null when it has none. */
  price: number | null;
  /** A price the clerk typed for a pet without one (the sale's `unitPrice`). */
  typedPrice: number | null;
  quantity: number;
  /** Units in stock; null while being checked (just scanned). */
  stock: number | null;
  status: PetStatus;
  /** The category's tax rate, else the shop's default (basis points). */
  taxRate: number;
}

/** The basket, as it survives a reload of the window (docs/decisions.md#the-tills-basket-is-the-windows). */
export interface TillBasket {
  /** Made once per basket: an answer is applied only to the basket it was for. */
  key: string;
  lines: TillLine[];
  customer: { id: number; name: string } | null;
  /** Minor units off the whole sale. */
  discount: number;
  handover: Handover;
  /** A day (YYYY-MM-DD) for `handover: later`, or null. */
  shipDate: string | null;
  /** A send whose answer has not come (yet): when, and what was sent. */
  sending?: { at: string; request: NewSale } | null;
}

/** How the customer pays: one method, or several (split) with their amounts; cash may be more (change). */
export type PayMode = PaymentMethod | 'split';
export interface PayInput {
  mode: PayMode;
  /** Cash handed over (null: exactly what is owed). */
  cash: number | null;
  /** Split only: the parts paid by card and by other means. */
  card: number | null;
  other: number | null;
}

/** Where the basket is kept: the window's session storage (a reload keeps it; another window has its own). */
export const TILL_STORAGE_KEY = 'petstore.till.basket';

/** Failures after which the sale may have been made all the same: its answer was lost, not refused. */
const IN_DOUBT = new Set(['INTERNAL', 'SERVICE_BUSY', 'STORAGE_FULL']);
const newKey = (): string => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).toString();
const emptyBasket = (): TillBasket => ({ key: newKey(), lines: [], customer: null, discount: 0, handover: 'now', shipDate: null, sending: null });

function storage(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

/** The basket kept in this window, or an empty one (nothing kept, or kept by an older build). */
function restoredBasket(): TillBasket {
  try {
    const kept = JSON.parse(storage()?.getItem(TILL_STORAGE_KEY) ?? 'null') as TillBasket | null;
    if (kept && typeof kept.key === 'string' && Array.isArray(kept.lines)) return { ...emptyBasket(), ...kept };
  } catch {
    // Unreadable: start afresh rather than refuse to open the till.
  }
  return emptyBasket();
}

/** What stands in the way of selling a line, in the clerk's words; undefined when nothing does. */
export function lineProblem(line: TillLine): string | undefined {
  if (line.stock === null) return undefined;
  switch (orderRefusal(line.status, line.stock, line.quantity)) {
    case 'sold':
      return 'Sold: not for sale';
    case 'short':
      return line.stock === 0 ? 'None in stock' : `Only ${line.stock} in stock`;
    case 'on hold':
      return `${line.status === 'pending' ? 'Pending' : 'Not available'}: on hold, not for sale`;
  }
  if (line.price === null && line.typedPrice === null) return 'No price: type one';
  return undefined;
}

/** The payments a PayInput makes against a total (none for a sale of 0). */
export function tillPayments(total: number, pay: PayInput): Payment[] {
  if (total === 0 && pay.mode !== 'split') return [];
  if (pay.mode === 'card' || pay.mode === 'other') return [{ method: pay.mode, amount: total }];
  if (pay.mode === 'cash') return [{ method: 'cash' as const, amount: pay.cash ?? total }].filter((payment) => payment.amount > 0);
  const card = pay.card ?? 0;
  const other = pay.other ?? 0;
  // Split: what card and other leave is cash, unless the clerk typed what was handed over.
  const cash = pay.cash ?? Math.max(0, total - card - other);
  const payments: Payment[] = [
    { method: 'card', amount: card },
    { method: 'other', amount: other },
    { method: 'cash', amount: cash },
  ];
  return payments.filter((payment) => payment.amount > 0);
}

/** The result of a scan or a typed name: a line added, pets to choose from, or nothing found. */
export type ScanResult = { kind: 'added'; line: TillLine } | { kind: 'choices'; choices: PetChoice[] } | { kind: 'none' };

/**
 * The till: a basket of pets scanned or found by name, priced by src-shared/money.ts as the
 * service will price it, and sold once through `sales.create`. The service's answer (the Sale) is
 * what the receipt shows.
 */
export const useTillStore = defineStore('till', () => {
  const basket = ref<TillBasket>(restoredBasket());
  const shop = ref<Shop | null>(null);
  const taxRates = new Map<number, number | null>();
  let selling: Promise<Sale> | undefined;
  let scanning: Promise<unknown> = Promise.resolve();
  const busy = ref(false);

  watch(basket, (next) => storage()?.setItem(TILL_STORAGE_KEY, JSON.stringify(next)), { deep: true });

  /** Reads the shop's terms (currency, tax) and the categories' tax rates once, and the basket's pets as they are now. */
  async function ready(): Promise<void> {
    shop.value ??= await api().call('shop.get', {});
    if (taxRates.size === 0) {
      let cursor: string | undefined;
      do {
        const page = await api().call('categories.list', { limit: PAGE_LIMIT_MAX, cursor });
        for (const category of page.items) taxRates.set(category.id, category.taxRate ?? null);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    await refreshLines();
  }

  /** The category's tax rate, else the shop's default. */
  async function taxRateOf(categoryId: number): Promise<number> {
    if (!taxRates.has(categoryId)) {
      try {
        taxRates.set(categoryId, (await api().call('categories.get', { categoryId })).taxRate ?? null);
      } catch (error) {
        if (!(error instanceof StoreError && error.code === 'NOT_FOUND')) throw error;
        taxRates.set(categoryId, null);
      }
    }
    return taxRates.get(categoryId) ?? shop.value!.defaultTaxRate;
  }

  /**
   * A pet onto the basket: one more unit of its line, or a new line at the end. The line shows at
   * once (the stock as last known, or being checked); its stock is then read and put on it.
   */
  async function add(pet: Pet): Promise<TillLine> {
    shop.value ??= await api().call('shop.get', {});
    const taxRate = await taxRateOf(pet.categoryId);
    const lines = basket.value.lines;
    const index = lines.findIndex((line) => line.petId === pet.id);
    const fresh = { name: pet.name, sku: pet.sku ?? null, categoryId: pet.categoryId, price: pet.price ?? null, status: pet.status, taxRate };
    if (index >= 0) lines[index] = { ...lines[index], ...fresh, quantity: lines[index].quantity + 1 };
    else lines.push({ petId: pet.id, typedPrice: null, quantity: 1, stock: null, ...fresh });
    const stock = await api().call('inventory.get', { petId: pet.id });
    const line = lineOf(pet.id);
    if (line) Object.assign(line, { stock: stock.quantity, status: stock.status });
    return line ?? { petId: pet.id, typedPrice: null, quantity: 0, ...fresh, stock: stock.quantity, status: stock.status };
  }

  /**
   * What the scanner (or the clerk) typed, then Enter: a whole SKU adds its pet; otherwise the
   * text is a name (or id): one pet found is added, several are offered.
   */
  function scan(text: string): Promise<ScanResult> {
    // One at a time, in the order scanned: two quick scans of one pet make one line of 2.
    const run = scanning.then(() => scanNow(text));
    scanning = run.catch(() => undefined);
    return run;
  }

  async function scanNow(text: string): Promise<ScanResult> {
    const typed = text.trim();
    if (!typed) return { kind: 'none' };
    if (PetListQuery.shape.sku.safeParse(typed).success) {
      const bySku = await api().call('pets.list', { sku: typed, limit: 1 });
      if (bySku.items[0]) return { kind: 'added', line: await add(bySku.items[0]) };
    }
    const choices = await searchPets(typed);
    if (choices.length === 1) return { kind: 'added', line: await add(choices[0].pet) };
    return choices.length === 0 ? { kind: 'none' } : { kind: 'choices', choices };
  }

  function lineOf(petId: number): TillLine | undefined {
    return basket.value.lines.find((line) => line.petId === petId);
  }

  /** Sets a line's quantity (at least 1: removing a line is `remove`). */
  function setQuantity(petId: number, quantity: number): void {
    const line = lineOf(petId);
    if (line && Number.isSafeInteger(quantity) && quantity >= 1) line.quantity = quantity;
  }

  function setTypedPrice(petId: number, price: number | null): void {
    const line = lineOf(petId);
    if (line) line.typedPrice = price;
  }

  function remove(petId: number): void {
    basket.value.lines = basket.value.lines.filter((line) => line.petId !== petId);
  }

  function setCustomer(customer: { id: number; name: string } | null): void {
    basket.value.customer = customer;
  }

  function setDiscount(discount: number): void {
    basket.value.discount = discount;
  }

  function setHandover(handover: Handover, shipDate: string | null = null): void {
    basket.value.handover = handover;
    basket.value.shipDate = handover === 'later' ? shipDate : null;
  }

  /** Empties the basket: a new one, with a key of its own. */
  function clear(): void {
    basket.value = emptyBasket();
  }

  /** The basket priced by the one pricing module; a problem when the discount is more than the subtotal. */
  const priced = computed(() =>
    priceSale({
      lines: basket.value.lines.map((line) => ({ unitPrice: line.typedPrice ?? line.price ?? 0, quantity: line.quantity, taxRate: line.taxRate })),
      discount: basket.value.discount,
      pricesIncludeTax: shop.value?.pricesIncludeTax ?? true,
    }),
  );
  const total = computed(() => (priced.value.ok ? priced.value.sale.total : 0));
  const problems = computed(() => basket.value.lines.map((line) => lineProblem(line)).filter((problem) => problem !== undefined));
  /** Whether a line's stock is still being read. */
  const checking = computed(() => basket.value.lines.some((line) => line.stock === null));

  /** What the payments come to against the total: paid and change, or short. */
  function settlement(pay: PayInput): SettleResult {
    return settle(total.value, tillPayments(total.value, pay));
  }

  /** The request the basket becomes. */
  function request(pay: PayInput): NewSale {
    const { lines, customer, discount, handover, shipDate } = basket.value;
    return {
      lines: lines.map((line) => ({ petId: line.petId, quantity: line.quantity, ...(line.price === null && line.typedPrice !== null ? { unitPrice: line.typedPrice } : {}) })),
      ...(customer ? { customerId: customer.id } : {}),
      ...(discount > 0 ? { discount } : {}),
      payments: tillPayments(total.value, pay),
      handover,
      ...(handover === 'later' && shipDate ? { shipDate: `${shipDate}T12:00:00.000Z` } : {}),
    };
  }

  /**
   * Sells the basket: `sales.create` under the basket's key, so that it is made once however often
   * it is sent (docs/decisions.md#a-till-sale-is-sent-once); a call while one is under way (a
   * double Enter) gets that one's answer. Sold, the basket starts afresh; refused, it stays as it
   * was, and the StoreError says why. A send whose answer never came stays in doubt until a Sell
   * settles it: the basket as it is now, or, once the key says that send was made, that sale.
   */
  function sell(pay: PayInput): Promise<Sale> {
    if (selling) return selling;
    const key = basket.value.key;
    busy.value = true;
    selling = (async () => {
      try {
        await scanning; // a scan under way goes on the sale it was made for
        const body = request(pay);
        const earlier = basket.value.sending?.request;
        basket.value.sending = { at: new Date().toISOString(), request: body };
        storage()?.setItem(TILL_STORAGE_KEY, JSON.stringify(basket.value)); // now, not after the tick: the call may outlive the page
        let sale: Sale;
        try {
          sale = await api().call('sales.create', body, { idempotencyKey: key });
        } catch (error) {
          // The key was used by the send in doubt, with another basket: that one was made; its answer again.
          if (!(error instanceof StoreError && error.code === 'IDEMPOTENCY_KEY_REUSED' && earlier)) throw error;
          sale = await api().call('sales.create', earlier, { idempotencyKey: key });
        }
        if (basket.value.key === key) clear();
        return sale;
      } catch (error) {
        // A refusal wrote nothing; only a failure to hear the answer leaves the send in doubt.
        if (error instanceof StoreError && !IN_DOUBT.has(error.code) && basket.value.key === key) {
          basket.value.sending = null;
          void refreshLines().catch(() => undefined);
        }
        throw error;
      } finally {
        selling = undefined;
        busy.value = false;
      }
    })();
    return selling;
  }

  /** Whether a Sell's answer never came (the window reloaded, the host was unreachable): the next Sell settles it. */
  const inDoubt = computed(() => Boolean(basket.value.sending) && !busy.value);

  /** Reads the basket's pets and their stock again (after a reload, a refusal). */
  async function refreshLines(): Promise<void> {
    const ids = basket.value.lines.map((line) => line.petId).slice(0, PAGE_LIMIT_MAX);
    if (ids.length === 0) return;
    const [pets, stock] = await Promise.all([
      api().call('pets.list', { id: ids, limit: ids.length }),
      api().call('inventory.list', { petId: ids, limit: ids.length }),
    ]);
    const petById = new Map(pets.items.map((pet) => [pet.id, pet]));
    const stockById = new Map(stock.items.map((item) => [item.petId, item]));
    for (const line of basket.value.lines) {
      const pet = petById.get(line.petId);
      const item = stockById.get(line.petId);
      if (pet) Object.assign(line, { name: pet.name, sku: pet.sku ?? null, price: pet.price ?? null, categoryId: pet.categoryId, taxRate: await taxRateOf(pet.categoryId) });
      // A pet deleted since it was scanned cannot be sold: it shows as sold, with nothing in stock.
      Object.assign(line, item ? { stock: item.quantity, status: item.status } : { stock: 0, status: 'sold' });
    }
  }

  /** Keeps the lines current as the stock and the pets change (a sale at another till, an edit). */
  function follow(event: EventOf<'inventory.updated' | 'pet.updated' | 'pet.deleted' | 'category.updated'>): void {
    if (event.type === 'category.updated') {
      const { id, taxRate } = event.data;
      taxRates.set(id, taxRate ?? null);
      for (const line of basket.value.lines) if (line.categoryId === id) line.taxRate = taxRate ?? shop.value?.defaultTaxRate ?? 0;
      return;
    }
    if (event.type === 'inventory.updated') {
      const line = lineOf(event.data.petId);
      if (line) Object.assign(line, { stock: event.data.quantity, status: event.data.status });
      return;
    }
    const line = lineOf(event.data.id);
    if (!line) return;
    if (event.type === 'pet.deleted') Object.assign(line, { stock: 0, status: 'sold' });
    else {
      Object.assign(line, { name: event.data.name, sku: event.data.sku ?? null, price: event.data.price ?? null, status: event.data.status, categoryId: event.data.categoryId });
      void taxRateOf(event.data.categoryId).then((rate) => (line.taxRate = rate));
    }
  }

  /** Customers whose name, email or phone contains the text. */
  async function searchCustomers(q: string): Promise<Customer[]> {
    return (await api().call('customers.list', { q: q.trim() || undefined, limit: 20 })).items;
  }

  /** Adds a customer from the till (name, and a phone or email if given) and attaches them. */
  async function createCustomer(customer: NewCustomer): Promise<Customer> {
    const created = await api().call('customers.create', customer);
    setCustomer({ id: created.id, name: created.name });
    return created;
  }

  return {
    basket,
    shop,
    busy,
    priced,
    total,
    problems,
    checking,
    ready,
    scan,
    add,
    setQuantity,
    setTypedPrice,
    remove,
    setCustomer,
    setDiscount,
    setHandover,
    clear,
    settlement,
    request,
    sell,
    inDoubt,
    refreshLines,
    follow,
    searchCustomers,
    createCustomer,
  };
});
