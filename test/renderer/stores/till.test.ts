import { createPinia, setActivePinia } from 'pinia';
import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { priceSale } from '../../../src-shared/money';
import { TILL_STORAGE_KEY, tillPayments, useTillStore } from '../../../src-renderer/stores/till';
import { parseTillAmount } from '../../../src-renderer/format/till-amount';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => {
  h?.close();
  delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

/** A window's session storage, as a Map (the renderer's tests run in Node). */
function windowStorage(): Map<string, string> {
  const kept = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
  return kept;
}

/** Dogs at 19 % (the shop's default) and Fish at 7 %, and three pets with prices, SKUs and stock. */
function seed() {
  h.ok('settings.update', { defaultTaxRate: 1900 });
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const fish = h.ok('categories.create', { name: 'Fish', taxRate: 700 });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1999, sku: 'DOG-1' });
  const nemo = h.ok('pets.create', { name: 'Nemo', categoryId: fish.id, price: 350, sku: 'FISH-1' });
  const bella = h.ok('pets.create', { name: 'Bella', categoryId: dogs.id, sku: 'DOG-2' }); // no price
  h.ok('inventory.set', { petId: nemo.id, update: { quantity: 10 } });
  return { rex, nemo, bella };
}

test('a scanned SKU adds its pet, a second scan adds a unit, and the basket is priced as the service prices the sale', async () => {
  h = useRealApi();
  const { rex, nemo } = seed();
  const till = useTillStore();
  await till.ready();
  expect(await till.scan('FISH-1')).toMatchObject({ kind: 'added', line: { petId: nemo.id, quantity: 1, stock: 10, taxRate: 700 } });
  await till.scan('fish-1'); // SKUs are found case aside
  expect(await till.scan('  DOG-1 ')).toMatchObject({ kind: 'added', line: { petId: rex.id, price: 1999, taxRate: 1900 } });
  expect(till.basket.lines.map((line) => [line.name, line.quantity])).toEqual([['Nemo', 2], ['Rex', 1]]);
  till.setDiscount(100);
  const local = priceSale({ lines: [{ unitPrice: 350, quantity: 2, taxRate: 700 }, { unitPrice: 1999, quantity: 1, taxRate: 1900 }], discount: 100, pricesIncludeTax: true });
  expect(till.priced).toEqual(local);

  const pay = { mode: 'cash' as const, cash: 5000, card: null, other: null };
  expect(till.settlement(pay)).toMatchObject({ ok: true, change: 5000 - till.total });
  const sale = await till.sell(pay);
  expect(sale).toMatchObject({ paid: 5000, handover: 'now', status: 'completed' });
  expect(sale.total).toBe(local.ok ? local.sale.total : -1);
  expect(sale.change).toBe(5000 - sale.total);
  expect(till.basket.lines).toEqual([]); // sold: a new basket
});

test('a typed name adds the one pet it finds, offers several, and says when none', async () => {
  h = useRealApi();
  seed();
  const till = useTillStore();
  await till.ready();
  expect(await till.scan('nem')).toMatchObject({ kind: 'added', line: { name: 'Nemo' } });
  const several = await till.scan('e'); // Rex, Nemo, Bella
  expect(several.kind === 'choices' && several.choices.map((choice) => choice.pet.name)).toEqual(['Bella', 'Nemo', 'Rex']);
  expect(await till.scan('NO-SUCH-SKU')).toEqual({ kind: 'none' });
  expect(till.basket.lines).toHaveLength(1);
});

test('stock and price problems are said on the line before paying, and the service refuses the same sale', async () => {
  h = useRealApi();
  const { rex, bella } = seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('DOG-1');
  await till.scan('DOG-1'); // Rex has 1 in stock
  await till.scan('DOG-2');
  expect(till.problems).toEqual(['Only 1 in stock', 'No price: type one']);
  const pay = { mode: 'card' as const, cash: null, card: null, other: null };
  await expect(till.sell(pay)).rejects.toMatchObject({ code: 'PRICE_REQUIRED' });
  expect(till.basket.lines).toHaveLength(2); // refused: the basket stays
  till.setTypedPrice(bella.id, 2500);
  expect(till.problems).toEqual(['Only 1 in stock']);
  await expect(till.sell(pay)).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });

  till.setQuantity(rex.id, 1);
  expect(till.problems).toEqual([]);
  const sale = await till.sell(pay);
  expect(sale.lines.map((line) => line.unitPrice)).toEqual([1999, 2500]);
  expect(sale.payments).toEqual([{ method: 'card', amount: sale.total }]);

  // Sold out now: a pet with no stock left is said to be so when scanned again.
  await till.scan('DOG-1');
  expect(till.problems).toEqual(['Sold: not for sale']);
});

test('paying short is seen before sending and refused by the service as PAYMENT_SHORT', async () => {
  h = useRealApi();
  seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('DOG-1');
  const short = { mode: 'cash' as const, cash: 1000, card: null, other: null };
  expect(till.settlement(short)).toMatchObject({ ok: false, problem: 'short', paid: 1000, total: 1999 });
  const refused = await till.sell(short).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(StoreError);
  expect(refused).toMatchObject({ code: 'PAYMENT_SHORT', status: 422 });
  expect(till.basket.lines).toHaveLength(1);
});

test('a double Enter sells once: the second call while the first is under way gets the same sale', async () => {
  h = useRealApi();
  seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('FISH-1');
  const pay = { mode: 'cash' as const, cash: null, card: null, other: null };
  const [first, second] = await Promise.all([till.sell(pay), till.sell(pay)]);
  expect(second.id).toBe(first.id);
  expect(h.invoked.filter((name) => name === 'sales.create')).toHaveLength(1);
  expect(h.ok('sales.list', {}).items).toHaveLength(1);
});

test('a send whose answer was lost is sent again under the basket’s key: a retry or a reload never sells twice', async () => {
  let loseAnswers = true;
  h = useRealApi({
    // The sale is made, but its answer never reaches the window (the host became unreachable).
    around: async (operation, _input, call) => {
      const answer = await call();
      return operation === 'sales.create' && loseAnswers ? { ok: false, error: { code: 'INTERNAL', message: 'The store could not be reached', status: 500 } } : answer;
    },
  });
  const kept = windowStorage();
  const { rex } = seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('FISH-1');
  const pay = { mode: 'card' as const, cash: null, card: null, other: null };
  await expect(till.sell(pay)).rejects.toMatchObject({ code: 'INTERNAL' });
  expect(h.ok('sales.list', {}).items).toHaveLength(1); // made all the same
  expect(till.inDoubt).toBe(true);
  expect(till.basket.lines).toHaveLength(1);

  loseAnswers = false;
  const retried = await till.sell(pay); // the clerk presses Sell again: the first answer, not a second sale
  expect(retried.id).toBe(h.ok('sales.list', {}).items[0].id);
  expect(h.ok('sales.list', {}).items).toHaveLength(1);
  expect(till.basket.lines).toEqual([]);
  expect(till.inDoubt).toBe(false);

  // The window reloads before the answer comes, and the clerk adds a line before Sell: the sale
  // made is found by its key (the new basket no longer matches it) and answered, not made again.
  loseAnswers = true;
  await till.scan('FISH-1');
  await expect(till.sell(pay)).rejects.toMatchObject({ code: 'INTERNAL' });
  expect(JSON.parse(kept.get(TILL_STORAGE_KEY)!)).toMatchObject({ sending: { request: { payments: [{ method: 'card', amount: 350 }] } } });
  loseAnswers = false;
  setActivePinia(createPinia());
  const reloaded = useTillStore();
  await reloaded.ready();
  expect(reloaded.inDoubt).toBe(true);
  await reloaded.add(h.ok('pets.get', { petId: rex.id }));
  const found = await reloaded.sell(pay);
  expect(found.number).toBe(2);
  expect(found.lines.map((line) => line.petName)).toEqual(['Nemo']);
  expect(h.ok('sales.list', {}).items).toHaveLength(2);

  // A send that was refused is not in doubt.
  await reloaded.scan('DOG-2'); // no price
  await expect(reloaded.sell(pay)).rejects.toMatchObject({ code: 'PRICE_REQUIRED' });
  expect(reloaded.inDoubt).toBe(false);
});

test('split payments: card and other parts, the rest in cash; a customer, a discount and a later handover go with the sale', async () => {
  h = useRealApi();
  seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('DOG-1');
  expect(tillPayments(1999, { mode: 'split', cash: null, card: 1000, other: 500 })).toEqual([
    { method: 'card', amount: 1000 },
    { method: 'other', amount: 500 },
    { method: 'cash', amount: 499 },
  ]);
  await till.createCustomer({ name: 'Ada Lovelace' });
  till.setDiscount(99);
  till.setHandover('later', '2026-12-24');
  const sale = await till.sell({ mode: 'split', cash: 1000, card: 1000, other: null });
  expect(sale).toMatchObject({ total: 1900, paid: 2000, change: 100, handover: 'later', status: 'open', shipDate: '2026-12-24T12:00:00.000Z' });
  expect(sale.customerId).toBe(h.ok('customers.list', { q: 'Ada' }).items[0].id);
});

test('the basket survives a reload of the window: kept in its session storage, read back with the pets as they are now', async () => {
  h = useRealApi();
  const kept = windowStorage();
  const { nemo } = seed();
  const till = useTillStore();
  await till.ready();
  await till.scan('FISH-1');
  till.setQuantity(nemo.id, 3);
  await new Promise((resolve) => setTimeout(resolve)); // the watcher writes after the tick
  expect(JSON.parse(kept.get(TILL_STORAGE_KEY)!)).toMatchObject({ lines: [{ petId: nemo.id, quantity: 3 }] });
  const key = till.basket.key;

  h.ok('inventory.set', { petId: nemo.id, update: { quantity: 2 } }); // sold elsewhere meanwhile
  setActivePinia(createPinia()); // a reload: the app's state is made afresh
  const reloaded = useTillStore();
  await reloaded.ready();
  expect(reloaded.basket.key).toBe(key);
  expect(reloaded.basket.lines).toMatchObject([{ petId: nemo.id, quantity: 3, stock: 2 }]);
  expect(reloaded.problems).toEqual(['Only 2 in stock']);
});

test('amounts are typed as the clerk writes them, in minor units without floats', () => {
  expect(parseTillAmount('20', 2)).toBe(2000);
  expect(parseTillAmount('19.99', 2)).toBe(1999);
  expect(parseTillAmount('1,234.5', 2)).toBe(123450);
  expect(parseTillAmount('.5', 2)).toBe(50);
  expect(parseTillAmount('0.1', 0)).toBeUndefined();
  expect(parseTillAmount('1.999', 2)).toBeUndefined();
  expect(parseTillAmount('abc', 2)).toBeUndefined();
  expect(parseTillAmount('  ', 2)).toBeNull();
});
