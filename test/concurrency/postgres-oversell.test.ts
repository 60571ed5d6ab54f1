/**
 * Never oversell on PostgreSQL, across server processes: a pet with 5 in stock and forty simultaneous
 * calls for one unit, twenty from each of two child processes with their own store (their own pool)
 * on one database — orders placed, and sales made at the till. Exactly five succeed; the other 35 are
 * told the stock ran out (INSUFFICIENT_STOCK, 409); nobody sees a throw, INTERNAL or SERVICE_BUSY.
 * The stock, its ledger of movements and the change log agree with the answers.
 */
import { afterEach, expect, test } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { postgresEngineStore } from '../helpers/engine-stores';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { fixture, killAll, spawnTs } from './support/child';

const STOCK = 5;
const CALLS = 40;

type Outcome = ApiResult<unknown> | { ok: false; thrown: string };

describePostgres('forty simultaneous calls for a pet with 5 in stock, from two processes on one PostgreSQL database', () => {
  const databases = freshPostgresDatabase();
  let store: PostgresStore | undefined;
  afterEach(async () => {
    await killAll();
    await store?.close();
    store = undefined;
  });

  /** A database of this test's own, its store in this process (the checker), and a priced pet with `quantity` in stock. */
  async function petWithStock(quantity: number) {
    const url = await databases.another({ migrated: true });
    store = await openPostgresStore(url, { maxConnections: 4 });
    const t = postgresEngineStore(store);
    const category = await t.ok('categories.create', { name: 'Puppies' });
    const pet = await t.ok('pets.create', { name: 'Rex', categoryId: category.id, price: 12_500 });
    expect(await t.ok('inventory.set', { petId: pet.id, update: { quantity } })).toEqual({ petId: pet.id, quantity, status: 'available' });
    return { t, url, petId: pet.id };
  }

  /** Two processes, each with its own store on the database, make twenty calls each at the same moment. */
  async function fromTwoProcesses(url: string, call: [string, unknown]): Promise<Outcome[]> {
    const spec = JSON.stringify({ calls: Array.from({ length: CALLS / 2 }, () => call), parallel: CALLS / 2 });
    const script = fixture('concurrency/fixtures/postgres-calls.ts');
    const children = [spawnTs(script, [url, spec]), spawnTs(script, [url, spec])];
    await Promise.all(children.map((child) => child.waitForLine(/^ready$/)));
    for (const child of children) {
      child.send('go');
      child.endInput();
    }
    await Promise.all(children.map((child) => child.waitForLine(/^done$/)));
    const exits = await Promise.all(children.map((child) => child.exited));
    expect(exits, children.map((child) => child.stderr).join('\n')).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    const answers = children.map((child) => child.lines.filter((line) => /^\d+ \{/.test(line)));
    // Each process answered all of its twenty callers.
    expect(answers.map((lines) => lines.length)).toEqual([CALLS / 2, CALLS / 2]);
    return answers.flat().map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as Outcome);
  }

  /** Exactly five succeeded, every other caller was told the stock ran out; the ids of those made. */
  function expectFiveMade(outcomes: Outcome[]): number[] {
    expect(outcomes).toHaveLength(CALLS);
    expect(outcomes.filter((outcome) => 'thrown' in outcome), 'calls that threw instead of answering').toEqual([]);
    const codes = outcomes.map((outcome) => (outcome.ok ? 'OK' : 'error' in outcome ? outcome.error.code : 'THROWN'));
    const tally = Object.fromEntries([...new Set(codes)].map((code) => [code, codes.filter((c) => c === code).length]));
    expect(tally, JSON.stringify(outcomes.filter((outcome) => !outcome.ok && 'error' in outcome && outcome.error.code !== 'INSUFFICIENT_STOCK'))).toEqual({
      OK: STOCK,
      INSUFFICIENT_STOCK: CALLS - STOCK,
    });
    for (const outcome of outcomes) {
      if (!outcome.ok && 'error' in outcome) {
        expect(outcome.error).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
        expect(outcome.error.message).toMatch(/Rex/);
      }
    }
    const ids = outcomes
      .filter((outcome): outcome is { ok: true; data: { id: number } } => outcome.ok)
      .map((outcome) => outcome.data.id)
      .sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(STOCK);
    return ids;
  }

  test(
    'orders.place: five orders placed, 35 refused; stock 0, the ledger and the change log agree',
    async () => {
      const { t, url, petId } = await petWithStock(STOCK);
      const placedIds = expectFiveMade(await fromTwoProcesses(url, ['orders.place', { petId, quantity: 1 }]));

      // Stock 0, the pet pending (reserved, not yet sold), five open orders: those answered.
      expect(await t.ok('inventory.get', { petId })).toEqual({ petId, quantity: 0, status: 'pending' });
      const orders = await t.ok('orders.list', { petId, limit: 500 });
      expect(orders.total).toBe(STOCK);
      expect(orders.items.map((order) => order.id).sort((a, b) => a! - b!)).toEqual(placedIds);
      expect(orders.items.every((order) => order.quantity === 1 && order.complete === false)).toBe(true);

      // The ledger: the stock set, then one movement of -1 per order placed, adding up to the stock.
      const movements = (await t.ok('inventory.movements', { petId, limit: 500 })).items;
      expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(0);
      expect(movements.filter((movement) => movement.reason === 'order').map((movement) => movement.orderId).sort((a, b) => a! - b!)).toEqual(placedIds);

      // The change log recorded each placed order once, and nothing for the refused ones.
      const events = await t.ok('events.list', { after: 0, limit: 1000 });
      expect(events.filter((event) => event.type === 'order.placed').map((event) => (event.data as { id: number }).id).sort((a, b) => a - b)).toEqual(placedIds);
      const stockEvents = events.filter((event) => event.type === 'inventory.updated');
      expect(stockEvents.at(-1)!.data).toMatchObject({ petId, quantity: 0 });

      // A sixth order placed calmly afterwards gets the same answer the losers got.
      expect(await t.fail('orders.place', { petId, quantity: 1 })).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
    },
    60_000,
  );

  test(
    'sales.create at the till (handed over now): five sales made, 35 refused; stock 0, the ledger and the change log agree',
    async () => {
      // A customer's order holds a sixth unit, so the pet stays pending (not sold) once the till has
      // sold the last five (states.md T13): every loser is told the stock ran out, as with orders.
      const { t, url, petId } = await petWithStock(STOCK + 1);
      const held = await t.ok('orders.place', { petId, quantity: 1 });
      const sale = { lines: [{ petId, quantity: 1 }], payments: [{ method: 'cash', amount: 100_000 }] };
      const saleIds = expectFiveMade(await fromTwoProcesses(url, ['sales.create', sale]));

      expect(await t.ok('inventory.get', { petId })).toEqual({ petId, quantity: 0, status: 'pending' });
      // Five whole sales, each its line's order fulfilled, numbers 1..5.
      const sales = await t.ok('sales.list', { limit: 500 });
      expect(sales.total).toBe(STOCK);
      expect(sales.items.map((made) => made.id).sort((a, b) => a - b)).toEqual(saleIds);
      expect(sales.items.map((made) => made.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      const saleOrderIds: number[] = [];
      for (const made of sales.items) {
        expect(made).toMatchObject({ status: 'completed', total: 12_500, payments: [{ method: 'cash', amount: 100_000 }] });
        expect(made.lines).toHaveLength(1);
        saleOrderIds.push(made.lines[0].orderId);
        expect(await t.ok('orders.get', { orderId: made.lines[0].orderId })).toMatchObject({ saleId: made.id, status: 'complete', quantity: 1 });
      }
      // No order of a refused sale exists: the held one and the five sold, nothing more.
      const orders = await t.ok('orders.list', { petId, status: ['open', 'complete', 'cancelled'], limit: 500 });
      expect(orders.items.map((order) => order.id).sort((a, b) => a! - b!)).toEqual([held.id, ...saleOrderIds].sort((a, b) => a! - b!));

      // The ledger adds up to the stock: one movement per sale, naming it.
      const movements = (await t.ok('inventory.movements', { petId, limit: 500 })).items;
      expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(0);
      expect(movements.filter((movement) => movement.saleId !== undefined).map((movement) => movement.saleId).sort((a, b) => a! - b!)).toEqual(saleIds);

      // The change log: each sale once, each of its orders placed and completed once.
      const events = await t.ok('events.list', { after: 0, limit: 1000 });
      expect(events.filter((event) => event.type === 'sale.created').map((event) => (event.data as { id: number }).id).sort((a, b) => a - b)).toEqual(saleIds);
      expect(events.filter((event) => event.type === 'order.placed')).toHaveLength(STOCK + 1);
      expect(events.filter((event) => event.type === 'order.completed')).toHaveLength(STOCK);
      expect(events.filter((event) => event.type === 'inventory.updated').at(-1)!.data).toMatchObject({ petId, quantity: 0 });

      // A sixth sale made calmly afterwards gets the same answer the losers got.
      expect(await t.fail('sales.create', sale)).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
    },
    60_000,
  );
});
