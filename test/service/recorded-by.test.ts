/**
 * Who recorded it (docs/decisions.md#who-recorded-it): a sale, a refund or cancel, every stock
 * movement and every order names the clerk and till of the call that made it (`runAs`, as the
 * transports run each call), as they were named then; outside any call, nobody. A restore, the
 * JSON export (its orders) and the sales CSV keep them. On a real store.
 */
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runAs, type Actor } from '../../src-main/service/actor';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { contract } from '../../src-shared/contract';
import type { TestStore } from '../helpers/temp-store';
import { appendedSince, lastEventId, openStoreForRules } from './support/observe';

const ANNA_AT_COUNTER: Actor = { clerk: { id: 7, name: 'Anna', role: 'clerk' }, till: { id: 3, name: 'Counter 2' } };
const OWNER_AT_DESK: Actor = { clerk: { id: 1, name: 'Olga', role: 'owner' }, till: null };
const anna = { clerk: { id: 7, name: 'Anna' }, till: { id: 3, name: 'Counter 2' } };
const olga = { clerk: { id: 1, name: 'Olga' }, till: null };
const nobody = { clerk: null, till: null };

let t: TestStore;
let shop: ReturnType<typeof seed>;
beforeEach(() => {
  t = openStoreForRules();
  shop = seed();
});
afterEach(() => t.close());

function seed() {
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 5000 });
  t.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  return { dogs, rex };
}

const movementsOf = (petId: number) => t.ok('inventory.movements', { petId, limit: 500 }).items;
const byOf = (record: { clerk?: unknown; till?: unknown }) => ({ clerk: record.clerk, till: record.till });
const sellRex = (handover: 'now' | 'later' = 'now') =>
  t.ok('sales.create', { lines: [{ petId: shop.rex.id }], payments: [{ method: 'cash', amount: 5000 }], handover });

describe('each record names the clerk and till of its call', () => {
  test('a sale, its order and movement, and its event name the clerk at the till', () => {
    const mark = lastEventId(t);
    const sale = runAs(ANNA_AT_COUNTER, () => sellRex());
    expect(byOf(sale)).toEqual(anna);
    expect(contract['sales.get'].output.safeParse(sale).success).toBe(true);
    expect(byOf(t.ok('sales.get', { saleId: sale.id }))).toEqual(anna);
    expect(byOf(t.ok('sales.list', {}).items[0])).toEqual(anna);
    expect(byOf(t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(anna);
    expect(byOf(movementsOf(shop.rex.id)[0])).toEqual(anna);
    const events = appendedSince(t, mark);
    expect(events.find((event) => event.type === 'sale.created')?.data).toEqual(sale);
    expect(byOf(events.find((event) => event.type === 'order.placed')!.data)).toEqual(anna);
  });

  test('a refund names who refunded it; the sale keeps who sold it', () => {
    const sale = runAs(ANNA_AT_COUNTER, () => sellRex());
    const refund = runAs(OWNER_AT_DESK, () =>
      t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 5000 }] } }),
    );
    expect(byOf(refund)).toEqual(olga);
    expect(byOf(t.ok('refunds.get', { saleId: sale.id, refundId: refund.id }))).toEqual(olga);
    expect(byOf(t.ok('refunds.list', { saleId: sale.id }).items[0])).toEqual(olga);
    const [returned] = movementsOf(shop.rex.id);
    expect(returned).toMatchObject({ reason: 'returned', ...olga });
    expect(byOf(t.ok('sales.get', { saleId: sale.id }))).toEqual(anna);
  });

  test('a cancel names who cancelled in its refund and movements; the orders keep who placed them', () => {
    const sale = runAs(ANNA_AT_COUNTER, () => sellRex('later'));
    const cancelled = runAs(OWNER_AT_DESK, () => t.ok('sales.cancel', { saleId: sale.id }));
    expect(byOf(cancelled)).toEqual(anna);
    const [refund] = t.ok('refunds.list', { saleId: sale.id }).items;
    expect(refund).toMatchObject({ kind: 'cancel', ...olga });
    expect(movementsOf(shop.rex.id)[0]).toMatchObject({ reason: 'cancelled', ...olga });
    expect(t.ok('orders.get', { orderId: sale.lines[0].orderId })).toMatchObject({ status: 'cancelled', ...anna });
  });

  test('every cause of a movement: a count, an adjustment, an order, its cancel, a new pet, an import', () => {
    const { rex, dogs } = shop;
    runAs(ANNA_AT_COUNTER, () => {
      t.ok('inventory.set', { petId: rex.id, update: { quantity: 8 } });
      t.ok('inventory.adjust', { petId: rex.id, adjustment: { delta: -1, reason: 'died' } });
      const order = t.ok('orders.place', { petId: rex.id, quantity: 2 });
      expect(byOf(order)).toEqual(anna);
      t.ok('orders.cancel', { orderId: order.id! });
      t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
    });
    runAs(OWNER_AT_DESK, () => t.ok('data.import', { format: 'csv', content: 'name,category,stock\nCid,Dogs,4\n' }));

    const reasons = movementsOf(rex.id).map((movement) => ({ reason: movement.reason, ...byOf(movement) }));
    expect(reasons).toEqual([
      { reason: 'cancelled', ...anna },
      { reason: 'order', ...anna },
      { reason: 'died', ...anna },
      { reason: 'received', ...anna },
      { reason: 'received', ...nobody }, // the seed's count, made outside any call
      { reason: 'opening', ...nobody },
    ]);
    const [bella, cid] = ['Bella', 'Cid'].map((name) => t.ok('pets.list', { q: name }).items[0]);
    expect(movementsOf(bella.id)).toEqual([expect.objectContaining({ reason: 'opening', ...anna })]);
    expect(movementsOf(cid.id)).toEqual([expect.objectContaining({ reason: 'opening', ...olga })]);
  });

  test('outside any call (the command line, the owner with logins off) every record names nobody', () => {
    const sale = sellRex();
    expect(byOf(sale)).toEqual(nobody);
    expect(byOf(t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(nobody);
    expect(movementsOf(shop.rex.id).map(byOf)).toEqual([nobody, nobody, nobody]);
  });
});

describe('the records keep who made them', () => {
  test('a restore brings back each record with its clerk and till', async () => {
    const sale = runAs(ANNA_AT_COUNTER, () => sellRex());
    runAs(OWNER_AT_DESK, () =>
      t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 5000 }] } }),
    );
    const { file } = await createBackup(t.store, join(t.dir, 'with-clerks.db'));
    sellRex(); // made after the backup: gone with the restore
    await restoreBackup(t.store, file);

    expect(t.ok('sales.list', {}).items.map(byOf)).toEqual([anna]);
    expect(byOf(t.ok('refunds.list', { saleId: sale.id }).items[0])).toEqual(olga);
    expect(byOf(t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(anna);
    expect(movementsOf(shop.rex.id).slice(0, 2).map(byOf)).toEqual([olga, anna]);
  });

  test('the sales CSV names each sale\'s clerk and till on its lines, empty where nobody is named', () => {
    runAs(ANNA_AT_COUNTER, () => sellRex());
    runAs(OWNER_AT_DESK, () => sellRex());
    sellRex();
    const rows = Papa.parse<Record<string, string>>(t.ok('data.export', { format: 'csv', resource: 'sales' }).content, { header: true, skipEmptyLines: true }).data;
    expect(rows.map(({ receipt, clerk, till }) => [receipt, clerk, till])).toEqual([
      ['1', 'Anna', 'Counter 2'],
      ['2', 'Olga', ''],
      ['3', '', ''],
    ]);
  });

  test("the whole store's JSON export names who placed each order", () => {
    runAs(ANNA_AT_COUNTER, () => t.ok('orders.place', { petId: shop.rex.id }));
    t.ok('orders.place', { petId: shop.rex.id });
    const { orders } = JSON.parse(t.ok('data.export', { format: 'json' }).content) as { orders: unknown[] };
    expect(orders.map((order) => byOf(order as object))).toEqual([anna, nobody]);
  });
});
