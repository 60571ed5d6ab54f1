/**
 * Property test (fast-check, fixed seed): random sequences of pets created, orders placed,
 * fulfilled and cancelled, counts set with and without reasons, adjustments and status changes,
 * each on a fresh store. Whatever was accepted or refused, for every pet the sum of its movements
 * is its stock, and each movement's quantityAfter is the running sum of the ones before it.
 */
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import type { StockMovement } from '../../src-shared/schemas/movement';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

const SEED = 20_261_128;
// Measured on the shared 2-core machine under load: SQLite (a fresh file each, every commit fsynced) about 300 ms a run,
// 150 runs 46 s; PostgreSQL (the database emptied again each run, a round trip a call) about 570 ms a run, so fewer: 40
// runs 23 s. Each engine's test is allowed 150 s.
const RUNS = 150;
const RUNS_POSTGRES = 40;

const status = fc.constantFrom('available', 'pending', 'sold');
const clerkReason = fc.constantFrom('received', 'correction', 'lost', 'died');
/** An index into the pets or orders made so far (taken modulo their number). */
const pick = fc.nat(20);

const action = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), status }),
  fc.record({ kind: fc.constant('place' as const), pet: pick, quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('fulfil' as const), order: pick }),
  fc.record({ kind: fc.constant('cancel' as const), order: pick }),
  fc.record({ kind: fc.constant('set' as const), pet: pick, quantity: fc.integer({ min: 0, max: 8 }), reason: fc.option(clerkReason, { nil: undefined }) }),
  fc.record({ kind: fc.constant('adjust' as const), pet: pick, delta: fc.integer({ min: -4, max: 4 }).filter((d) => d !== 0), reason: clerkReason }),
  fc.record({ kind: fc.constant('status' as const), pet: pick, status }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** Runs one action; refusals (a short stock, a reason that does not fit, a final order) are part of the game. */
async function apply(store: EngineStore, pets: number[], orders: number[], categoryId: number, step: Action): Promise<void> {
  const petAt = (i: number) => pets[i % pets.length];
  const orderAt = (i: number) => orders[i % orders.length];
  if (step.kind === 'create') {
    pets.push((await store.ok('pets.create', { name: `Pet ${pets.length + 1}`, categoryId, status: step.status })).id);
    return;
  }
  if (!pets.length) return;
  switch (step.kind) {
    case 'place': {
      const placed = await store.call('orders.place', { petId: petAt(step.pet), quantity: step.quantity });
      if (placed.ok) orders.push(placed.data.id!);
      return;
    }
    case 'fulfil':
      if (orders.length) await store.call('orders.update', { orderId: orderAt(step.order), changes: { complete: true } });
      return;
    case 'cancel':
      if (orders.length) await store.call('orders.cancel', { orderId: orderAt(step.order) });
      return;
    case 'set':
      await store.call('inventory.set', { petId: petAt(step.pet), update: { quantity: step.quantity, reason: step.reason } });
      return;
    case 'adjust':
      await store.call('inventory.adjust', { petId: petAt(step.pet), adjustment: { delta: step.delta, reason: step.reason } });
      return;
    case 'status':
      await store.call('pets.update', { petId: petAt(step.pet), changes: { status: step.status } });
  }
}

describeOnEngines('the stock ledger under random steps', (fresh, engine) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test(
    "for every pet the movements add up to its stock, and each quantityAfter is the running sum",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 40 }), async (steps) => {
          await t?.close();
          t = await fresh();
          const store = t;
          const categoryId = (await store.ok('categories.create', { name: 'Dogs' })).id;
          const pets: number[] = [];
          const orders: number[] = [];
          for (const step of steps) await apply(store, pets, orders, categoryId, step);

          for (const petId of pets) {
            const stock = (await store.ok('inventory.get', { petId })).quantity;
            const movements: StockMovement[] = (await store.ok('inventory.movements', { petId, limit: 500 })).items.reverse();
            let sum = 0;
            for (const movement of movements) {
              expect(movement.delta, `pet ${petId}: a movement of 0`).not.toBe(0);
              sum += movement.delta;
              expect(movement.quantityAfter, `pet ${petId}, movement ${movement.id}`).toBe(sum);
              // The service's reasons carry their order.
              if (movement.reason === 'order' || movement.reason === 'cancelled') expect(movement.orderId).toBeTypeOf('number');
            }
            expect(sum, `pet ${petId}: movements ${JSON.stringify(movements)}`).toBe(stock);
            // A pet opens once, first (one created without stock has no opening).
            expect(movements.slice(1).some((movement) => movement.reason === 'opening'), `pet ${petId}: a late opening`).toBe(false);
          }
        }),
        { seed: SEED, numRuns: engine === 'postgres' ? RUNS_POSTGRES : RUNS },
      );
    },
    150_000,
  );
});
