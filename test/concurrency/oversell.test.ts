/**
 * Never oversell, also under concurrent orders: a pet with 5 in stock and forty simultaneous
 * orders of one unit — from async callers in one process, from worker threads with their own
 * connections, and from two separate processes sharing the file. Exactly five are placed; the
 * other 35 are told the stock ran out (INSUFFICIENT_STOCK, 409); nobody sees a crash, an
 * INTERNAL error or, with the default 5 s busy timeout, SERVICE_BUSY.
 * On PostgreSQL: postgres-oversell.test.ts (two processes), postgres-serve.test.ts (two servers).
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { fixture, killAll, spawnTs, startTsWorker } from './support/child';

const STOCK = 5;
const ORDERS = 40;

let t: TestStore | undefined;
const extraStores: Store[] = [];
afterEach(async () => {
  await killAll();
  extraStores.splice(0).forEach((store) => store.close());
  t?.close();
  t = undefined;
});

/** A fresh store file with one category and one pet whose stock is set to 5. */
function storeWithStockOfFive(): { t: TestStore; petId: number } {
  t = openTestStore();
  const category = t.ok('categories.create', { name: 'Puppies' });
  const pet = t.ok('pets.create', { name: 'Rex', categoryId: category.id });
  const item = t.ok('inventory.set', { petId: pet.id, update: { quantity: STOCK } });
  expect(item).toEqual({ petId: pet.id, quantity: STOCK, status: 'available' });
  return { t, petId: pet.id! };
}

type Outcome = ApiResult<unknown> | { ok: false; thrown: string };

/** What every caller saw, and what the store holds afterwards. */
function expectNoOversell(t: TestStore, petId: number, outcomes: Outcome[]): void {
  expect(outcomes).toHaveLength(ORDERS);

  // Nobody got an exception, a crash or an internal error; nobody was told to retry later.
  const thrown = outcomes.filter((outcome) => 'thrown' in outcome);
  expect(thrown, 'calls that threw instead of answering').toEqual([]);
  const codes = outcomes.map((outcome) => (outcome.ok ? 'OK' : 'error' in outcome ? outcome.error.code : 'THROWN'));
  const tally = Object.fromEntries([...new Set(codes)].map((code) => [code, codes.filter((c) => c === code).length]));

  // Exactly five placed; every other caller learns that the stock ran out.
  expect(tally).toEqual({ OK: STOCK, INSUFFICIENT_STOCK: ORDERS - STOCK });
  for (const outcome of outcomes) {
    if (!outcome.ok && 'error' in outcome) {
      expect(outcome.error).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
      expect(outcome.error.message).toMatch(/Rex/);
    }
  }

  const placedIds = outcomes
    .filter((outcome): outcome is { ok: true; data: { id: number } } => outcome.ok)
    .map((outcome) => outcome.data.id)
    .sort((a, b) => a - b);
  expect(new Set(placedIds).size).toBe(STOCK);

  // The store agrees: stock 0, the pet pending (reserved, not yet sold), five open orders.
  expect(t.ok('inventory.get', { petId })).toEqual({ petId, quantity: 0, status: 'pending' });
  expect(t.ok('pets.list', { id: [petId] }).items).toEqual([expect.objectContaining({ id: petId, status: 'pending' })]);
  const orders = t.ok('orders.list', { petId, limit: 500 });
  expect(orders.total).toBe(STOCK);
  expect(orders.items.map((order) => order.id).sort((a, b) => a! - b!)).toEqual(placedIds);
  expect(orders.items.every((order) => order.quantity === 1 && order.complete === false)).toBe(true);

  // The change log recorded each placed order once, and nothing for the refused ones.
  const events = t.ok('events.list', { after: 0, limit: 1000 });
  expect(events.filter((event) => event.type === 'order.placed')).toHaveLength(STOCK);

  // A sixth order placed calmly afterwards gets the same answer the losers got.
  expect(t.fail('orders.place', { petId, quantity: 1 })).toMatchObject({ code: 'INSUFFICIENT_STOCK', status: 409 });
}

describe('forty simultaneous orders for a pet with 5 in stock', () => {
  test('40 concurrent async callers in one process (one connection)', async () => {
    const { t, petId } = storeWithStockOfFive();
    const outcomes = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        // Interleave the callers across ticks, as IPC requests would arrive.
        await new Promise((resolve) => setTimeout(resolve, i % 3));
        return invokeOperation(t.store.handlers, 'orders.place', { petId, quantity: 1 });
      }),
    );
    expectNoOversell(t, petId, outcomes);
  });

  test('40 concurrent async callers in one process spread over four connections to the file', async () => {
    const { t, petId } = storeWithStockOfFive();
    const stores = Array.from({ length: 4 }, () => openStore(t.file));
    extraStores.push(...stores);
    const outcomes = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        await Promise.resolve();
        return invokeOperation(stores[i % stores.length].handlers, 'orders.place', { petId, quantity: 1 });
      }),
    );
    expectNoOversell(t, petId, outcomes);
  });

  test(
    '4 worker threads, each with its own connection, placing 10 orders at the same signal',
    async () => {
      const { t, petId } = storeWithStockOfFive();
      const start = new SharedArrayBuffer(4);
      const workers = Array.from({ length: 4 }, () =>
        startTsWorker(fixture('concurrency/fixtures/order-worker.ts'), { file: t.file, petId, count: ORDERS / 4, start }),
      );
      try {
        const ready: Promise<void>[] = [];
        const results = workers.map((worker, index) => {
          let markReady!: () => void;
          ready.push(new Promise<void>((resolve) => (markReady = resolve)));
          return new Promise<Outcome[]>((resolve, reject) => {
            worker.on('message', (message: { type: string; results?: Outcome[] }) => {
              if (message.type === 'ready') markReady();
              if (message.type === 'results') resolve(message.results!);
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`worker ${index} exited with ${code} before answering`)));
          });
        });
        // Only once every worker holds an open connection: all go at once.
        await Promise.race([Promise.all(ready), Promise.all(results)]);
        Atomics.store(new Int32Array(start), 0, 1);
        Atomics.notify(new Int32Array(start), 0);
        const outcomes = (await Promise.all(results)).flat();
        expectNoOversell(t, petId, outcomes);
      } finally {
        await Promise.all(workers.map((worker) => worker.terminate()));
      }
    },
    30_000,
  );

  test(
    'two processes sharing the database file, 20 orders each, started together',
    async () => {
      const { t, petId } = storeWithStockOfFive();
      const script = fixture('concurrency/fixtures/place-orders.ts');
      const children = [spawnTs(script, [t.file, '20', String(petId)]), spawnTs(script, [t.file, '20', String(petId)])];
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
      const outcomes = children.flatMap((child) =>
        child.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Outcome),
      );
      // Each process answered all of its twenty callers.
      expect(children.map((child) => child.lines.filter((line) => line.startsWith('{')).length)).toEqual([20, 20]);
      expectNoOversell(t, petId, outcomes);
    },
    30_000,
  );
});
