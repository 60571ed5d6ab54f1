/**
 * What a user of the service can observe, read back through the service on either engine: a pet's
 * standing (status and stock), the change log, and a snapshot of everything for "nothing changed"
 * checks. The async twin of observe.ts, for the files that run on both engines (describeOnEngines).
 */
import { expect } from 'vitest';
import type { CallableOperationName, OperationInput } from '../../../src-shared/contract';
import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from '../../../src-shared/errors';
import type { StoreEvent } from '../../../src-shared/schemas/event';
import type { PetStatus } from '../../../src-shared/schemas/pet';
import type { EngineStore } from '../../helpers/engine-stores';

type Input<K extends CallableOperationName> = OperationInput<K> | Record<string, unknown>;

/** Every event in the log after `after`, in order (paged through events.list). */
export async function eventsAfter(t: EngineStore, after: number): Promise<StoreEvent[]> {
  const all: StoreEvent[] = [];
  for (let page = await t.ok('events.list', { after, limit: 1000 }); page.length; ) {
    all.push(...page);
    page = await t.ok('events.list', { after: page[page.length - 1].id, limit: 1000 });
  }
  return all;
}

/** The id of the newest event: a mark to read "what this step appended" from. */
export const lastEventId = async (t: EngineStore): Promise<number> => (await t.ok('events.latest', {})).lastEventId;

/** The events appended since `mark`, as type and data (ids and times are checked once, here). */
export async function appendedSince(t: EngineStore, mark: number): Promise<{ type: StoreEvent['type']; data: Record<string, unknown> }[]> {
  const events = await eventsAfter(t, mark);
  events.forEach((event, i) => {
    expect(event.id).toBeGreaterThan(i === 0 ? mark : events[i - 1].id);
    expect(Number.isNaN(Date.parse(event.at))).toBe(false);
  });
  return events.map(({ type, data }) => ({ type, data }));
}

/** A pet's status and stock as the clerk sees them; the inventory entry's status is the pet's. */
export async function standing(t: EngineStore, petId: number): Promise<{ status: PetStatus; stock: number }> {
  const pet = await t.ok('pets.get', { petId });
  const item = await t.ok('inventory.get', { petId });
  expect(item.status, `inventory status of pet ${petId}`).toBe(pet.status);
  return { status: pet.status, stock: item.quantity };
}

/** Everything the service shows; equal snapshots mean nothing observable changed. Read at once (reads are independent). */
export async function snapshot(t: EngineStore) {
  const pets = await t.ok('pets.list', { limit: 500 });
  const [events, movements, categories, orders, inventory, settings, tokens, customers, forgotten, sales] = await Promise.all([
    eventsAfter(t, 0),
    Promise.all(pets.items.map((pet) => t.ok('inventory.movements', { petId: pet.id, limit: 500 }))),
    t.ok('categories.list', { limit: 500 }),
    t.ok('orders.list', { limit: 500, status: ['open', 'complete', 'cancelled'] }),
    t.ok('inventory.list', { limit: 500 }),
    t.ok('settings.get', {}),
    t.ok('tokens.list', { includeRevoked: true }),
    t.ok('customers.list', { limit: 500 }),
    t.ok('customers.list', { limit: 500, forgotten: true }),
    t.ok('sales.list', { limit: 500 }),
  ]);
  return {
    events,
    pets,
    // The stock ledger of every pet: a refusal writes no movement.
    movements,
    categories,
    orders,
    inventory,
    settings,
    tokens,
    customers: [customers, forgotten],
    // A refused sale takes no receipt number, a refused refund changes no sale.
    sales,
  };
}

/**
 * Calls an operation that must be refused with `code`: checks the Error object (its catalogue
 * status, a message, no stack or engine text) and that nothing observable changed. Returns it.
 */
export async function expectRefused<K extends CallableOperationName>(t: EngineStore, name: K, input: Input<K>, code: ErrorCode): Promise<ErrorBody> {
  const before = await snapshot(t);
  const error = await t.fail(name, input);
  const label = `${name} ${JSON.stringify(input).slice(0, 200)}`;
  expect(error.code, `${label}: ${error.message}`).toBe(code);
  expect(error.status, label).toBe(ERROR_CATALOGUE[code].status);
  expect(error.message, label).toMatch(/\S/);
  expect(error.message, label).not.toMatch(/\n\s+at |SQLITE|violates|duplicate key|relation "/);
  expect(await snapshot(t), `${label} changed the store`).toEqual(before);
  return error;
}

/** A small shop to act on: one category and helpers to put pets in a given standing. */
export async function shop(t: EngineStore) {
  const dogs = await t.ok('categories.create', { name: 'Dogs' });
  let n = 0;
  const name = () => `Pet ${++n}`;
  const available = async (stock = 1) => {
    const pet = await t.ok('pets.create', { name: name(), categoryId: dogs.id });
    if (stock !== 1) await t.ok('inventory.set', { petId: pet.id, update: { quantity: stock } });
    return pet.id;
  };
  return {
    dogs,
    /** An available pet with `stock` units (stock > 0). */
    available,
    /** A pet created pending or sold (stock 0). */
    created: async (status: 'pending' | 'sold') => (await t.ok('pets.create', { name: name(), categoryId: dogs.id, status })).id,
    /** A pending pet still holding `stock` units: a clerk's hold (stock > 0). */
    async held(stock: number) {
      const id = await available(stock);
      await t.ok('pets.update', { petId: id, changes: { status: 'pending' } });
      return id;
    },
    /** An open order of `quantity` units. */
    order: async (petId: number, quantity = 1) => (await t.ok('orders.place', { petId, quantity })).id!,
  };
}
