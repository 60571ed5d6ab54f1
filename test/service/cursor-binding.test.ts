/**
 * A list cursor continues the query it came from and nothing else: the same list, sort and filters
 * (the page size may change mid-walk). Anything else, or anything the service did not issue, is
 * VALIDATION_FAILED naming `cursor`, and changes nothing. Real stores on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorBody } from '../../src-shared/errors';
import { CURSOR_MAX_LENGTH } from '../../src-shared/schemas/common';
import { PET_SORTS } from '../../src-shared/schemas/pet';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { rawSql } from './support/around-the-service';

type ListOp = 'pets.list' | 'categories.list' | 'orders.list' | 'inventory.list';
type Query = Record<string, unknown>;
interface Page {
  items: { id?: number; petId?: number }[];
  nextCursor: string | null;
  total: number;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const keyOf = (item: { id?: number; petId?: number }) => item.id ?? item.petId!;

describeOnEngines('cursor binding', (fresh) => {
  let t: EngineStore;
  const page = async (op: ListOp, input: Query) => (await t.ok(op, input)) as Page;

  /** Every page of a list, the limits taken in turn (a client may change its page size mid-walk). */
  async function walk(op: ListOp, query: Query, limits: number[] = [2]): Promise<{ items: Page['items']; totals: number[]; pages: number }> {
    const items: Page['items'] = [];
    const totals: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await page(op, { ...query, limit: limits[pages % limits.length], cursor });
      items.push(...answer.items);
      totals.push(answer.total);
      cursor = answer.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 1000);
    return { items, totals, pages };
  }

  /** Every row once, in the order of the whole list read in one page. */
  async function expectWholeWalk(op: ListOp, query: Query, limits: number[]): Promise<void> {
    const whole = await page(op, { ...query, limit: 500 });
    const walked = await walk(op, query, limits);
    const label = `${op} ${JSON.stringify(query)} limits ${limits}`;
    expect(walked.items, label).toEqual(whole.items);
    expect(new Set(walked.items.map(keyOf)).size, label).toBe(walked.items.length);
    expect(new Set(walked.totals), label).toEqual(new Set([whole.total]));
  }

  /** Everything stored, read from the database's own tables, to show a refused request changed nothing. */
  async function snapshot() {
    const rows = (table: string) => rawSql(t, `SELECT * FROM ${table} ORDER BY 1`);
    return { pets: await rows('pets'), categories: await rows('categories'), orders: await rows('orders'), inventory: await rows('inventory'), events: await rows('events') };
  }

  async function expectCursorRefused(op: ListOp, input: Query, message?: RegExp): Promise<ErrorBody> {
    const error = await t.fail(op, input);
    expect(error, `${op} ${JSON.stringify(input)}`).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(error.details).toEqual([{ path: 'cursor', message: expect.any(String) }]);
    expect(error.message).toBe(`Invalid input: cursor: ${error.details![0].message}`);
    if (message) expect(error.details![0].message).toMatch(message);
    return error;
  }

  let dogs: number;
  let cats: number;

  beforeAll(async () => {
    t = await fresh();
    dogs = (await t.ok('categories.create', { name: 'Dogs' })).id;
    cats = (await t.ok('categories.create', { name: 'Cats' })).id;
    for (const name of ['Birds', 'Émus', 'emus two', 'Fish', 'ferrets', 'Zebras']) await t.ok('categories.create', { name });
    const pets: [string, number, 'available' | 'pending' | 'sold'][] = [
      ['Rex', dogs, 'available'],
      ['rex', cats, 'available'],
      ['T-REX junior', dogs, 'pending'],
      ['Bella', dogs, 'sold'],
      ['Whiskers', cats, 'available'],
      ['Alfie', cats, 'pending'],
      ['rexanne', cats, 'available'],
      ['Zed', dogs, 'sold'],
      ['Émile', dogs, 'available'],
      ['Eddie', cats, 'pending'],
      ['Rex', dogs, 'sold'],
      ['Milo', cats, 'available'],
      ['Milos', dogs, 'available'],
    ];
    for (const [name, categoryId, status] of pets) await t.ok('pets.create', { name, categoryId, status });
    // Orders on two pets with stock to spare (they stay available), some fulfilled.
    const [a, b] = (await page('pets.list', { status: ['available'], limit: 2 })).items.map(keyOf);
    for (const petId of [a, b]) await t.ok('inventory.set', { petId, update: { quantity: 50 } });
    for (let i = 0; i < 9; i++) {
      const order = await t.ok('orders.place', { petId: i % 3 ? a : b, quantity: 1 });
      if (i % 2) await t.ok('orders.update', { orderId: order.id, changes: { complete: true } });
    }
  });
  afterAll(() => t?.close());

  describe('a full walk returns every row exactly once', () => {
    const petFilters: Query[] = [
      {},
      { status: ['available', 'pending'] },
      { categoryId: 0 }, // replaced by the Dogs id below
      { q: 'rex' },
      { q: 'mil', status: ['available'] },
      { id: [13, 1, 5, 2, 9, 4] },
    ];
    test.each(PET_SORTS)('pets sorted by %s, every filter, page sizes 1, 2, and 3-1-2', async (sort) => {
      for (const filter of petFilters) {
        const query = { ...filter, ...(filter.categoryId === 0 ? { categoryId: dogs } : {}), sort };
        for (const limits of [[1], [2], [3, 1, 2]]) await expectWholeWalk('pets.list', query, limits);
      }
    });

    test('categories, orders and inventory, with and without filters', async () => {
      for (const limits of [[1], [2], [4, 1]]) {
        for (const query of [{}, { q: 'emus' }, { q: 's' }]) await expectWholeWalk('categories.list', query, limits);
        for (const query of [{}, { complete: true }, { complete: false }, { petId: 1 }, { petId: 2, complete: false }]) {
          await expectWholeWalk('orders.list', query, limits);
        }
        for (const query of [{}, { low: true }, { q: 'rex' }, { q: 'rex', low: true }, { petId: [7, 3, 1, 12] }]) {
          await expectWholeWalk('inventory.list', query, limits);
        }
      }
    });

    test('the page size may change mid-walk: the next page starts where the last one stopped', async () => {
      const first = await page('pets.list', { sort: 'name', limit: 3 });
      const next = await page('pets.list', { sort: 'name', limit: 5, cursor: first.nextCursor! });
      const whole = await page('pets.list', { sort: 'name', limit: 500 });
      expect([...first.items, ...next.items]).toEqual(whole.items.slice(0, 8));
    });

    test('the same filters spelled another way continue the walk', async () => {
      const first = await page('pets.list', { status: ['pending', 'available'], id: [9, 1, 2, 3, 12], q: 'Rex', sort: '-name', limit: 1 });
      const same = { status: ['available', 'pending', 'available'], id: [1, 2, 3, 12, 9, 9], q: 'REX', sort: '-name', limit: 1 };
      const second = await page('pets.list', { ...same, cursor: first.nextCursor! });
      expect(second.items).toEqual((await page('pets.list', { ...same, limit: 2 })).items.slice(1));
      // Accents aside too, as the search itself: "émile" searches what "Emile" searches.
      const e1 = await page('pets.list', { q: 'E', limit: 1 });
      const e2 = await page('pets.list', { q: 'é', limit: 1, cursor: e1.nextCursor! });
      expect([...e1.items, ...e2.items]).toEqual((await page('pets.list', { q: 'e', limit: 2 })).items);
    });

    test('a new low-stock threshold mid-walk is a change of data, not another query', async () => {
      const first = await page('inventory.list', { low: true, limit: 1 });
      expect(first.nextCursor).not.toBeNull();
      await t.ok('settings.update', { lowStockThreshold: 20 });
      try {
        const rest = await walk('inventory.list', { low: true }, [2]);
        expect((await t.call('inventory.list', { low: true, limit: 2, cursor: first.nextCursor! })).ok).toBe(true);
        expect(rest.items.length).toBeGreaterThan(0);
      } finally {
        await t.ok('settings.update', { lowStockThreshold: 1 });
      }
    });
  });

  describe('a cursor reused on another query is refused with 400 and changes nothing', () => {
    let byName: string;
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      byName = (await page('pets.list', { sort: 'name', limit: 2 })).nextCursor!;
      before = await snapshot();
    });

    test.each(PET_SORTS.filter((sort) => sort !== 'name'))('pets sort=name → sort=%s', async (sort) => {
      await expectCursorRefused('pets.list', { sort, limit: 2, cursor: byName }, new RegExp(`another query \\(sort=name, not sort=${sort}\\)`));
    });

    test('the pets list with other filters', async () => {
      const other = /another query \(different filters\).*limit may change.*start again without a cursor/;
      for (const filter of [{ status: ['available'] }, { categoryId: dogs }, { q: 'rex' }, { id: [1, 2, 3] }]) {
        await expectCursorRefused('pets.list', { ...filter, sort: 'name', limit: 2, cursor: byName }, other);
      }
      const dogsCursor = (await page('pets.list', { categoryId: dogs, limit: 1 })).nextCursor!;
      await expectCursorRefused('pets.list', { categoryId: cats, limit: 1, cursor: dogsCursor }, other);
      await expectCursorRefused('pets.list', { limit: 1, cursor: dogsCursor }, other);
      const available = (await page('pets.list', { status: ['available'], limit: 1 })).nextCursor!;
      await expectCursorRefused('pets.list', { status: ['available', 'sold'], limit: 1, cursor: available }, other);
      const searched = (await page('pets.list', { q: 'rex', limit: 1 })).nextCursor!;
      await expectCursorRefused('pets.list', { q: 'rexa', limit: 1, cursor: searched }, other);
    });

    test('an empty cursor is a mistake (a template left unfilled), not a silent first page, in every list', async () => {
      for (const op of ['pets.list', 'categories.list', 'orders.list', 'inventory.list'] as const) {
        await expectCursorRefused(op, { cursor: '' }, /^Give the cursor of a Link header, or leave it out for the first page$/);
      }
    });

    test('another list', async () => {
      await expectCursorRefused('categories.list', { cursor: byName }, /^this cursor belongs to the pets list, not the categories list; start again without a cursor$/);
      await expectCursorRefused('orders.list', { cursor: byName }, /the pets list, not the orders list/);
      await expectCursorRefused('inventory.list', { cursor: byName }, /the pets list, not the inventory list/);
      // Lists whose positions are alike (an id) are told apart too.
      const orders = (await page('orders.list', { limit: 1 })).nextCursor!;
      const inventory = (await page('inventory.list', { limit: 1 })).nextCursor!;
      const petsById = (await page('pets.list', { limit: 1 })).nextCursor!;
      await expectCursorRefused('pets.list', { cursor: orders }, /the orders list, not the pets list/);
      await expectCursorRefused('inventory.list', { cursor: orders }, /the orders list, not the inventory list/);
      await expectCursorRefused('orders.list', { cursor: inventory }, /the inventory list, not the orders list/);
      await expectCursorRefused('inventory.list', { cursor: petsById }, /the pets list, not the inventory list/);
      const categories = (await page('categories.list', { limit: 1 })).nextCursor!;
      await expectCursorRefused('pets.list', { sort: 'name', cursor: categories }, /the categories list, not the pets list/);
    });

    test('categories, orders and inventory with other filters', async () => {
      const other = /different filters/;
      const categories = (await page('categories.list', { q: 's', limit: 1 })).nextCursor!;
      await expectCursorRefused('categories.list', { limit: 1, cursor: categories }, other);
      await expectCursorRefused('categories.list', { q: 'f', limit: 1, cursor: categories }, other);
      const open = (await page('orders.list', { complete: false, limit: 1 })).nextCursor!;
      await expectCursorRefused('orders.list', { complete: true, limit: 1, cursor: open }, other);
      await expectCursorRefused('orders.list', { limit: 1, cursor: open }, other);
      await expectCursorRefused('orders.list', { complete: false, petId: 1, limit: 1, cursor: open }, other);
      const low = (await page('inventory.list', { low: true, limit: 1 })).nextCursor!;
      await expectCursorRefused('inventory.list', { limit: 1, cursor: low }, other);
      await expectCursorRefused('inventory.list', { low: true, q: 'rex', limit: 1, cursor: low }, other);
      const some = (await page('inventory.list', { petId: [1, 2, 3], limit: 1 })).nextCursor!;
      await expectCursorRefused('inventory.list', { petId: [1, 2], limit: 1, cursor: some }, other);
      // …while the same query, any page size, goes on.
      expect((await t.call('inventory.list', { petId: [3, 2, 1], limit: 2, cursor: some })).ok).toBe(true);
      expect((await t.call('orders.list', { complete: false, limit: 3, cursor: open })).ok).toBe(true);
    });

    test('nothing changed, and the refused cursors still work where they belong', async () => {
      expect(await snapshot()).toEqual(before);
      const next = await page('pets.list', { sort: 'name', limit: 2, cursor: byName });
      expect(next.items).toEqual((await page('pets.list', { sort: 'name', limit: 4 })).items.slice(2));
      expect(next.total).toBe((await page('pets.list', { limit: 500 })).items.length);
    });
  });

  describe('hand-made and garbled cursors are refused with 400, never a page', () => {
    const lists: [ListOp, Query][] = [
      ['pets.list', {}],
      ['pets.list', { sort: 'name' }],
      ['pets.list', { sort: '-status' }],
      ['categories.list', {}],
      ['orders.list', {}],
      ['inventory.list', {}],
    ];
    const forged = (value: unknown) => b64(JSON.stringify(value));
    const garbled = async (): Promise<[string, string][]> => {
      const real = (await page('pets.list', { sort: 'name', limit: 1 })).nextCursor!;
      const [, , , key] = JSON.parse(Buffer.from(real, 'base64url').toString()) as unknown[];
      return [
        ['[1000,1000]', forged([1000, 1000])],
        ['[1e308,1]', b64('[1e308,1]')],
        ['[-5,-5]', forged([-5, -5])],
        ['["rex",1]', forged(['rex', 1])],
        ['[1]', forged([1])],
        ['{}', forged({})],
        ['"x"', forged('x')],
        ['a negative id', forged([1, 'pets', 'name', key, -5, 'rex'])],
        ['a huge id', b64(`[1,"pets","name","${key}",1e308,"rex"]`)],
        ['id 2^53', forged([1, 'pets', 'name', key, 2 ** 53, 'rex'])],
        ['id as text', forged([1, 'pets', 'name', key, '5', 'rex'])],
        ['name as a number', forged([1, 'pets', 'name', key, 5, 5])],
        ['status "lost"', forged([1, 'pets', '-status', key, 5, 'lost'])],
        ['an unknown list', forged([1, 'users', 'id', key, 5])],
        ['truncated', real.slice(0, -3)],
        ['truncated to one character', real.slice(0, 1)],
        ['not base64url', 'not a cursor'],
        ['padding', `${real}=`],
      ];
    };

    test('each list, each case: VALIDATION_FAILED on cursor, the data untouched', async () => {
      const before = await snapshot();
      for (const [label, cursor] of await garbled()) {
        for (const [op, query] of lists) {
          const result = await t.call(op, { ...query, cursor });
          expect(result.ok, `${op} ${JSON.stringify(query)} ${label}`).toBe(false);
          if (!result.ok) {
            expect(result.error, label).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, details: [{ path: 'cursor' }] });
            expect(result.error.message, label).toMatch(/^Invalid input: cursor: /);
          }
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  // Last: on PostgreSQL its fresh store empties the database the walks above read.
  describe('long names: cursors stay within 2,048 characters', () => {
    let s: EngineStore;
    beforeAll(async () => {
      s = await fresh();
    });
    afterAll(() => s?.close());

    // U+FDFA folds (NFKC) to 18 letters: a 100-character name has a 3,300-byte sort key.
    const long = '\ufdfa'.repeat(100);

    test('a walk by name passes long names exactly once; a renamed or deleted stop is refused', async () => {
      const category = (await s.ok('categories.create', { name: 'C' })).id;
      const names = ['Abe', long, `${long.slice(0, 99)}a`, long, 'Zoe', '\u4e2d'.repeat(100), long];
      const ids: number[] = [];
      for (const name of names) ids.push((await s.ok('pets.create', { name, categoryId: category })).id);
      for (const sort of ['name', '-name'] as const) {
        const seen: number[] = [];
        let cursor: string | undefined;
        do {
          const answer = await s.ok('pets.list', { sort, limit: 1, cursor });
          seen.push(...answer.items.map((pet) => pet.id));
          if (answer.nextCursor) expect(answer.nextCursor.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
          cursor = answer.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toEqual((await s.ok('pets.list', { sort, limit: 500 })).items.map((pet) => pet.id));
        expect([...seen].sort((a, b) => a - b)).toEqual(ids);
      }

      // Stop at a long-named pet, rename it, and the cursor no longer names a place.
      const limit = (await s.ok('pets.list', { sort: 'name', limit: 500 })).items.findIndex((pet) => pet.name === long) + 1;
      const first = await s.ok('pets.list', { sort: 'name', limit });
      const stoppedAt = first.items.at(-1)!;
      expect(stoppedAt.name).toBe(long);
      expect((await s.call('pets.list', { sort: 'name', limit, cursor: first.nextCursor! })).ok).toBe(true);
      await s.ok('pets.update', { petId: stoppedAt.id, changes: { name: 'Renamed' } });
      const error = await s.fail('pets.list', { sort: 'name', limit, cursor: first.nextCursor! });
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'cursor', message: expect.stringMatching(/renamed or deleted/) }] });
      await s.ok('pets.update', { petId: stoppedAt.id, changes: { name: long } });
      expect((await s.call('pets.list', { sort: 'name', limit, cursor: first.nextCursor! })).ok).toBe(true);
      await s.ok('pets.delete', { petId: stoppedAt.id });
      expect((await s.fail('pets.list', { sort: 'name', limit, cursor: first.nextCursor! })).details![0].message).toMatch(/renamed or deleted/);
    });

    test('a walk that stopped at a 100-character emoji or CJK name survives its rename (the cursor carries the name)', async () => {
      const category = (await s.ok('categories.create', { name: 'Emoji' })).id;
      for (const name of ['\u{1f436}'.repeat(100), '\u4e2d'.repeat(100), '\u{1f431}'.repeat(99) + 'Z']) {
        const stop = await s.ok('pets.create', { name, categoryId: category });
        const index = (await s.ok('pets.list', { sort: '-name', limit: 500 })).items.findIndex((pet) => pet.id === stop.id);
        const first = await s.ok('pets.list', { sort: '-name', limit: index + 1 });
        expect(first.items.at(-1)!.id).toBe(stop.id);
        expect(first.nextCursor!.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
        const rest = (await s.ok('pets.list', { sort: '-name', limit: 500 })).items.slice(index + 1).map((pet) => pet.id);
        await s.ok('pets.update', { petId: stop.id, changes: { name: 'Renamed by a clerk' } });
        // The walk goes on after the name it stopped at, as for short names.
        const next = (await s.ok('pets.list', { sort: '-name', limit: 500, cursor: first.nextCursor! })).items.map((pet) => pet.id);
        expect(next).toEqual(expect.arrayContaining(rest));
        for (const seen of first.items.slice(0, -1)) expect(next).not.toContain(seen.id);
        await s.ok('pets.delete', { petId: stop.id });
      }
    });

    test('categories too', async () => {
      for (const name of [long, `${long.slice(0, 99)}b`, 'Zz']) await s.ok('categories.create', { name });
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const answer = await s.ok('categories.list', { limit: 1, cursor });
        seen.push(...answer.items.map((category) => category.id));
        if (answer.nextCursor) expect(answer.nextCursor.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
        cursor = answer.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual((await s.ok('categories.list', { limit: 500 })).items.map((category) => category.id));
    });
  });
});
