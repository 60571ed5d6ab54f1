/**
 * Orders and sales are steps (docs/decisions.md#handlers-are-steps): the same handlers make, fulfil,
 * refund and cancel sales on SQLite and on PostgreSQL, with the same answers, refusals and events.
 */
import { afterEach, expect, test } from 'vitest';
import { refundShare } from '../../src-shared/money';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

/** A UTC calendar date `days` from today: yesterday to tomorrow holds today in every time zone. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeOnEngines('orders and sales', (fresh) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function openShop(s: EngineStore) {
    await s.ok('settings.update', { timeZone: 'Asia/Kolkata' });
    const dogs = await s.ok('categories.create', { name: 'Dogs', taxRate: 1900 });
    const rex = await s.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 10_000 });
    const kibble = await s.ok('pets.create', { name: 'Kibble', categoryId: dogs.id, price: 1_250 });
    await s.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
    await s.ok('inventory.set', { petId: kibble.id, update: { quantity: 40 } });
    return { rex, kibble };
  }

  const stockOf = async (s: EngineStore, petId: number) => (await s.ok('inventory.get', { petId })).quantity;

  test('a sale handed over later: its lines fulfilled complete it, a refund restocks, each refusal names its line', async () => {
    t = await fresh();
    const { rex, kibble } = await openShop(t);
    const sale = await t.ok('sales.create', {
      lines: [{ petId: rex.id, quantity: 2 }, { petId: kibble.id, quantity: 3 }],
      handover: 'later',
      payments: [{ method: 'cash', amount: 30_000 }],
    });
    expect(sale).toMatchObject({ id: 1, number: 1, status: 'open', handover: 'later', subtotal: 23_750, paid: 30_000, change: 30_000 - sale.total });
    expect(sale.lines.map(({ petName, quantity, unitPrice, taxRate }) => ({ petName, quantity, unitPrice, taxRate }))).toEqual([
      { petName: 'Rex', quantity: 2, unitPrice: 10_000, taxRate: 1900 },
      { petName: 'Kibble', quantity: 3, unitPrice: 1_250, taxRate: 1900 },
    ]);
    expect(await t.ok('sales.get', { saleId: sale.id })).toEqual(sale);
    expect([await stockOf(t, rex.id), await stockOf(t, kibble.id)]).toEqual([3, 37]);

    // A line of a paid sale is not cancelled alone, and a sale short on one line is refused whole.
    expect((await t.fail('orders.cancel', { orderId: sale.lines[0]!.orderId })).code).toBe('ORDER_IN_SALE');
    const short = await t.fail('sales.create', { lines: [{ petId: rex.id }, { petId: kibble.id, quantity: 38 }], payments: [{ method: 'cash', amount: 1_000_000 }] });
    expect(short).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409, details: [{ path: 'lines.1.quantity' }] });
    expect(short.message).toContain('(line 2 of the sale)');
    expect([await stockOf(t, rex.id), await stockOf(t, kibble.id)]).toEqual([3, 37]);
    expect((await t.fail('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId }], restock: false, payments: [{ method: 'cash', amount: 1 }] } })).code).toBe('ORDER_OPEN');

    // Each line's order fulfilled: the last one completes the sale.
    await t.ok('orders.update', { orderId: sale.lines[0]!.orderId, changes: { complete: true } });
    expect((await t.ok('sales.get', { saleId: sale.id })).status).toBe('open');
    await t.ok('orders.update', { orderId: sale.lines[1]!.orderId, changes: { complete: true } });
    const completed = await t.ok('sales.get', { saleId: sale.id });
    expect(completed.status).toBe('completed');
    expect((await t.fail('sales.cancel', { saleId: sale.id })).code).toBe('SALE_HANDED_OVER');

    // One Rex back, restocked: paid back exactly its share.
    const back = refundShare(completed.lines[0]!, 0, 1).total;
    const too = await t.fail('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0]!.orderId, quantity: 3 }], restock: false, payments: [{ method: 'cash', amount: 1 }] } });
    expect(too).toMatchObject({ code: 'REFUND_EXCEEDS_SOLD', details: [{ path: 'lines.0.quantity' }] });
    const refund = await t.ok('refunds.create', {
      saleId: sale.id,
      refund: { lines: [{ orderId: sale.lines[0]!.orderId }], restock: true, payments: [{ method: 'cash', amount: back }] },
    });
    expect(refund).toMatchObject({ id: 1, saleId: sale.id, saleNumber: 1, kind: 'refund', restock: true, amount: back, payments: [{ method: 'cash', amount: back }] });
    expect(await t.ok('refunds.get', { saleId: sale.id, refundId: refund.id })).toEqual(refund);
    expect(await t.ok('refunds.list', { saleId: sale.id })).toEqual({ items: [refund], total: 1, nextCursor: null });
    expect(await stockOf(t, rex.id)).toBe(4);
    expect(await t.ok('sales.get', { saleId: sale.id })).toMatchObject({ refunded: back, lines: [{ returned: 1 }, { returned: 0 }] });

    const types = (await t.ok('events.list', { after: 0, limit: 1000 })).map((event) => event.type).filter((type) => type.startsWith('sale.'));
    expect(types).toEqual(['sale.created', 'sale.completed', 'sale.refunded']);
  });

  test('a sale cancelled gives everything back once; the lists read their day bounds in the shop\'s time zone', async () => {
    t = await fresh();
    const { rex } = await openShop(t);
    const sale = await t.ok('sales.create', { lines: [{ petId: rex.id, quantity: 2 }], handover: 'later', payments: [{ method: 'card', amount: 1_000 }, { method: 'cash', amount: 50_000 }] });
    expect(await stockOf(t, rex.id)).toBe(3);
    const cancelled = await t.ok('sales.cancel', { saleId: sale.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded: sale.total, lines: [{ returned: 2 }] });
    // Cancelling again is a harmless retry: the same sale, nothing given back twice.
    expect(await t.ok('sales.cancel', { saleId: sale.id })).toEqual(cancelled);
    expect(await stockOf(t, rex.id)).toBe(5);
    const { items } = await t.ok('refunds.list', { saleId: sale.id });
    expect(items).toMatchObject([{ kind: 'cancel', amount: sale.total, payments: [{ method: 'cash', amount: sale.total - 1_000 }, { method: 'card', amount: 1_000 }] }]);
    expect((await t.ok('orders.get', { orderId: sale.lines[0]!.orderId })).status).toBe('cancelled');

    const placed = await t.ok('orders.place', { petId: rex.id, quantity: 1, shipDate: '2026-12-01T10:00:00+01:00' });
    expect(placed.shipDate).toBe('2026-12-01T09:00:00.000Z');
    const around = { from: dayFromToday(-1), to: dayFromToday(1) };
    expect((await t.ok('sales.list', around)).items).toEqual([cancelled]);
    expect((await t.ok('sales.list', { from: '2001-01-01', to: '2001-01-31' })).total).toBe(0);
    expect((await t.ok('orders.list', { ...around, status: ['open', 'cancelled'] })).items.map((order) => order.id)).toEqual([placed.id, sale.lines[0]!.orderId]);
    expect((await t.ok('orders.list', { to: '2001-01-31' })).total).toBe(0);
  });
});
