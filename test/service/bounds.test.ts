/**
 * Every bound of the brief, just inside and just outside, through the service as IPC calls it
 * (raw input parsed by the contract's schema). Each refusal is VALIDATION_FAILED with details
 * naming the offending path, and nothing is written (checked on a snapshot of everything). On both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallableOperationName } from '../../src-shared/contract';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { expectRefused, standing } from './support/observe-engines';

const x = (n: number, char = 'a') => char.repeat(n);

describeOnEngines('bounds', (fresh) => {
  let t: EngineStore;
  let dogs: number;
  let cats: number;
  let rex: number;
  beforeAll(async () => {
    t = await fresh();
    dogs = (await t.ok('categories.create', { name: 'Dogs' })).id;
    cats = (await t.ok('categories.create', { name: 'Cats' })).id;
    rex = (await t.ok('pets.create', { name: 'Rex', categoryId: dogs })).id;
    await t.ok('inventory.set', { petId: rex, update: { quantity: 1_000_000 } });
  });
  afterAll(() => t.close());

  /** Refused as VALIDATION_FAILED, every detail on `path`, the message naming it, nothing written. */
  async function refusedAt(name: CallableOperationName, input: Record<string, unknown>, path: string) {
    const error = await expectRefused(t, name, input, 'VALIDATION_FAILED');
    const label = `${name} ${JSON.stringify(input).slice(0, 120)}`;
    expect(error.details?.length, label).toBeGreaterThan(0);
    expect(error.details!.map((d) => d.path), label).toEqual(error.details!.map(() => path));
    expect(error.message, label).toContain(path);
    return error;
  }


  describe('names: 1–100 characters after trimming, no control or invisible characters', () => {
    /** What the name-bearing operations answer, as far as these tests read it. */
    type Created = { id: number; token: { label: string } };
    interface NameTarget {
      op: CallableOperationName;
      path: string;
      input: (name: unknown) => Record<string, unknown>;
      /** The name as stored, read back through the service. */
      stored: (result: Created) => Promise<string> | string;
      cleanup?: (result: Created) => Promise<unknown>;
    }
    const targets: NameTarget[] = [
      {
        op: 'pets.create',
        path: 'name',
        input: (name) => ({ name, categoryId: dogs }),
        stored: async (pet) => (await t.ok('pets.get', { petId: pet.id })).name,
        cleanup: (pet) => t.ok('pets.delete', { petId: pet.id }),
      },
      { op: 'pets.replace', path: 'pet.name', input: (name) => ({ petId: rex, pet: { name, categoryId: dogs } }), stored: async () => (await t.ok('pets.get', { petId: rex })).name },
      { op: 'pets.update', path: 'changes.name', input: (name) => ({ petId: rex, changes: { name } }), stored: async () => (await t.ok('pets.get', { petId: rex })).name },
      {
        op: 'categories.create',
        path: 'name',
        input: (name) => ({ name }),
        stored: async (category) => (await t.ok('categories.get', { categoryId: category.id })).name,
        cleanup: (category) => t.ok('categories.delete', { categoryId: category.id }),
      },
      { op: 'categories.replace', path: 'category.name', input: (name) => ({ categoryId: cats, category: { name } }), stored: async () => (await t.ok('categories.get', { categoryId: cats })).name },
      { op: 'categories.update', path: 'changes.name', input: (name) => ({ categoryId: cats, changes: { name } }), stored: async () => (await t.ok('categories.get', { categoryId: cats })).name },
      { op: 'tokens.create', path: 'label', input: (label) => ({ label, scope: 'read' }), stored: (created) => created.token.label },
      { op: 'settings.update', path: 'shopName', input: (shopName) => ({ shopName }), stored: async () => (await t.ok('settings.get', {})).shopName },
    ];

    const accepted: [string, unknown, string][] = [
      ['1 character', 'R', 'R'],
      ['100 characters', x(100), x(100)],
      ['surrounding spaces trimmed', '  Rex  ', 'Rex'],
      ['100 characters once trimmed', `   ${x(100, 'b')}   `, x(100, 'b')],
      ['surrounding tabs and newlines trimmed', '\tMilo\r\n', 'Milo'],
      ['100 characters beyond the BMP count as 100', x(100, '🐶'), x(100, '🐶')],
      ['letters of any script', 'Bärli Ωμέγα 太郎', 'Bärli Ωμέγα 太郎'],
      ['right-to-left letters', 'كلب سعيد', 'كلب سعيد'],
      ['an emoji joined by ZWJ', 'Rex 🐕\u200d🦺', 'Rex 🐕\u200d🦺'],
      ['a zero-width non-joiner (Persian)', 'می\u200cخواهم', 'می\u200cخواهم'],
    ];
    const refused: [string, unknown][] = [
      ['empty', ''],
      ['whitespace only', '   '],
      ['tabs and newlines only', '\t\n '],
      ['101 characters', x(101)],
      ['101 characters once trimmed', ` ${x(101)} `],
      ['101 characters beyond the BMP', x(101, '🐶')],
      ['a NUL inside', 'Re\u0000x'],
      ['a bell inside', 'Re\u0007x'],
      ['a newline inside', 'Re\nx'],
      ['a tab inside', 'Re\tx'],
      ['DEL inside', 'Re\u007fx'],
      ['an escape sequence', '\u001b[31mRex'],
      ['a zero-width space inside', 'Re\u200bx'],
      ['a soft hyphen inside', 'Re\u00adx'],
      ['a right-to-left override', 'Rex\u202exoboR'],
      ['a right-to-left mark', 'Re\u200fx'],
      ['a first-strong isolate', 'Re\u2068x\u2069'],
      ['a word joiner', 'Re\u2060x'],
      ['a byte-order mark inside', 'Re\ufeffx'],
      ['a C1 control inside', '\u0080x'],
      ['a line separator inside', 'a\u2028b'],
      ['a paragraph separator inside', 'a\u2029b'],
      ['an Arabic letter mark', 'Re\u061cx'],
      ['a Mongolian vowel separator', 'Re\u180ex'],
      ['a zero-width joiner alone', '\u200d'],
      ['two zero-width non-joiners', '\u200c\u200c'],
      ['a combining accent alone', '\u0301'],
      ['a blank Braille pattern', '\u2800'],
      ['a Hangul filler', '\u3164'],
      ['a Hangul choseong filler', '\u115f'],
      ['a combining grapheme joiner alone', '\u034f'],
      ['a variation selector alone', '\ufe0f'],
      ['a tag character alone', '\u{e0041}'],
      ['a number', 42],
      ['null', null],
    ];

    for (const target of targets) {
      describe(target.op, () => {
        for (const [label, name, expected] of accepted) {
          test(`accepts ${label}`, async () => {
            const result = await t.ok(target.op, target.input(name)) as unknown as Created;
            expect(await target.stored(result)).toBe(expected);
            await target.cleanup?.(result);
          });
        }
        test('refuses empty, whitespace-only, 101 characters, control and invisible characters and non-strings, naming the field', async () => {
          for (const [label, name] of refused) {
            const error = await refusedAt(target.op, target.input(name), target.path);
            expect(error.details!.length, label).toBe(1);
          }
        });
      });
    }
  });

  describe('names through an import follow the same bounds', () => {
    test('rows whose names are empty, too long or hold control characters are reported and skipped; the rest are trimmed', async () => {
      const rows = [
        { name: '  Ana  ', category: 'Dogs' },
        { name: x(100), category: 'Dogs' },
        { name: '   ', category: 'Dogs' },
        { name: x(101), category: 'Dogs' },
        { name: 'Re\u0000x', category: 'Dogs' },
        { name: 'Two\nlines', category: 'Dogs' },
        { name: '\u001b[31mRed', category: 'Dogs' },
      ];
      const content = JSON.stringify(rows);
      const preview = await t.ok('data.previewImport', { format: 'json', content });
      expect(preview.rows.map((row) => row.pet?.name ?? row.errors.map((e) => e.path).join())).toEqual([
        'Ana',
        x(100),
        'name',
        'name',
        'name',
        'name',
        'name',
      ]);
      const before = (await t.ok('pets.list', { limit: 500 })).total;
      expect(await t.ok('data.import', { format: 'json', content })).toEqual({ imported: 2, skipped: 5 });
      const imported = (await t.ok('pets.list', { limit: 500 })).items.slice(before);
      expect(imported.map((pet) => pet.name)).toEqual(['Ana', x(100)]);
      // A CSV cell may hold a line break inside quotes: still not a name.
      expect((await t.ok('data.previewImport', { format: 'csv', content: 'name,category\n"Multi\nLine",Dogs\n' })).rows[0].errors).toEqual([
        { path: 'name', message: 'Must not contain control characters or line breaks' },
      ]);
      for (const pet of imported) await t.ok('pets.delete', { petId: pet.id });
    });
  });

  describe('category description: at most 500 characters after trimming', () => {
    test('500 characters, 500 once trimmed, empty and left out are accepted', async () => {
      const made = await t.ok('categories.create', { name: 'Birds', description: x(500) });
      expect((await t.ok('categories.get', { categoryId: made.id })).description).toBe(x(500));
      expect((await t.ok('categories.update', { categoryId: made.id, changes: { description: `  ${x(500, 'd')}  ` } })).description).toBe(x(500, 'd'));
      expect(await t.ok('categories.replace', { categoryId: made.id, category: { name: 'Birds' } })).toEqual({ id: made.id, name: 'Birds' });
      await t.ok('categories.delete', { categoryId: made.id });
    });

    test('501 characters are refused on create, replace and update', async () => {
      await refusedAt('categories.create', { name: 'Fish', description: x(501) }, 'description');
      await refusedAt('categories.create', { name: 'Fish', description: `  ${x(501)}  ` }, 'description');
      await refusedAt('categories.replace', { categoryId: cats, category: { name: 'Cats', description: x(501) } }, 'category.description');
      await refusedAt('categories.update', { categoryId: cats, changes: { description: x(501) } }, 'changes.description');
      await refusedAt('categories.update', { categoryId: cats, changes: { description: 7 } }, 'changes.description');
    });
  });

  describe('order quantity: 1–1000, default 1', () => {
    test('1, 1000 and the default 1 are accepted and reserve that many', async () => {
      for (const [input, quantity] of [[{ quantity: 1 }, 1], [{ quantity: 1000 }, 1000], [{}, 1]] as const) {
        const placed = await t.ok('orders.place', { petId: rex, ...input });
        expect(placed.quantity).toBe(quantity);
        expect((await standing(t, rex)).stock).toBe(1_000_000 - quantity);
        await t.ok('orders.cancel', { orderId: placed.id! });
      }
      expect(await standing(t, rex)).toEqual({ status: 'available', stock: 1_000_000 });
    });

    test('0, 1001, negative, fractional and non-numbers are refused', async () => {
      for (const quantity of [0, 1001, -1, 1.5, '1', null, Number.POSITIVE_INFINITY]) {
        await refusedAt('orders.place', { petId: rex, quantity }, 'quantity');
      }
    });
  });

  describe('stock: 0–1,000,000', () => {
    test('0 and 1,000,000 are accepted', async () => {
      const pet = (await t.ok('pets.create', { name: 'Stocky', categoryId: dogs })).id;
      expect((await t.ok('inventory.set', { petId: pet, update: { quantity: 0 } })).quantity).toBe(0);
      expect((await t.ok('inventory.set', { petId: pet, update: { quantity: 1_000_000 } })).quantity).toBe(1_000_000);
      expect(await standing(t, pet)).toEqual({ status: 'available', stock: 1_000_000 });
      await t.ok('pets.delete', { petId: pet });
    });

    test('-1, 1,000,001, fractional and non-numbers are refused', async () => {
      for (const quantity of [-1, 1_000_001, 0.5, '5', null, Number.NaN]) {
        await refusedAt('inventory.set', { petId: rex, update: { quantity } }, 'update.quantity');
      }
      await refusedAt('inventory.set', { petId: rex, update: {} }, 'update.quantity');
    });
  });

  describe('ids: positive integers up to 2^53−1', () => {
    const BAD_IDS: unknown[] = [0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, 1e300, '1', Number.NaN, Number.POSITIVE_INFINITY, null];
    const targets: [CallableOperationName, (id: unknown) => Record<string, unknown>, string][] = [
      ['pets.get', (petId) => ({ petId }), 'petId'],
      ['pets.delete', (petId) => ({ petId }), 'petId'],
      ['pets.update', (petId) => ({ petId, changes: { name: 'X' } }), 'petId'],
      ['pets.create', (categoryId) => ({ name: 'X', categoryId }), 'categoryId'],
      ['pets.replace', (categoryId) => ({ petId: rex, pet: { name: 'X', categoryId } }), 'pet.categoryId'],
      ['pets.list', (id) => ({ id: [1, id] }), 'id.1'],
      ['pets.list', (categoryId) => ({ categoryId }), 'categoryId'],
      ['categories.get', (categoryId) => ({ categoryId }), 'categoryId'],
      ['categories.delete', (categoryId) => ({ categoryId }), 'categoryId'],
      ['orders.get', (orderId) => ({ orderId }), 'orderId'],
      ['orders.cancel', (orderId) => ({ orderId }), 'orderId'],
      ['orders.update', (orderId) => ({ orderId, changes: { complete: true } }), 'orderId'],
      ['orders.place', (petId) => ({ petId }), 'petId'],
      ['orders.list', (petId) => ({ petId }), 'petId'],
      ['inventory.get', (petId) => ({ petId }), 'petId'],
      ['inventory.set', (petId) => ({ petId, update: { quantity: 1 } }), 'petId'],
      ['inventory.list', (petId) => ({ petId: [petId] }), 'petId.0'],
      ['tokens.revoke', (tokenId) => ({ tokenId }), 'tokenId'],
    ];

    test.each(targets)('%s refuses 0, -1, 1.5, 2^53 and beyond, strings and non-finite numbers', async (op, input, path) => {
      for (const id of BAD_IDS) await refusedAt(op, input(id), path);
    });

    test('2^53−1 is parsed exactly: it names a record that does not exist, never another one rounded onto', async () => {
      const max = Number.MAX_SAFE_INTEGER;
      expect(await t.fail('pets.get', { petId: max })).toMatchObject({ code: 'NOT_FOUND', message: `Pet ${max} does not exist` });
      expect(await t.fail('orders.get', { orderId: max })).toMatchObject({ code: 'NOT_FOUND', message: `Order ${max} does not exist` });
      expect(await t.fail('categories.get', { categoryId: max })).toMatchObject({ code: 'NOT_FOUND' });
      expect(await t.fail('inventory.get', { petId: max })).toMatchObject({ code: 'NOT_FOUND' });
      expect(await t.fail('pets.create', { name: 'X', categoryId: max })).toMatchObject({ code: 'REFERENCE_NOT_FOUND' });
      expect(await t.fail('orders.place', { petId: max })).toMatchObject({ code: 'REFERENCE_NOT_FOUND' });
      expect((await t.ok('pets.list', { id: [max, rex] })).items.map((p) => p.id)).toEqual([rex]);
      // The smallest id is 1.
      expect((await t.ok('categories.get', { categoryId: 1 })).name).toBe('Dogs');
    });
  });

  describe('numbers far out of range name the field\'s own limit, not the safe-integer range', () => {
    test('stock, order quantity and page limit at 1e20 and -1e20', async () => {
      const refusal = async (op: Parameters<typeof t.fail>[0], input: unknown) => (await t.fail(op, input as never)).details;
      expect(await refusal('inventory.set', { petId: rex, update: { quantity: 1e20 } })).toEqual([{ path: 'update.quantity', message: 'Must be at most 1,000,000' }]);
      expect(await refusal('inventory.set', { petId: rex, update: { quantity: -1e20 } })).toEqual([{ path: 'update.quantity', message: 'Must be at least 0' }]);
      expect(await refusal('orders.place', { petId: rex, quantity: 1e20 })).toEqual([{ path: 'quantity', message: 'Must be at most 1,000' }]);
      expect(await refusal('pets.list', { limit: 1e20 })).toEqual([{ path: 'limit', message: 'Must be at most 500' }]);
      // An id has no bound of its own: there the safe range is the limit to tell.
      expect(await refusal('pets.get', { petId: 1e20 })).toEqual([{ path: 'petId', message: 'Must be at most 9,007,199,254,740,991' }]);
    });
  });

  describe('page limit refusals', () => {
    const lists = ['pets.list', 'categories.list', 'orders.list', 'inventory.list'] as const;
    test.each(lists)('%s: 0, 501, -1, 1.5 and strings are refused; so is a cursor the service did not issue', async (op) => {
      for (const limit of [0, 501, -1, 1.5, '50', null]) await refusedAt(op, { limit }, 'limit');
      for (const cursor of ['not-a-cursor', Buffer.from('[1]').toString('base64url'), x(513)]) await refusedAt(op, { cursor }, 'cursor');
    });

    test('events.list refuses a limit outside 1–1000 and an after outside 0–2^53−1', async () => {
      for (const limit of [0, 1001, 2.5]) await refusedAt('events.list', { limit }, 'limit');
      for (const after of [-1, 2 ** 53, 0.5]) await refusedAt('events.list', { after }, 'after');
    });
  });

  describe('unknown fields are refused, naming the field', () => {
    const cases: [CallableOperationName, () => Record<string, unknown>, string][] = [
      ['pets.create', () => ({ name: 'Max', categoryId: dogs, colour: 'brown' }), 'colour'],
      ['pets.create', () => ({ name: 'Max', categoryId: dogs, id: 99 }), 'id'],
      ['pets.replace', () => ({ petId: rex, pet: { name: 'Max', categoryId: dogs, stock: 5 } }), 'pet.stock'],
      ['pets.update', () => ({ petId: rex, changes: { name: 'Max', tags: [] } }), 'changes.tags'],
      ['pets.update', () => ({ petId: rex, changes: { name: 'Max' }, force: true }), 'force'],
      ['pets.delete', () => ({ petId: rex, cascade: true }), 'cascade'],
      ['categories.create', () => ({ name: 'Fish', slug: 'fish' }), 'slug'],
      ['categories.update', () => ({ categoryId: cats, changes: { name: 'Cats', parentId: dogs } }), 'changes.parentId'],
      ['orders.place', () => ({ petId: rex, price: 10 }), 'price'],
      ['orders.place', () => ({ petId: rex, complete: true }), 'complete'],
      ['orders.update', () => ({ orderId: 1, changes: { complete: true, status: 'delivered' } }), 'changes.status'],
      ['inventory.set', () => ({ petId: rex, update: { quantity: 1, delta: 1 } }), 'update.delta'],
      ['pets.list', () => ({ page: 2 }), 'page'],
      ['orders.list', () => ({ state: 'open' }), 'state'],
      ['settings.update', () => ({ lowStockThreshold: 2, theme: 'dark' }), 'theme'],
      ['tokens.create', () => ({ label: 'Shop', scope: 'write', expires: '2027-01-01' }), 'expires'],
      ['data.import', () => ({ format: 'csv', content: 'name,category', dryRun: true }), 'dryRun'],
    ];
    // service.health alone ignores unknown fields (an uptime monitor's query): test/rest/auth.test.ts.
    test.each(cases)('%s refuses an unknown field (%#)', async (op, input, path) => {
      const error = await refusedAt(op, input(), path);
      const field = path.split('.').pop()!;
      expect(error.details).toEqual([{ path, message: `Unknown field "${field}"` }]);
      expect(error.message).toContain(`"${field}"`);
    });

    test('a patch of only unknown fields names them, and only them (the client did send a field: "at least one" would contradict it)', async () => {
      const error = await expectRefused(t, 'pets.update', { petId: rex, changes: { tags: [] } }, 'VALIDATION_FAILED');
      expect(error.message).toBe('Invalid input: changes.tags: Unknown field "tags"');
      expect(error.details).toEqual([{ path: 'changes.tags', message: 'Unknown field "tags"' }]);
      // An empty patch is told what it lacks.
      expect((await expectRefused(t, 'pets.update', { petId: rex, changes: {} }, 'VALIDATION_FAILED')).details).toEqual([
        { path: 'changes', message: 'At least one field is required' },
      ]);
    });

    test('null is a value, not an absence: an optional field given null says what it takes', async () => {
      expect((await expectRefused(t, 'orders.place', { petId: rex, quantity: null }, 'VALIDATION_FAILED')).details).toEqual([
        { path: 'quantity', message: 'Must be a number, not null' },
      ]);
      expect((await expectRefused(t, 'categories.create', { name: null }, 'VALIDATION_FAILED')).details).toEqual([{ path: 'name', message: 'Must be text, not null' }]);
      expect((await expectRefused(t, 'categories.create', {}, 'VALIDATION_FAILED')).details).toEqual([{ path: 'name', message: 'Required' }]);
    });

    test('several unknown fields are each named', async () => {
      const error = await expectRefused(t, 'categories.create', { name: 'Fish', colour: 1, size: 2 }, 'VALIDATION_FAILED');
      expect(error.details).toEqual([
        { path: 'colour', message: 'Unknown field "colour"' },
        { path: 'size', message: 'Unknown field "size"' },
      ]);
    });
  });

  describe('ship dates: ISO 8601 date-times with an offset, within the years 0000–9999 in UTC', () => {
    const accepted: [string, string][] = [
      ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
      ['2026-11-22T10:00:00.123Z', '2026-11-22T10:00:00.123Z'],
      ['2026-11-22T10:00:00+02:00', '2026-11-22T08:00:00.000Z'],
      ['2026-11-22T10:00:00-05:30', '2026-11-22T15:30:00.000Z'],
      ['2026-11-23T00:30:00+01:00', '2026-11-22T23:30:00.000Z'],
      ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
    ];
    const refused: unknown[] = [
      '2026-11-22',
      '2026-11-22T10:00:00',
      '2026-11-22T10:00Z',
      '2026-11-22T10:00:00+0200',
      '2026-11-22 10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-11-22T24:00:00Z',
      '0000-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-01:00',
      'tomorrow',
      '',
      1763805600000,
      null,
    ];

    test('accepted on orders.place and orders.update, stored in UTC', async () => {
      for (const [given, stored] of accepted) {
        const placed = await t.ok('orders.place', { petId: rex, shipDate: given });
        expect(placed.shipDate, given).toBe(stored);
        expect((await t.ok('orders.get', { orderId: placed.id! })).shipDate, given).toBe(stored);
        await t.ok('orders.cancel', { orderId: placed.id! });
      }
      const open = await t.ok('orders.place', { petId: rex });
      for (const [given, stored] of accepted) {
        expect((await t.ok('orders.update', { orderId: open.id!, changes: { shipDate: given } })).shipDate, given).toBe(stored);
      }
      await t.ok('orders.cancel', { orderId: open.id! });
    });

    test('refused on orders.place and orders.update: no date-only, no missing offset, no impossible dates, no years outside 0000–9999', async () => {
      const open = await t.ok('orders.place', { petId: rex });
      for (const shipDate of refused) {
        await refusedAt('orders.place', { petId: rex, shipDate }, 'shipDate');
        // null clears an order's date (states.md T54); a new order simply has none.
        if (shipDate !== null) await refusedAt('orders.update', { orderId: open.id!, changes: { shipDate } }, 'changes.shipDate');
      }
      await t.ok('orders.cancel', { orderId: open.id! });
    });

    test('a text that is no date at all gets one message, showing the expected form; an out-of-range one says the years', async () => {
      const error = await refusedAt('orders.place', { petId: rex, shipDate: 'tomorrow' }, 'shipDate');
      expect(error.details).toEqual([{ path: 'shipDate', message: 'Must be an ISO 8601 date and time with an offset, e.g. 2026-11-22T10:00:00Z' }]);
      const late = await refusedAt('orders.place', { petId: rex, shipDate: '9999-12-31T23:00:00-05:00' }, 'shipDate');
      expect(late.details).toEqual([{ path: 'shipDate', message: 'Must fall within the years 0000–9999 in UTC' }]);
    });
  });
});

// Its own database on PostgreSQL: 501 of everything a list shows.
describeOnEngines('page limits', (fresh) => {
  describe('page limit: 1–500, default 50', () => {
    const lists = ['pets.list', 'categories.list', 'orders.list', 'inventory.list'] as const;
    let s: EngineStore;
    beforeAll(async () => {
      // 501 pets through one import (and the category they are in).
      s = await fresh();
      const csv = ['name,category', ...Array.from({ length: 501 }, (_, i) => `Pet ${i},1`)].join('\n');
      await s.ok('categories.create', { name: 'Category 0' });
      await s.ok('data.import', { format: 'csv', content: csv });
    });
    afterAll(() => s.close());

    test('events.list pages its own way: limit 1–1000 (default 200), after 0–2^53−1', async () => {
      expect(await s.ok('events.list', {})).toHaveLength(200);
      expect(await s.ok('events.list', { limit: 1000 })).toHaveLength(502); // category.created + 501 × pet.created
      expect(await s.ok('events.list', { after: Number.MAX_SAFE_INTEGER })).toEqual([]);
    });

    describe('lists of 501', () => {
      beforeAll(async () => {
        // 500 more categories and 501 orders (on Pet 0, stocked for them), through the service.
        for (let i = 1; i <= 500; i++) await s.ok('categories.create', { name: `Category ${i}` });
        await s.ok('inventory.set', { petId: 1, update: { quantity: 501 } });
        for (let i = 0; i <= 500; i++) await s.ok('orders.place', { petId: 1 });
      });

      test.each(lists)('%s: no limit gives 50 with a next page; 1 and 500 are accepted', async (op) => {
        const first = await s.ok(op, {});
        expect(first.items).toHaveLength(50);
        expect(first.total).toBe(501);
        expect(first.nextCursor).toEqual(expect.any(String));
        expect((await s.ok(op, { limit: 1 })).items).toHaveLength(1);
        const big = await s.ok(op, { limit: 500 });
        expect(big.items).toHaveLength(500);
        const rest = await s.ok(op, { limit: 500, cursor: big.nextCursor! });
        expect(rest.items).toHaveLength(1);
        expect(rest.nextCursor).toBeNull();
      });
    });
  });
});
