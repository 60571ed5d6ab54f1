/**
 * Every store operation of the contract through the service alone (as IPC calls it), on both
 * engines: one happy path each, and one test per error code it can answer. The last block checks the tables
 * against the contract, so a new operation or a newly declared error code without a test fails.
 * (The shell's listener.*, backup.* and app.* are tested with their hosts: test/ipc, test/service/backup.)
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { contract, OPERATION_NAMES, type CallableOperationName, type OperationName } from '../../src-shared/contract';
import type { ErrorCode } from '../../src-shared/errors';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { MAX_IMPORT_CHARS } from '../../src-shared/schemas/data';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import type { TestStore } from '../helpers/temp-store';
import { GIF, PNG, pngOfSize } from '../helpers/images';
import { PHOTO_MAX_BYTES } from '../../src-shared/schemas/pet';
import { openStoreForRules } from './support/observe';
import { appendedSince, expectRefused, lastEventId, snapshot, standing } from './support/observe-engines';
import { OVERSIZED_DATE, recordOversizedSalesIn } from './support/oversized-sales';
import { dateIn } from '../../src-shared/shop-days';
import { tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer } from '../../src-main/service/shop-server';
import { runForCaller, type Caller } from '../../src-main/service/caller';

/** The server's own desk, where the sessions operations sign clerks in (and one signed in there). */
const DESK: Caller = { kind: 'till', till: null, session: null };
const atDesk = (sessionId: number, clerk: { id: number; name: string; role: 'clerk' | 'owner' }): Caller => ({ kind: 'till', till: null, session: { sessionId, clerk } });
/** Clerk logins on, with an owner (PIN 1234) to sign in. */
async function loginsOn(t: EngineStore) {
  const owner = await t.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' });
  await t.ok('settings.update', { clerkLogins: true });
  return owner;
}

/** The shop server the tills operations are served as: a certificate's fingerprint. */
const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';
const SHOP_SERVER = { fingerprint: () => FINGERPRINT };

/** A small shop: two categories (one empty), pets in each standing, an open and a complete order. */
async function seed(t: EngineStore) {
  const dogs = await t.ok('categories.create', { name: 'Dogs', description: 'Good boys and girls' });
  const cats = await t.ok('categories.create', { name: 'Cats' });
  const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const bella = await t.ok('pets.create', { name: 'Bella', categoryId: dogs.id, sku: 'BELLA-1', microchip: BELLA_CHIP });
  await t.ok('inventory.set', { petId: bella.id, update: { quantity: 5 } });
  const open = await t.ok('orders.place', { petId: bella.id, quantity: 2 });
  const done = await t.ok('orders.place', { petId: bella.id, quantity: 1 });
  await t.ok('orders.update', { orderId: done.id!, changes: { complete: true } });
  // Kept as a record; lists and the dashboard leave it out.
  const cancelled = await t.ok('orders.place', { petId: rex.id });
  await t.ok('orders.cancel', { orderId: cancelled.id! });
  const held = await t.ok('pets.create', { name: 'Milo', categoryId: dogs.id });
  await t.ok('inventory.set', { petId: held.id, update: { quantity: 2 } });
  await t.ok('pets.update', { petId: held.id, changes: { status: 'pending' } });
  const sold = await t.ok('pets.create', { name: 'Gone', categoryId: dogs.id, status: 'sold' });
  const ann = await t.ok('customers.create', { name: 'Ann', email: 'ann@example.com' });
  const gus = await t.ok('customers.create', { name: 'Gus', phone: '0612345678' });
  await t.ok('customers.forget', { customerId: gus.id });
  return { ann, gus, dogs, cats, rex, bella, held, sold, open: { ...open, id: open.id! }, done: { ...done, id: done.id! }, cancelled: { ...cancelled, id: cancelled.id!, status: 'cancelled' as const } };
}
type Shop = Awaited<ReturnType<typeof seed>> & { readonly till: Promise<Till>; readonly oversized: Promise<string> };

/**
 * The till: a priced pet in a category of its own and three sales of it (completed, open,
 * cancelled), made the first time a test reads `s.till`, so that the other tests' shop stays as it is.
 */
async function till(t: EngineStore) {
  const toys = await t.ok('categories.create', { name: 'Toys', taxRate: 1000 });
  const toy = await t.ok('pets.create', { name: 'Ball', categoryId: toys.id, price: 1100 });
  await t.ok('inventory.set', { petId: toy.id, update: { quantity: 20 } });
  const done = await t.ok('sales.create', { lines: [{ petId: toy.id, quantity: 2 }], payments: [{ method: 'cash', amount: 2200 }] });
  const open = await t.ok('sales.create', { lines: [{ petId: toy.id }], handover: 'later', payments: [{ method: 'card', amount: 1100 }] });
  const cancelled = await t.ok('sales.create', { lines: [{ petId: toy.id }], handover: 'later', payments: [{ method: 'cash', amount: 1100 }] });
  await t.ok('sales.cancel', { saleId: cancelled.id });
  return { toys, toy, done, open, cancelled };
}
type Till = Awaited<ReturnType<typeof till>>;

/** The shop with its till, made on first use; `oversized`: a day whose sales no report can add up (written on first use). */
async function shopOf(t: EngineStore): Promise<Shop> {
  let made: Promise<Till> | undefined;
  let oversized: Promise<string> | undefined;
  const shop = Object.defineProperty(await seed(t), 'till', { get: () => (made ??= till(t)), enumerable: false });
  return Object.defineProperty(shop, 'oversized', { get: () => (oversized ??= recordOversizedSalesIn(t).then(() => OVERSIZED_DATE)), enumerable: false }) as Shop;
}

/** The shop's days from yesterday to tomorrow: the till's sales, made now, fall in them whatever the hour. */
async function aroundToday(t: EngineStore) {
  const { timeZone } = await t.ok('shop.get', {});
  const day = (offset: number) => dateIn(Date.now() + offset * 86_400_000, timeZone);
  return { from: day(-1), today: day(0), to: day(1) };
}
const BELLA_CHIP = '276098100000001';

/** The output conforms to the operation's declared output schema. */
function conforms<K extends CallableOperationName>(name: K, output: unknown) {
  const parsed = contract[name].output.safeParse(output);
  expect(parsed.success, `${name} output: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
  return output;
}

const STORE_OPERATIONS = OPERATION_NAMES.filter(
  (name) => !/^(listener|backup|app)\./.test(name) && !(contract[name] as { http?: { stream?: string } }).http?.stream,
) as CallableOperationName[];

// ── Happy paths ─────────────────────────────────────────────────────────────────────────────

const happy: Partial<Record<CallableOperationName, (t: EngineStore, s: Shop) => Promise<void>>> = {
  'pets.list': async (t, s) => {
    await t.ok('pets.create', { name: 'Bärli', categoryId: s.cats.id });
    const all = conforms('pets.list', await t.ok('pets.list', {})) as Awaited<ReturnType<typeof t.ok<'pets.list'>>>;
    expect(all.items.map((p) => p.name)).toEqual(['Rex', 'Bella', 'Milo', 'Gone', 'Bärli']);
    expect(all).toMatchObject({ total: 5, nextCursor: null });
    expect((await t.ok('pets.list', { status: ['pending', 'sold'] })).items.map((p) => p.name)).toEqual(['Milo', 'Gone']);
    expect((await t.ok('pets.list', { categoryId: s.cats.id })).items.map((p) => p.name)).toEqual(['Bärli']);
    expect((await t.ok('pets.list', { q: 'BÄR' })).items.map((p) => p.name)).toEqual(['Bärli']);
    expect((await t.ok('pets.list', { id: [s.sold.id, s.rex.id] })).items.map((p) => p.name)).toEqual(['Rex', 'Gone']);
    // (Accents and case aside: test/service/name-order.test.ts.)
    const dogs = { categoryId: s.dogs.id };
    expect((await t.ok('pets.list', { ...dogs, sort: '-name' })).items.map((p) => p.name)).toEqual(['Rex', 'Milo', 'Gone', 'Bella']);
    expect((await t.ok('pets.list', { ...dogs, sort: 'status' })).items.map((p) => p.name)).toEqual(['Rex', 'Bella', 'Milo', 'Gone']);
    const page1 = await t.ok('pets.list', { ...dogs, sort: 'name', limit: 3 });
    const page2 = await t.ok('pets.list', { ...dogs, sort: 'name', limit: 3, cursor: page1.nextCursor! });
    expect([...page1.items, ...page2.items].map((p) => p.name)).toEqual(['Bella', 'Gone', 'Milo', 'Rex']);
    expect(page2.nextCursor).toBeNull();
    expect(page2.total).toBe(4);
  },
  'pets.create': async (t, s) => {
    const mark = await lastEventId(t);
    const pet = conforms('pets.create', await t.ok('pets.create', { name: '  Max ', categoryId: s.cats.id, status: 'pending' }));
    expect(pet).toEqual({ id: expect.any(Number), name: 'Max', categoryId: s.cats.id, status: 'pending' });
    expect(await t.ok('pets.get', { petId: (pet as { id: number }).id })).toEqual(pet);
    expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.created', data: pet }]);
  },
  'pets.get': async (t, s) => {
    expect(conforms('pets.get', await t.ok('pets.get', { petId: s.bella.id }))).toEqual({ ...s.bella });
  },
  'pets.replace': async (t, s) => {
    const pet = await t.ok('pets.replace', { petId: s.rex.id, pet: { name: 'Rexy', categoryId: s.cats.id, status: 'pending' } });
    expect(conforms('pets.replace', pet)).toEqual({ id: s.rex.id, name: 'Rexy', categoryId: s.cats.id, status: 'pending' });
    expect(await t.ok('pets.get', { petId: s.rex.id })).toEqual(pet);
  },
  'pets.update': async (t, s) => {
    const pet = await t.ok('pets.update', { petId: s.bella.id, changes: { name: 'Bella II' } });
    expect(conforms('pets.update', pet)).toEqual({ ...s.bella, name: 'Bella II' });
    expect(await t.ok('pets.get', { petId: s.bella.id })).toEqual(pet);
    expect(await standing(t, s.bella.id)).toEqual({ status: 'available', stock: 2 });
  },
  'pets.bulkUpdate': async (t, s) => {
    const mark = await lastEventId(t);
    expect(conforms('pets.bulkUpdate', await t.ok('pets.bulkUpdate', { petIds: [s.rex.id, s.held.id], changes: { categoryId: s.cats.id, price: 900 } }))).toEqual({ updated: 2 });
    expect((await t.ok('pets.list', { categoryId: s.cats.id })).items.map((pet) => [pet.id, pet.price])).toEqual([[s.rex.id, 900], [s.held.id, 900]]);
    expect((await appendedSince(t, mark)).map((event) => [event.type, event.data.id])).toEqual([['pet.updated', s.rex.id], ['pet.updated', s.held.id]]);
  },
  'pets.delete': async (t, s) => {
    const mark = await lastEventId(t);
    expect(conforms('pets.delete', await t.ok('pets.delete', { petId: s.rex.id }))).toBeNull();
    expect((await t.fail('pets.get', { petId: s.rex.id })).code).toBe('NOT_FOUND');
    expect((await t.ok('pets.list', {})).total).toBe(3);
    expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.deleted', data: s.rex }]);
  },
  'photos.put': async (t, s) => {
    const mark = await lastEventId(t);
    const photo = conforms('photos.put', await t.ok('photos.put', { petId: s.rex.id, photo: PNG }));
    expect(photo).toEqual({ contentType: 'image/png', size: PNG.length, updatedAt: expect.any(String) });
    expect((await t.ok('pets.get', { petId: s.rex.id })).photo).toEqual(photo);
    expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: { ...s.rex, photo } }]);
  },
  'photos.get': async (t, s) => {
    await t.ok('photos.put', { petId: s.rex.id, photo: PNG });
    const file = conforms('photos.get', await t.ok('photos.get', { petId: s.rex.id })) as { contentType: string; bytes: Uint8Array };
    expect(file.contentType).toBe('image/png');
    expect(Buffer.compare(Buffer.from(file.bytes), PNG)).toBe(0);
  },
  'photos.delete': async (t, s) => {
    await t.ok('photos.put', { petId: s.rex.id, photo: PNG });
    const mark = await lastEventId(t);
    expect(conforms('photos.delete', await t.ok('photos.delete', { petId: s.rex.id }))).toBeNull();
    expect((await t.fail('photos.get', { petId: s.rex.id })).code).toBe('NOT_FOUND');
    expect(await t.ok('pets.get', { petId: s.rex.id })).toEqual(s.rex);
    expect(await appendedSince(t, mark)).toEqual([{ type: 'pet.updated', data: s.rex }]);
  },
  'categories.list': async (t, s) => {
    const birds = await t.ok('categories.create', { name: 'birds' });
    const all = await t.ok('categories.list', {});
    conforms('categories.list', all);
    // By name, case-insensitively; a description only where one was given.
    expect(all.items).toEqual([birds, { ...s.cats }, { ...s.dogs }]);
    expect(all.total).toBe(3);
    expect((await t.ok('categories.list', { q: 'OG' })).items).toEqual([s.dogs]);
    const page1 = await t.ok('categories.list', { limit: 2 });
    expect(page1.items).toEqual([birds, s.cats]);
    expect(await t.ok('categories.list', { limit: 2, cursor: page1.nextCursor! })).toEqual({ items: [s.dogs], total: 3, nextCursor: null });
  },
  'categories.create': async (t) => {
    const mark = await lastEventId(t);
    const fish = conforms('categories.create', await t.ok('categories.create', { name: ' Fish ', description: ' Wet ' }));
    expect(fish).toEqual({ id: expect.any(Number), name: 'Fish', description: 'Wet' });
    expect(await appendedSince(t, mark)).toEqual([{ type: 'category.created', data: fish }]);
    expect(await t.ok('categories.create', { name: 'Birds', description: '' }), 'an empty description is none').toEqual({ id: expect.any(Number), name: 'Birds' });
  },
  'categories.get': async (t, s) => {
    expect(conforms('categories.get', await t.ok('categories.get', { categoryId: s.dogs.id }))).toEqual({
      id: s.dogs.id,
      name: 'Dogs',
      description: 'Good boys and girls',
    });
  },
  'categories.replace': async (t, s) => {
    const mark = await lastEventId(t);
    // A description left out of a replacement is cleared.
    const dogs = await t.ok('categories.replace', { categoryId: s.dogs.id, category: { name: 'Hounds' } });
    expect(conforms('categories.replace', dogs)).toEqual({ id: s.dogs.id, name: 'Hounds' });
    expect(await t.ok('categories.get', { categoryId: s.dogs.id })).toEqual(dogs);
    expect(await appendedSince(t, mark)).toEqual([{ type: 'category.updated', data: dogs }]);
  },
  'categories.update': async (t, s) => {
    // Renaming a category to its own name in other letters is not a clash with itself.
    const dogs = await t.ok('categories.update', { categoryId: s.dogs.id, changes: { name: 'DOGS' } });
    expect(conforms('categories.update', dogs)).toEqual({ id: s.dogs.id, name: 'DOGS', description: 'Good boys and girls' });
    expect(await t.ok('categories.update', { categoryId: s.dogs.id, changes: { description: 'Loyal' } })).toEqual({ ...dogs, description: 'Loyal' });
    // An empty (or blank) description is no description: cleared, never stored as "".
    expect(await t.ok('categories.update', { categoryId: s.dogs.id, changes: { description: '  ' } })).toEqual({ id: s.dogs.id, name: 'DOGS' });
  },
  'categories.delete': async (t, s) => {
    const mark = await lastEventId(t);
    expect(conforms('categories.delete', await t.ok('categories.delete', { categoryId: s.cats.id }))).toBeNull();
    expect((await t.fail('categories.get', { categoryId: s.cats.id })).code).toBe('NOT_FOUND');
    expect(await appendedSince(t, mark)).toEqual([{ type: 'category.deleted', data: s.cats }]);
  },
  'categories.petCounts': async (t, s) => {
    // The empty category is not listed: it holds none.
    expect(conforms('categories.petCounts', await t.ok('categories.petCounts', {}))).toEqual([{ categoryId: s.dogs.id, pets: 4 }]);
    await t.ok('pets.update', { petId: s.rex.id, changes: { categoryId: s.cats.id } });
    await t.ok('pets.create', { name: 'Tom', categoryId: s.cats.id });
    await t.ok('pets.delete', { petId: s.sold.id });
    expect(await t.ok('categories.petCounts', {})).toEqual([
      { categoryId: s.dogs.id, pets: 2 },
      { categoryId: s.cats.id, pets: 2 },
    ]);
  },
  'orders.list': async (t, s) => {
    const third = await t.ok('orders.place', { petId: s.rex.id });
    const all = await t.ok('orders.list', {});
    conforms('orders.list', all);
    // Newest first.
    expect(all.items.map((o) => o.id)).toEqual([third.id, s.done.id, s.open.id]);
    expect((await t.ok('orders.list', { complete: true })).items.map((o) => o.id)).toEqual([s.done.id]);
    expect((await t.ok('orders.list', { complete: false, petId: s.bella.id })).items.map((o) => o.id)).toEqual([s.open.id]);
    const page1 = await t.ok('orders.list', { limit: 2 });
    expect((await t.ok('orders.list', { limit: 2, cursor: page1.nextCursor! })).items.map((o) => o.id)).toEqual([s.open.id]);
    // Cancelled orders only when the status filter names them; `complete: false` means open.
    expect((await t.ok('orders.list', { status: ['cancelled'] })).items).toEqual([s.cancelled]);
    expect((await t.ok('orders.list', { status: ['open', 'cancelled'] })).items.map((o) => o.id)).toEqual([third.id, s.cancelled.id, s.open.id]);
    expect((await t.ok('orders.list', { status: ['cancelled'], complete: false })).total).toBe(1);
    expect((await t.ok('orders.list', { status: ['cancelled'], complete: true })).total).toBe(0);
    expect((await t.ok('orders.list', { status: ['complete', 'open', 'cancelled'], limit: 1 })).total).toBe(4);
  },
  'orders.place': async (t, s) => {
    const first = conforms('orders.place', await t.ok('orders.place', { petId: s.bella.id, shipDate: '2026-12-01T09:00:00+01:00' })) as { id: number };
    const second = await t.ok('orders.place', { petId: s.rex.id });
    expect(first).toEqual({
      id: expect.any(Number),
      petId: s.bella.id,
      quantity: 1,
      complete: false,
      status: 'open',
      placedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      shipDate: '2026-12-01T08:00:00.000Z',
      petName: s.bella.name,
      clerk: null,
      till: null,
    });
    // Ids are increasing integers assigned by the service.
    expect(first.id).toBeGreaterThan(s.done.id);
    expect(second.id).toBe(first.id + 1);
    expect((await standing(t, s.bella.id)).stock).toBe(1);
  },
  'orders.get': async (t, s) => {
    expect(conforms('orders.get', await t.ok('orders.get', { orderId: s.open.id }))).toEqual({
      id: s.open.id,
      petId: s.bella.id,
      quantity: 2,
      complete: false,
      status: 'open',
      placedAt: s.open.placedAt,
      petName: s.bella.name,
      clerk: null,
      till: null,
    });
    expect(await t.ok('orders.get', { orderId: s.cancelled.id })).toEqual(s.cancelled);
    expect((await t.ok('orders.get', { orderId: s.done.id })).complete).toBe(true);
    // The name the pet had when ordered stays with the order: renamed, then deleted, the sale still says what was sold.
    await t.ok('orders.cancel', { orderId: s.open.id });
    await t.ok('pets.update', { petId: s.bella.id, changes: { name: 'Bella the Second' } });
    expect((await t.ok('orders.get', { orderId: s.done.id })).petName).toBe(s.bella.name);
    await t.ok('pets.delete', { petId: s.bella.id });
    expect(await t.ok('orders.get', { orderId: s.done.id })).toMatchObject({ petId: s.bella.id, petName: s.bella.name, complete: true });
  },
  'orders.update': async (t, s) => {
    const done = await t.ok('orders.update', { orderId: s.open.id, changes: { complete: true, shipDate: '2026-12-24T12:00:00Z' } });
    expect(conforms('orders.update', done)).toEqual({ ...s.open, complete: true, status: 'complete', shipDate: '2026-12-24T12:00:00.000Z' });
    expect(await t.ok('orders.get', { orderId: s.open.id })).toEqual(done);
  },
  'orders.cancel': async (t, s) => {
    expect(conforms('orders.cancel', await t.ok('orders.cancel', { orderId: s.open.id }))).toBeNull();
    // Kept, as cancelled (it used to be deleted: GET answered 404).
    expect(await t.ok('orders.get', { orderId: s.open.id })).toEqual({ ...s.open, status: 'cancelled' });
    expect(await standing(t, s.bella.id)).toEqual({ status: 'available', stock: 4 });
    expect(await t.ok('orders.cancel', { orderId: s.open.id })).toBeNull(); // again: a harmless retry
    expect(await standing(t, s.bella.id)).toEqual({ status: 'available', stock: 4 });
  },
  'inventory.list': async (t, s) => {
    await t.ok('settings.update', { lowStockThreshold: 1 }); // low: none left (a new shop's default is 3)
    const all = await t.ok('inventory.list', {});
    conforms('inventory.list', all);
    expect(all.items).toEqual([
      { petId: s.rex.id, quantity: 1, status: 'available' },
      { petId: s.bella.id, quantity: 2, status: 'available' },
      { petId: s.held.id, quantity: 2, status: 'pending' },
      { petId: s.sold.id, quantity: 0, status: 'sold' },
    ]);
    expect((await t.ok('inventory.list', { petId: [s.held.id] })).items.map((i) => i.petId)).toEqual([s.held.id]);
    // Low stock: pets for sale below the threshold; the sold one (stock 0) is not for sale.
    expect(await t.ok('inventory.list', { low: true })).toMatchObject({ total: 0, items: [] });
    await t.ok('settings.update', { lowStockThreshold: 2 });
    expect(await t.ok('inventory.list', { low: true })).toMatchObject({ total: 1, items: [{ petId: s.rex.id }] });
    const page1 = await t.ok('inventory.list', { limit: 3 });
    expect((await t.ok('inventory.list', { limit: 3, cursor: page1.nextCursor! })).items.map((i) => i.petId)).toEqual([s.sold.id]);
    // A name search, case-insensitive and trimmed as in the pets list, counted with every other filter.
    const milos = await t.ok('pets.create', { name: 'Milou', categoryId: s.cats.id });
    expect(await t.ok('inventory.list', { q: ' MIL ' })).toMatchObject({ total: 2, items: [{ petId: s.held.id }, { petId: milos.id }] });
    expect(await t.ok('inventory.list', { q: 'mil', low: true })).toMatchObject({ total: 1, items: [{ petId: milos.id, quantity: 1 }] });
    expect(await t.ok('inventory.list', { q: 'mil', petId: [s.rex.id, s.held.id] })).toMatchObject({ total: 1, items: [{ petId: s.held.id }] });
    expect(await t.ok('inventory.list', { q: 'nobody' })).toEqual({ items: [], total: 0, nextCursor: null });
    const searched = await t.ok('inventory.list', { q: 'mil', limit: 1 });
    expect(searched).toMatchObject({ total: 2, items: [{ petId: s.held.id }] });
    expect(await t.ok('inventory.list', { q: 'mil', limit: 1, cursor: searched.nextCursor! })).toMatchObject({ total: 2, items: [{ petId: milos.id }], nextCursor: null });
  },
  'inventory.get': async (t, s) => {
    expect(conforms('inventory.get', await t.ok('inventory.get', { petId: s.held.id }))).toEqual({ petId: s.held.id, quantity: 2, status: 'pending' });
  },
  'inventory.set': async (t, s) => {
    expect(conforms('inventory.set', await t.ok('inventory.set', { petId: s.rex.id, update: { quantity: 12 } }))).toEqual({
      petId: s.rex.id,
      quantity: 12,
      status: 'available',
    });
    expect((await t.ok('inventory.get', { petId: s.rex.id })).quantity).toBe(12);
  },
  'inventory.adjust': async (t, s) => {
    const rex = (await t.ok('inventory.get', { petId: s.rex.id })).quantity;
    const added = await t.ok('inventory.adjust', { petId: s.rex.id, adjustment: { delta: 3, reason: 'received' } });
    expect(conforms('inventory.adjust', added)).toEqual({ petId: s.rex.id, quantity: rex + 3, status: 'available' });
    expect((await t.ok('inventory.adjust', { petId: s.rex.id, adjustment: { delta: -1, reason: 'died', note: 'Old age' } })).quantity).toBe(rex + 2);
    expect((await t.ok('inventory.movements', { petId: s.rex.id, limit: 1 })).items[0]).toMatchObject({ delta: -1, reason: 'died', note: 'Old age' });
  },
  'inventory.movements': async (t, s) => {
    const ledger = conforms('inventory.movements', await t.ok('inventory.movements', { petId: s.bella.id })) as Awaited<ReturnType<typeof t.ok<'inventory.movements'>>>;
    expect(ledger.items.map(({ delta, quantityAfter, reason, orderId }) => ({ delta, quantityAfter, reason, orderId }))).toEqual([
      { delta: -1, quantityAfter: 2, reason: 'order', orderId: s.done.id },
      { delta: -2, quantityAfter: 3, reason: 'order', orderId: s.open.id },
      { delta: 4, quantityAfter: 5, reason: 'received', orderId: undefined },
      { delta: 1, quantityAfter: 1, reason: 'opening', orderId: undefined },
    ]);
    expect(ledger).toMatchObject({ total: 4, nextCursor: null });
    expect(await t.ok('inventory.movements', { petId: s.sold.id })).toEqual({ items: [], total: 0, nextCursor: null });
  },
  'events.list': async (t) => {
    const all = await t.ok('events.list', {});
    conforms('events.list', all);
    expect(all.map((e) => e.type).slice(0, 4)).toEqual(['category.created', 'category.created', 'pet.created', 'pet.created']);
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => all[0].id + i));
    expect((await t.ok('events.list', { after: all[1].id, limit: 2 })).map((e) => e.id)).toEqual([all[2].id, all[3].id]);
    expect(await t.ok('events.list', { after: all.at(-1)!.id })).toEqual([]);
  },
  'events.latest': async (t) => {
    const before = await t.ok('events.list', { limit: 1000 });
    expect(conforms('events.latest', await t.ok('events.latest', {}))).toEqual({ lastEventId: before.at(-1)?.id ?? 0 });
    await t.ok('categories.create', { name: 'Birds' });
    const created = (await t.ok('events.list', { limit: 1000 })).at(-1)!;
    expect(created).toMatchObject({ type: 'category.created', data: { name: 'Birds' } });
    expect(await t.ok('events.latest', {})).toEqual({ lastEventId: created.id });
    // A stream resumed from it carries only what changes afterwards.
    await t.ok('categories.create', { name: 'Fish' });
    expect(await t.ok('events.list', { after: created.id })).toEqual([expect.objectContaining({ type: 'category.created', data: expect.objectContaining({ name: 'Fish' }) })]);
  },
  'service.health': async (t) => {
    // The engine it names tells a till whose backups are made with pg_dump (docs/decisions.md#the-desktop-meets-postgresql-as-a-till).
    const store = t.engine === 'postgres' ? 'postgresql' : 'sqlite';
    expect(conforms('service.health', await t.ok('service.health', {}))).toEqual({ status: 'ok', version: expect.any(String), apiVersion: '1.0.0', store });
  },
  'settings.get': async (t) => {
    expect(conforms('settings.get', await t.ok('settings.get', {}))).toEqual(DEFAULT_SETTINGS);
    // Secure by default, written out rather than compared with the defaults themselves.
    expect(await t.ok('settings.get', {})).toMatchObject({ listenerEnabled: false, listenerHost: '127.0.0.1', allowedOrigins: [], rateLimitPerMinute: 1200 });
  },
  'settings.update': async (t) => {
    const settings = await t.ok('settings.update', { lowStockThreshold: 3, allowedOrigins: ['http://localhost:3000'] });
    expect(conforms('settings.update', settings)).toEqual({ ...DEFAULT_SETTINGS, lowStockThreshold: 3, allowedOrigins: ['http://localhost:3000'] });
    expect(await t.ok('settings.get', {})).toEqual(settings);
  },
  'shop.get': async (t) => {
    await t.ok('settings.update', { currency: 'JPY', defaultTaxRate: 1000 });
    expect(conforms('shop.get', await t.ok('shop.get', {}))).toEqual({
      name: DEFAULT_SETTINGS.shopName,
      currency: 'JPY',
      currencyDigits: 0,
      pricesIncludeTax: true,
      defaultTaxRate: 1000,
      timeZone: DEFAULT_SETTINGS.timeZone,
      address: '',
      taxId: '',
      receiptFooter: '',
    });
  },
  'tokens.create': async (t) => {
    const created = await t.ok('tokens.create', { label: 'Web shop', scope: 'write' });
    conforms('tokens.create', created);
    expect(created.secret).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ label: 'Web shop', scope: 'write', prefix: created.secret.slice(0, 10), lastUsedAt: null, revokedAt: null });
    // The secret is in this answer only.
    expect(JSON.stringify(await t.ok('tokens.list', {}))).not.toContain(created.secret);
  },
  'tokens.list': async (t) => {
    const a = (await t.ok('tokens.create', { label: 'A', scope: 'read' })).token;
    const b = (await t.ok('tokens.create', { label: 'B', scope: 'write' })).token;
    await t.ok('tokens.revoke', { tokenId: a.id });
    const active = await t.ok('tokens.list', {});
    conforms('tokens.list', active);
    expect(active).toEqual([b]);
    expect((await t.ok('tokens.list', { includeRevoked: true })).map((token) => token.id)).toEqual([b.id, a.id]);
    expect(Object.keys(active[0]).sort()).toEqual(['createdAt', 'id', 'label', 'lastUsedAt', 'prefix', 'revokedAt', 'scope']);
  },
  'tokens.revoke': async (t) => {
    const { token } = await t.ok('tokens.create', { label: 'Printer', scope: 'read' });
    const revoked = await t.ok('tokens.revoke', { tokenId: token.id });
    expect(conforms('tokens.revoke', revoked)).toEqual({ ...token, revokedAt: expect.any(String) });
    // Revoking again keeps the first revocation time.
    expect(await t.ok('tokens.revoke', { tokenId: token.id })).toEqual(revoked);
  },
  'stats.overview': async (t, s) => {
    await t.ok('settings.update', { lowStockThreshold: 1 }); // low: none left (a new shop's default is 3)
    const overview = await t.ok('stats.overview', {});
    conforms('stats.overview', overview);
    expect(overview).toMatchObject({
      petsByStatus: { available: 2, pending: 1, sold: 1 },
      stockByCategory: [
        { categoryId: s.cats.id, name: 'Cats', pets: 0, stock: 0 },
        { categoryId: s.dogs.id, name: 'Dogs', pets: 4, stock: 5 },
      ],
      openOrders: 1,
      lowStock: 0, // only Gone has less than 1, and it is sold: not for sale, not low
      lowStockThreshold: 1,
    });
    expect(overview.recentOrders.map((o) => o.id)).toEqual([s.done.id, s.open.id]);
    expect(overview.recentEvents[0].id).toBe(await lastEventId(t));
  },
  'data.export': async (t) => {
    const file = await t.ok('data.export', { format: 'csv' });
    conforms('data.export', file);
    expect(file).toMatchObject({ mimeType: 'text/csv', rows: 4, filename: expect.stringMatching(/^petstore-pets-\d{4}-\d\d-\d\d\.csv$/) });
    // The pet's optional fields some pet has (Bella's SKU and microchip) are columns too.
    expect(file.content.split(/\r?\n/)[0]).toBe('id,name,category,categoryId,status,stock,sku,microchip');
    const json = JSON.parse((await t.ok('data.export', { format: 'json' })).content);
    expect(json.pets).toHaveLength(4);
    expect(json.orders).toHaveLength(2);
  },
  'customers.list': async (t) => {
    await t.ok('customers.create', { name: 'Émile', phone: '+33 6 12 34' });
    const all = conforms('customers.list', await t.ok('customers.list', {})) as Awaited<ReturnType<typeof t.ok<'customers.list'>>>;
    expect(all.items.map((c) => c.name)).toEqual(['Ann', 'Émile']);
    expect((await t.ok('customers.list', { q: 'EMILE' })).items.map((c) => c.name)).toEqual(['Émile']);
    expect((await t.ok('customers.list', { q: '6 12-3' })).items.map((c) => c.name)).toEqual(['Émile']);
    expect((await t.ok('customers.list', { forgotten: true })).items.map((c) => c.forgottenAt !== undefined)).toEqual([true]);
  },
  'customers.create': async (t) => {
    const mark = await lastEventId(t);
    const cy = conforms('customers.create', await t.ok('customers.create', { name: ' Cy ', note: '' }));
    expect(cy).toEqual({ id: expect.any(Number), name: 'Cy', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.created', data: cy }]);
  },
  'customers.get': async (t, s) => {
    expect(conforms('customers.get', await t.ok('customers.get', { customerId: s.ann.id }))).toEqual(s.ann);
  },
  'customers.update': async (t, s) => {
    const mark = await lastEventId(t);
    const ann = conforms('customers.update', await t.ok('customers.update', { customerId: s.ann.id, changes: { phone: '0698765432', email: '' } }));
    expect(ann).toEqual({ ...s.ann, phone: '0698765432', email: undefined, updatedAt: expect.any(String) });
    expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.updated', data: ann }]);
  },
  'customers.forget': async (t, s) => {
    const mark = await lastEventId(t);
    expect(conforms('customers.forget', await t.ok('customers.forget', { customerId: s.ann.id }))).toBeNull();
    const ann = await t.ok('customers.get', { customerId: s.ann.id });
    expect(ann).toMatchObject({ name: 'Forgotten customer', forgottenAt: expect.any(String) });
    expect(ann).not.toHaveProperty('email');
    expect(await appendedSince(t, mark)).toEqual([{ type: 'customer.forgotten', data: ann }]);
  },
  'sales.list': async (t, s) => {
    const { done, open, cancelled } = (await s.till);
    const all = conforms('sales.list', await t.ok('sales.list', {})) as Awaited<ReturnType<typeof t.ok<'sales.list'>>>;
    // Newest first, every status.
    expect(all.items.map((sale) => sale.number)).toEqual([3, 2, 1]);
    expect(all).toMatchObject({ total: 3, nextCursor: null });
    expect((await t.ok('sales.list', { status: ['open', 'cancelled'] })).items.map((sale) => sale.id)).toEqual([cancelled.id, open.id]);
    expect((await t.ok('sales.list', { number: 1 })).items).toEqual([done]);
    const page1 = await t.ok('sales.list', { limit: 2 });
    expect(await t.ok('sales.list', { limit: 2, cursor: page1.nextCursor! })).toEqual({ items: [done], total: 3, nextCursor: null });
    const mine = await t.ok('sales.create', { lines: [{ petId: (await s.till).toy.id }], customerId: s.ann.id, payments: [{ method: 'card', amount: 1100 }] });
    expect((await t.ok('sales.list', { customerId: s.ann.id })).items).toEqual([mine]);
    expect((await t.ok('sales.list', { from: mine.createdAt })).items).toEqual([mine]);
    expect((await t.ok('sales.list', { to: mine.createdAt })).total).toBe(3);
  },
  'sales.create': async (t, s) => {
    const ball = (await s.till).toy;
    const mark = await lastEventId(t);
    const sale = conforms('sales.create', await t.ok('sales.create', { lines: [{ petId: ball.id, quantity: 3 }], discount: 300, payments: [{ method: 'cash', amount: 5000 }] })) as { id: number; lines: { orderId: number }[] };
    expect(sale).toMatchObject({ number: 4, status: 'completed', subtotal: 3300, discount: 300, total: 3000, tax: 273, paid: 5000, change: 2000 });
    expect(await t.ok('orders.get', { orderId: sale.lines[0].orderId })).toMatchObject({ saleId: sale.id, unitPrice: 1100, quantity: 3, status: 'complete' });
    expect((await appendedSince(t, mark)).at(-1)).toEqual({ type: 'sale.created', data: sale });
  },
  'sales.get': async (t, s) => {
    expect(conforms('sales.get', await t.ok('sales.get', { saleId: (await s.till).done.id }))).toEqual((await s.till).done);
  },
  'sales.cancel': async (t, s) => {
    const cancelled = conforms('sales.cancel', await t.ok('sales.cancel', { saleId: (await s.till).open.id }));
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded: 1100 });
    expect((await t.ok('orders.get', { orderId: (await s.till).open.lines[0].orderId })).status).toBe('cancelled');
  },
  'refunds.create': async (t, s) => {
    const { done, toy } = (await s.till);
    const stock = (await standing(t, toy.id)).stock;
    const refund = conforms('refunds.create', await t.ok('refunds.create', { saleId: done.id, refund: { lines: [{ orderId: done.lines[0].orderId }], restock: true, payments: [{ method: 'cash', amount: 1100 }] } }));
    expect(refund).toMatchObject({ kind: 'refund', amount: 1100, tax: 100, restock: true });
    expect((await standing(t, toy.id)).stock).toBe(stock + 1);
    expect((await t.ok('sales.get', { saleId: done.id })).refunded).toBe(1100);
  },
  'refunds.list': async (t, s) => {
    const [cancel] = (conforms('refunds.list', await t.ok('refunds.list', { saleId: (await s.till).cancelled.id })) as Awaited<ReturnType<typeof t.ok<'refunds.list'>>>).items;
    expect(cancel).toMatchObject({ kind: 'cancel', amount: 1100, payments: [{ method: 'cash', amount: 1100 }] });
    expect(await t.ok('refunds.list', { saleId: (await s.till).done.id })).toEqual({ items: [], total: 0, nextCursor: null });
  },
  'refunds.get': async (t, s) => {
    const [cancel] = (await t.ok('refunds.list', { saleId: (await s.till).cancelled.id })).items;
    expect(conforms('refunds.get', await t.ok('refunds.get', { saleId: (await s.till).cancelled.id, refundId: cancel.id }))).toEqual(cancel);
  },
  'reports.sales': async (t, s) => {
    const { done, open, cancelled } = (await s.till);
    const { from, to } = await aroundToday(t);
    const report = conforms('reports.sales', await t.ok('reports.sales', { from, to })) as Awaited<ReturnType<typeof t.ok<'reports.sales'>>>;
    // Three sales of 11.00 with 10 % tax included (one cancelled: its cancel is a refund), four units.
    const totals = { sales: 3, quantity: 4, gross: 4400, discounts: 0, net: 4000, tax: 400, total: 4400, refunds: 1100, refundedQuantity: 1, refundedNet: 1000, refundedTax: 100, takings: 3300 };
    expect(report).toMatchObject({ by: 'day', from, to, currency: 'EUR', totals: { ...totals, cancelled: 1 } });
    expect(report.rows).toHaveLength(3);
    expect(report.rows.filter((row) => row.sales > 0)).toEqual([expect.objectContaining({ ...totals, cancelled: 1 })]);
    const byPet = await t.ok('reports.sales', { from, to, by: 'pet' });
    expect(byPet).toMatchObject({ by: 'pet', rows: [{ petId: (await s.till).toy.id, petName: 'Ball', ...totals }], omittedRows: 0 });
    const byMethod = await t.ok('reports.sales', { from, to, by: 'paymentMethod' });
    expect(byMethod.rows).toEqual([
      { method: 'cash', sales: 2, paid: done.paid + cancelled.paid, change: 0, refunds: 1100, takings: 2200 },
      { method: 'card', sales: 1, paid: open.paid, change: 0, refunds: 0, takings: 1100 },
      { method: 'other', sales: 0, paid: 0, change: 0, refunds: 0, takings: 0 },
    ]);
  },
  'reports.day': async (t, s) => {
    expect((await s.till).done.number).toBe(1);
    const { today } = await aroundToday(t);
    const report = conforms('reports.day', await t.ok('reports.day', { date: today })) as Awaited<ReturnType<typeof t.ok<'reports.day'>>>;
    // Unless midnight passed between the sales and now (then they were yesterday's).
    if (report.sales === 0) return;
    expect(report).toMatchObject({ date: today, sales: 3, quantity: 4, total: 4400, refunds: 1100, cancelled: 1, takings: 3300, cashExpected: 2200 });
    expect(report.taxes).toEqual([{ taxRate: 1000, net: 4000, tax: 400, total: 4400, refundedNet: 1000, refundedTax: 100, refunds: 1100 }]);
  },
  'data.previewImport': async (t) => {
    const before = await snapshot(t);
    const preview = await t.ok('data.previewImport', { format: 'csv', content: 'name,category\nMax,Dogs\n,Dogs' });
    conforms('data.previewImport', preview);
    expect(preview).toMatchObject({ valid: 1, invalid: 1, fileErrors: [] });
    expect(preview.rows[1].errors.map((e) => e.path)).toEqual(['name']);
    expect(await snapshot(t)).toEqual(before);
  },
  'tills.pairingCode': async (t) => {
    provideShopServer(t.served!, SHOP_SERVER);
    const made = conforms('tills.pairingCode', await t.ok('tills.pairingCode', {})) as { code: string; fingerprint: string };
    expect(made.fingerprint).toBe(FINGERPRINT);
  },
  'tills.pair': async (t) => {
    provideShopServer(t.served!, SHOP_SERVER);
    const { code } = await t.ok('tills.pairingCode', {});
    const paired = conforms('tills.pair', await t.ok('tills.pair', { name: 'Counter 2', proof: tillProof(code, FINGERPRINT, 'Counter 2') }));
    expect(paired).toMatchObject({ till: { name: 'Counter 2', revokedAt: null } });
  },
  'tills.list': async (t) => {
    provideShopServer(t.served!, SHOP_SERVER);
    const { code } = await t.ok('tills.pairingCode', {});
    const { till } = await t.ok('tills.pair', { name: 'Counter 2', proof: tillProof(code, FINGERPRINT, 'Counter 2') });
    expect(conforms('tills.list', await t.ok('tills.list', {}))).toEqual([{ ...till, lastUsedAt: null }]);
    await t.ok('tills.revoke', { tillId: till.id });
    expect(await t.ok('tills.list', {})).toEqual([]);
    expect(await t.ok('tills.list', { includeRevoked: true })).toHaveLength(1);
  },
  'clerks.list': async (t) => {
    const ben = await t.ok('clerks.create', { name: 'ben', pin: '1234' });
    await t.ok('clerks.create', { name: 'Anna', role: 'owner', pin: '5678' });
    await t.ok('clerks.update', { clerkId: ben.id, active: false });
    expect(conforms('clerks.list', await t.ok('clerks.list', {}))).toMatchObject([{ name: 'Anna', role: 'owner', active: true }]);
    expect((await t.ok('clerks.list', { includeInactive: true })).map((clerk) => clerk.name)).toEqual(['Anna', 'ben']);
  },
  'clerks.create': async (t) => {
    const made = conforms('clerks.create', await t.ok('clerks.create', { name: ' Ben ', pin: '1234' }));
    expect(made).toEqual({ id: expect.any(Number), name: 'Ben', role: 'clerk', active: true, createdAt: expect.any(String) });
  },
  'clerks.update': async (t) => {
    const ben = await t.ok('clerks.create', { name: 'Ben', pin: '1234' });
    expect(conforms('clerks.update', await t.ok('clerks.update', { clerkId: ben.id, name: 'Benno', role: 'owner', pin: '4321' }))).toEqual({ ...ben, name: 'Benno', role: 'owner' });
  },
  'sessions.current': async (t) => {
    expect(conforms('sessions.current', await t.ok('sessions.current', {}))).toEqual({ clerkLogins: false, idleLockMinutes: 5, session: null });
    await loginsOn(t);
    expect(await runForCaller(DESK, () => t.ok('sessions.current', {}))).toEqual({ clerkLogins: true, idleLockMinutes: 5, session: null });
  },
  'sessions.start': async (t) => {
    const owner = await loginsOn(t);
    const started = conforms('sessions.start', await runForCaller(DESK, () => t.ok('sessions.start', { clerkId: owner.id, pin: '1234' })));
    expect(started).toMatchObject({ session: { clerk: { id: owner.id, name: 'Olga', role: 'owner' }, till: null }, secret: expect.stringMatching(/^pss_/) });
  },
  'sessions.end': async (t) => {
    const owner = await loginsOn(t);
    const { session } = await runForCaller(DESK, () => t.ok('sessions.start', { clerkId: owner.id, pin: '1234' }));
    const signedIn = atDesk(session.id, session.clerk);
    expect(conforms('sessions.end', await runForCaller(signedIn, () => t.ok('sessions.end', {})))).toBeNull();
    expect((await runForCaller(signedIn, () => t.ok('sessions.current', {}))).session).toBeNull();
  },
  'tills.revoke': async (t) => {
    provideShopServer(t.served!, SHOP_SERVER);
    const { code } = await t.ok('tills.pairingCode', {});
    const { till } = await t.ok('tills.pair', { name: 'Counter 2', proof: tillProof(code, FINGERPRINT, 'Counter 2') });
    const revoked = conforms('tills.revoke', await t.ok('tills.revoke', { tillId: till.id }));
    expect(revoked).toEqual({ ...till, revokedAt: expect.any(String) });
    expect(await t.ok('tills.revoke', { tillId: till.id })).toEqual(revoked); // again: as it was
  },
  'data.import': async (t, s) => {
    const result = await t.ok('data.import', { format: 'json', content: JSON.stringify([{ name: 'Max', category: 'cats', stock: 3 }, { name: 'Bad' }]) });
    expect(conforms('data.import', result)).toEqual({ imported: 1, skipped: 1 });
    const max = (await t.ok('pets.list', { q: 'max' })).items[0];
    expect(max).toMatchObject({ name: 'Max', categoryId: s.cats.id, status: 'available' });
    expect(await standing(t, max.id)).toEqual({ status: 'available', stock: 3 });
  },
};

describeOnEngines('operations', (fresh) => {
  describe('each operation does its job', () => {
    let t: EngineStore;
    let s: Shop;
    beforeEach(async () => {
      t = await fresh();
      s = await shopOf(t);
    });
    afterEach(() => t.close());

    test.each(Object.keys(happy) as CallableOperationName[])('%s', (name) => happy[name]!(t, s));
  });
});

// ── Refusals ────────────────────────────────────────────────────────────────────────────────

type Refusal = [CallableOperationName, ErrorCode, (s: Shop) => Record<string, unknown> | Promise<Record<string, unknown>>, RegExp];
const MISSING = 424_242;

const refusals: Refusal[] = [
  // Every operation refuses input its schema does not allow.
  ['pets.list', 'VALIDATION_FAILED', () => ({ sort: 'colour' }), /sort/],
  ['pets.create', 'VALIDATION_FAILED', (s) => ({ name: '', categoryId: s.dogs.id }), /name/],
  ['pets.get', 'VALIDATION_FAILED', () => ({ petId: 'one' }), /petId/],
  ['pets.replace', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, pet: { name: 'Rex', categoryId: s.dogs.id, status: 'lost' } }), /pet\.status/],
  ['pets.update', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, changes: {} }), /At least one field/],
  ['pets.delete', 'VALIDATION_FAILED', () => ({}), /petId/],
  ['pets.bulkUpdate', 'VALIDATION_FAILED', (s) => ({ petIds: [s.rex.id], changes: {} }), /At least one of/],
  ['photos.put', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, photo: 'iVBORw0KGgo=' }), /photo/],
  ['photos.get', 'VALIDATION_FAILED', () => ({ petId: 0 }), /petId/],
  ['photos.delete', 'VALIDATION_FAILED', () => ({}), /petId/],
  ['categories.list', 'VALIDATION_FAILED', () => ({ q: 'x'.repeat(101) }), /q/],
  ['categories.create', 'VALIDATION_FAILED', () => ({ name: 'Fish', description: 'x'.repeat(501) }), /description/],
  ['categories.get', 'VALIDATION_FAILED', () => ({ categoryId: 0 }), /categoryId/],
  ['categories.replace', 'VALIDATION_FAILED', (s) => ({ categoryId: s.cats.id, category: {} }), /category\.name/],
  ['categories.update', 'VALIDATION_FAILED', (s) => ({ categoryId: s.cats.id, changes: { name: '\u0000' } }), /changes\.name/],
  ['categories.delete', 'VALIDATION_FAILED', () => ({ categoryId: -1 }), /categoryId/],
  ['categories.petCounts', 'VALIDATION_FAILED', () => ({ categoryId: 1 }), /categoryId/],
  ['orders.list', 'VALIDATION_FAILED', () => ({ complete: 'yes' }), /complete/],
  ['orders.place', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, quantity: 1001 }), /quantity/],
  ['orders.get', 'VALIDATION_FAILED', () => ({ orderId: 1.5 }), /orderId/],
  ['orders.update', 'VALIDATION_FAILED', (s) => ({ orderId: s.open.id, changes: { shipDate: 'tomorrow' } }), /changes\.shipDate/],
  ['orders.cancel', 'VALIDATION_FAILED', () => ({ orderId: 2 ** 53 }), /orderId/],
  ['inventory.list', 'VALIDATION_FAILED', () => ({ low: 'true' }), /low/],
  ['inventory.list', 'VALIDATION_FAILED', () => ({ q: 'x'.repeat(101) }), /q/],
  ['inventory.get', 'VALIDATION_FAILED', () => ({ petId: null }), /petId/],
  ['inventory.set', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, update: { quantity: 1_000_001 } }), /update\.quantity/],
  ['inventory.adjust', 'VALIDATION_FAILED', (s) => ({ petId: s.rex.id, adjustment: { delta: 0, reason: 'received' } }), /adjustment\.delta/],
  ['inventory.movements', 'VALIDATION_FAILED', () => ({ petId: 0 }), /petId/],
  ['events.list', 'VALIDATION_FAILED', () => ({ after: -1 }), /after/],
  ['events.latest', 'VALIDATION_FAILED', () => ({ after: 3 }), /after/],
  ['service.health', 'VALIDATION_FAILED', () => ['not', 'an', 'object'] as unknown as Record<string, unknown>, /Invalid input/], // unknown fields are ignored: see test/rest/auth.test.ts
  ['settings.get', 'VALIDATION_FAILED', () => ({ key: 'x' }), /key/],
  ['settings.update', 'VALIDATION_FAILED', () => ({ listenerHost: 'example.com' }), /listenerHost/],
  ['shop.get', 'VALIDATION_FAILED', () => ({ currency: 'USD' }), /currency/],
  ['tokens.create', 'VALIDATION_FAILED', () => ({ label: 'Shop', scope: 'admin' }), /scope/],
  ['tokens.list', 'VALIDATION_FAILED', () => ({ includeRevoked: 1 }), /includeRevoked/],
  ['tokens.revoke', 'VALIDATION_FAILED', () => ({ tokenId: '1' }), /tokenId/],
  ['tills.pairingCode', 'VALIDATION_FAILED', () => ({ forTill: 'Counter 2' }), /forTill/],
  ['tills.list', 'VALIDATION_FAILED', () => ({ includeRevoked: 'yes' }), /includeRevoked/],
  ['tills.revoke', 'VALIDATION_FAILED', () => ({ tillId: 0 }), /tillId/],
  ['tills.pair', 'VALIDATION_FAILED', () => ({ name: 'Counter 2', proof: 'short' }), /proof/],
  ['clerks.list', 'VALIDATION_FAILED', () => ({ includeInactive: 'yes' }), /includeInactive/],
  ['clerks.create', 'VALIDATION_FAILED', () => ({ name: 'Cleo', pin: '12' }), /pin: Must be 4 to 8 digits/],
  ['clerks.update', 'VALIDATION_FAILED', () => ({ clerkId: 1 }), /At least one of/],
  ['sessions.current', 'VALIDATION_FAILED', () => ({ clerkId: 1 }), /clerkId/],
  ['sessions.start', 'VALIDATION_FAILED', () => ({ clerkId: 1, pin: 'abcd' }), /pin/],
  ['sessions.end', 'VALIDATION_FAILED', () => ({ all: true }), /all/],
  ['stats.overview', 'VALIDATION_FAILED', () => ({ since: 1 }), /since/],
  ['data.export', 'VALIDATION_FAILED', () => ({ format: 'xml' }), /format/],
  ['data.previewImport', 'VALIDATION_FAILED', () => ({ format: 'csv', content: 'x'.repeat(MAX_IMPORT_CHARS + 1) }), /64 MiB/],
  ['data.import', 'VALIDATION_FAILED', () => ({ format: 'csv', content: 'label,kind\nMax,Dogs' }), /Missing column/],
  ['customers.list', 'VALIDATION_FAILED', () => ({ forgotten: 'yes' }), /forgotten/],
  ['customers.create', 'VALIDATION_FAILED', () => ({ name: 'Cy', phone: 'none' }), /phone/],
  ['customers.get', 'VALIDATION_FAILED', () => ({ customerId: 0 }), /customerId/],
  ['customers.update', 'VALIDATION_FAILED', (s) => ({ customerId: s.ann.id, changes: { email: 'ann@' } }), /changes\.email/],
  ['customers.forget', 'VALIDATION_FAILED', () => ({}), /customerId/],
  ['sales.list', 'VALIDATION_FAILED', () => ({ status: ['paid'] }), /status/],
  ['sales.create', 'VALIDATION_FAILED', () => ({ lines: [] }), /lines/],
  ['sales.get', 'VALIDATION_FAILED', () => ({ saleId: 0 }), /saleId/],
  ['sales.cancel', 'VALIDATION_FAILED', () => ({}), /saleId/],
  ['refunds.create', 'VALIDATION_FAILED', () => ({ saleId: 1, refund: { lines: [{ orderId: 1 }] } }), /refund\.restock/],
  ['refunds.list', 'VALIDATION_FAILED', () => ({ saleId: 1, limit: 0 }), /limit/],
  ['refunds.get', 'VALIDATION_FAILED', () => ({ saleId: 1 }), /refundId/],
  ['reports.sales', 'VALIDATION_FAILED', () => ({ from: '2026-02-01', to: '2026-01-31' }), /to: Must be 2026-02-01 or later/],
  ['reports.day', 'VALIDATION_FAILED', () => ({ date: '2026-02-30' }), /date/],

  // Domain refusals.
  ['pets.create', 'REFERENCE_NOT_FOUND', () => ({ name: 'Max', categoryId: MISSING }), /Category 424242/],
  ['pets.get', 'NOT_FOUND', () => ({ petId: MISSING }), /Pet 424242/],
  ['pets.replace', 'NOT_FOUND', (s) => ({ petId: MISSING, pet: { name: 'Max', categoryId: s.dogs.id } }), /Pet 424242/],
  ['pets.replace', 'REFERENCE_NOT_FOUND', (s) => ({ petId: s.rex.id, pet: { name: 'Rex', categoryId: MISSING } }), /Category 424242/],
  ['pets.replace', 'PET_HAS_OPEN_ORDERS', (s) => ({ petId: s.bella.id, pet: { name: 'Bella', categoryId: s.dogs.id, status: 'sold' } }), /open orders/],
  ['pets.update', 'NOT_FOUND', () => ({ petId: MISSING, changes: { name: 'Max' } }), /Pet 424242/],
  ['pets.update', 'REFERENCE_NOT_FOUND', (s) => ({ petId: s.rex.id, changes: { categoryId: MISSING } }), /Category 424242/],
  ['pets.update', 'PET_HAS_OPEN_ORDERS', (s) => ({ petId: s.bella.id, changes: { status: 'sold' } }), /open orders/],
  ['pets.delete', 'NOT_FOUND', () => ({ petId: MISSING }), /Pet 424242/],
  ['pets.bulkUpdate', 'NOT_FOUND', (s) => ({ petIds: [s.rex.id, MISSING], changes: { price: 1 } }), /Pet 424242 does not exist: nothing was changed/],
  ['pets.bulkUpdate', 'REFERENCE_NOT_FOUND', (s) => ({ petIds: [s.rex.id], changes: { categoryId: MISSING } }), /Category 424242/],
  ['pets.bulkUpdate', 'PET_HAS_OPEN_ORDERS', (s) => ({ petIds: [s.rex.id, s.bella.id], changes: { status: 'sold' } }), /open orders.*Nothing was changed/],
  ['pets.delete', 'PET_HAS_OPEN_ORDERS', (s) => ({ petId: s.bella.id }), /open orders/],
  ['pets.create', 'SKU_TAKEN', (s) => ({ name: 'Max', categoryId: s.dogs.id, sku: ' bella-1 ' }), /"bella-1" belongs to Bella/],
  ['pets.create', 'MICROCHIP_TAKEN', (s) => ({ name: 'Max', categoryId: s.dogs.id, microchip: BELLA_CHIP }), /belongs to Bella/],
  ['pets.replace', 'SKU_TAKEN', (s) => ({ petId: s.rex.id, pet: { name: 'Rex', categoryId: s.dogs.id, sku: 'Bella-1' } }), /belongs to Bella/],
  ['pets.replace', 'MICROCHIP_TAKEN', (s) => ({ petId: s.rex.id, pet: { name: 'Rex', categoryId: s.dogs.id, microchip: BELLA_CHIP } }), /belongs to Bella/],
  ['pets.update', 'SKU_TAKEN', (s) => ({ petId: s.rex.id, changes: { sku: 'BELLA-1' } }), /belongs to Bella/],
  ['pets.update', 'MICROCHIP_TAKEN', (s) => ({ petId: s.rex.id, changes: { microchip: BELLA_CHIP } }), /belongs to Bella/],
  ['photos.put', 'NOT_FOUND', () => ({ petId: MISSING, photo: PNG }), /Pet 424242/],
  ['photos.put', 'PAYLOAD_TOO_LARGE', (s) => ({ petId: s.rex.id, photo: pngOfSize(PHOTO_MAX_BYTES + 1) }), /larger than 2 MiB/],
  ['photos.put', 'UNSUPPORTED_MEDIA_TYPE', (s) => ({ petId: s.rex.id, photo: GIF }), /JPEG, PNG or WebP/],
  ['photos.get', 'NOT_FOUND', (s) => ({ petId: s.rex.id }), /Rex \(pet \d+\) has no photo/],
  ['photos.delete', 'NOT_FOUND', (s) => ({ petId: s.rex.id }), /has no photo/],
  ['categories.create', 'CATEGORY_NAME_TAKEN', () => ({ name: ' dOGS ' }), /"Dogs" already exists/],
  ['categories.get', 'NOT_FOUND', () => ({ categoryId: MISSING }), /Category 424242/],
  ['categories.replace', 'NOT_FOUND', () => ({ categoryId: MISSING, category: { name: 'Fish' } }), /Category 424242/],
  ['categories.replace', 'CATEGORY_NAME_TAKEN', (s) => ({ categoryId: s.cats.id, category: { name: 'DOGS' } }), /"Dogs" already exists/],
  ['categories.update', 'NOT_FOUND', () => ({ categoryId: MISSING, changes: { name: 'Fish' } }), /Category 424242/],
  ['categories.update', 'CATEGORY_NAME_TAKEN', (s) => ({ categoryId: s.cats.id, changes: { name: 'dogs' } }), /"Dogs" already exists/],
  ['categories.delete', 'NOT_FOUND', () => ({ categoryId: MISSING }), /Category 424242/],
  ['categories.delete', 'CATEGORY_IN_USE', (s) => ({ categoryId: s.dogs.id }), /"Dogs" still has 4 pets/],
  ['orders.place', 'REFERENCE_NOT_FOUND', () => ({ petId: MISSING }), /Pet 424242/],
  ['orders.place', 'PET_NOT_AVAILABLE', (s) => ({ petId: s.sold.id }), /sold/],
  ['orders.place', 'INSUFFICIENT_STOCK', (s) => ({ petId: s.bella.id, quantity: 3 }), /Only 2 of Bella/],
  ['orders.get', 'NOT_FOUND', () => ({ orderId: MISSING }), /Order 424242/],
  ['orders.update', 'NOT_FOUND', () => ({ orderId: MISSING, changes: { complete: true } }), /Order 424242/],
  ['orders.update', 'ORDER_COMPLETE', (s) => ({ orderId: s.done.id, changes: { complete: false } }), /already complete/],
  ['orders.cancel', 'NOT_FOUND', () => ({ orderId: MISSING }), /Order 424242/],
  ['orders.cancel', 'ORDER_COMPLETE', (s) => ({ orderId: s.done.id }), /already complete/],
  ['inventory.get', 'NOT_FOUND', () => ({ petId: MISSING }), /Pet 424242/],
  ['inventory.set', 'NOT_FOUND', () => ({ petId: MISSING, update: { quantity: 1 } }), /Pet 424242/],
  ['inventory.adjust', 'NOT_FOUND', () => ({ petId: MISSING, adjustment: { delta: 1, reason: 'received' } }), /Pet 424242/],
  ['inventory.adjust', 'INSUFFICIENT_STOCK', (s) => ({ petId: s.rex.id, adjustment: { delta: -1_000_000, reason: 'correction' } }), /in stock; cannot take away 1,000,000$/],
  ['inventory.set', 'STOCK_REASON_MISMATCH', (s) => ({ petId: s.rex.id, update: { quantity: 5, reason: 'lost' } }), /would add units, which is not "lost"/],
  ['inventory.movements', 'NOT_FOUND', () => ({ petId: MISSING }), /Pet 424242/],
  ['orders.update', 'ORDER_CANCELLED', (s) => ({ orderId: s.cancelled.id, changes: { complete: true } }), /was cancelled/],
  ['tokens.revoke', 'NOT_FOUND', () => ({ tokenId: MISSING }), /Token 424242/],
  ['tills.revoke', 'NOT_FOUND', () => ({ tillId: MISSING }), /Till 424242/],
  ['clerks.update', 'NOT_FOUND', () => ({ clerkId: MISSING, name: 'Nobody' }), /Clerk 424242/],
  // At the desk (the sessions operations' caller here), with logins on and an owner: an unknown clerk's answer.
  ['sessions.start', 'PIN_INCORRECT', () => ({ clerkId: MISSING, pin: '1234' }), /not right/],
  ['tills.pair', 'PAIRING_CODE_INVALID', () => ({ name: 'Counter 2', proof: tillProof('ABCDE-FGHJK', FINGERPRINT, 'Counter 2') }), /make a new code/],
  ['customers.get', 'NOT_FOUND', () => ({ customerId: MISSING }), /Customer 424242/],
  ['customers.update', 'NOT_FOUND', () => ({ customerId: MISSING, changes: { name: 'Cy' } }), /Customer 424242/],
  ['customers.update', 'CUSTOMER_FORGOTTEN', (s) => ({ customerId: s.gus.id, changes: { name: 'Gus' } }), /has been forgotten/],
  ['customers.forget', 'NOT_FOUND', () => ({ customerId: MISSING }), /Customer 424242/],
  // Sales: the till's sales are made at the first of these (s.till).
  ['sales.create', 'REFERENCE_NOT_FOUND', async (s) => ({ lines: [{ petId: (await s.till).toy.id }, { petId: MISSING }] }), /Pet 424242 does not exist \(line 2 of the sale\)/],
  ['sales.create', 'PET_NOT_AVAILABLE', (s) => ({ lines: [{ petId: s.sold.id, unitPrice: 100 }], payments: [{ method: 'cash', amount: 100 }] }), /Gone \(pet \d+\) is sold/],
  ['sales.create', 'INSUFFICIENT_STOCK', (s) => ({ lines: [{ petId: s.bella.id, quantity: 3, unitPrice: 100 }], payments: [{ method: 'cash', amount: 300 }] }), /Only 2 of Bella/],
  ['sales.create', 'PRICE_REQUIRED', (s) => ({ lines: [{ petId: s.rex.id }] }), /Rex \(pet \d+\) has no price/],
  ['sales.create', 'DISCOUNT_TOO_LARGE', async (s) => ({ lines: [{ petId: (await s.till).toy.id }], discount: 1101 }), /more than the subtotal \(1100\)/],
  ['sales.create', 'PAYMENT_SHORT', async (s) => ({ lines: [{ petId: (await s.till).toy.id }], payments: [{ method: 'cash', amount: 1099 }] }), /do not cover the total \(1100\)/],
  ['sales.create', 'CHANGE_WITHOUT_CASH', async (s) => ({ lines: [{ petId: (await s.till).toy.id }], payments: [{ method: 'card', amount: 1101 }] }), /only cash gives change/],
  ['sales.get', 'NOT_FOUND', () => ({ saleId: MISSING }), /Sale 424242/],
  ['sales.cancel', 'NOT_FOUND', () => ({ saleId: MISSING }), /Sale 424242/],
  ['sales.cancel', 'SALE_HANDED_OVER', async (s) => ({ saleId: (await s.till).done.id }), /refund them instead/],
  ['orders.cancel', 'ORDER_IN_SALE', async (s) => ({ orderId: (await s.till).open.lines[0].orderId }), /is a line of sale/],
  ['refunds.create', 'NOT_FOUND', () => ({ saleId: MISSING, refund: { lines: [{ orderId: 1 }], restock: true } }), /Sale 424242/],
  ['refunds.create', 'SALE_CANCELLED', async (s) => ({ saleId: (await s.till).cancelled.id, refund: { lines: [{ orderId: (await s.till).cancelled.lines[0].orderId }], restock: true } }), /was cancelled/],
  ['refunds.create', 'REFERENCE_NOT_FOUND', async (s) => ({ saleId: (await s.till).done.id, refund: { lines: [{ orderId: s.open.id }], restock: true } }), /is no line of sale 1/],
  ['refunds.create', 'ORDER_OPEN', async (s) => ({ saleId: (await s.till).open.id, refund: { lines: [{ orderId: (await s.till).open.lines[0].orderId }], restock: true } }), /has not been handed over/],
  ['refunds.create', 'REFUND_EXCEEDS_SOLD', async (s) => ({ saleId: (await s.till).done.id, refund: { lines: [{ orderId: (await s.till).done.lines[0].orderId, quantity: 3 }], restock: true } }), /Only 2 of 2 Ball/],
  ['refunds.create', 'REFUND_PAYMENTS_MISMATCH', async (s) => ({ saleId: (await s.till).done.id, refund: { lines: [{ orderId: (await s.till).done.lines[0].orderId }], restock: false } }), /comes to 1100; its payments add up to 0/],
  ['refunds.list', 'NOT_FOUND', () => ({ saleId: MISSING }), /Sale 424242/],
  ['refunds.get', 'NOT_FOUND', async (s) => ({ saleId: (await s.till).done.id, refundId: MISSING }), /Refund 424242 of sale/],
  ['reports.sales', 'REPORT_TOO_LARGE', async (s) => ({ from: (await s.oversized), to: (await s.oversized), by: 'category' }), /shorter period/],
  ['reports.day', 'REPORT_TOO_LARGE', async (s) => ({ date: (await s.oversized) }), /shorter period/],
];

/** The Error object's `details` for refusals that point at one field (undefined: none). */
const DETAIL_PATHS: Partial<Record<ErrorCode, (op: CallableOperationName) => string[] | undefined>> = {
  REFERENCE_NOT_FOUND: (op) =>
    [{ 'orders.place': 'petId', 'sales.create': 'lines.1.petId', 'refunds.create': 'lines.0.orderId', 'pets.bulkUpdate': 'changes.categoryId' }[op as string] ?? 'categoryId'],
  // A sale's line is named; an order on its own answers the interface's bare Error object.
  PET_NOT_AVAILABLE: (op) => (op === 'sales.create' ? ['lines.0.petId'] : undefined),
  INSUFFICIENT_STOCK: (op) => (op === 'sales.create' ? ['lines.0.quantity'] : undefined),
  PRICE_REQUIRED: () => ['lines.0.unitPrice'],
  DISCOUNT_TOO_LARGE: () => ['discount'],
  PAYMENT_SHORT: () => ['payments'],
  CHANGE_WITHOUT_CASH: () => ['payments'],
  ORDER_OPEN: () => ['lines.0.orderId'],
  REFUND_EXCEEDS_SOLD: () => ['lines.0.quantity'],
  REFUND_PAYMENTS_MISMATCH: () => ['payments'],
  CATEGORY_NAME_TAKEN: () => ['name'],
  SKU_TAKEN: () => ['sku'],
  MICROCHIP_TAKEN: () => ['microchip'],
};

describeOnEngines('refusals', (fresh) => {
  describe('each refusal answers its code and changes nothing', () => {
    let t: EngineStore;
    let s: Shop;
    // Refusals write nothing (each one checks that), so they can share one store.
    beforeAll(async () => {
      t = await fresh();
      s = await shopOf(t);
      provideShopServer(t.served!, SHOP_SERVER);
      await loginsOn(t);
    });
    afterAll(() => t.close());

    test.each(refusals)('%s → %s', async (name, code, input, message) => {
      const given = await input(s);
      const refused = () => expectRefused(t, name, given, code);
      const error = name.startsWith('sessions.') ? await runForCaller(DESK, refused) : await refused();
      expect(error.message).toMatch(message);
      const paths = DETAIL_PATHS[code]?.(name);
      if (code === 'VALIDATION_FAILED') {
        if (name !== 'data.import') expect(error.details?.length).toBeGreaterThan(0);
      } else if (paths) {
        expect(error.details?.map((d) => d.path)).toEqual(paths);
      } else {
        expect(error.details).toBeUndefined();
      }
    });
  });
});

/** A SQLite store opened with its own options (a busy timeout), seen as an EngineStore. */
function onSqlite(raw: TestStore): EngineStore {
  return {
    engine: 'sqlite',
    sqliteFile: raw.file,
    served: raw.store.context,
    call: async (name, input) => raw.call(name, input),
    ok: async (name, input) => raw.ok(name, input),
    fail: async (name, input) => raw.fail(name, input),
    close: async () => raw.close(),
  };
}

// The SQLite file's write lock, held by another program: PostgreSQL has no such lock.
describe('a database locked by another program: SERVICE_BUSY, nothing written, reads go on', () => {
  const writes = STORE_OPERATIONS.filter((name) => contract[name].mutates);
  const validWrite = (s: Shop): Partial<Record<CallableOperationName, Record<string, unknown>>> => ({
    'pets.create': { name: 'Max', categoryId: s.dogs.id },
    'pets.replace': { petId: s.rex.id, pet: { name: 'Rex', categoryId: s.dogs.id } },
    'pets.update': { petId: s.rex.id, changes: { name: 'Rexy' } },
    'pets.delete': { petId: s.rex.id },
    'pets.bulkUpdate': { petIds: [s.rex.id], changes: { price: 100 } },
    'photos.put': { petId: s.rex.id, photo: PNG },
    'photos.delete': { petId: s.rex.id },
    'categories.create': { name: 'Fish' },
    'categories.replace': { categoryId: s.cats.id, category: { name: 'Felines' } },
    'categories.update': { categoryId: s.cats.id, changes: { description: 'Aloof' } },
    'categories.delete': { categoryId: s.cats.id },
    'orders.place': { petId: s.rex.id },
    'orders.update': { orderId: s.open.id, changes: { complete: true } },
    'orders.cancel': { orderId: s.open.id },
    'inventory.set': { petId: s.rex.id, update: { quantity: 9 } },
    'inventory.adjust': { petId: s.rex.id, adjustment: { delta: 1, reason: 'received' } },
    'settings.update': { lowStockThreshold: 4 },
    'tokens.create': { label: 'Shop', scope: 'read' },
    'tokens.revoke': { tokenId: 1 },
    'tills.pairingCode': {},
    'tills.revoke': { tillId: 1 },
    'tills.pair': { name: 'Counter 2', proof: 'A'.repeat(43) },
    'data.import': { format: 'csv', content: 'name,category\nMax,Dogs' },
    'customers.create': { name: 'Cy' },
    'customers.update': { customerId: s.ann.id, changes: { note: 'Regular' } },
    'customers.forget': { customerId: s.ann.id },
    // Refused for the lock before the sale is looked up: no sale needs to exist.
    'sales.create': { lines: [{ petId: s.rex.id, unitPrice: 100 }], payments: [{ method: 'cash', amount: 100 }] },
    'sales.cancel': { saleId: 1 },
    'refunds.create': { saleId: 1, refund: { lines: [{ orderId: 1 }], restock: true } },
    'clerks.create': { name: 'Cleo', pin: '1234' },
    'clerks.update': { clerkId: 1, name: 'Olga B' },
    // At the desk with a session (sessions.start ends it first, a write): see the test below.
    'sessions.start': { clerkId: 1, pin: '1234' },
    'sessions.end': {},
  });
  let raw: TestStore;
  let t: EngineStore;
  let s: Shop;
  let holder: Database.Database;
  beforeAll(async () => {
    raw = openStoreForRules({ busyTimeoutMs: 20 });
    t = onSqlite(raw);
    s = await shopOf(t);
    provideShopServer(t.served!, SHOP_SERVER);
    await t.ok('tokens.create', { label: 'Old', scope: 'read' });
    await loginsOn(t);
    // Another program (a second connection, as a CLI import would be) holds the write lock.
    holder = new Database(raw.file);
    holder.exec('BEGIN IMMEDIATE');
  });
  afterAll(async () => {
    if (holder.inTransaction) holder.exec('ROLLBACK');
    holder.close();
    await t.close();
  });

  test('the table has a valid input for every write operation', () => {
    expect(Object.keys(validWrite(s)).sort()).toEqual([...writes].sort());
  });

  test.each(writes)('%s', async (name) => {
    const before = await snapshot(t); // reads answer while the lock is held (WAL)
    const started = Date.now();
    const fail = () => t.fail(name, validWrite(s)[name]!);
    const error = name.startsWith('sessions.') ? await runForCaller(atDesk(1, { id: 1, name: 'Olga', role: 'owner' }), fail) : await fail();
    expect(error).toEqual({ code: 'SERVICE_BUSY', status: 503, message: 'The database is busy with another program; try again in a moment' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(15); // it waited for the busy timeout first
    expect(await snapshot(t)).toEqual(before);
  });

  test('once the other program lets go, the same call goes through', async () => {
    holder.exec('ROLLBACK');
    expect(await t.ok('pets.create', validWrite(s)['pets.create']!)).toMatchObject({ name: 'Max' });
  });
});

describeOnEngines('patches', (fresh) => {
  describe('patch fields set to undefined (IPC\'s structured clone keeps them) are left alone, as if absent', () => {
    let t: EngineStore;
    let s: Shop;
    beforeEach(async () => {
      t = await fresh();
      s = await shopOf(t);
    });
    afterEach(() => t.close());

    test('categories.update keeps the name or description it was not given', async () => {
      expect(await t.ok('categories.update', { categoryId: s.dogs.id, changes: { name: undefined, description: 'Loyal' } })).toEqual({
        id: s.dogs.id,
        name: 'Dogs',
        description: 'Loyal',
      });
      expect(await t.ok('categories.update', { categoryId: s.dogs.id, changes: { name: 'Hounds', description: undefined } })).toEqual({
        id: s.dogs.id,
        name: 'Hounds',
        description: 'Loyal',
      });
      expect(await t.ok('categories.get', { categoryId: s.dogs.id })).toEqual({ id: s.dogs.id, name: 'Hounds', description: 'Loyal' });
    });

    test('settings.update changes only the settings it was given', async () => {
      const settings = await t.ok('settings.update', { lowStockThreshold: undefined, sunsetDate: '2028-01-01' });
      expect(settings).toEqual({ ...DEFAULT_SETTINGS, sunsetDate: '2028-01-01' });
      expect(await t.ok('settings.get', {})).toEqual(settings);
    });

    test('pets.update and orders.update keep the fields they were not given', async () => {
      expect(await t.ok('pets.update', { petId: s.held.id, changes: { name: undefined, status: undefined, categoryId: s.cats.id } })).toEqual({
        ...s.held,
        categoryId: s.cats.id,
        status: 'pending',
      });
      expect(await standing(t, s.held.id)).toEqual({ status: 'pending', stock: 2 });
      const dated = await t.ok('orders.update', { orderId: s.open.id, changes: { shipDate: '2026-12-24T12:00:00Z' } });
      expect(await t.ok('orders.update', { orderId: s.open.id, changes: { complete: true, shipDate: undefined } })).toEqual({ ...dated, complete: true, status: 'complete' });
    });
  });
});

// ── The tables against the contract ─────────────────────────────────────────────────────────

/** Codes only a transport answers (the in-process service never does). */
// AUTH_THROTTLED: the listener refuses a throttled address's pairing before the handler runs.
const TRANSPORT_ONLY: ErrorCode[] = ['OPERATION_SUNSET', 'AUTH_THROTTLED'];

describe('coverage of the contract', () => {
  test('every store operation has a happy-path test', () => {
    expect(STORE_OPERATIONS.length).toBeGreaterThan(25);
    expect(STORE_OPERATIONS.filter((name) => !happy[name])).toEqual([]);
    expect(Object.keys(happy).filter((name) => !STORE_OPERATIONS.includes(name as CallableOperationName))).toEqual([]);
  });

  test('every store operation has a VALIDATION_FAILED test', () => {
    const tested = refusals.filter(([, code]) => code === 'VALIDATION_FAILED').map(([name]) => name);
    expect(STORE_OPERATIONS.filter((name) => !tested.includes(name))).toEqual([]);
  });

  test('every domain error an operation declares has a test, and no test answers an undeclared one', () => {
    for (const name of STORE_OPERATIONS) {
      const def = contract[name as OperationName] as { http?: { errors: ErrorCode[] } };
      const tested = refusals.filter(([op, code]) => op === name && code !== 'VALIDATION_FAILED').map(([, code]) => code);
      if (!def.http) continue; // in-process only: nothing declared to compare with
      const declared = def.http.errors.filter((code) => !TRANSPORT_ONLY.includes(code));
      expect([...new Set(tested)].sort(), name).toEqual([...declared].sort());
    }
  });
});
