/**
 * List cursors name what they continue (list, sort, filters) besides the position, and nothing
 * but a cursor issued for the same query is accepted (src-main/db/repositories/paging.ts).
 */
import { describe, expect, test } from 'vitest';
import { StoreError } from '../../src-shared/errors';
import { CURSOR_MAX_LENGTH } from '../../src-shared/schemas/common';
import {
  canonicalSet,
  decodeCursor,
  encodeCursor,
  type CursorScope,
} from '../../src-main/db/repositories/paging';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const json = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));

const petsBy = (sort: string, filters: unknown[] = [null, null, null, null]): CursorScope => ({ list: 'pets', sort, filters });
const orders: CursorScope = { list: 'orders', sort: '-id', filters: [null, null] };

/** The cursor error: VALIDATION_FAILED naming `cursor`, with a message starting "Invalid input". */
function refusal(run: () => unknown): { message: string; detail: string } {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected the cursor to be refused').toBeInstanceOf(StoreError);
  const body = (caught as StoreError).toBody();
  expect(body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  expect(body.details).toHaveLength(1);
  expect(body.details![0].path).toBe('cursor');
  expect(body.message).toMatch(/^Invalid input: cursor: /);
  return { message: body.message, detail: body.details![0].message };
}

describe('the format', () => {
  test('a position round-trips, in short base64url', () => {
    const byId = encodeCursor(petsBy('id'), { id: 12345 });
    expect(byId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(byId.length).toBeLessThan(60);
    expect(json(byId)).toEqual([1, 'pets', 'id', expect.stringMatching(/^[A-Za-z0-9_-]{8}$/), 12345]);
    expect(decodeCursor(byId, petsBy('id'))).toEqual({ id: 12345, value: undefined });

    const byName = encodeCursor(petsBy('-name'), { id: 7, value: 'rex' });
    expect(json(byName)).toEqual([1, 'pets', '-name', expect.any(String), 7, 'rex']);
    expect(decodeCursor(byName, petsBy('-name'))).toEqual({ id: 7, value: 'rex' });

    const byStatus = encodeCursor(petsBy('status'), { id: 3, value: 'pending' });
    expect(decodeCursor(byStatus, petsBy('status'))).toEqual({ id: 3, value: 'pending' });
  });

  test('canonical sets: order and repeats do not matter; an empty or absent filter is null', () => {
    expect(canonicalSet([3, 1, 20, 3])).toEqual([1, 3, 20]);
    expect(canonicalSet(['sold', 'available', 'sold'])).toEqual(['available', 'sold']);
    expect(canonicalSet([])).toBeNull();
    expect(canonicalSet(undefined)).toBeNull();
    const a = encodeCursor(petsBy('id', [canonicalSet(['sold', 'available']), null, null, canonicalSet([2, 1])]), { id: 5 });
    const b = petsBy('id', [canonicalSet(['available', 'sold', 'sold']), null, null, canonicalSet([1, 2, 2])]);
    expect(decodeCursor(a, b)).toEqual({ id: 5, value: undefined });
  });

  test('a sort value too long for 2,048 characters travels as a digest, read back by id', () => {
    const long = 'salla allahu alayhi wa sallam '.repeat(60); // the sort key of a 100-character name of U+FDFA
    let current: string | undefined = long;
    const scope: CursorScope = { ...petsBy('name'), sortValueOf: (id) => (id === 42 ? current : undefined) };
    const cursor = encodeCursor(scope, { id: 42, value: long });
    expect(cursor.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
    expect(json(cursor)[5]).toEqual({ h: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect(decodeCursor(cursor, scope)).toEqual({ id: 42, value: long });

    current = `${long}x`; // renamed since
    expect(refusal(() => decodeCursor(cursor, scope)).detail).toMatch(/renamed or deleted/);
    current = undefined; // deleted since
    expect(refusal(() => decodeCursor(cursor, scope)).detail).toMatch(/renamed or deleted/);
    // A list without a way to read the value back never accepts a digest.
    expect(refusal(() => decodeCursor(cursor, petsBy('name'))).detail).toMatch(/renamed or deleted/);
  });

  test('a value that fits stays in the cursor, up to the bound', () => {
    const value = 'a'.repeat(300);
    const cursor = encodeCursor(petsBy('name'), { id: 1, value });
    expect(cursor.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
    expect(json(cursor)[5]).toBe(value);
  });
});

describe('a cursor of another query is refused, saying so', () => {
  const byName = encodeCursor(petsBy('name'), { id: 7, value: 'rex' });

  test('another list', () => {
    const { message, detail } = refusal(() => decodeCursor(byName, orders));
    expect(message).toContain(detail);
    expect(detail).toBe('this cursor belongs to the pets list, not the orders list; start again without a cursor');
  });

  test('another sort (even one whose position has the same shape)', () => {
    expect(refusal(() => decodeCursor(byName, petsBy('id'))).detail).toContain('sort=name, not sort=id');
    expect(refusal(() => decodeCursor(byName, petsBy('-name'))).detail).toContain('sort=name, not sort=-name');
    expect(refusal(() => decodeCursor(byName, petsBy('-status'))).detail).toContain('start again without a cursor');
  });

  test('other filters', () => {
    const { detail } = refusal(() => decodeCursor(byName, petsBy('name', [['sold'], null, null, null])));
    expect(detail).toMatch(/different filters.*limit may change.*start again without a cursor/);
    const dogs = encodeCursor(petsBy('id', [null, 1, null, null]), { id: 3 });
    refusal(() => decodeCursor(dogs, petsBy('id', [null, 2, null, null])));
    refusal(() => decodeCursor(dogs, petsBy('id')));
  });
});

describe('anything this service did not issue is refused', () => {
  const scope = petsBy('name');
  const real = encodeCursor(scope, { id: 7, value: 'rex' });
  const [, , , key] = json(real) as [number, string, string, string];
  const forged = (fields: unknown) => b64(JSON.stringify(fields));

  const cases: [string, string][] = [
    ['not base64url at all', 'not a cursor!'],
    ['the words not-a-cursor', 'not-a-cursor'],
    ['base64 padding', `${real}==`],
    ['standard base64 characters', real.replace(/[-_]/g, '+') + '+/'],
    ['the old format: [1000, 1000]', forged([1000, 1000])],
    ['the old format: [1e308, 1]', b64('[1e308,1]')],
    ['the old format: [-5, -5]', forged([-5, -5])],
    ['the old format with a name', forged(['rex', 7])],
    ['a JSON number', forged(7)],
    ['a JSON string', forged('rex')],
    ['null', forged(null)],
    ['an object', forged({ list: 'pets', sort: 'name', id: 7 })],
    ['an empty array', forged([])],
    ['an unknown version', forged([2, 'pets', 'name', key, 7, 'rex'])],
    ['an unknown list', forged([1, 'users', 'name', key, 7, 'rex'])],
    ['a list named after a prototype field', forged([1, 'constructor', 'name', key, 7, 'rex'])],
    ['an unknown sort', forged([1, 'pets', 'price', key, 7, 'rex'])],
    ['a sort named after a prototype field', forged([1, 'pets', '__proto__', key, 7, 'rex'])],
    ['a short filter key', forged([1, 'pets', 'name', key.slice(0, 7), 7, 'rex'])],
    ['a filter key of another type', forged([1, 'pets', 'name', 12345678, 7, 'rex'])],
    ['id 0', forged([1, 'pets', 'name', key, 0, 'rex'])],
    ['a negative id', forged([1, 'pets', 'name', key, -5, 'rex'])],
    ['a fractional id', forged([1, 'pets', 'name', key, 1.5, 'rex'])],
    ['id 2^53', forged([1, 'pets', 'name', key, 2 ** 53, 'rex'])],
    ['id 1e308', b64(`[1,"pets","name","${key}",1e308,"rex"]`)],
    ['id as a string', forged([1, 'pets', 'name', key, '7', 'rex'])],
    ['id null', forged([1, 'pets', 'name', key, null, 'rex'])],
    ['7.0 for 7', b64(`[1,"pets","name","${key}",7.0,"rex"]`)],
    ['7e0 for 7', b64(`[1,"pets","name","${key}",7e0,"rex"]`)],
    ['a name as a number', forged([1, 'pets', 'name', key, 7, 1000])],
    ['a name as an array', forged([1, 'pets', 'name', key, 7, ['rex']])],
    ['a name as null', forged([1, 'pets', 'name', key, 7, null])],
    ['no sort value where one is needed', forged([1, 'pets', 'name', key, 7])],
    ['a sort value where none is needed', forged([1, 'pets', 'id', key, 7, 7])],
    ['an extra field', forged([1, 'pets', 'name', key, 7, 'rex', 'more'])],
    ['a status that is no status', forged([1, 'pets', 'status', key, 7, 'lost'])],
    ['a status as a number', forged([1, 'pets', 'status', key, 7, 1])],
    ['half a surrogate pair as the name', b64(`[1,"pets","name","${key}",7,"\\ud800"]`)],
    ['a digest of the wrong length', forged([1, 'pets', 'name', key, 7, { h: 'abc' }])],
    ['a digest object with more fields', forged([1, 'pets', 'name', key, 7, { h: 'A'.repeat(16), x: 1 }])],
    ['a digest object named __proto__', b64(`[1,"pets","name","${key}",7,{"__proto__":"AAAAAAAAAAAAAAAA"}]`)],
    ['spaces in the JSON', b64(`[1, "pets", "name", "${key}", 7, "rex"]`)],
    ['an escaped letter', b64(`[1,"pets","name","${key}",7,"r\\u0065x"]`)],
    ['over 2,048 characters', b64(`[1,"pets","name","${key}",7,"${'r'.repeat(1600)}"]`)],
    ['random bytes', Buffer.from([0xff, 0xfe, 0x00, 0x5b, 0x31, 0x2c]).toString('base64url')],
  ];

  test.each(cases)('%s', (_label, cursor) => {
    expect(refusal(() => decodeCursor(cursor, scope)).detail).toBe(
      'not a cursor this service issued (it is damaged, truncated or made by hand); start again without a cursor',
    );
  });

  test('every truncation and every one-character change of a real cursor', () => {
    for (let n = 1; n < real.length; n++) refusal(() => decodeCursor(real.slice(0, n), scope));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < real.length; i++) {
      for (const c of ['A', 'z', '0', '_']) {
        const changed = real.slice(0, i) + (real[i] === c ? alphabet[(alphabet.indexOf(c) + 1) % 64] : c) + real.slice(i + 1);
        // A change may still spell a valid cursor with another position (e.g. "rex" → "rez"):
        // then it is a position in the same query, never anything else.
        try {
          const position = decodeCursor(changed, scope);
          expect(Number.isSafeInteger(position.id) && position.id > 0).toBe(true);
          expect(typeof position.value).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(StoreError);
          expect((error as StoreError).code).toBe('VALIDATION_FAILED');
        }
      }
    }
  });
});
