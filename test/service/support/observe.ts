/**
 * What a user of the service can observe, read back through the service itself: a pet's standing
 * (status and stock), the orders, the change log, and a snapshot of everything for "nothing
 * changed" checks, on a SQLite store, for the files still on SQLite only; the files that run on
 * both engines use its async twin, observe-engines.ts.
 */
import { expect } from 'vitest';
import type { CallableOperationName, OperationInput } from '../../../src-shared/contract';
import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '../../../src-shared/errors';
import type { StoreEvent } from '../../../src-shared/schemas/event';
import type { PetStatus } from '../../../src-shared/schemas/pet';
import type { OpenOptions } from '../../../src-main/db/connection';
import { openTestStore, type TestStore } from '../../helpers/temp-store';

/**
 * A real store on a real SQLite file (openTestStore), with commits that skip fsync
 * (`synchronous = NORMAL` on this connection). These tests are about rules, not durability
 * (test/concurrency kills processes mid-write for that); an fsync per commit would make them
 * forty times slower.
 */
export function openStoreForRules(options: OpenOptions = {}): TestStore {
  const t = openTestStore(options);
  t.store.db.pragma('synchronous = NORMAL');
  return t;
}

type Input<K extends CallableOperationName> = OperationInput<K> | Record<string, unknown>;

/** Every event in the log after `after`, in order (paged through events.list). */
export function eventsAfter(t: TestStore, after: number): StoreEvent[] {
  const all: StoreEvent[] = [];
  for (let page = t.ok('events.list', { after, limit: 1000 }); page.length; ) {
    all.push(...page);
    page = t.ok('events.list', { after: page[page.length - 1].id, limit: 1000 });
  }
  return all;
}

/** The id of the newest event: a mark to read "what this step appended" from. */
export const lastEventId = (t: TestStore): number => eventsAfter(t, 0).at(-1)?.id ?? 0;

/** The events appended since `mark`, as type and data (ids and times are checked once, here). */
export function appendedSince(t: TestStore, mark: number): { type: StoreEvent['type']; data: Record<string, unknown> }[] {
  const events = eventsAfter(t, mark);
  events.forEach((event, i) => {
    expect(event.id).toBeGreaterThan(i === 0 ? mark : events[i - 1].id);
    expect(Number.isNaN(Date.parse(event.at))).toBe(false);
  });
  return events.map(({ type, data }) => ({ type, data }));
}

/** A pet's status and stock as the clerk sees them; the inventory entry's status is the pet's. */
export function standing(t: TestStore, petId: number): { status: PetStatus; stock: number } {
  const pet = t.ok('pets.get', { petId });
  const item = t.ok('inventory.get', { petId });
  expect(item.status, `inventory status of pet ${petId}`).toBe(pet.status);
  return { status: pet.status, stock: item.quantity };
}

/** Everything the service shows; equal snapshots mean nothing observable changed. */
export function snapshot(t: TestStore) {
  const pets = t.ok('pets.list', { limit: 500 });
  return {
    events: eventsAfter(t, 0),
    pets,
    // The stock ledger of every pet: a refusal writes no movement.
    movements: pets.items.map((pet) => t.ok('inventory.movements', { petId: pet.id, limit: 500 })),
    categories: t.ok('categories.list', { limit: 500 }),
    orders: t.ok('orders.list', { limit: 500, status: ['open', 'complete', 'cancelled'] }),
    inventory: t.ok('inventory.list', { limit: 500 }),
    settings: t.ok('settings.get', {}),
    tokens: t.ok('tokens.list', { includeRevoked: true }),
    customers: [t.ok('customers.list', { limit: 500 }), t.ok('customers.list', { limit: 500, forgotten: true })],
    // A refused sale takes no receipt number, a refused refund changes no sale.
    sales: t.ok('sales.list', { limit: 500 }),
  };
}

/**
 * Calls an operation that must be refused with `code`: checks the Error object (its catalogue
 * status, a message, no stack) and that nothing observable changed. Returns the Error object.
 */
export function expectRefused<K extends CallableOperationName>(t: TestStore, name: K, input: Input<K>, code: ErrorCode): ErrorBody {
  const before = snapshot(t);
  const error = t.fail(name, input);
  const label = `${name} ${JSON.stringify(input).slice(0, 200)}`;
  expect(error.code, `${label}: ${error.message}`).toBe(code);
  expect(error.status, label).toBe(ERROR_CATALOGUE[code].status);
  expect(error.message, label).toMatch(/\S/);
  expect(error.message, label).not.toMatch(/\n\s+at |SQLITE/);
  expect(snapshot(t), `${label} changed the store`).toEqual(before);
  return error;
}

/** A small shop to act on: one category and helpers to put pets in a given standing. */
export function shop(t: TestStore) {
  const dogs = t.ok('categories.create', { name: 'Dogs' });
  let n = 0;
  const name = () => `Pet ${++n}`;
  return {
    dogs,
    /** An available pet with `stock` units (stock > 0). */
    available(stock = 1) {
      const pet = t.ok('pets.create', { name: name(), categoryId: dogs.id });
      if (stock !== 1) t.ok('inventory.set', { petId: pet.id, update: { quantity: stock } });
      return pet.id;
    },
    /** A pet created pending or sold (stock 0). */
    created(status: 'pending' | 'sold') {
      return t.ok('pets.create', { name: name(), categoryId: dogs.id, status }).id;
    },
    /** A pending pet still holding `stock` units: a clerk's hold (stock > 0). */
    held(stock: number) {
      const id = this.available(stock);
      t.ok('pets.update', { petId: id, changes: { status: 'pending' } });
      return id;
    },
    /** An open order of `quantity` units. */
    order(petId: number, quantity = 1) {
      return t.ok('orders.place', { petId, quantity }).id!;
    },
  };
}
