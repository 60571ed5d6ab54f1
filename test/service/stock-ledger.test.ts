/**
 * The stock ledger through the service, as IPC calls it: each change of stock writes one movement
 * with its reason (docs/states.md#the-stock-ledger), the order or the clerk's note; no change writes
 * none; `inventory.movements` lists them newest first and pages; a deleted pet's ledger is kept in
 * the store but answers 404. Random sequences are in stock-ledger.property.test.ts.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { StockMovement } from '../../src-shared/schemas/movement';
import { openStore } from '../../src-main/service/store';
import { invokeOperation } from '../../src-main/service/invoke';
import { startPetstore } from '../helpers/cli-in-process';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, tempDir } from '../helpers/temp-store';
import { expectRefused, shop as makeShop } from './support/observe-engines';
import { postgresRows } from './support/postgres-rows';

describeOnEngines('the stock ledger', (fresh) => {
  let t: EngineStore;
  let shop: Awaited<ReturnType<typeof makeShop>>;
  beforeEach(async () => {
    t = await fresh();
    shop = await makeShop(t);
  });
  afterEach(() => t.close());

  /** A pet's movements, oldest first, without ids and times (checked once, in the first test); made outside any clerk's call, they name nobody. */
  const ledgerOf = async (petId: number) =>
    (await t.ok('inventory.movements', { petId, limit: 500 }))
      .items.reverse()
      .map(({ id: _id, at: _at, clerk, till, ...movement }) => {
        expect({ clerk, till }).toEqual({ clerk: null, till: null });
        return movement;
      });

  describe('each change of stock writes one movement with its reason', () => {
    test('a new pet, orders placed, fulfilled and cancelled, counts and adjustments, a status set by hand', async () => {
      const id = (await t.ok('pets.create', { name: 'Rex', categoryId: shop.dogs.id })).id;
      const placed = (await t.ok('orders.place', { petId: id })).id!; // 1 → 0
      await t.ok('orders.cancel', { orderId: placed }); // 0 → 1
      await t.ok('inventory.set', { petId: id, update: { quantity: 5 } }); // a rise: received
      await t.ok('inventory.set', { petId: id, update: { quantity: 4 } }); // a fall: correction
      await t.ok('inventory.set', { petId: id, update: { quantity: 3, reason: 'lost', note: '  Ran off at the fair\n' } });
      const fulfilled = (await t.ok('orders.place', { petId: id, quantity: 2 })).id!; // 3 → 1
      await t.ok('orders.update', { orderId: fulfilled, changes: { complete: true } }); // no change of stock
      await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 4, reason: 'received', note: 'Delivery 118' } }); // 1 → 5
      await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -1, reason: 'died' } }); // 5 → 4
      await t.ok('pets.update', { petId: id, changes: { status: 'sold' } }); // 4 → 0: a correction
      await t.ok('pets.update', { petId: id, changes: { status: 'available' } }); // 0 → 1: one animal restocked, a correction

      const movements = await t.ok('inventory.movements', { petId: id, limit: 500 });
      expect(movements.total).toBe(11);
      // Newest first, ids decreasing, times in the store's one form and never going back.
      const ids = movements.items.map((m: StockMovement) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const times = movements.items.map((m: StockMovement) => m.at);
      expect(times.every((at: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at))).toBe(true);
      expect(times).toEqual([...times].sort().reverse());
      expect(await ledgerOf(id)).toEqual([
        { delta: 1, quantityAfter: 1, reason: 'opening' },
        { delta: -1, quantityAfter: 0, reason: 'order', orderId: placed },
        { delta: 1, quantityAfter: 1, reason: 'cancelled', orderId: placed },
        { delta: 4, quantityAfter: 5, reason: 'received' },
        { delta: -1, quantityAfter: 4, reason: 'correction' },
        { delta: -1, quantityAfter: 3, reason: 'lost', note: 'Ran off at the fair' },
        { delta: -2, quantityAfter: 1, reason: 'order', orderId: fulfilled },
        { delta: 4, quantityAfter: 5, reason: 'received', note: 'Delivery 118' },
        { delta: -1, quantityAfter: 4, reason: 'died' },
        { delta: -4, quantityAfter: 0, reason: 'correction' },
        { delta: 1, quantityAfter: 1, reason: 'correction' },
      ]);
    });

    test('a pet created without stock has no movement; imported pets open with the stock they bring', async () => {
      const pending = await shop.created('pending');
      expect(await ledgerOf(pending)).toEqual([]);
      await t.ok('data.import', { format: 'csv', content: 'name,category,status,stock\nAna,Dogs,available,\nBen,Dogs,available,4\nCid,Dogs,pending,\n' });
      const [ana, ben, cid] = (await t.ok('pets.list', { q: '', limit: 500 })).items.filter((p) => ['Ana', 'Ben', 'Cid'].includes(p.name));
      expect(await ledgerOf(ana.id)).toEqual([{ delta: 1, quantityAfter: 1, reason: 'opening' }]);
      expect(await ledgerOf(ben.id)).toEqual([{ delta: 4, quantityAfter: 4, reason: 'opening' }]);
      expect(await ledgerOf(cid.id)).toEqual([]);
    });

    test('no change of stock, no movement: the same count, a hold, a fulfilment, a cancel at the maximum', async () => {
      const id = await shop.available(3);
      const before = await ledgerOf(id);
      await t.ok('inventory.set', { petId: id, update: { quantity: 3, reason: 'correction', note: 'Counted again' } });
      await t.ok('pets.update', { petId: id, changes: { status: 'pending' } }); // a hold
      await t.ok('pets.update', { petId: id, changes: { status: 'available' } });
      await t.ok('orders.update', { orderId: await shop.order(id), changes: { complete: true } });
      expect(await ledgerOf(id)).toEqual([...before, { delta: -1, quantityAfter: 2, reason: 'order', orderId: expect.any(Number) }]);

      const full = await shop.available(10);
      const orderId = await shop.order(full, 5);
      await t.ok('inventory.set', { petId: full, update: { quantity: 1_000_000 } });
      const beforeCancel = await ledgerOf(full);
      await t.ok('orders.cancel', { orderId }); // nothing to give back: the stock is at its maximum (T23)
      expect(await ledgerOf(full)).toEqual(beforeCancel);
    });

    test('a note is trimmed and an empty one is none; a long one or one with control characters is refused', async () => {
      const id = await shop.available(3);
      await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received', note: '   ' } });
      expect((await ledgerOf(id)).at(-1)).toEqual({ delta: 1, quantityAfter: 4, reason: 'received' });
      const long = await expectRefused(t, 'inventory.set', { petId: id, update: { quantity: 5, note: 'x'.repeat(501) } }, 'VALIDATION_FAILED');
      expect(long.details).toEqual([{ path: 'update.note', message: 'Must be at most 500 characters' }]);
      await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received', note: 'bell\u0007' } }, 'VALIDATION_FAILED');
      await t.ok('inventory.set', { petId: id, update: { quantity: 5, note: `${'x'.repeat(498)}\ty` } }); // 500, a tab among them
      expect((await ledgerOf(id)).at(-1)?.note).toHaveLength(500);
    });
  });

  describe('adjustments', () => {
    test('a reason must fit the delta: received adds, lost and died take away, correction either way', async () => {
      const id = await shop.available(5);
      for (const [delta, reason] of [[-1, 'received'], [1, 'lost'], [2, 'died']] as const) {
        const error = await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta, reason } }, 'VALIDATION_FAILED');
        expect(error.details).toEqual([{ path: 'adjustment.reason', message: 'Must fit the delta: received adds units, lost and died take them away (correction goes either way)' }]);
      }
      expect((await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 2, reason: 'correction' } })).quantity).toBe(7);
      expect((await t.ok('inventory.adjust', { petId: id, adjustment: { delta: -3, reason: 'correction' } })).quantity).toBe(4);
      // A delta of 0 is one message, not two.
      const zero = await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta: 0, reason: 'lost' } }, 'VALIDATION_FAILED');
      expect(zero.details).toEqual([{ path: 'adjustment.delta', message: 'Must not be 0' }]);
      await expectRefused(t, 'inventory.adjust', { petId: id, adjustment: { delta: 1 } }, 'VALIDATION_FAILED'); // the reason is required
    });
  });

  describe('listing a pet\'s movements', () => {
    test('pages newest first with a cursor that belongs to its pet; the total counts them all', async () => {
      const id = await shop.available(1);
      const other = await shop.available(1);
      for (let i = 0; i < 6; i++) await t.ok('inventory.adjust', { petId: id, adjustment: { delta: 1, reason: 'received' } });
      const first = await t.ok('inventory.movements', { petId: id, limit: 4 });
      expect(first.items.map((m: StockMovement) => m.quantityAfter)).toEqual([7, 6, 5, 4]);
      expect(first.total).toBe(7);
      const second = await t.ok('inventory.movements', { petId: id, limit: 4, cursor: first.nextCursor! });
      expect(second.items.map((m: StockMovement) => m.quantityAfter)).toEqual([3, 2, 1]);
      expect(second).toMatchObject({ total: 7, nextCursor: null });
      const foreign = await t.fail('inventory.movements', { petId: other, cursor: first.nextCursor! });
      expect(foreign).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'cursor' }] });
    });

    test('a pet that does not exist, or no longer does, is NOT_FOUND; a deleted pet\'s movements stay in the store', async () => {
      expect(await t.fail('inventory.movements', { petId: 4242 })).toMatchObject({ code: 'NOT_FOUND', message: 'Pet 4242 does not exist' });
      const id = await shop.available(3);
      await t.ok('pets.delete', { petId: id });
      expect((await t.fail('inventory.movements', { petId: id })).code).toBe('NOT_FOUND');
      // The rows beneath the service: read from PostgreSQL here, from the file in the SQLite-only test below.
      if (t.postgresUrl) expect(await postgresRows(t.postgresUrl, 'SELECT reason, delta::int AS delta FROM stock_movements WHERE pet_id = $1 ORDER BY id', [id])).toEqual(KEPT);
    });
  });
});

const KEPT = [
  { reason: 'opening', delta: 1 },
  { reason: 'received', delta: 2 },
];

// SQLite only: reads the ledger's rows from the database file itself.
test("a deleted pet's movements stay in the SQLite file", () => {
  const t = openTestStore();
  try {
    const dogs = t.ok('categories.create', { name: 'Dogs' });
    const id = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id }).id;
    t.ok('inventory.set', { petId: id, update: { quantity: 3 } });
    t.ok('pets.delete', { petId: id });
    expect(t.store.db.prepare('SELECT reason, delta FROM stock_movements WHERE pet_id = ? ORDER BY id').all(id)).toEqual(KEPT);
  } finally {
    t.close();
  }
});

// SQLite only: the CLI's seed writes a SQLite file, read back with SQL of its own.
test("the CLI's seed opens the stock of every pet it makes", async () => {
  const { dir, cleanup } = tempDir();
  try {
    const file = join(dir, 'seeded.db');
    const seeded = await startPetstore(['seed', '--db', file, '--pets', '20']).done;
    expect(seeded.code, seeded.stderr).toBe(0);
    const store = openStore(file);
    try {
      const gaps = store.db
        .prepare(
          `SELECT i.pet_id FROM inventory i LEFT JOIN stock_movements m ON m.pet_id = i.pet_id
           GROUP BY i.pet_id HAVING i.quantity <> coalesce(sum(m.delta), 0)`,
        )
        .all();
      expect(gaps).toEqual([]);
      const reasons = store.db.prepare('SELECT DISTINCT reason FROM stock_movements').pluck().all();
      expect(reasons).toEqual(['opening']);
      const result = invokeOperation(store.handlers, 'inventory.movements', { petId: 1 });
      expect(result).toMatchObject({ ok: true, data: { total: 1 } });
    } finally {
      store.close();
    }
  } finally {
    cleanup();
  }
});
