/**
 * Property test (fast-check, fixed seed): random sequences of sales (handed over now or later, with
 * discounts, mixed payments and customers), fulfilments, refunds with and without restock, sale
 * cancels, stock adjustments and plain orders, each on a fresh store. Whatever was accepted or
 * refused: for every pet the movements add up to its stock; every sale's total is the sum of its
 * lines' and its tax the sum of theirs; paid − change covers the total, and only cash gave change;
 * nothing is refunded beyond paid − change, per line never more units than sold; the refunds
 * recorded add up to each sale's `refunded`; receipt numbers are 1..n without gaps; a sale's status
 * is what its orders say.
 */
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import { refundShare } from '../../src-shared/money';
import type { Sale } from '../../src-shared/schemas/sale';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore } from '../helpers/temp-store';
import { asEngineStore } from './support/sqlite-engine-store';

const SEED = 20_261_204;
// Measured on the shared 2-core machine under load (a fresh store, 8–40 steps: some 4 sales, 1.3 refunds and 0.4 cancels a
// run): SQLite (a fresh file, commits fsynced) about 370 ms a run, 60 runs 22 s; PostgreSQL (the database emptied again,
// a round trip a call) about 1.4 s a run, so fewer: 15 runs about 21 s; side by side (the same steps on both, PostgreSQL's
// run only) about 1.8 s a run, 8 runs 14 s. Each test is allowed 150 s.
const RUNS = 60;
const RUNS_POSTGRES = 15;
const RUNS_SIDE_BY_SIDE = 8;

/** An index into the pets, sales or orders made so far (taken modulo their number). */
const pick = fc.nat(30);
const method = fc.constantFrom('cash', 'card', 'other');

const action = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      lines: fc.uniqueArray(fc.record({ pet: fc.nat(5), quantity: fc.integer({ min: 1, max: 3 }), price: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined, freq: 3 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (line) => line.pet,
      }),
      discount: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined, freq: 2 }),
      // How the customer pays: the exact total, split over methods, over in cash; or short, or over by card (refused).
      pay: fc.constantFrom('exact', 'exact', 'split', 'split', 'cash over', 'short', 'card over'),
      later: fc.boolean(),
      customer: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fulfil' as const), order: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), sale: pick, line: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }), restock: fc.boolean(), method, off: fc.constantFrom(0, 0, 0, 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelSale' as const), sale: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelOrder' as const), order: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('order' as const), pet: fc.nat(5), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), pet: fc.nat(5), delta: fc.integer({ min: -3, max: 4 }).filter((d) => d !== 0), reason: fc.constantFrom('received', 'correction', 'lost', 'died') }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

interface World {
  pets: number[];
  sales: number[];
  orders: number[];
  customer: number;
}

/** A sale's payments for its total, as `pay` says: some settle it, some must be refused. */
function paymentsFor(total: number, pay: Extract<Action, { kind: 'sell' }>['pay']) {
  switch (pay) {
    case 'exact':
      return total ? [{ method: 'card', amount: total }] : [];
    case 'short':
      return total > 1 ? [{ method: 'cash', amount: total - 1 }] : [];
    case 'cash over':
      return [{ method: 'cash', amount: total + 500 }];
    case 'card over':
      return [{ method: 'card', amount: total + 1 }];
    case 'split':
      return total > 2 ? [{ method: 'other', amount: Math.floor(total / 2) }, { method: 'cash', amount: Math.ceil(total / 2) + 100 }] : [{ method: 'cash', amount: total + 1 }];
  }
}

/** Runs one action; refusals (short stock, short payments, a final order, a sale handed over) are part of the game. */
async function apply(store: EngineStore, world: World, step: Action): Promise<void> {
  const { pets, sales, orders } = world;
  const at = <T>(list: T[], i: number) => list[i % list.length];
  switch (step.kind) {
    case 'sell': {
      const lines = step.lines.map((line) => ({ petId: at(pets, line.pet), quantity: line.quantity, unitPrice: line.price }));
      const input = { lines, discount: step.discount, handover: step.later ? 'later' : 'now', customerId: step.customer ? world.customer : undefined };
      // Priced first without payments: the refusal says the total (or the sale fails for another reason).
      const probe = await store.call('sales.create', { ...input, payments: [] });
      const total = probe.ok ? probe.data.total : Number(/total \((\d+)\)/.exec(probe.error.message)?.[1] ?? NaN);
      if (probe.ok) {
        sales.push(probe.data.id);
        orders.push(...probe.data.lines.map((line) => line.orderId));
        return;
      }
      if (Number.isNaN(total)) return;
      const made = await store.call('sales.create', { ...input, payments: paymentsFor(total, step.pay) });
      if (made.ok) {
        sales.push(made.data.id);
        orders.push(...made.data.lines.map((line) => line.orderId));
      }
      return;
    }
    case 'fulfil':
      if (orders.length) await store.call('orders.update', { orderId: at(orders, step.order), changes: { complete: true } });
      return;
    case 'refund': {
      if (!sales.length) return;
      const sale = await store.ok('sales.get', { saleId: at(sales, step.sale) });
      const line = at(sale.lines, step.line);
      const quantity = Math.min(step.quantity, Math.max(1, line.quantity - line.returned));
      const worth = line.returned + quantity <= line.quantity ? refundShare(line, line.returned, quantity).total : 0;
      const amount = worth + step.off; // `off`: a payment that does not match, to be refused
      await store.call('refunds.create', {
        saleId: sale.id,
        refund: { lines: [{ orderId: line.orderId, quantity }], restock: step.restock, payments: amount ? [{ method: step.method, amount }] : [] },
      });
      return;
    }
    case 'cancelSale':
      if (sales.length) await store.call('sales.cancel', { saleId: at(sales, step.sale) });
      return;
    case 'cancelOrder':
      if (orders.length) await store.call('orders.cancel', { orderId: at(orders, step.order) });
      return;
    case 'order': {
      const placed = await store.call('orders.place', { petId: at(pets, step.pet), quantity: step.quantity });
      if (placed.ok) orders.push(placed.data.id!);
      return;
    }
    case 'adjust':
      await store.call('inventory.adjust', { petId: at(pets, step.pet), adjustment: { delta: step.delta, reason: step.reason } });
  }
}

/** Every sale, paged through the list. */
async function allSales(store: EngineStore): Promise<Sale[]> {
  const all: Sale[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.ok('sales.list', { limit: 100, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

async function checkSale(store: EngineStore, sale: Sale): Promise<void> {
  const label = `sale ${sale.number}`;
  const sum = (field: 'gross' | 'discount' | 'net' | 'tax' | 'total') => sale.lines.reduce((total, line) => total + line[field], 0);
  expect(sale.total, label).toBe(sum('total'));
  expect([sale.subtotal, sale.discount, sale.net, sale.tax], label).toEqual([sum('gross'), sum('discount'), sum('net'), sum('tax')]);
  expect(sale.paid, label).toBe(sale.payments.reduce((total, payment) => total + payment.amount, 0));
  expect(sale.paid - sale.change, label).toBe(sale.total);
  const cash = sale.payments.filter((payment) => payment.method === 'cash').reduce((total, payment) => total + payment.amount, 0);
  expect(sale.change, `${label}: change only from cash`).toBeLessThanOrEqual(cash);
  // Never refunded beyond what was paid, nor more units than sold.
  expect(sale.refunded, label).toBeLessThanOrEqual(sale.paid - sale.change);
  for (const line of sale.lines) expect(line.returned, label).toBeLessThanOrEqual(line.quantity);
  const refunds = (await store.ok('refunds.list', { saleId: sale.id, limit: 500 })).items;
  expect(refunds.reduce((total, refund) => total + refund.amount, 0), `${label}: its refunds`).toBe(sale.refunded);
  for (const refund of refunds) expect(refund.payments.reduce((total, payment) => total + payment.amount, 0), `${label}: refund ${refund.id}`).toBe(refund.amount);
  for (const line of sale.lines) {
    const back = refunds.flatMap((refund) => refund.lines).filter((refunded) => refunded.orderId === line.orderId);
    expect(back.reduce((total, refunded) => total + refunded.quantity, 0), label).toBe(line.returned);
  }
  // The status is what the orders say.
  const statuses: (string | undefined)[] = [];
  for (const line of sale.lines) statuses.push((await store.ok('orders.get', { orderId: line.orderId })).status);
  const expected = sale.status === 'cancelled' ? 'cancelled' : statuses.includes('open') ? 'open' : 'completed';
  expect(sale.status, `${label}: orders ${statuses.join(', ')}`).toBe(expected);
  if (sale.status === 'cancelled') {
    expect(statuses.every((status) => status === 'cancelled'), label).toBe(true);
    expect(sale.refunded, label).toBe(sale.paid - sale.change);
  }
}

/** Six pets of 12 units in two categories (one taxed by the shop's default, one pet unpriced) and a customer. */
async function openShop(store: EngineStore): Promise<World> {
  const dogs = (await store.ok('categories.create', { name: 'Dogs', taxRate: 1900 })).id;
  const food = (await store.ok('categories.create', { name: 'Food' })).id;
  await store.ok('settings.update', { defaultTaxRate: 700 });
  const pets: number[] = [];
  for (const n of [0, 1, 2, 3, 4, 5]) pets.push((await store.ok('pets.create', { name: `Pet ${n}`, categoryId: n % 2 ? dogs : food, price: n === 5 ? undefined : 999 + n * 1000 })).id);
  for (const petId of pets) await store.ok('inventory.set', { petId, update: { quantity: 12 } });
  return { pets, sales: [], orders: [], customer: (await store.ok('customers.create', { name: 'Ann' })).id };
}

/**
 * `store` with every answer written down, without times (two engines' clocks never agree) and the ids of
 * rows a refused write may have begun: PostgreSQL spends those (docs/decisions.md#ids-may-skip-on-postgresql).
 */
function recording(store: EngineStore, answers: unknown[]): EngineStore {
  const timeless = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(timeless)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([key]) => !/^(at|id|saleId|orderId)$|At$/.test(key)).map(([key, v]) => [key, timeless(v)]))
        : value;
  const call: EngineStore['call'] = async (name, input) => {
    const result = await store.call(name, input);
    answers.push({ name, result: timeless(result) });
    return result;
  };
  return { ...store, call, ok: async (name, input) => store.ok(name, input).then((data) => (answers.push({ name, data: timeless(data) }), data)) };
}

describeOnEngines('sales under random steps', (fresh, engine) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test(
    'sales, refunds and cancels keep the ledger, the sums and the numbers whole',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 40, size: 'medium' }), async (steps) => {
          await t?.close();
          t = await fresh();
          const store = t;
          const world = await openShop(store);
          const { pets } = world;
          for (const step of steps) await apply(store, world, step);

          for (const petId of pets) {
            const stock = (await store.ok('inventory.get', { petId })).quantity;
            const movements = (await store.ok('inventory.movements', { petId, limit: 500 })).items;
            expect(movements.reduce((total, movement) => total + movement.delta, 0), `pet ${petId}`).toBe(stock);
            for (const movement of movements) if (movement.reason === 'returned') expect(movement.saleId).toBeTypeOf('number');
          }
          const sales = await allSales(store);
          expect(sales.map((sale) => sale.number).sort((a, b) => a - b)).toEqual(sales.map((_, i) => i + 1));
          expect(sales.length).toBe(world.sales.length);
          for (const sale of sales) await checkSale(store, sale);
        }),
        { seed: SEED, numRuns: engine === 'postgres' ? RUNS_POSTGRES : RUNS },
      );
    },
    150_000,
  );

  // PostgreSQL's run only: it plays the steps on a SQLite store as well, beside it.
  if (engine === 'postgres') {
    test(
      'the same steps get the same answers, to the cent, as on SQLite: every sale, refund, refusal and read',
      async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 40, size: 'medium' }), async (steps) => {
            await t?.close();
            t = await fresh();
            const sqlite = asEngineStore(openTestStore());
            try {
              const answers: Record<'sqlite' | 'postgres', unknown[]> = { sqlite: [], postgres: [] };
              for (const [store, log] of [[sqlite, answers.sqlite], [t, answers.postgres]] as const) {
                const recorded = recording(store, log);
                const world = await openShop(recorded);
                for (const step of steps) await apply(recorded, world, step);
                for (const sale of await allSales(recorded)) await recorded.ok('refunds.list', { saleId: sale.id, limit: 500 });
                for (const petId of world.pets) await recorded.ok('inventory.movements', { petId, limit: 500 });
              }
              expect(answers.postgres).toEqual(answers.sqlite);
            } finally {
              await sqlite.close();
            }
          }),
          { seed: SEED, numRuns: RUNS_SIDE_BY_SIDE },
        );
      },
      150_000,
    );
  }
});
