/**
 * A process killed mid-write loses nothing it acknowledged and leaves nothing half done: a child
 * places orders and makes sales (two lines, handed over now, paid in cash) in turn, and prints each
 * acknowledged one; it is SIGKILLed at a random moment, twenty times over on the same file. After
 * each kill the file is reopened and checked: every printed order exists, every printed sale is
 * whole (its lines, orders, payment and movements), every sale in the file is whole, stock and
 * orders agree (no transaction half applied), receipt numbers have no gaps, the change log agrees
 * with all of it, and SQLite's integrity check passes.
 * On PostgreSQL: postgres-crash.test.ts (a selling process, and `petstore serve` over HTTP).
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src-main/service/store';
import { invokeOperation } from '../../src-main/service/invoke';
import { tempDir } from '../helpers/temp-store';
import { fixture, killAll, spawnTs } from './support/child';

const INITIAL_STOCK = 1_000_000;
const RUNS = 20;

const { dir, cleanup } = tempDir('petstore-crash-');
const file = join(dir, 'store.db');
let petId: number;
/** A priced pet, the second line of every sale. */
let pricedPetId: number;

/** A sale the child acknowledged: its id, receipt number and lines (order id, quantity). */
interface AcknowledgedSale {
  id: number;
  number: number;
  lines: [number, number][];
}

beforeAll(() => {
  const store = openStore(file);
  try {
    const ok = <T>(result: ReturnType<typeof invokeOperation>) => {
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      return result.data as T;
    };
    const category = ok<{ id: number }>(invokeOperation(store.handlers, 'categories.create', { name: 'Fish' }));
    const pet = ok<{ id: number }>(invokeOperation(store.handlers, 'pets.create', { name: 'Neon tetra', categoryId: category.id }));
    ok(invokeOperation(store.handlers, 'inventory.set', { petId: pet.id, update: { quantity: INITIAL_STOCK } }));
    petId = pet.id;
    const priced = ok<{ id: number }>(invokeOperation(store.handlers, 'pets.create', { name: 'Guppy', categoryId: category.id, price: 250 }));
    ok(invokeOperation(store.handlers, 'inventory.set', { petId: priced.id, update: { quantity: INITIAL_STOCK } }));
    pricedPetId = priced.id;
  } finally {
    store.close();
  }
});
afterEach(killAll);
afterAll(cleanup);

const randomBetween = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** Reads the file the way a fresh app start would (openStore recovers the WAL) and checks it. */
function checkAfterCrash(acknowledged: Map<number, number>, sales: Map<number, AcknowledgedSale>, run: number) {
  const store = openStore(file);
  try {
    const call = (name: string, input: unknown) => invokeOperation(store.handlers, name, input);

    // Every order the killed process acknowledged was committed, exactly as acknowledged.
    for (const [id, quantity] of acknowledged) {
      const result = call('orders.get', { orderId: id });
      expect(result, `run ${run}: acknowledged order ${id}`).toEqual({
        ok: true,
        data: expect.objectContaining({ id, petId, quantity, complete: false }),
      });
    }

    // Every sale it acknowledged is there as acknowledged, handed over, paid.
    for (const [id, sale] of sales) {
      const result = call('sales.get', { saleId: id });
      expect(result.ok, `run ${run}: acknowledged sale ${id}`).toBe(true);
      const read = (result as { data: { number: number; status: string; lines: { orderId: number; quantity: number }[]; payments: unknown } }).data;
      expect(read, `run ${run}: sale ${id}`).toMatchObject({ number: sale.number, status: 'completed', payments: [{ method: 'cash', amount: 100_000 }] });
      expect(read.lines.map((line) => [line.orderId, line.quantity])).toEqual(sale.lines);
      for (const [orderId] of sale.lines) expect(call('orders.get', { orderId })).toMatchObject({ ok: true, data: { saleId: id, status: 'complete' } });
    }

    // Every sale in the file is whole, acknowledged or not: two lines, two orders of it, a payment,
    // a movement per line; paid covers the total; receipt numbers 1..n.
    const db = store.db;
    const broken = db
      .prepare(
        `SELECT s.id FROM sales s WHERE
           (SELECT count(*) FROM sale_lines l WHERE l.sale_id = s.id) <> 2
           OR (SELECT count(*) FROM orders o WHERE o.sale_id = s.id AND o.status = 'complete') <> 2
           OR (SELECT count(*) FROM sale_payments p WHERE p.sale_id = s.id) <> 1
           OR (SELECT count(*) FROM stock_movements m WHERE m.sale_id = s.id AND m.reason = 'order') <> 2
           OR s.total <> (SELECT sum(total) FROM sale_lines l WHERE l.sale_id = s.id) OR s.paid - s.change_given <> s.total`,
      )
      .all();
    expect(broken, `run ${run}: sales not whole`).toEqual([]);
    const numbers = db.prepare('SELECT count(*) AS n, coalesce(max(number), 0) AS last FROM sales').get() as { n: number; last: number };
    expect(numbers.last, `run ${run}: receipt numbers`).toBe(numbers.n);

    // Stock and orders agree, pet by pet: whatever was taken is on an order, and nothing more.
    const { count, maxId } = db.prepare('SELECT count(*) AS count, coalesce(max(id), 0) AS maxId FROM orders').get() as { count: number; maxId: number };
    let quantity = 0;
    for (const pet of [petId, pricedPetId]) {
      const { reserved } = db.prepare('SELECT coalesce(sum(quantity), 0) AS reserved FROM orders WHERE pet_id = ?').get(pet) as { reserved: number };
      const stock = call('inventory.get', { petId: pet });
      expect(stock.ok).toBe(true);
      const held = (stock as { data: { quantity: number; status: string } }).data;
      expect(held.quantity + reserved, `run ${run}: pet ${pet}: stock ${held.quantity} + taken ${reserved}`).toBe(INITIAL_STOCK);
      expect(held.status).toBe('available');
      if (pet === petId) quantity = held.quantity;
    }
    // Order ids increase without holes (nothing is cancelled here): no order row was lost.
    expect(maxId).toBe(count);

    // The change log agrees too: one order.placed event per order, and the latest
    // inventory.updated event names the stock that is there.
    const placedEvents = (db.prepare("SELECT count(*) AS n FROM events WHERE type = 'order.placed'").get() as { n: number }).n;
    expect(placedEvents, `run ${run}: order.placed events`).toBe(count);
    const saleEvents = db.prepare("SELECT count(*) FROM events WHERE type = 'sale.created'").pluck().get();
    expect(saleEvents, `run ${run}: sale.created events`).toBe(numbers.n);
    const lastStockEvent = db
      .prepare("SELECT data FROM events WHERE type = 'inventory.updated' AND json_extract(data, '$.petId') = ? ORDER BY id DESC LIMIT 1")
      .get(petId) as { data: string };
    expect(JSON.parse(lastStockEvent.data)).toMatchObject({ petId, quantity });

    expect(db.pragma('integrity_check', { simple: true }), `run ${run}: integrity_check`).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // What the child did, each order or sale once: orders on their own, and sales.
    const alone = db.prepare('SELECT count(*) FROM orders WHERE sale_id IS NULL').pluck().get() as number;
    return { done: alone + numbers.n, maxId };
  } finally {
    store.close();
  }
}

test(
  'twenty SIGKILLs at random moments while orders are placed and sales made lose nothing acknowledged and leave the file consistent',
  async () => {
    const everAcknowledged = new Map<number, number>();
    const everSold = new Map<number, AcknowledgedSale>();
    let previousDone = 0;
    let previousMaxId = 0;
    const perRun: { done: number; acknowledged: number }[] = [];

    for (let run = 1; run <= RUNS; run++) {
      const child = spawnTs(fixture('concurrency/fixtures/order-loop.ts'), [file, String(petId), String(pricedPetId)]);
      await child.waitForLine(/^ready$/);
      // Killed at a random moment once orders flow: after the first acknowledgement (a loaded
      // machine may take longer than a fixed delay to place it), then 0–270 ms on.
      await child.waitForLine(/^\d+ \d+$/);
      await new Promise((resolve) => setTimeout(resolve, randomBetween(0, 270)));
      child.child.kill('SIGKILL');
      const exit = await child.exited;
      expect(exit, `run ${run}: the child was still ordering when killed\n${child.stderr}`).toEqual({ code: null, signal: 'SIGKILL' });
      expect(child.lines.filter((line) => line.startsWith('error')), `run ${run}`).toEqual([]);

      const acknowledged = new Map<number, number>();
      let sold = 0;
      for (const line of child.lines.slice(1)) {
        if (line.startsWith('sale ')) {
          const [id, number, ...lines] = line.split(' ').slice(1);
          everSold.set(Number(id), { id: Number(id), number: Number(number), lines: lines.map((part) => part.split(':').map(Number) as [number, number]) });
          sold++;
          continue;
        }
        const [id, quantity] = line.split(' ').map(Number);
        acknowledged.set(id, quantity);
        everAcknowledged.set(id, quantity);
      }
      // Each run with this file reopened it and carried on after what was there before.
      expect(Math.min(...acknowledged.keys())).toBeGreaterThan(previousMaxId);

      const { done, maxId } = checkAfterCrash(everAcknowledged, everSold, run);
      // At most one order or sale can be committed yet unacknowledged: the one in flight at the kill.
      const unacknowledged = done - previousDone - acknowledged.size - sold;
      expect(unacknowledged, `run ${run}: committed but unacknowledged`).toBeGreaterThanOrEqual(0);
      expect(unacknowledged).toBeLessThanOrEqual(1);
      perRun.push({ done: done - previousDone, acknowledged: acknowledged.size + sold });
      previousDone = done;
      previousMaxId = maxId;
    }

    // The kills really landed mid-stream: every run had acknowledged orders before it died, and sales were made.
    expect(perRun.every((run) => run.acknowledged > 0), JSON.stringify(perRun)).toBe(true);
    expect(everSold.size, 'sales acknowledged').toBeGreaterThan(RUNS);
    // And the file still opens with plain SQLite, outside the service, as consistent.
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      raw.close();
    }
  },
  90_000,
);
