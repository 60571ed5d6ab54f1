/**
 * Sales in the service, on both engines: every row S1..Sn of docs/states.md ("Sales") is a
 * test here whose name starts with its id (test/docs/states.test.ts ties them). Making a sale (each
 * line an order, priced by the money module, paid, numbered), its status following its orders,
 * cancelling it, refunding it, and every refusal, which changes nothing (no order, stock,
 * movement, receipt number or event).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { contract } from '../../src-shared/contract';
import { refundShare } from '../../src-shared/money';
import type { Sale } from '../../src-shared/schemas/sale';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { appendedSince, expectRefused, lastEventId, standing } from './support/observe-engines';
import { asEngineStore } from './support/sqlite-engine-store';

/** The store of the test running (set by each block's beforeEach) and its shop. */
let t: EngineStore;
let shop: Awaited<ReturnType<typeof seed>>;
async function open(store: EngineStore) {
  t = store;
  await t.ok('settings.update', { lowStockThreshold: 1 }); // low stock as the events below expect: none left
  shop = await seed();
}

/** The worked receipt of docs/decisions.md#one-rounding-rule: a puppy (19 %), dog food (7 %), a collar (19 %). */
async function seed() {
  const dogs = await t.ok('categories.create', { name: 'Dogs', taxRate: 1900 });
  const food = await t.ok('categories.create', { name: 'Food', taxRate: 700 });
  const plain = await t.ok('categories.create', { name: 'Plain' });
  const puppy = await t.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 19999 });
  const kibble = await t.ok('pets.create', { name: 'Kibble', categoryId: food.id, price: 1249 });
  const collar = await t.ok('pets.create', { name: 'Collar', categoryId: dogs.id, price: 899 });
  const unpriced = await t.ok('pets.create', { name: 'Stray', categoryId: plain.id });
  await t.ok('inventory.set', { petId: kibble.id, update: { quantity: 10 } });
  await t.ok('inventory.set', { petId: collar.id, update: { quantity: 3 } });
  const ann = await t.ok('customers.create', { name: 'Ann' });
  return { dogs, food, plain, puppy, kibble, collar, unpriced, ann };
}

/** The worked receipt's basket, paid 300.00 in cash. */
const basket = () => ({
  lines: [{ petId: shop.puppy.id }, { petId: shop.kibble.id, quantity: 2 }, { petId: shop.collar.id }],
  discount: 500,
  payments: [{ method: 'cash', amount: 30000 }],
});

const conforms = (sale: unknown) => {
  const parsed = contract['sales.get'].output.safeParse(sale);
  expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
};
const sell = async (input: Record<string, unknown>) => t.ok('sales.create', input);
const movementsOf = async (petId: number) => (await t.ok('inventory.movements', { petId })).items;
const orderOf = async (sale: Sale, line: number) => t.ok('orders.get', { orderId: sale.lines[line].orderId });
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeOnEngines('sales', (fresh) => {
  beforeEach(async () => open(await fresh()));
  afterEach(() => t.close());

  describe('making a sale', () => {
    test('S1: handover now: each line an order placed and fulfilled, priced as the worked receipt, paid with change, receipt 1', async () => {
      const mark = await lastEventId(t);
      const sale = await sell({ ...basket(), customerId: shop.ann.id, note: ' Birthday ' });
      conforms(sale);
      expect(sale).toMatchObject({
        number: 1,
        status: 'completed',
        handover: 'now',
        customerId: shop.ann.id,
        note: 'Birthday',
        currency: 'EUR',
        pricesIncludeTax: true,
        subtotal: 23396,
        discount: 500,
        net: 19470,
        tax: 3426,
        total: 22896,
        taxes: [
          { taxRate: 700, net: 2285, tax: 160, total: 2445 },
          { taxRate: 1900, net: 17185, tax: 3266, total: 20451 },
        ],
        payments: [{ method: 'cash', amount: 30000 }],
        paid: 30000,
        change: 7104,
        refunded: 0,
      });
      expect(sale.createdAt).toMatch(ISO);
      expect(sale.completedAt).toBe(sale.createdAt);
      expect(sale.lines).toEqual([
        { orderId: expect.any(Number), petId: shop.puppy.id, petName: 'Puppy', categoryId: shop.dogs.id, categoryName: 'Dogs', quantity: 1, unitPrice: 19999, taxRate: 1900, gross: 19999, discount: 428, net: 16446, tax: 3125, total: 19571, returned: 0 },
        { orderId: expect.any(Number), petId: shop.kibble.id, petName: 'Kibble', categoryId: shop.food.id, categoryName: 'Food', quantity: 2, unitPrice: 1249, taxRate: 700, gross: 2498, discount: 53, net: 2285, tax: 160, total: 2445, returned: 0 },
        { orderId: expect.any(Number), petId: shop.collar.id, petName: 'Collar', categoryId: shop.dogs.id, categoryName: 'Dogs', quantity: 1, unitPrice: 899, taxRate: 1900, gross: 899, discount: 19, net: 739, tax: 141, total: 880, returned: 0 },
      ]);
      // Each line is an Order of the sale, complete, at its unit price.
      expect(await orderOf(sale, 1)).toMatchObject({ petId: shop.kibble.id, quantity: 2, status: 'complete', saleId: sale.id, unitPrice: 1249 });
      // Stock taken as orders take it: the puppy's last unit sells it once its order is fulfilled.
      expect(await standing(t, shop.puppy.id)).toEqual({ status: 'sold', stock: 0 });
      expect(await standing(t, shop.kibble.id)).toEqual({ status: 'available', stock: 8 });
      expect((await movementsOf(shop.kibble.id))[0]).toMatchObject({ delta: -2, reason: 'order', orderId: sale.lines[1].orderId, saleId: sale.id });
      // Each order placed and completed at once, the pet written once with where both leave it (the
      // puppy sold: no low-stock warning for a pet that is gone), then the sale.
      const events = await appendedSince(t, mark);
      expect(events.map((event) => event.type)).toEqual([
        'order.placed', 'order.completed', 'pet.updated', 'inventory.updated',
        'order.placed', 'order.completed', 'inventory.updated',
        'order.placed', 'order.completed', 'inventory.updated',
        'sale.created',
      ]);
      expect(events[0].data).toMatchObject({ status: 'open' });
      expect(events[1].data).toMatchObject({ status: 'complete' });
      expect(events[2].data).toMatchObject({ id: shop.puppy.id, status: 'sold' });
      expect(events.at(-1)!.data).toEqual(sale);
      expect(await t.ok('sales.get', { saleId: sale.id })).toEqual(sale);
      // Receipt numbers follow on.
      expect((await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'card', amount: 1249 }] })).number).toBe(2);
    });

    test('S2: handover later: the orders stay open with the ship date; the sale is open', async () => {
      const mark = await lastEventId(t);
      const sale = await sell({ ...basket(), handover: 'later', shipDate: '2026-12-24T10:00:00+01:00' });
      expect(sale).toMatchObject({ status: 'open', handover: 'later', shipDate: '2026-12-24T09:00:00.000Z', total: 22896 });
      expect(sale).not.toHaveProperty('completedAt');
      expect(await orderOf(sale, 0)).toMatchObject({ status: 'open', shipDate: '2026-12-24T09:00:00.000Z', saleId: sale.id });
      expect(await standing(t, shop.puppy.id)).toEqual({ status: 'pending', stock: 0 });
      expect((await appendedSince(t, mark)).map((event) => event.type)).toEqual([
        'order.placed', 'pet.updated', 'inventory.updated', 'inventory.low',
        'order.placed', 'inventory.updated',
        'order.placed', 'inventory.updated',
        'sale.created',
      ]);
    });

    test('S3: one line that cannot be ordered refuses the whole sale, naming the line; nothing is written, no number taken', async () => {
      const sold = await t.ok('pets.create', { name: 'Gone', categoryId: shop.dogs.id, status: 'sold', price: 100 });
      const held = await t.ok('pets.create', { name: 'Held', categoryId: shop.dogs.id, price: 100 });
      await t.ok('inventory.set', { petId: held.id, update: { quantity: 2 } });
      await t.ok('pets.update', { petId: held.id, changes: { status: 'pending' } });
      const lines = (third: Record<string, unknown>) => ({ ...basket(), payments: [{ method: 'cash', amount: 99_999 }], lines: [...basket().lines.slice(0, 2), third] });

      const short = await expectRefused(t, 'sales.create', lines({ petId: shop.collar.id, quantity: 4 }), 'INSUFFICIENT_STOCK');
      expect(short.message).toBe('Only 3 of Collar (pet 3) in stock; 4 ordered (line 3 of the sale)');
      expect(short.details).toEqual([{ path: 'lines.2.quantity', message: 'Only 3 of Collar (pet 3) in stock; 4 ordered' }]);
      expect((await expectRefused(t, 'sales.create', lines({ petId: sold.id }), 'PET_NOT_AVAILABLE')).details).toEqual([{ path: 'lines.2.petId', message: `Gone (pet ${sold.id}) is sold` }]);
      expect((await expectRefused(t, 'sales.create', lines({ petId: held.id }), 'PET_NOT_AVAILABLE')).details?.[0].path).toBe('lines.2.petId');
      const missing = await expectRefused(t, 'sales.create', lines({ petId: 424242 }), 'REFERENCE_NOT_FOUND');
      expect(missing).toMatchObject({ message: 'Pet 424242 does not exist (line 3 of the sale)', details: [{ path: 'lines.2.petId' }] });
      // The next sale still gets number 1.
      expect((await sell(basket())).number).toBe(1);
    });

    test('S4: a line whose pet has no price and that gives none is PRICE_REQUIRED; a unitPrice sells it, and overrides a price', async () => {
      const refused = await expectRefused(t, 'sales.create', { lines: [{ petId: shop.kibble.id }, { petId: shop.unpriced.id }] }, 'PRICE_REQUIRED');
      expect(refused.details).toEqual([{ path: 'lines.1.unitPrice', message: `Stray (pet ${shop.unpriced.id}) has no price` }]);
      // No tax rate on the category: the shop's default (0 until set).
      await t.ok('settings.update', { defaultTaxRate: 1000 });
      const sale = await sell({ lines: [{ petId: shop.unpriced.id, unitPrice: 1100 }, { petId: shop.kibble.id, unitPrice: 1000 }], payments: [{ method: 'card', amount: 2100 }] });
      expect(sale.lines.map(({ unitPrice, taxRate, tax }) => ({ unitPrice, taxRate, tax }))).toEqual([
        { unitPrice: 1100, taxRate: 1000, tax: 100 },
        { unitPrice: 1000, taxRate: 700, tax: 65 },
      ]);
      expect((await orderOf(sale, 1)).unitPrice).toBe(1000);
    });

    test('S5: a discount over the subtotal is DISCOUNT_TOO_LARGE', async () => {
      const refused = await expectRefused(t, 'sales.create', { lines: [{ petId: shop.kibble.id }], discount: 1250, payments: [] }, 'DISCOUNT_TOO_LARGE');
      expect(refused).toMatchObject({ message: 'The discount (1250) is more than the subtotal (1249)', details: [{ path: 'discount' }] });
    });

    test('S6: payments short of the total are PAYMENT_SHORT', async () => {
      const refused = await expectRefused(t, 'sales.create', { ...basket(), payments: [{ method: 'cash', amount: 20000 }, { method: 'card', amount: 2895 }] }, 'PAYMENT_SHORT');
      expect(refused).toMatchObject({ message: 'The payments (22895) do not cover the total (22896)', details: [{ path: 'payments' }] });
      await expectRefused(t, 'sales.create', { lines: [{ petId: shop.kibble.id }] }, 'PAYMENT_SHORT');
    });

    test('S7: card and other payments over the total are CHANGE_WITHOUT_CASH; cash on top gives change', async () => {
      const refused = await expectRefused(t, 'sales.create', { ...basket(), payments: [{ method: 'card', amount: 20000 }, { method: 'other', amount: 2897 }] }, 'CHANGE_WITHOUT_CASH');
      expect(refused.message).toBe('Card and other payments (22897) are more than the total (22896): only cash gives change');
      const sale = await sell({ ...basket(), payments: [{ method: 'card', amount: 20000 }, { method: 'other', amount: 2000 }, { method: 'cash', amount: 1000 }] });
      expect(sale).toMatchObject({ paid: 23000, change: 104 });
    });

    test('S8: an unknown or forgotten customer is REFERENCE_NOT_FOUND naming customerId', async () => {
      expect((await expectRefused(t, 'sales.create', { ...basket(), customerId: 424242 }, 'REFERENCE_NOT_FOUND')).details).toEqual([
        { path: 'customerId', message: 'Customer 424242 does not exist' },
      ]);
      await t.ok('customers.forget', { customerId: shop.ann.id });
      expect((await expectRefused(t, 'sales.create', { ...basket(), customerId: shop.ann.id }, 'REFERENCE_NOT_FOUND')).message).toBe(`Customer ${shop.ann.id} has been forgotten`);
    });

    test('S9: everything discounted: a sale of 0, paid by nothing, completes; card cannot pay it', async () => {
      const sale = await sell({ lines: [{ petId: shop.kibble.id, quantity: 2 }], discount: 2498 });
      expect(sale).toMatchObject({ status: 'completed', subtotal: 2498, discount: 2498, tax: 0, total: 0, payments: [], paid: 0, change: 0 });
      await expectRefused(t, 'sales.create', { lines: [{ petId: shop.kibble.id }], discount: 1249, payments: [{ method: 'card', amount: 1 }] }, 'CHANGE_WITHOUT_CASH');
    });

    test('the same pet on two lines, a ship date with handover now, and no lines are VALIDATION_FAILED', async () => {
      const twice = await expectRefused(t, 'sales.create', { lines: [{ petId: shop.kibble.id }, { petId: shop.kibble.id }] }, 'VALIDATION_FAILED');
      expect(twice.details).toEqual([{ path: 'lines.1.petId', message: 'This pet is on line 1 already: give one line with the whole quantity' }]);
      expect((await expectRefused(t, 'sales.create', { ...basket(), shipDate: '2026-12-24T10:00:00Z' }, 'VALIDATION_FAILED')).details?.[0].path).toBe('shipDate');
      expect((await expectRefused(t, 'sales.create', { lines: [] }, 'VALIDATION_FAILED')).details?.[0].path).toBe('lines');
    });

    test('prices without tax: tax is added on top, as the worked receipt says', async () => {
      await t.ok('settings.update', { pricesIncludeTax: false });
      const sale = await sell({ ...basket(), payments: [{ method: 'cash', amount: 30000 }] });
      expect(sale).toMatchObject({ pricesIncludeTax: false, net: 22896, tax: 4056, total: 26952, change: 3048 });
    });
  });

  describe("a sale's status follows its orders", () => {
    test('S10: fulfilling one order of an open sale while others stay open leaves it open', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      const mark = await lastEventId(t);
      await t.ok('orders.update', { orderId: sale.lines[1].orderId, changes: { complete: true } });
      expect((await appendedSince(t, mark)).map((event) => event.type)).toEqual(['order.completed']);
      expect((await t.ok('sales.get', { saleId: sale.id })).status).toBe('open');
    });

    test('S11: fulfilling the last open order completes the sale (sale.completed)', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      await t.ok('orders.update', { orderId: sale.lines[1].orderId, changes: { complete: true } });
      await t.ok('orders.update', { orderId: sale.lines[2].orderId, changes: { complete: true } });
      const mark = await lastEventId(t);
      await t.ok('orders.update', { orderId: sale.lines[0].orderId, changes: { complete: true } });
      const events = await appendedSince(t, mark);
      expect(events.map((event) => event.type)).toEqual(['order.completed', 'pet.updated', 'sale.completed']);
      const completed = await t.ok('sales.get', { saleId: sale.id });
      expect(completed).toMatchObject({ status: 'completed', completedAt: expect.stringMatching(ISO) });
      expect(events[2].data).toEqual(completed);
      // Fulfilling it again is the harmless retry it always was: no second sale.completed.
      const again = await lastEventId(t);
      await t.ok('orders.update', { orderId: sale.lines[0].orderId, changes: { complete: true } });
      expect(await appendedSince(t, again)).toEqual([]);
    });

    test('S12: cancelling one order of a sale on its own is ORDER_IN_SALE', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      const refused = await expectRefused(t, 'orders.cancel', { orderId: sale.lines[0].orderId }, 'ORDER_IN_SALE');
      expect(refused.message).toBe(`Order ${sale.lines[0].orderId} is a line of sale ${sale.id}: cancel the sale, or refund the line once handed over`);
    });
  });

  describe('cancelling a sale', () => {
    test('S13: an open sale nothing of which was handed over: orders cancelled, stock back, paid − change given back, number kept', async () => {
      const sale = await sell({ ...basket(), handover: 'later', payments: [{ method: 'card', amount: 10000 }, { method: 'cash', amount: 15000 }] });
      expect(sale.change).toBe(2104);
      const mark = await lastEventId(t);
      const cancelled = await t.ok('sales.cancel', { saleId: sale.id });
      conforms(cancelled);
      expect(cancelled).toMatchObject({ status: 'cancelled', number: 1, refunded: 22896, cancelledAt: expect.stringMatching(ISO) });
      expect(cancelled.lines.map((line) => line.returned)).toEqual([1, 2, 1]);
      expect((await orderOf(sale, 0)).status).toBe('cancelled');
      expect(await standing(t, shop.puppy.id)).toEqual({ status: 'available', stock: 1 });
      expect(await standing(t, shop.kibble.id)).toEqual({ status: 'available', stock: 10 });
      expect((await movementsOf(shop.kibble.id))[0]).toMatchObject({ delta: 2, reason: 'cancelled', orderId: sale.lines[1].orderId, saleId: sale.id });
      const events = await appendedSince(t, mark);
      expect(events.map((event) => event.type)).toEqual([
        'order.cancelled', 'pet.updated', 'inventory.updated',
        'order.cancelled', 'inventory.updated',
        'order.cancelled', 'inventory.updated',
        'sale.cancelled',
      ]);
      expect(events.at(-1)!.data).toEqual(cancelled);
      // Recorded as a refund of kind `cancel`: method by method, cash less the change.
      const [refund] = (await t.ok('refunds.list', { saleId: sale.id })).items;
      expect(refund).toMatchObject({ kind: 'cancel', restock: true, amount: 22896, net: 19470, tax: 3426 });
      expect(refund.payments).toEqual([{ method: 'cash', amount: 12896 }, { method: 'card', amount: 10000 }]);
      expect(refund.lines.map((line) => line.total)).toEqual([19571, 2445, 880]);
      // The next sale takes the next number.
      expect((await sell(basket())).number).toBe(2);
    });

    test('S14: a sale some of whose pets were handed over is SALE_HANDED_OVER (refund instead), completed or not', async () => {
      const later = await sell({ ...basket(), handover: 'later' });
      await t.ok('orders.update', { orderId: later.lines[1].orderId, changes: { complete: true } });
      expect((await expectRefused(t, 'sales.cancel', { saleId: later.id }, 'SALE_HANDED_OVER')).message).toMatch(/^Sale 1 has pets handed over already: refund them instead/);
      const now = await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'cash', amount: 1249 }] });
      await expectRefused(t, 'sales.cancel', { saleId: now.id }, 'SALE_HANDED_OVER');
    });

    test('S15: cancelling a cancelled sale again is a harmless retry: the sale as it is, nothing written', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      const cancelled = await t.ok('sales.cancel', { saleId: sale.id });
      const mark = await lastEventId(t);
      expect(await t.ok('sales.cancel', { saleId: sale.id })).toEqual(cancelled);
      expect(await appendedSince(t, mark)).toEqual([]);
      expect((await t.ok('refunds.list', { saleId: sale.id })).total).toBe(1);
    });
  });

  describe('refunding a sale', () => {
    test('S16: with restock: the units come back (movement returned), the pet becomes available; returned and refunded grow', async () => {
      const sale = await sell(basket());
      const mark = await lastEventId(t);
      const refund = await t.ok('refunds.create', {
        saleId: sale.id,
        refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 19571 }], reason: ' Allergic ' },
      });
      expect(contract['refunds.get'].output.safeParse(refund).success).toBe(true);
      expect(refund).toEqual({
        id: expect.any(Number),
        saleId: sale.id,
        saleNumber: 1,
        createdAt: expect.stringMatching(ISO),
        kind: 'refund',
        restock: true,
        reason: 'Allergic',
        lines: [{ orderId: sale.lines[0].orderId, petId: shop.puppy.id, petName: 'Puppy', quantity: 1, taxRate: 1900, net: 16446, tax: 3125, total: 19571 }],
        payments: [{ method: 'cash', amount: 19571 }],
        net: 16446,
        tax: 3125,
        amount: 19571,
        clerk: null,
        till: null,
      });
      expect(await standing(t, shop.puppy.id)).toEqual({ status: 'available', stock: 1 });
      expect((await movementsOf(shop.puppy.id))[0]).toMatchObject({ delta: 1, quantityAfter: 1, reason: 'returned', orderId: sale.lines[0].orderId, saleId: sale.id });
      expect(await appendedSince(t, mark)).toEqual([
        { type: 'pet.updated', data: expect.objectContaining({ id: shop.puppy.id, status: 'available' }) },
        { type: 'inventory.updated', data: { petId: shop.puppy.id, quantity: 1, status: 'available' } },
        { type: 'sale.refunded', data: refund },
      ]);
      const after = await t.ok('sales.get', { saleId: sale.id });
      expect(after).toMatchObject({ status: 'completed', refunded: 19571 });
      expect(after.lines.map((line) => line.returned)).toEqual([1, 0, 0]);
      expect(await t.ok('refunds.get', { saleId: sale.id, refundId: refund.id })).toEqual(refund);
    });

    test('S17: without restock: money only, the stock stays; unit by unit the refunds add up to the line exactly', async () => {
      const sale = await sell(basket());
      const kibble = sale.lines[1];
      const one = { lines: [{ orderId: kibble.orderId }], restock: false };
      const first = await t.ok('refunds.create', { saleId: sale.id, refund: { ...one, payments: [{ method: 'card', amount: 1223 }] } });
      const second = await t.ok('refunds.create', { saleId: sale.id, refund: { ...one, payments: [{ method: 'cash', amount: 1222 }] } });
      expect([first.amount, second.amount]).toEqual([1223, 1222]);
      expect(first.net + second.net).toBe(kibble.net);
      expect(first.tax + second.tax).toBe(kibble.tax);
      expect(await standing(t, shop.kibble.id)).toEqual({ status: 'available', stock: 8 });
      expect((await t.ok('sales.get', { saleId: sale.id })).refunded).toBe(kibble.total);
      expect((await t.ok('refunds.list', { saleId: sale.id })).items).toEqual([first, second]);
    });

    test('a pet deleted since: the money comes back, and with restock there is no stock to return to', async () => {
      const sale = await sell(basket());
      await t.ok('pets.delete', { petId: shop.collar.id });
      const mark = await lastEventId(t);
      const refund = await t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[2].orderId }], restock: true, payments: [{ method: 'cash', amount: 880 }] } });
      expect(refund).toMatchObject({ amount: 880, restock: true, lines: [{ petName: 'Collar' }] });
      expect((await appendedSince(t, mark)).map((event) => event.type)).toEqual(['sale.refunded']);
    });

    test('S18: more units than sold less those refunded before is REFUND_EXCEEDS_SOLD', async () => {
      const sale = await sell(basket());
      const orderId = sale.lines[1].orderId;
      expect((await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId, quantity: 3 }], restock: true } }, 'REFUND_EXCEEDS_SOLD')).details).toEqual([
        { path: 'lines.0.quantity', message: `Only 2 of 2 Kibble (order ${orderId}) can still be refunded; 3 asked` },
      ]);
      await t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId, quantity: 2 }], restock: true, payments: [{ method: 'cash', amount: 2445 }] } });
      await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId }], restock: true } }, 'REFUND_EXCEEDS_SOLD');
    });

    test('S19: a line not handed over yet is ORDER_OPEN; handed over, it refunds', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      const orderId = sale.lines[2].orderId;
      const refund = { lines: [{ orderId }], restock: true, payments: [{ method: 'cash', amount: 880 }] };
      expect((await expectRefused(t, 'refunds.create', { saleId: sale.id, refund }, 'ORDER_OPEN')).details?.[0].path).toBe('lines.0.orderId');
      await t.ok('orders.update', { orderId, changes: { complete: true } });
      expect((await t.ok('refunds.create', { saleId: sale.id, refund })).amount).toBe(880);
      expect((await t.ok('sales.get', { saleId: sale.id })).status).toBe('open');
    });

    test('S20: a cancelled sale is SALE_CANCELLED', async () => {
      const sale = await sell({ ...basket(), handover: 'later' });
      await t.ok('sales.cancel', { saleId: sale.id });
      await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 19571 }] } }, 'SALE_CANCELLED');
    });

    test('S21: payments that are not exactly the amount are REFUND_PAYMENTS_MISMATCH', async () => {
      const sale = await sell(basket());
      const lines = [{ orderId: sale.lines[2].orderId }];
      for (const payments of [[], [{ method: 'cash', amount: 879 }], [{ method: 'card', amount: 800 }, { method: 'cash', amount: 81 }]]) {
        const refused = await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines, restock: false, payments } }, 'REFUND_PAYMENTS_MISMATCH');
        expect(refused.details?.[0].path).toBe('payments');
      }
    });

    test("S22: an order that is no line of the sale is REFERENCE_NOT_FOUND naming it", async () => {
      const sale = await sell(basket());
      const other = await t.ok('orders.place', { petId: shop.kibble.id });
      const refused = await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: other.id! }], restock: true } }, 'REFERENCE_NOT_FOUND');
      expect(refused.details).toEqual([{ path: 'lines.0.orderId', message: `Order ${other.id} is no line of sale 1` }]);
    });

    test('everything refunded, unit by unit, returns exactly paid − change, and then nothing more', async () => {
      const sale = await sell({ ...basket(), payments: [{ method: 'cash', amount: 50000 }] });
      for (const line of sale.lines) {
        for (let unit = 0; unit < line.quantity; unit++) {
          const { total } = refundShare(line, unit, 1);
          await t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: line.orderId }], restock: false, payments: [{ method: 'cash', amount: total }] } });
        }
      }
      const after = await t.ok('sales.get', { saleId: sale.id });
      expect(after.refunded).toBe(after.paid - after.change);
      expect(after.refunded).toBe(sale.total);
      await expectRefused(t, 'refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: false } }, 'REFUND_EXCEEDS_SOLD');
    });
  });

});

// SQLite only: a backup and its restore copy the database file itself (PostgreSQL's are its own tools).
describe('a restore', () => {
  let sqlite: TestStore;
  beforeEach(async () => {
    sqlite = openTestStore();
    await open(asEngineStore(sqlite));
  });
  afterEach(() => sqlite.close());

  test('brings back the sales, refunds and payments of the backup; numbers go on after the highest ever given', async () => {
    const first = await sell(basket());
    await t.ok('refunds.create', { saleId: first.id, refund: { lines: [{ orderId: first.lines[2].orderId }], restock: true, payments: [{ method: 'cash', amount: 880 }] } });
    const kept = await t.ok('sales.get', { saleId: first.id });
    const { file } = await createBackup(sqlite.store, join(sqlite.dir, 'after-sale-1.db'));
    await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'card', amount: 1249 }] });
    await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'card', amount: 1249 }] });

    await restoreBackup(sqlite.store, file);
    expect((await t.ok('sales.list', {})).items).toEqual([kept]);
    expect((await t.ok('refunds.list', { saleId: first.id })).items).toEqual([expect.objectContaining({ amount: 880 })]);
    // Receipts 2 and 3 were printed: the next sale is 4, never 2 again.
    expect((await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'card', amount: 1249 }] })).number).toBe(4);
  });

  // (Without keeping the highest number before replacing, the next sale was 2 here; into a fresh store it took 1 again and failed.)
  test('into a store that made fewer sales: numbers go on after the backup\'s', async () => {
    for (let n = 0; n < 3; n++) await sell({ lines: [{ petId: shop.kibble.id }], payments: [{ method: 'card', amount: 1249 }] });
    const { file } = await createBackup(sqlite.store, join(sqlite.dir, 'three-sales.db'));
    const other = openTestStore();
    try {
      await restoreBackup(other.store, file);
      const kibble = other.ok('pets.list', { q: 'kibble' }).items[0];
      expect(other.ok('sales.create', { lines: [{ petId: kibble.id }], payments: [{ method: 'card', amount: 1249 }] }).number).toBe(4);
    } finally {
      other.close();
    }
  });
});

describeOnEngines('the currency', (fresh) => {
  test('a sale holds amounts in the currency: it can no longer change', async () => {
    const store = await fresh();
    try {
      const toys = await store.ok('categories.create', { name: 'Toys' });
      const ball = await store.ok('pets.create', { name: 'Ball', categoryId: toys.id });
      await store.ok('sales.create', { lines: [{ petId: ball.id, unitPrice: 0 }] });
      expect(await store.fail('settings.update', { currency: 'USD' })).toMatchObject({ code: 'CURRENCY_IN_USE', message: expect.stringContaining('1 priced order, 1 sale') });
    } finally {
      await store.close();
    }
  });
});
