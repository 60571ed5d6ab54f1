/* eslint-disable no-loss-of-precision -- 2^53 + 1 is written out on purpose: it arrives as 2^53 */
/**
 * Hostile and broken inputs over IPC: every write operation answers VALIDATION_FAILED with
 * details, and nothing in the store changes (pets, categories, orders, stock, settings, tokens and
 * the change log are compared before and after each call).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ErrorBody } from '../../src-shared/errors';
import { expectError, openIpcHarness, seedShop, snapshot, type IpcHarness, type Shop } from './harness';

let h: IpcHarness;
let shop: Shop;
beforeEach(() => {
  h = openIpcHarness();
  shop = seedShop(h.t);
});
afterEach(async () => {
  await h.close();
});

const LONG = 'x'.repeat(100_000);

/** A chain of `depth` nested objects (or arrays). */
function deep(depth: number, array = false): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value };
  return value;
}

/**
 * Ids that are not positive safe integers. 9007199254740993 cannot even be written as a JS number:
 * it arrives as 2^53, which must be refused rather than taken for another id. NaN and Infinity
 * survive structured cloning (unlike JSON), so they reach the main process as such.
 */
const BAD_IDS: [string, unknown][] = [
  ['9007199254740993', 9007199254740993],
  ['2**53', 2 ** 53],
  ['1e300', 1e300],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ["'1'", '1'],
  ["'9007199254740993'", '9007199254740993'],
  ['10n', 10n],
  ['null', null],
  ['true', true],
  ['[1]', [1]],
  ['{}', {}],
];

/** Whole inputs that are not an object of the right shape. */
const BAD_WHOLE: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['[]', []],
  ['array of a valid input', [{ petId: 1 }]],
  ['string', 'petId=1'],
  ['number', 42],
  ['boolean', true],
  ['Date', new Date(0)],
  ['Map', new Map([['petId', 1]])],
  ['deeply nested junk', deep(1_000)],
];

type Case = { label: string; input: unknown; paths?: string[] };

const idCases = (path: string, build: (id: unknown) => unknown): Case[] =>
  BAD_IDS.map(([label, id]) => ({ label: `${path} = ${label}`, input: build(id), paths: [path] }));
const wholeCases = (): Case[] => BAD_WHOLE.map(([label, input]) => ({ label: `whole input: ${label}`, input }));
/** `{"__proto__": …}` and `"constructor"` keys, as JSON.parse creates them (own properties). */
const pollution = (json: (payload: string) => string, path: string): Case[] => [
  { label: `__proto__ at ${path}`, input: JSON.parse(json('"__proto__": {"polluted": true, "status": "sold"}')), paths: [path ? `${path}.__proto__` : '__proto__'] },
  { label: `constructor at ${path}`, input: JSON.parse(json('"constructor": {"prototype": {"polluted": true}}')), paths: [path ? `${path}.constructor` : 'constructor'] },
];

function writeCases(s: Shop): Record<string, Case[]> {
  const { dogs, cats, rex, bella, order, done, token } = s;
  const pet = { name: 'Max', categoryId: dogs.id };
  return {
    'pets.create': [
      { label: 'name: 42', input: { ...pet, name: 42 }, paths: ['name'] },
      { label: "categoryId: '1'", input: { ...pet, categoryId: String(dogs.id) }, paths: ['categoryId'] },
      { label: "status: 'lost'", input: { ...pet, status: 'lost' }, paths: ['status'] },
      { label: "status: 'Available'", input: { ...pet, status: 'Available' }, paths: ['status'] },
      { label: 'all three wrong', input: { name: 42, categoryId: '1', status: 'lost' }, paths: ['name', 'categoryId', 'status'] },
      { label: 'unknown field', input: { ...pet, color: 'brown' }, paths: ['color'] },
      { label: 'unknown id field', input: { ...pet, id: 99 }, paths: ['id'] },
      { label: 'missing name', input: { categoryId: dogs.id }, paths: ['name'] },
      { label: 'missing categoryId', input: { name: 'Max' }, paths: ['categoryId'] },
      { label: 'name: null', input: { ...pet, name: null }, paths: ['name'] },
      { label: 'blank name', input: { ...pet, name: '   \t\n ' }, paths: ['name'] },
      { label: '100,000-character name', input: { ...pet, name: LONG }, paths: ['name'] },
      { label: '100,000 spaces', input: { ...pet, name: ' '.repeat(100_000) }, paths: ['name'] },
      { label: 'deep junk as name', input: { ...pet, name: deep(1_000) }, paths: ['name'] },
      { label: 'deep array as status', input: { ...pet, status: deep(1_000, true) }, paths: ['status'] },
      { label: 'deep junk as an unknown field', input: { ...pet, junk: deep(1_000) }, paths: ['junk'] },
      ...idCases('categoryId', (id) => ({ ...pet, categoryId: id })),
      ...wholeCases(),
      ...pollution((p) => `{"name": "Max", "categoryId": ${dogs.id}, ${p}}`, ''),
    ],
    'pets.replace': [
      { label: 'pet.name: 42', input: { petId: rex.id, pet: { ...pet, name: 42 } }, paths: ['pet.name'] },
      { label: "pet.status: 'lost'", input: { petId: rex.id, pet: { ...pet, status: 'lost' } }, paths: ['pet.status'] },
      { label: 'pet missing', input: { petId: rex.id }, paths: ['pet'] },
      { label: 'petId missing', input: { pet }, paths: ['petId'] },
      { label: 'pet.categoryId missing', input: { petId: rex.id, pet: { name: 'Max' } }, paths: ['pet.categoryId'] },
      { label: 'unknown field in pet', input: { petId: rex.id, pet: { ...pet, owner: 'me' } }, paths: ['pet.owner'] },
      { label: 'unknown top-level field', input: { petId: rex.id, pet, force: true }, paths: ['force'] },
      { label: '100,000-character pet.name', input: { petId: rex.id, pet: { ...pet, name: LONG } }, paths: ['pet.name'] },
      { label: 'pet: string', input: { petId: rex.id, pet: 'Max' }, paths: ['pet'] },
      ...idCases('petId', (id) => ({ petId: id, pet })),
      ...idCases('pet.categoryId', (id) => ({ petId: rex.id, pet: { ...pet, categoryId: id } })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${rex.id}, "pet": {"name": "Max", "categoryId": ${dogs.id}, ${p}}}`, 'pet'),
    ],
    'pets.update': [
      { label: 'changes: {}', input: { petId: rex.id, changes: {} }, paths: ['changes'] },
      { label: 'changes missing', input: { petId: rex.id }, paths: ['changes'] },
      { label: 'changes.name: 42', input: { petId: rex.id, changes: { name: 42 } }, paths: ['changes.name'] },
      { label: "changes.status: 'lost'", input: { petId: rex.id, changes: { status: 'lost' } }, paths: ['changes.status'] },
      { label: "changes.categoryId: '1'", input: { petId: rex.id, changes: { categoryId: '1' } }, paths: ['changes.categoryId'] },
      { label: 'changes.stock (unknown)', input: { petId: rex.id, changes: { stock: 5 } }, paths: ['changes.stock'] },
      { label: '100,000-character changes.name', input: { petId: rex.id, changes: { name: LONG } }, paths: ['changes.name'] },
      { label: 'changes: null', input: { petId: rex.id, changes: null }, paths: ['changes'] },
      { label: 'changes: array', input: { petId: rex.id, changes: [{ name: 'Max' }] }, paths: ['changes'] },
      ...idCases('petId', (id) => ({ petId: id, changes: { name: 'Max' } })),
      ...idCases('changes.categoryId', (id) => ({ petId: rex.id, changes: { categoryId: id } })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${rex.id}, "changes": {${p}}}`, 'changes'),
      ...pollution((p) => `{"petId": ${rex.id}, "changes": {"name": "Max"}, ${p}}`, ''),
    ],
    'pets.delete': [
      { label: 'unknown field', input: { petId: rex.id, cascade: true }, paths: ['cascade'] },
      { label: 'petId missing', input: {}, paths: ['petId'] },
      { label: 'pet id under another name', input: { id: rex.id }, paths: ['petId', 'id'] },
      ...idCases('petId', (id) => ({ petId: id })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${rex.id}, ${p}}`, ''),
    ],
    'categories.create': [
      { label: 'name: 42', input: { name: 42 }, paths: ['name'] },
      { label: 'missing name', input: { description: 'Birds' }, paths: ['name'] },
      { label: 'description: 42', input: { name: 'Birds', description: 42 }, paths: ['description'] },
      { label: 'description: null', input: { name: 'Birds', description: null }, paths: ['description'] },
      { label: '501-character description', input: { name: 'Birds', description: 'd'.repeat(501) }, paths: ['description'] },
      { label: '100,000-character name', input: { name: LONG }, paths: ['name'] },
      { label: '100,000-character description', input: { name: 'Birds', description: LONG }, paths: ['description'] },
      { label: 'unknown field', input: { name: 'Birds', parentId: dogs.id }, paths: ['parentId'] },
      { label: 'deep junk', input: { name: 'Birds', description: deep(1_000) }, paths: ['description'] },
      ...wholeCases(),
      ...pollution((p) => `{"name": "Birds", ${p}}`, ''),
    ],
    'categories.replace': [
      { label: "categoryId: '1'", input: { categoryId: String(dogs.id), category: { name: 'Hounds' } }, paths: ['categoryId'] },
      { label: 'category missing', input: { categoryId: dogs.id }, paths: ['category'] },
      { label: 'category.name missing', input: { categoryId: dogs.id, category: { description: 'x' } }, paths: ['category.name'] },
      { label: '100,000-character category.description', input: { categoryId: dogs.id, category: { name: 'Hounds', description: LONG } }, paths: ['category.description'] },
      { label: 'unknown field in category', input: { categoryId: dogs.id, category: { name: 'Hounds', id: 7 } }, paths: ['category.id'] },
      ...idCases('categoryId', (id) => ({ categoryId: id, category: { name: 'Hounds' } })),
      ...wholeCases(),
      ...pollution((p) => `{"categoryId": ${dogs.id}, "category": {"name": "Hounds", ${p}}}`, 'category'),
    ],
    'categories.update': [
      { label: 'changes: {}', input: { categoryId: dogs.id, changes: {} }, paths: ['changes'] },
      { label: 'changes.name: 42', input: { categoryId: dogs.id, changes: { name: 42 } }, paths: ['changes.name'] },
      { label: 'changes.name blank', input: { categoryId: dogs.id, changes: { name: '  ' } }, paths: ['changes.name'] },
      { label: '100,000-character changes.description', input: { categoryId: dogs.id, changes: { description: LONG } }, paths: ['changes.description'] },
      { label: 'unknown field in changes', input: { categoryId: dogs.id, changes: { petCount: 0 } }, paths: ['changes.petCount'] },
      ...idCases('categoryId', (id) => ({ categoryId: id, changes: { name: 'Hounds' } })),
      ...wholeCases(),
      ...pollution((p) => `{"categoryId": ${dogs.id}, "changes": {${p}}}`, 'changes'),
    ],
    'categories.delete': [
      { label: 'unknown field', input: { categoryId: cats.id, force: true }, paths: ['force'] },
      ...idCases('categoryId', (id) => ({ categoryId: id })),
      ...wholeCases(),
      ...pollution((p) => `{"categoryId": ${cats.id}, ${p}}`, ''),
    ],
    'orders.place': [
      { label: "petId: '1'", input: { petId: String(rex.id) }, paths: ['petId'] },
      { label: 'missing petId', input: { quantity: 1 }, paths: ['petId'] },
      { label: 'quantity: 0', input: { petId: rex.id, quantity: 0 }, paths: ['quantity'] },
      { label: 'quantity: -1', input: { petId: rex.id, quantity: -1 }, paths: ['quantity'] },
      { label: 'quantity: 1001', input: { petId: rex.id, quantity: 1001 }, paths: ['quantity'] },
      { label: 'quantity: 1.5', input: { petId: rex.id, quantity: 1.5 }, paths: ['quantity'] },
      { label: 'quantity: NaN', input: { petId: rex.id, quantity: NaN }, paths: ['quantity'] },
      { label: 'quantity: Infinity', input: { petId: rex.id, quantity: Infinity }, paths: ['quantity'] },
      { label: "quantity: '1'", input: { petId: rex.id, quantity: '1' }, paths: ['quantity'] },
      { label: "shipDate: 'tomorrow'", input: { petId: rex.id, shipDate: 'tomorrow' }, paths: ['shipDate'] },
      { label: 'shipDate without offset', input: { petId: rex.id, shipDate: '2026-11-22T10:00:00' }, paths: ['shipDate'] },
      { label: 'shipDate: 30 February', input: { petId: rex.id, shipDate: '2026-02-30T10:00:00Z' }, paths: ['shipDate'] },
      { label: 'shipDate: Date object', input: { petId: rex.id, shipDate: new Date() }, paths: ['shipDate'] },
      { label: '100,000-character shipDate', input: { petId: rex.id, shipDate: LONG }, paths: ['shipDate'] },
      { label: 'unknown field (id)', input: { petId: rex.id, id: 1 }, paths: ['id'] },
      { label: 'unknown field (complete)', input: { petId: rex.id, complete: true }, paths: ['complete'] },
      ...idCases('petId', (id) => ({ petId: id })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${rex.id}, ${p}}`, ''),
    ],
    'orders.update': [
      { label: 'changes: {}', input: { orderId: order.id, changes: {} }, paths: ['changes'] },
      { label: 'changes missing', input: { orderId: order.id }, paths: ['changes'] },
      { label: "changes.complete: 'yes'", input: { orderId: order.id, changes: { complete: 'yes' } }, paths: ['changes.complete'] },
      { label: 'changes.complete: 1', input: { orderId: order.id, changes: { complete: 1 } }, paths: ['changes.complete'] },
      { label: 'changes.shipDate: 42', input: { orderId: order.id, changes: { shipDate: 42 } }, paths: ['changes.shipDate'] },
      { label: 'changes.quantity (unknown)', input: { orderId: order.id, changes: { quantity: 1 } }, paths: ['changes.quantity'] },
      { label: "complete order, changes.complete: 'no'", input: { orderId: done.id, changes: { complete: 'no' } }, paths: ['changes.complete'] },
      { label: 'changes.petId (unknown)', input: { orderId: order.id, changes: { petId: rex.id } }, paths: ['changes.petId'] },
      ...idCases('orderId', (id) => ({ orderId: id, changes: { complete: true } })),
      ...wholeCases(),
      ...pollution((p) => `{"orderId": ${order.id}, "changes": {"complete": true, ${p}}}`, 'changes'),
    ],
    'orders.cancel': [
      { label: 'unknown field', input: { orderId: order.id, refund: true }, paths: ['refund'] },
      { label: 'orderId missing', input: {}, paths: ['orderId'] },
      ...idCases('orderId', (id) => ({ orderId: id })),
      ...wholeCases(),
      ...pollution((p) => `{"orderId": ${order.id}, ${p}}`, ''),
    ],
    'inventory.set': [
      { label: 'update.quantity: -1', input: { petId: bella.id, update: { quantity: -1 } }, paths: ['update.quantity'] },
      { label: 'update.quantity: 1,000,001', input: { petId: bella.id, update: { quantity: 1_000_001 } }, paths: ['update.quantity'] },
      { label: 'update.quantity: 1.5', input: { petId: bella.id, update: { quantity: 1.5 } }, paths: ['update.quantity'] },
      { label: "update.quantity: '5'", input: { petId: bella.id, update: { quantity: '5' } }, paths: ['update.quantity'] },
      { label: 'update.quantity: NaN', input: { petId: bella.id, update: { quantity: NaN } }, paths: ['update.quantity'] },
      { label: 'update.quantity: Infinity', input: { petId: bella.id, update: { quantity: Infinity } }, paths: ['update.quantity'] },
      { label: 'update.quantity: 2**53', input: { petId: bella.id, update: { quantity: 2 ** 53 } }, paths: ['update.quantity'] },
      { label: 'update: {}', input: { petId: bella.id, update: {} }, paths: ['update.quantity'] },
      { label: 'update missing', input: { petId: bella.id }, paths: ['update'] },
      { label: 'quantity at the top level', input: { petId: bella.id, quantity: 3 }, paths: ['quantity', 'update'] },
      { label: 'update.status (unknown)', input: { petId: bella.id, update: { quantity: 3, status: 'sold' } }, paths: ['update.status'] },
      ...idCases('petId', (id) => ({ petId: id, update: { quantity: 3 } })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${bella.id}, "update": {"quantity": 3, ${p}}}`, 'update'),
    ],
    'inventory.adjust': [
      { label: 'delta: 0', input: { petId: bella.id, adjustment: { delta: 0, reason: 'received' } }, paths: ['adjustment.delta'] },
      { label: 'delta: 1,000,001', input: { petId: bella.id, adjustment: { delta: 1_000_001, reason: 'received' } }, paths: ['adjustment.delta'] },
      { label: 'delta: -1,000,001', input: { petId: bella.id, adjustment: { delta: -1_000_001, reason: 'lost' } }, paths: ['adjustment.delta'] },
      { label: 'delta: 1.5', input: { petId: bella.id, adjustment: { delta: 1.5, reason: 'received' } }, paths: ['adjustment.delta'] },
      { label: "delta: '1'", input: { petId: bella.id, adjustment: { delta: '1', reason: 'received' } }, paths: ['adjustment.delta'] },
      { label: 'delta: NaN', input: { petId: bella.id, adjustment: { delta: NaN, reason: 'received' } }, paths: ['adjustment.delta'] },
      { label: 'reason missing', input: { petId: bella.id, adjustment: { delta: 1 } }, paths: ['adjustment.reason'] },
      { label: "reason: 'order' (the service's own)", input: { petId: bella.id, adjustment: { delta: -1, reason: 'order' } }, paths: ['adjustment.reason'] },
      { label: 'received taking units away', input: { petId: bella.id, adjustment: { delta: -1, reason: 'received' } }, paths: ['adjustment.reason'] },
      { label: 'a 501-character note', input: { petId: bella.id, adjustment: { delta: 1, reason: 'received', note: 'x'.repeat(501) } }, paths: ['adjustment.note'] },
      { label: 'adjustment missing', input: { petId: bella.id }, paths: ['adjustment'] },
      { label: 'by at the top level (the old shape)', input: { petId: bella.id, by: 1 }, paths: ['adjustment', 'by'] },
      ...idCases('petId', (id) => ({ petId: id, adjustment: { delta: 1, reason: 'received' } })),
      ...wholeCases(),
      ...pollution((p) => `{"petId": ${bella.id}, "adjustment": {"delta": 1, "reason": "received", ${p}}}`, 'adjustment'),
    ],
    'settings.update': [
      { label: '{}', input: {}, paths: [''] },
      { label: 'unknown setting', input: { adminPassword: 'x' }, paths: ['adminPassword'] },
      { label: 'lowStockThreshold: -1', input: { lowStockThreshold: -1 }, paths: ['lowStockThreshold'] },
      { label: 'listenerPort: 70000', input: { listenerPort: 70_000 }, paths: ['listenerPort'] },
      { label: 'listenerHost: not an address', input: { listenerHost: '0.0.0.0; rm -rf /' }, paths: ['listenerHost'] },
      { label: "allowedOrigins: ['*']", input: { allowedOrigins: ['*'] }, paths: ['allowedOrigins.0'] },
      { label: "listenerEnabled: 'yes'", input: { listenerEnabled: 'yes' }, paths: ['listenerEnabled'] },
      { label: '100,000-character listenerHost', input: { listenerHost: LONG }, paths: ['listenerHost'] },
      ...pollution((p) => `{"lowStockThreshold": 3, ${p}}`, ''),
    ],
    'tokens.create': [
      { label: 'label: 42', input: { label: 42, scope: 'read' }, paths: ['label'] },
      { label: "scope: 'admin'", input: { label: 'x', scope: 'admin' }, paths: ['scope'] },
      { label: 'scope missing', input: { label: 'x' }, paths: ['scope'] },
      { label: '100,000-character label', input: { label: LONG, scope: 'read' }, paths: ['label'] },
      { label: 'secret (unknown)', input: { label: 'x', scope: 'read', secret: 'psk_mine' }, paths: ['secret'] },
      ...wholeCases(),
      ...pollution((p) => `{"label": "x", "scope": "write", ${p}}`, ''),
    ],
    'tokens.revoke': [
      { label: 'unknown field', input: { tokenId: token.id, reason: 'x' }, paths: ['reason'] },
      ...idCases('tokenId', (id) => ({ tokenId: id })),
      ...wholeCases(),
    ],
    // Reads refuse the same way (and of course change nothing either).
    'pets.list': [
      { label: '100,000-character q', input: { q: LONG }, paths: ['q'] },
      { label: "status: 'lost'", input: { status: ['lost'] }, paths: ['status.0'] },
      { label: "status as a string", input: { status: 'available' }, paths: ['status'] },
      { label: '501 ids', input: { id: Array.from({ length: 501 }, (_, i) => i + 1) }, paths: ['id'] },
      { label: 'limit: 501', input: { limit: 501 }, paths: ['limit'] },
      { label: '100,000-character cursor', input: { cursor: LONG }, paths: ['cursor'] },
      { label: 'forged cursor', input: { cursor: 'bm90LWEtY3Vyc29y' }, paths: ['cursor'] },
      { label: "sort: 'id; DROP TABLE pets'", input: { sort: 'id; DROP TABLE pets' }, paths: ['sort'] },
      ...idCases('categoryId', (id) => ({ categoryId: id })),
      ...pollution((p) => `{${p}}`, ''),
    ],
    'categories.list': [{ label: '100,000-character q', input: { q: LONG }, paths: ['q'] }],
  };
}

/** The details are a non-empty list of {path, message} strings, and name the expected paths. */
function expectDetails(error: ErrorBody, paths: string[] | undefined, label: string): void {
  expect(Array.isArray(error.details), label).toBe(true);
  expect(error.details!.length, label).toBeGreaterThan(0);
  for (const detail of error.details!) {
    expect(Object.keys(detail).sort(), label).toEqual(['message', 'path']);
    expect(typeof detail.path, label).toBe('string');
    expect(typeof detail.message, label).toBe('string');
    expect(detail.message.length, label).toBeGreaterThan(0);
  }
  const got = error.details!.map((detail) => detail.path);
  for (const path of paths ?? []) expect(got, `${label}: details ${JSON.stringify(error.details)}`).toContain(path);
  // The first problem is named in the message, for a one-line toast.
  expect(error.message, label).toMatch(/^Invalid input/);
}

describe('bad payloads answer VALIDATION_FAILED and change nothing', () => {
  const WRITE_OPERATIONS = [
    'pets.create',
    'pets.replace',
    'pets.update',
    'pets.delete',
    'categories.create',
    'categories.replace',
    'categories.update',
    'categories.delete',
    'orders.place',
    'orders.update',
    'orders.cancel',
    'inventory.set',
    'inventory.adjust',
  ];

  test('the table covers every write operation with several kinds of junk', () => {
    const cases = writeCases(shop);
    for (const name of WRITE_OPERATIONS) expect(cases[name]?.length, name).toBeGreaterThanOrEqual(10);
  });

  for (const name of [...WRITE_OPERATIONS, 'settings.update', 'tokens.create', 'tokens.revoke', 'pets.list', 'categories.list']) {
    test(name, async () => {
      const cases = writeCases(shop)[name]!;
      const before = snapshot(h.t);
      for (const { label, input, paths } of cases) {
        const result = await h.call(name, input);
        const error = expectError(result, 'VALIDATION_FAILED');
        expectDetails(error, paths, `${name} ${label}`);
        // Long input is refused, not echoed back across the bridge.
        expect(JSON.stringify(error).length, `${name} ${label}`).toBeLessThan(2_000);
        expect(snapshot(h.t), `${name} ${label} changed the store`).toEqual(before);
      }
      // Every case did reach the main process (none was stopped by cloning).
      expect(h.ipc.received.filter((r) => r.channel.endsWith(name))).toHaveLength(cases.length);
    });
  }

  test('an unknown field is named in the details and in the message', async () => {
    const error = expectError(await h.call('pets.create', { name: 'Max', categoryId: shop.dogs.id, colour: 'brown' }), 'VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'colour', message: 'Unknown field "colour"' }]);
    expect(error.message).toBe('Invalid input: colour: Unknown field "colour"');
    const nested = expectError(await h.call('pets.update', { petId: shop.rex.id, changes: { name: 'Max', weight: 3 } }), 'VALIDATION_FAILED');
    expect(nested.details).toEqual([{ path: 'changes.weight', message: 'Unknown field "weight"' }]);
  });

  test('ids beyond 2^53−1 are refused, never rounded onto another record', async () => {
    // 9007199254740993 arrives as 9007199254740992 (2^53): a record with that id must not be touched.
    expect(9007199254740993).toBe(2 ** 53);
    for (const [name, input] of [
      ['pets.delete', { petId: 9007199254740993 }],
      ['categories.delete', { categoryId: 9007199254740993 }],
      ['orders.cancel', { orderId: 9007199254740993 }],
      ['inventory.set', { petId: 9007199254740993, update: { quantity: 0 } }],
    ] as const) {
      const error = expectError(await h.call(name, input), 'VALIDATION_FAILED');
      expect(error.details?.[0]?.path).toBe(Object.keys(input)[0]);
    }
    // The largest safe id is well-formed: it is simply not there.
    expectError(await h.call('pets.delete', { petId: Number.MAX_SAFE_INTEGER }), 'NOT_FOUND');
  });

  test('prototype-pollution-looking keys pollute nothing', async () => {
    const inputs = [
      JSON.parse(`{"name": "Max", "categoryId": ${shop.dogs.id}, "__proto__": {"polluted": true}}`),
      JSON.parse(`{"petId": ${shop.rex.id}, "changes": {"__proto__": {"polluted": true, "name": "Hacked"}}}`),
      JSON.parse(`{"categoryId": ${shop.dogs.id}, "changes": {"constructor": {"prototype": {"polluted": true}}}}`),
      JSON.parse(`{"lowStockThreshold": 1, "__proto__": {"polluted": true}}`),
    ];
    for (const [name, input] of [
      ['pets.create', inputs[0]],
      ['pets.update', inputs[1]],
      ['categories.update', inputs[2]],
      ['settings.update', inputs[3]],
    ] as const) {
      // The key survives cloning as an own property and is refused as an unknown field.
      expectError(await h.call(name, input), 'VALIDATION_FAILED');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(h.t.ok('pets.get', { petId: shop.rex.id }).name).toBe('Rex');
  });
});

describe('inputs that cannot cross the bridge', () => {
  test('junk nested too deep to be cloned is stopped in the renderer: VALIDATION_FAILED, nothing reaches the store', async () => {
    const before = snapshot(h.t);
    for (const [name, input] of [
      ['pets.create', { name: 'Max', categoryId: shop.dogs.id, junk: deep(10_000) }],
      ['orders.place', deep(10_000)],
      ['inventory.set', { petId: shop.bella.id, update: { quantity: deep(10_000, true) } }],
    ] as const) {
      const error = expectError(await h.call(name, input), 'VALIDATION_FAILED');
      expect(error.message).toBe('The input cannot be sent to the store: plain data only');
    }
    expect(h.ipc.received).toEqual([]);
    expect(snapshot(h.t)).toEqual(before);
  });

  test('functions, symbols and class-less host objects are refused the same way', async () => {
    const before = snapshot(h.t);
    for (const input of [
      { name: 'Max', categoryId: shop.dogs.id, onSaved: () => undefined },
      { name: Symbol('Max'), categoryId: shop.dogs.id },
      Promise.resolve({ name: 'Max', categoryId: shop.dogs.id }),
    ]) {
      expectError(await h.call('pets.create', input), 'VALIDATION_FAILED');
    }
    expect(h.ipc.received).toEqual([]);
    expect(snapshot(h.t)).toEqual(before);
  });
});
