/**
 * Property test (fast-check, fixed seed): random sequences of pets created, orders placed,
 * fulfilled and cancelled, counts set with and without reasons, adjustments and status changes,
 * each on a fresh store. Whatever was accepted or refused, for every pet the sum of its movements
 * is its stock, and each movement's quantityAfter is the running sum of the ones before it.
 */
import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import type { StockMovement } from '../../src-shared/schemas/movement';
import type { TestStore } from '../helpers/temp-store';
import { openStoreForRules } from './support/observe';

const SEED = 20_261_128;
// Measured: about 35 ms a run on the 2-core machine (a fresh store each); 150 runs take about 5 s of the 60 s allowed.
const RUNS = 150;

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

let t: TestStore | undefined;
afterEach(() => t?.close());

/** Runs one action; refusals (a short stock, a reason that does not fit, a final order) are part of the game. */
function apply(store: TestStore, pets: number[], orders: number[], categoryId: number, step: Action): void {
  const petAt = (i: number) => pets[i % pets.length];
  const orderAt = (i: number) => orders[i % orders.length];
  if (step.kind === 'create') {
    pets.push(store.ok('pets.create', { name: `Pet ${pets.length + 1}`, categoryId, status: step.status }).id);
    return;
  }
  if (!pets.length) return;
  switch (step.kind) {
    case 'place': {
      const placed = store.call('orders.place', { petId: petAt(step.pet), quantity: step.quantity });
      if (placed.ok) orders.push(placed.data.id!);
      return;
    }
    case 'fulfil':
      if (orders.length) store.call('orders.update', { orderId: orderAt(step.order), changes: { complete: true } });
      return;
    case 'cancel':
      if (orders.length) store.call('orders.cancel', { orderId: orderAt(step.order) });
      return;
    case 'set':
      store.call('inventory.set', { petId: petAt(step.pet), update: { quantity: step.quantity, reason: step.reason } });
      return;
    case 'adjust':
      store.call('inventory.adjust', { petId: petAt(step.pet), adjustment: { delta: step.delta, reason: step.reason } });
      return;
    case 'status':
      store.call('pets.update', { petId: petAt(step.pet), changes: { status: step.status } });
  }
}

test(
  "for every pet the movements add up to its stock, and each quantityAfter is the running sum",
  () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), (steps) => {
        t?.close();
        t = openStoreForRules();
        const store = t;
        const categoryId = store.ok('categories.create', { name: 'Dogs' }).id;
        const pets: number[] = [];
        const orders: number[] = [];
        for (const step of steps) apply(store, pets, orders, categoryId, step);

        for (const petId of pets) {
          const stock = store.ok('inventory.get', { petId }).quantity;
          const movements: StockMovement[] = store.ok('inventory.movements', { petId, limit: 500 }).items.reverse();
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
      { seed: SEED, numRuns: RUNS },
    );
  },
  60_000,
);
