/**
 * On PostgreSQL, a server process killed mid-write loses nothing it acknowledged and leaves nothing
 * half done: a child with its own store places orders and makes sales (two lines, handed over now,
 * paid in cash) in turn, printing each acknowledged one, and is SIGKILLed at a random moment, six
 * times over on one database. After each kill the checker (this process's store) finds every printed
 * order and sale as acknowledged, every sale whole (lines, orders, payment, movements), stock and
 * orders agreeing, receipt numbers 1..n and the change log agreeing; at the end it sells again.
 * The same for `petstore serve` killed while four HTTP clients place orders and make sales: every
 * one it answered 201 is there, whole.
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { fixture, killAll, spawnTs } from './support/child';
import { postgresEngineStore, type EngineStore } from '../helpers/engine-stores';
import { startServe } from '../rest/support/processes';

const INITIAL_STOCK = 1_000_000;
/** Each run costs a process start (about 3 s on a loaded machine): six kills keep the file near 25 s. */
const RUNS = 6;

/** A sale the child acknowledged: its receipt number and lines (order id, quantity). */
interface AcknowledgedSale {
  number: number;
  lines: [number, number][];
}

/** The write token the killed servers accept (PETSTORE_API_TOKEN), and how many clients call them at once. */
const SERVE_TOKEN = 'postgres-crash-preset-token';
const HTTP_CLIENTS = 4;

const randomBetween = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

describePostgres('SIGKILLs of a PostgreSQL server process while it sells', () => {
  const database = freshPostgresDatabase({ migrated: true });
  let store: PostgresStore;
  let t: EngineStore;
  let petId: number;
  /** A priced pet, the second line of every sale. */
  let pricedPetId: number;

  beforeAll(async () => {
    store = await openPostgresStore(database.url, { maxConnections: 2 });
    t = postgresEngineStore(store);
    const category = await t.ok('categories.create', { name: 'Fish' });
    petId = (await t.ok('pets.create', { name: 'Neon tetra', categoryId: category.id })).id;
    await t.ok('inventory.set', { petId, update: { quantity: INITIAL_STOCK } });
    pricedPetId = (await t.ok('pets.create', { name: 'Guppy', categoryId: category.id, price: 250 })).id;
    await t.ok('inventory.set', { petId: pricedPetId, update: { quantity: INITIAL_STOCK } });
  });
  afterEach(killAll);
  afterAll(async () => {
    await store?.close();
  });

  const count = async (sql: string, values: unknown[] = []) => (await store.pool.query<{ n: number }>(sql, values)).rows[0].n;

  /** Checks the database after a kill: what was acknowledged is there, nothing is half written. Returns what it holds. */
  async function checkAfterCrash(orders: Map<number, number>, sales: Map<number, AcknowledgedSale>, run: number) {
    // What this run acknowledged, through the service: each order as placed, each sale as made.
    for (const [orderId, quantity] of orders) {
      expect(await t.call('orders.get', { orderId }), `run ${run}: acknowledged order ${orderId}`).toEqual({
        ok: true,
        data: expect.objectContaining({ id: orderId, petId, quantity, complete: false }),
      });
    }
    for (const [saleId, sale] of sales) {
      const read = await t.ok('sales.get', { saleId });
      expect(read, `run ${run}: sale ${saleId}`).toMatchObject({ number: sale.number, status: 'completed', payments: [{ method: 'cash', amount: 100_000 }] });
      expect(read.lines.map((line) => [line.orderId, line.quantity])).toEqual(sale.lines);
      for (const [orderId] of sale.lines) expect(await t.ok('orders.get', { orderId })).toMatchObject({ saleId, status: 'complete' });
    }

    // Every sale in the database is whole, acknowledged or not: two lines, two orders of it, a payment,
    // a movement per line; paid covers the total; receipt numbers 1..n.
    const { rows: broken } = await store.pool.query(
      `SELECT s.id FROM sales s WHERE
         (SELECT count(*) FROM sale_lines l WHERE l.sale_id = s.id) <> 2
         OR (SELECT count(*) FROM orders o WHERE o.sale_id = s.id AND o.status = 'complete') <> 2
         OR (SELECT count(*) FROM sale_payments p WHERE p.sale_id = s.id) <> 1
         OR (SELECT count(*) FROM stock_movements m WHERE m.sale_id = s.id AND m.reason = 'order') <> 2
         OR s.total <> (SELECT sum(total) FROM sale_lines l WHERE l.sale_id = s.id) OR s.paid - s.change_given <> s.total`,
    );
    expect(broken, `run ${run}: sales not whole`).toEqual([]);
    const saleCount = await count('SELECT count(*) AS n FROM sales');
    expect(await count('SELECT coalesce(max(number), 0) AS n FROM sales'), `run ${run}: receipt numbers`).toBe(saleCount);

    // Stock and orders agree, pet by pet: whatever was taken is on an order, and nothing more; the
    // movements add up to the stock.
    let quantity = 0;
    for (const pet of [petId, pricedPetId]) {
      const taken = await count('SELECT coalesce(sum(quantity), 0) AS n FROM orders WHERE pet_id = $1', [pet]);
      const held = await t.ok('inventory.get', { petId: pet });
      expect(held.quantity + taken, `run ${run}: pet ${pet}: stock ${held.quantity} + taken ${taken}`).toBe(INITIAL_STOCK);
      expect(held.status).toBe('available');
      expect(await count('SELECT coalesce(sum(delta), 0) AS n FROM stock_movements WHERE pet_id = $1', [pet])).toBe(held.quantity);
      if (pet === petId) quantity = held.quantity;
    }
    // Order ids are not checked for holes as on SQLite: a sequence value taken by a transaction that
    // never committed (the one killed) stays taken on PostgreSQL. The count of orders is checked below.
    const orderCount = await count('SELECT count(*) AS n FROM orders');

    // The change log agrees: one order.placed event per order, one sale.created per sale, and the
    // latest inventory.updated event names the stock that is there.
    expect(await count("SELECT count(*) AS n FROM events WHERE type = 'order.placed'"), `run ${run}: order.placed events`).toBe(orderCount);
    expect(await count("SELECT count(*) AS n FROM events WHERE type = 'sale.created'"), `run ${run}: sale.created events`).toBe(saleCount);
    const { rows } = await store.pool.query<{ data: string }>(
      "SELECT data FROM events WHERE type = 'inventory.updated' AND (data::jsonb ->> 'petId')::bigint = $1 ORDER BY id DESC LIMIT 1",
      [petId],
    );
    expect(JSON.parse(rows[0].data)).toMatchObject({ petId, quantity });
    // What the child did, each order or sale once: orders on their own, and sales.
    return { done: (await count('SELECT count(*) AS n FROM orders WHERE sale_id IS NULL')) + saleCount };
  }

  test(
    'six SIGKILLs at random moments lose nothing acknowledged, leave nothing half written, and the store sells again',
    async () => {
      const everOrdered = new Map<number, number>();
      let previousDone = 0;
      let everSold = 0;
      const perRun: { done: number; acknowledged: number }[] = [];

      for (let run = 1; run <= RUNS; run++) {
        const child = spawnTs(fixture('concurrency/fixtures/postgres-sale-loop.ts'), [database.url, String(petId), String(pricedPetId)]);
        await child.waitForLine(/^ready$/);
        // Killed at a random moment once calls flow: after the first sale acknowledged, then 0–270 ms on.
        await child.waitForLine(/^sale /);
        await new Promise((resolve) => setTimeout(resolve, randomBetween(0, 270)));
        child.child.kill('SIGKILL');
        const exit = await child.exited;
        expect(exit, `run ${run}: the child was still selling when killed\n${child.stderr}`).toEqual({ code: null, signal: 'SIGKILL' });
        expect(child.lines.filter((line) => line.startsWith('error')), `run ${run}`).toEqual([]);

        const orders = new Map<number, number>();
        const sales = new Map<number, AcknowledgedSale>();
        for (const line of child.lines.slice(1)) {
          if (line.startsWith('sale ')) {
            const [id, number, ...lines] = line.split(' ').slice(1);
            sales.set(Number(id), { number: Number(number), lines: lines.map((part) => part.split(':').map(Number) as [number, number]) });
            continue;
          }
          const [id, quantity] = line.split(' ').map(Number);
          orders.set(id, quantity);
          everOrdered.set(id, quantity);
        }
        everSold += sales.size;

        const { done } = await checkAfterCrash(orders, sales, run);
        // Every order acknowledged in any run is still there, as acknowledged.
        const { rows } = await store.pool.query<{ id: number; quantity: number }>('SELECT id, quantity FROM orders WHERE id = ANY($1::bigint[])', [[...everOrdered.keys()]]);
        expect(new Map(rows.map((row) => [row.id, row.quantity])), `run ${run}: orders acknowledged so far`).toEqual(everOrdered);
        // At most one order or sale can be committed yet unacknowledged: the one in flight at the kill.
        const unacknowledged = done - previousDone - orders.size - sales.size;
        expect(unacknowledged, `run ${run}: committed but unacknowledged`).toBeGreaterThanOrEqual(0);
        expect(unacknowledged).toBeLessThanOrEqual(1);
        perRun.push({ done: done - previousDone, acknowledged: orders.size + sales.size });
        previousDone = done;
      }

      // The kills really landed mid-stream: every run had acknowledged calls before it died, and sales were made.
      expect(perRun.every((run) => run.acknowledged > 0), JSON.stringify(perRun)).toBe(true);
      expect(everSold, 'sales acknowledged').toBeGreaterThanOrEqual(RUNS);
      // No connection of a killed process still holds a transaction open, and a new store sells.
      const { rows: open } = await store.pool.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'");
      expect(open).toEqual([]);
      const salesBefore = await count('SELECT count(*) AS n FROM sales');
      const again = await openPostgresStore(database.url, { maxConnections: 1 });
      try {
        // Two lines, as every sale here: the next test checks each sale in the database has them.
        const sale = await postgresEngineStore(again).ok('sales.create', {
          lines: [{ petId, quantity: 1, unitPrice: 500 }, { petId: pricedPetId, quantity: 1 }],
          payments: [{ method: 'cash', amount: 1_000 }],
        });
        expect(sale).toMatchObject({ status: 'completed', number: salesBefore + 1 });
      } finally {
        await again.close();
      }
    },
    120_000,
  );

  test(
    'six SIGKILLs of a petstore serve process taking orders and sales over HTTP lose nothing it answered',
    async () => {
      const doneSoFar = async () => (await count('SELECT count(*) AS n FROM orders WHERE sale_id IS NULL')) + (await count('SELECT count(*) AS n FROM sales'));
      let previousDone = await doneSoFar();
      const perRun: { done: number; acknowledged: number }[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const server = await startServe(database.url, { PETSTORE_API_TOKEN: SERVE_TOKEN });
        const orders = new Map<number, number>();
        const sales = new Map<number, AcknowledgedSale>();
        const failures: string[] = [];
        let killed = false;
        let firstSale: () => void = () => undefined;
        const sold = new Promise<void>((resolve) => (firstSale = resolve));
        // Clients that call one after another, as tills do; an answer counts once it has arrived whole.
        const client = async (offset: number) => {
          for (let i = offset; !killed; i++) {
            const quantity = (i % 7) + 1;
            const selling = i % 2 === 1;
            let status: number;
            let body: any;
            try {
              const response = await fetch(`${server.url}${selling ? '/sales' : '/store/orders'}`, {
                method: 'POST',
                headers: { authorization: `Bearer ${SERVE_TOKEN}`, 'content-type': 'application/json' },
                body: JSON.stringify(
                  selling
                    ? { lines: [{ petId, quantity, unitPrice: 500 }, { petId: pricedPetId, quantity: 1 }], payments: [{ method: 'cash', amount: 100_000 }] }
                    : { petId, quantity },
                ),
              });
              status = response.status;
              body = await response.json();
            } catch {
              return; // the server is gone: this call was never answered
            }
            if (status !== 201) {
              failures.push(`${status} ${JSON.stringify(body)}`);
              return;
            }
            if (selling) {
              sales.set(body.id, { number: body.number, lines: body.lines.map((line: { orderId: number; quantity: number }) => [line.orderId, line.quantity]) });
              firstSale();
            } else orders.set(body.id, quantity);
          }
        };
        const clients = Array.from({ length: HTTP_CLIENTS }, (_, n) => client(n * 2));
        await sold;
        await new Promise((resolve) => setTimeout(resolve, randomBetween(0, 270)));
        server.child.kill('SIGKILL');
        killed = true;
        expect(await server.exited, `run ${run}: the server was still serving when killed\n${server.stderr}`).toEqual({ code: null, signal: 'SIGKILL' });
        await Promise.all(clients);
        expect(failures, `run ${run}`).toEqual([]);

        const { done } = await checkAfterCrash(orders, sales, run);
        // At most one call per client can be committed yet unanswered: the ones in flight at the kill.
        const unacknowledged = done - previousDone - orders.size - sales.size;
        expect(unacknowledged, `run ${run}: committed but unanswered`).toBeGreaterThanOrEqual(0);
        expect(unacknowledged).toBeLessThanOrEqual(HTTP_CLIENTS);
        perRun.push({ done: done - previousDone, acknowledged: orders.size + sales.size });
        previousDone = done;
      }
      expect(perRun.every((run) => run.acknowledged > 0), JSON.stringify(perRun)).toBe(true);
    },
    120_000,
  );
});
