import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { shopToday, useSalesStore } from '../../../src-renderer/stores/sales';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

/** Dogs, with Rex (€10.00, stock 5) and Bella (€25.00, stock 2), and a customer, Ann. */
function shop(harness: RendererHarness) {
  const dogs = harness.ok('categories.create', { name: 'Dogs' });
  const rex = harness.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1000 });
  harness.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  const bella = harness.ok('pets.create', { name: 'Bella', categoryId: dogs.id, price: 2500 });
  harness.ok('inventory.set', { petId: bella.id, update: { quantity: 2 } });
  const ann = harness.ok('customers.create', { name: 'Ann' });
  return { rex, bella, ann };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

test("start shows today's sales (the shop's day), newest first, with their customer's name", async () => {
  h = useRealApi();
  const { rex, bella, ann } = shop(h);
  const first = h.ok('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
  const second = h.ok('sales.create', { lines: [{ petId: bella.id }], customerId: ann.id, payments: [{ method: 'card', amount: 2500 }] });
  const sales = useSalesStore();
  await sales.start();
  const today = shopToday(h.ok('shop.get', {}));
  expect(sales.filters).toEqual({ from: today, to: today, number: null, customerId: null });
  await sales.reload();
  expect(sales.rows.map((row) => [row.number, row.customerName, row.total])).toEqual([
    [second.number, 'Ann', 2500],
    [first.number, null, 2000],
  ]);
  // Another day has none; a receipt number or a customer finds one sale.
  sales.filters = { from: '2020-01-01', to: '2020-01-01', number: null, customerId: null };
  await sales.reload();
  expect(sales.total).toBe(0);
  sales.filters = { from: null, to: null, number: first.number, customerId: null };
  await sales.reload();
  expect(sales.rows.map((row) => row.id)).toEqual([first.id]);
  sales.filters = { from: null, to: null, number: null, customerId: ann.id };
  await sales.reload();
  expect(sales.rows.map((row) => row.id)).toEqual([second.id]);
});

test('refund gives back units once: a second refund of the same units is refused with REFUND_EXCEEDS_SOLD', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  const sale = h.ok('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
  const sales = useSalesStore();
  await sales.reload();
  await sales.open(sale.id);
  const orderId = sale.lines[0]!.orderId;
  expect(sales.handedOver.has(orderId)).toBe(true);

  const made = await sales.refund(sale.id, { lines: [{ orderId, quantity: 2 }], restock: true, payments: [{ method: 'cash', amount: 2000 }], reason: 'Allergy' });
  expect(made).toMatchObject({ amount: 2000, restock: true, reason: 'Allergy' });
  expect(sales.current).toMatchObject({ refunded: 2000, lines: [{ returned: 2 }] });
  expect(sales.refunds.map((refund) => refund.amount)).toEqual([2000]);
  expect(sales.rows[0]).toMatchObject({ id: sale.id, refunded: 2000 });
  expect(h.ok('inventory.get', { petId: rex.id }).quantity).toBe(5);

  const again = await sales.refund(sale.id, { lines: [{ orderId, quantity: 1 }], restock: false, payments: [{ method: 'cash', amount: 1000 }] }).catch((error: unknown) => error);
  expect(again).toBeInstanceOf(StoreError);
  expect(again).toMatchObject({ code: 'REFUND_EXCEEDS_SOLD', status: 409 });
  expect(h.ok('refunds.list', { saleId: sale.id }).total).toBe(1);
});

test('cancel gives an open sale back; a sale partly handed over is refused with SALE_HANDED_OVER', async () => {
  h = useRealApi();
  const { rex, bella } = shop(h);
  const open = h.ok('sales.create', { lines: [{ petId: rex.id }], handover: 'later', payments: [{ method: 'card', amount: 1000 }] });
  const partly = h.ok('sales.create', { lines: [{ petId: rex.id }, { petId: bella.id }], handover: 'later', payments: [{ method: 'cash', amount: 3500 }] });
  h.ok('orders.update', { orderId: partly.lines[0]!.orderId, changes: { complete: true } });
  const sales = useSalesStore();
  await sales.reload();

  await sales.open(partly.id);
  expect([...sales.handedOver]).toEqual([partly.lines[0]!.orderId]);
  const refused = await sales.cancel(partly.id).catch((error: unknown) => error);
  expect(refused).toMatchObject({ code: 'SALE_HANDED_OVER', status: 409 });

  const cancelled = await sales.cancel(open.id);
  expect(cancelled).toMatchObject({ status: 'cancelled', refunded: 1000 });
  expect(sales.rows.find((row) => row.id === open.id)?.status).toBe('cancelled');
});

test('sales made, refunded and a customer forgotten elsewhere show in the list through the event stream', async () => {
  h = useRealApi();
  const { rex, ann } = shop(h);
  const sales = useSalesStore();
  await sales.reload();
  const stop = h.store.feed.subscribe((event) => void sales.applyEvent(event));
  try {
    const sale = h.ok('sales.create', { lines: [{ petId: rex.id }], customerId: ann.id, payments: [{ method: 'cash', amount: 1000 }] });
    await until(() => sales.rows.length === 1);
    expect(sales.rows[0]).toMatchObject({ id: sale.id, customerName: 'Ann' });
    h.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId }], restock: false, payments: [{ method: 'cash', amount: 1000 }] } });
    await until(() => sales.rows[0]?.refunded === 1000);
    expect(sales.rows[0]?.refunded).toBe(1000);
    h.ok('customers.forget', { customerId: ann.id });
    await until(() => sales.rows[0]?.customerName === 'Forgotten customer');
    expect(sales.rows[0]?.customerName).toBe('Forgotten customer');
  } finally {
    stop();
  }
});

test('the list pages with the service: 100 at first, the rest on loadMore', async () => {
  h = useRealApi();
  const { rex } = shop(h);
  h.ok('inventory.set', { petId: rex.id, update: { quantity: 200 } });
  for (let i = 0; i < 120; i++) h.ok('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'card', amount: 1000 }] });
  const sales = useSalesStore();
  await sales.reload();
  expect([sales.rows.length, sales.total, sales.hasMore]).toEqual([100, 120, true]);
  expect(sales.rows[0]!.number).toBe(120);
  await sales.loadMore();
  expect([sales.rows.length, sales.hasMore]).toEqual([120, false]);
  expect(sales.rows.at(-1)!.number).toBe(1);
});

test('a pet of the open sale handed over elsewhere: the sale shown reads which orders may now be refunded', async () => {
  h = useRealApi();
  const { rex, bella } = shop(h);
  const sale = h.ok('sales.create', { lines: [{ petId: rex.id }, { petId: bella.id }], handover: 'later', payments: [{ method: 'cash', amount: 3500 }] });
  const sales = useSalesStore();
  await sales.open(sale.id);
  expect(sales.handedOver.size).toBe(0);
  const stop = h.store.feed.subscribe((event) => void sales.applyEvent(event));
  try {
    h.ok('orders.update', { orderId: sale.lines[0]!.orderId, changes: { complete: true } });
    await until(() => sales.handedOver.size === 1);
    expect([...sales.handedOver]).toEqual([sale.lines[0]!.orderId]);
  } finally {
    stop();
  }
});

test('a refund sent again with its key after its answer was lost is made once', async () => {
  let lose = true;
  h = useRealApi({
    around: async (operation, _input, call) => {
      const result = await call();
      if (operation !== 'refunds.create' || !lose) return result;
      lose = false; // made, but the answer never reaches the window
      return { ok: false, error: { code: 'INTERNAL', message: 'The connection was lost', status: 500 } };
    },
  });
  const { rex } = shop(h);
  const sale = h.ok('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
  const sales = useSalesStore();
  const body = { lines: [{ orderId: sale.lines[0]!.orderId, quantity: 1 }], restock: false, payments: [{ method: 'cash' as const, amount: 1000 }] };
  await expect(sales.refund(sale.id, body, 'refund-key-1')).rejects.toMatchObject({ code: 'INTERNAL' });
  const again = await sales.refund(sale.id, body, 'refund-key-1');
  expect(h.ok('refunds.list', { saleId: sale.id }).items.map((refund) => refund.id)).toEqual([again.id]);
  expect(h.ok('sales.get', { saleId: sale.id }).refunded).toBe(1000);
});
