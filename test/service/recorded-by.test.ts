/**
 * Who recorded it (docs/decisions.md#who-recorded-it): a sale, a refund or cancel, every stock
 * movement and every order names the clerk and till of the call that made it (`runAs`, as the
 * transports run each call), as they were named then; outside any call, nobody. A restore, the
 * JSON export (its orders) and the sales CSV keep them. On both engines (the restore on SQLite).
 */
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runAs, type Actor } from '../../src-main/service/actor';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { contract } from '../../src-shared/contract';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import type { TestStore } from '../helpers/temp-store';
import { openStoreForRules } from './support/observe';
import { appendedSince, lastEventId } from './support/observe-engines';
import { asEngineStore } from './support/sqlite-engine-store';

const ANNA_AT_COUNTER: Actor = { clerk: { id: 7, name: 'Anna', role: 'clerk' }, till: { id: 3, name: 'Counter 2' } };
const OWNER_AT_DESK: Actor = { clerk: { id: 1, name: 'Olga', role: 'owner' }, till: null };
const anna = { clerk: { id: 7, name: 'Anna' }, till: { id: 3, name: 'Counter 2' } };
const olga = { clerk: { id: 1, name: 'Olga' }, till: null };
const nobody = { clerk: null, till: null };

let t: EngineStore;
let shop: Awaited<ReturnType<typeof seed>>;

async function seed() {
  const dogs = await t.ok('categories.create', { name: 'Dogs' });
  const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 5000 });
  await t.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  return { dogs, rex };
}

const movementsOf = async (petId: number) => (await t.ok('inventory.movements', { petId, limit: 500 })).items;
const byOf = (record: { clerk?: unknown; till?: unknown }) => ({ clerk: record.clerk, till: record.till });
const sellRex = async (handover: 'now' | 'later' = 'now') =>
  await t.ok('sales.create', { lines: [{ petId: shop.rex.id }], payments: [{ method: 'cash', amount: 5000 }], handover });

describeOnEngines('who recorded it', (fresh) => {
  beforeEach(async () => {
    t = await fresh();
    shop = await seed();
  });
  afterEach(async () => t.close());

  describe('each record names the clerk and till of its call', () => {
    test('a sale, its order and movement, and its event name the clerk at the till', async () => {
      const mark = await lastEventId(t);
      const sale = await runAs(ANNA_AT_COUNTER, () => sellRex());
      expect(byOf(sale)).toEqual(anna);
      expect(contract['sales.get'].output.safeParse(sale).success).toBe(true);
      expect(byOf(await t.ok('sales.get', { saleId: sale.id }))).toEqual(anna);
      expect(byOf((await t.ok('sales.list', {})).items[0])).toEqual(anna);
      expect(byOf(await t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(anna);
      expect(byOf((await movementsOf(shop.rex.id))[0])).toEqual(anna);
      const events = await appendedSince(t, mark);
      expect(events.find((event) => event.type === 'sale.created')?.data).toEqual(sale);
      expect(byOf(events.find((event) => event.type === 'order.placed')!.data)).toEqual(anna);
    });

    test('a refund names who refunded it; the sale keeps who sold it', async () => {
      const sale = await runAs(ANNA_AT_COUNTER, () => sellRex());
      const refund = await runAs(OWNER_AT_DESK, () =>
        t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 5000 }] } }),
      );
      expect(byOf(refund)).toEqual(olga);
      expect(byOf(await t.ok('refunds.get', { saleId: sale.id, refundId: refund.id }))).toEqual(olga);
      expect(byOf((await t.ok('refunds.list', { saleId: sale.id })).items[0])).toEqual(olga);
      const [returned] = await movementsOf(shop.rex.id);
      expect(returned).toMatchObject({ reason: 'returned', ...olga });
      expect(byOf(await t.ok('sales.get', { saleId: sale.id }))).toEqual(anna);
    });

    test('a cancel names who cancelled in its refund and movements; the orders keep who placed them', async () => {
      const sale = await runAs(ANNA_AT_COUNTER, () => sellRex('later'));
      const cancelled = await runAs(OWNER_AT_DESK, () => t.ok('sales.cancel', { saleId: sale.id }));
      expect(byOf(cancelled)).toEqual(anna);
      const [refund] = (await t.ok('refunds.list', { saleId: sale.id })).items;
      expect(refund).toMatchObject({ kind: 'cancel', ...olga });
      expect((await movementsOf(shop.rex.id))[0]).toMatchObject({ reason: 'cancelled', ...olga });
      expect(await t.ok('orders.get', { orderId: sale.lines[0].orderId })).toMatchObject({ status: 'cancelled', ...anna });
    });

    test('every cause of a movement: a count, an adjustment, an order, its cancel, a new pet, an import', async () => {
      const { rex, dogs } = shop;
      await runAs(ANNA_AT_COUNTER, async () => {
        await t.ok('inventory.set', { petId: rex.id, update: { quantity: 8 } });
        await t.ok('inventory.adjust', { petId: rex.id, adjustment: { delta: -1, reason: 'died' } });
        const order = await t.ok('orders.place', { petId: rex.id, quantity: 2 });
        expect(byOf(order)).toEqual(anna);
        await t.ok('orders.cancel', { orderId: order.id! });
        await t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
      });
      await runAs(OWNER_AT_DESK, () => t.ok('data.import', { format: 'csv', content: 'name,category,stock\nCid,Dogs,4\n' }));

      const reasons = (await movementsOf(rex.id)).map((movement) => ({ reason: movement.reason, ...byOf(movement) }));
      expect(reasons).toEqual([
        { reason: 'cancelled', ...anna },
        { reason: 'order', ...anna },
        { reason: 'died', ...anna },
        { reason: 'received', ...anna },
        { reason: 'received', ...nobody }, // the seed's count, made outside any call
        { reason: 'opening', ...nobody },
      ]);
      const [bella, cid] = await Promise.all(['Bella', 'Cid'].map(async (name) => (await t.ok('pets.list', { q: name })).items[0]));
      expect(await movementsOf(bella.id)).toEqual([expect.objectContaining({ reason: 'opening', ...anna })]);
      expect(await movementsOf(cid.id)).toEqual([expect.objectContaining({ reason: 'opening', ...olga })]);
    });

    test('outside any call (the command line, the owner with logins off) every record names nobody', async () => {
      const sale = await sellRex();
      expect(byOf(sale)).toEqual(nobody);
      expect(byOf(await t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(nobody);
      expect((await movementsOf(shop.rex.id)).map(byOf)).toEqual([nobody, nobody, nobody]);
    });
  });

  describe('the records keep who made them', () => {
    test('the sales CSV names each sale\'s clerk and till on its lines, empty where nobody is named', async () => {
      await runAs(ANNA_AT_COUNTER, () => sellRex());
      await runAs(OWNER_AT_DESK, () => sellRex());
      await sellRex();
      const rows = Papa.parse<Record<string, string>>((await t.ok('data.export', { format: 'csv', resource: 'sales' })).content, { header: true, skipEmptyLines: true }).data;
      expect(rows.map(({ receipt, clerk, till }) => [receipt, clerk, till])).toEqual([
        ['1', 'Anna', 'Counter 2'],
        ['2', 'Olga', ''],
        ['3', '', ''],
      ]);
    });

    test("the whole store's JSON export names who placed each order", async () => {
      await runAs(ANNA_AT_COUNTER, () => t.ok('orders.place', { petId: shop.rex.id }));
      await t.ok('orders.place', { petId: shop.rex.id });
      const { orders } = JSON.parse((await t.ok('data.export', { format: 'json' })).content) as { orders: unknown[] };
      expect(orders.map((order) => byOf(order as object))).toEqual([anna, nobody]);
    });
  });
});

// A backup and its restore copy the SQLite file (PostgreSQL backs up with its own tools).
describe('a restore keeps who made each record (SQLite)', () => {
  let sqlite: TestStore;
  beforeEach(async () => {
    sqlite = openStoreForRules();
    t = asEngineStore(sqlite);
    shop = await seed();
  });
  afterEach(() => sqlite.close());

  test('a restore brings back each record with its clerk and till', async () => {
    const sale = await runAs(ANNA_AT_COUNTER, () => sellRex());
    await runAs(OWNER_AT_DESK, () =>
      t.ok('refunds.create', { saleId: sale.id, refund: { lines: [{ orderId: sale.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 5000 }] } }),
    );
    const { file } = await createBackup(sqlite.store, join(sqlite.dir, 'with-clerks.db'));
    await sellRex(); // made after the backup: gone with the restore
    await restoreBackup(sqlite.store, file);

    expect((await t.ok('sales.list', {})).items.map(byOf)).toEqual([anna]);
    expect(byOf((await t.ok('refunds.list', { saleId: sale.id })).items[0])).toEqual(olga);
    expect(byOf(await t.ok('orders.get', { orderId: sale.lines[0].orderId }))).toEqual(anna);
    expect((await movementsOf(shop.rex.id)).slice(0, 2).map(byOf)).toEqual([olga, anna]);
  });
});
