/**
 * What the renderer sees when the main process says no: an untrusted sender (FORBIDDEN), a domain
 * rule (409/404/422 Error objects), or an internal fault (INTERNAL, generic, logged, never leaked).
 */
import { freePort } from '../helpers/ports';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { operationChannel } from '../../src-shared/bridge';
import { OPERATION_NAMES, operationDef, type CallableOperationName } from '../../src-shared/contract';
import { StoreError, type ErrorCode } from '../../src-shared/errors';
import { registerStoreIpc } from '../../src-main/ipc/register';
import { createListenerControl } from '../../src-main/host/listener-control';
import type { Handlers } from '../../src-main/service/handler-types';
import { expectError, expectOk, openIpcHarness, seedShop, snapshot, type IpcHarness, type Shop } from './harness';
import { APP_URL, FakeIpcMain } from './ipc-stand-ins';

let h: IpcHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = undefined;
});

const callable = OPERATION_NAMES.filter((name) => !operationDef(name).http?.stream) as CallableOperationName[];

/** A valid input for every callable operation, against the seeded shop. */
function validInputs(s: Shop): Record<CallableOperationName, unknown> {
  return {
    'pets.list': { status: ['available'] },
    'pets.create': { name: 'Max', categoryId: s.dogs.id },
    'pets.get': { petId: s.rex.id },
    'pets.replace': { petId: s.rex.id, pet: { name: 'Rex II', categoryId: s.dogs.id } },
    'pets.update': { petId: s.rex.id, changes: { name: 'Rex II' } },
    'pets.delete': { petId: s.rex.id },
    'categories.list': {},
    'categories.create': { name: 'Birds' },
    'categories.get': { categoryId: s.dogs.id },
    'categories.replace': { categoryId: s.cats.id, category: { name: 'Felines' } },
    'categories.update': { categoryId: s.cats.id, changes: { description: 'Independent' } },
    'categories.delete': { categoryId: s.cats.id },
    'orders.list': {},
    'orders.place': { petId: s.rex.id },
    'orders.get': { orderId: s.order.id },
    'orders.update': { orderId: s.order.id, changes: { complete: true } },
    'orders.cancel': { orderId: s.order.id },
    'inventory.list': {},
    'inventory.get': { petId: s.bella.id },
    'inventory.set': { petId: s.bella.id, update: { quantity: 9 } },
    'events.list': {},
    'events.latest': {},
    'service.health': {},
    'settings.get': {},
    'settings.update': { lowStockThreshold: 4 },
    'tokens.create': { label: 'Printer', scope: 'write' },
    'tokens.list': {},
    'tokens.revoke': { tokenId: s.token.id },
    'listener.status': {},
    // Start/move/stop are covered by the happy path (they bind a port); status stands in for them here.
    'listener.start': undefined,
    'listener.move': undefined,
    'listener.stop': undefined,
  } as Record<CallableOperationName, unknown>;
}

describe('an untrusted sender gets FORBIDDEN and changes nothing', () => {
  let shop: Shop;
  beforeEach(() => {
    h = openIpcHarness();
    shop = seedShop(h.t);
  });

  const UNTRUSTED: (string | null)[] = [
    'https://evil.example/',
    'http://127.0.0.1:8787/v1/docs',
    'file:///tmp/evil.html',
    'file:///opt/pet-store-clerk/resources/app.asar/out/renderer/index.html', // the built page, outside app://
    `${APP_URL}.evil.html`,
    `${APP_URL}?injected=1`,
    APP_URL.replace('//petstore/', '//attacker.example/'),
    APP_URL.toUpperCase(),
    'devtools://devtools/bundled/devtools_app.html',
    'about:blank',
    'data:text/html,<script>petstore.invoke()</script>',
    '',
    null,
  ];

  test('every operation, valid or not, from every foreign frame (or none)', async () => {
    const inputs = validInputs(shop);
    const before = snapshot(h!.t);
    for (const sender of UNTRUSTED) {
      for (const name of callable) {
        for (const input of [inputs[name] ?? {}, { name: 42, junk: true }, null]) {
          const result = await h!.call(name, input, sender);
          const error = expectError(result, 'FORBIDDEN');
          // Nothing about the store or the input: not even whether the input was valid.
          expect(error, `${name} from ${sender}`).toEqual({ code: 'FORBIDDEN', status: 403, message: 'This window may not call the store' });
        }
      }
    }
    expect(snapshot(h!.t)).toEqual(before);
    expect(expectOk<{ running: boolean }>(await h!.call('listener.status', {})).running).toBe(false);
  });

  test('the sender check sees the calling frame, and the same call from the app window goes through', async () => {
    const before = snapshot(h!.t);
    const input = { name: 'Max', categoryId: shop.dogs.id };
    expectError(await h!.call('pets.create', input, 'https://evil.example/'), 'FORBIDDEN');
    expect(snapshot(h!.t)).toEqual(before);
    const max = expectOk(await h!.call('pets.create', input, `${APP_URL}#/pets`));
    expect(h!.t.ok('pets.list', { q: 'Max' }).items).toEqual([max]);
  });

  test('the check runs before the input is parsed: a forbidden caller cannot probe the schemas', async () => {
    const seen: unknown[] = [];
    const isTrusted = vi.fn((event: { senderFrame?: { url: string } | null }) => {
      seen.push(event.senderFrame?.url ?? null);
      return false;
    });
    const ipc = new FakeIpcMain();
    const parse = vi.fn();
    const handlers = { ...h!.handlers, 'pets.create': parse as never } as Partial<Handlers>;
    registerStoreIpc(ipc, handlers, { isTrustedSender: isTrusted });
    const answer = await ipc.invoke(operationChannel('pets.create'), { name: 'x'.repeat(100_000) }, 'https://evil.example/');
    expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', status: 403, message: 'This window may not call the store' } });
    expect(seen).toEqual(['https://evil.example/']);
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('domain refusals cross the bridge as Error objects', () => {
  let shop: Shop;
  beforeEach(() => {
    h = openIpcHarness();
    shop = seedShop(h.t);
  });

  test('each refusal answers its catalogue code and status, resolves (never rejects) and changes nothing', async () => {
    const sold = h!.t.ok('pets.create', { name: 'Gone', categoryId: shop.dogs.id, status: 'sold' });
    const cases: [CallableOperationName, unknown, ErrorCode, RegExp?, string?][] = [
      ['orders.place', { petId: shop.rex.id, quantity: 2 }, 'INSUFFICIENT_STOCK', /Only 1 of Rex/],
      ['orders.place', { petId: shop.bella.id, quantity: 3 }, 'INSUFFICIENT_STOCK', /Only 2 of Bella/],
      ['orders.place', { petId: sold.id }, 'PET_NOT_AVAILABLE', /sold/],
      ['categories.delete', { categoryId: shop.dogs.id }, 'CATEGORY_IN_USE', /Dogs/],
      ['categories.create', { name: 'DOGS' }, 'CATEGORY_NAME_TAKEN', /Dogs/, 'name'],
      ['categories.update', { categoryId: shop.cats.id, changes: { name: ' dogs ' } }, 'CATEGORY_NAME_TAKEN', /Dogs/, 'name'],
      ['pets.delete', { petId: shop.bella.id }, 'PET_HAS_OPEN_ORDERS', /open orders/],
      ['pets.update', { petId: shop.bella.id, changes: { status: 'sold' } }, 'PET_HAS_OPEN_ORDERS', /open orders/],
      ['orders.cancel', { orderId: shop.done.id }, 'ORDER_COMPLETE', /complete/],
      ['orders.update', { orderId: shop.done.id, changes: { shipDate: '2027-01-01T00:00:00Z' } }, 'ORDER_COMPLETE', /complete/],
      ['pets.create', { name: 'Max', categoryId: 999 }, 'REFERENCE_NOT_FOUND', /Category 999/, 'categoryId'],
      ['orders.place', { petId: 999 }, 'REFERENCE_NOT_FOUND', /Pet 999/, 'petId'],
      ['pets.get', { petId: 999 }, 'NOT_FOUND', /Pet 999/],
      ['pets.replace', { petId: 999, pet: { name: 'Max', categoryId: shop.dogs.id } }, 'NOT_FOUND', /Pet 999/],
      ['pets.update', { petId: 999, changes: { name: 'Max' } }, 'NOT_FOUND', /Pet 999/],
      ['pets.delete', { petId: 999 }, 'NOT_FOUND', /Pet 999/],
      ['categories.get', { categoryId: 999 }, 'NOT_FOUND', /Category 999/],
      ['categories.delete', { categoryId: 999 }, 'NOT_FOUND', /Category 999/],
      ['orders.get', { orderId: 999 }, 'NOT_FOUND', /Order 999/],
      ['orders.update', { orderId: 999, changes: { complete: true } }, 'NOT_FOUND', /Order 999/],
      ['orders.cancel', { orderId: 999 }, 'NOT_FOUND', /Order 999/],
      ['inventory.get', { petId: 999 }, 'NOT_FOUND', /999/],
      ['inventory.set', { petId: 999, update: { quantity: 1 } }, 'NOT_FOUND', /999/],
      ['tokens.revoke', { tokenId: 999 }, 'NOT_FOUND', /Token 999/],
    ];
    const before = snapshot(h!.t);
    for (const [name, input, code, message, detailPath] of cases) {
      const label = `${name} ${JSON.stringify(input)}`;
      // The handler answers; nothing is thrown across IPC (a thrown error would reach the renderer flattened).
      const raw = (await h!.ipc.invoke(operationChannel(name), input)) as { ok: boolean; error: unknown };
      expect(raw.ok, label).toBe(false);
      const result = await h!.call(name, input);
      expect(result, label).toStrictEqual(raw);
      const error = expectError(result, code);
      expect(error.message, label).toMatch(message!);
      expect(error.message, label).not.toMatch(/SQLITE|\n\s+at /);
      expect(Object.getPrototypeOf(error), label).toBe(Object.prototype);
      if (detailPath) expect(error.details?.map((d) => d.path), label).toEqual([detailPath]);
      else expect(error.details, label).toBeUndefined();
      expect(snapshot(h!.t), `${label} changed the store`).toEqual(before);
    }
    expect(h!.ipc.received.every((r) => (r.result as { ok: boolean }).ok === false)).toBe(true);
  });

  test('statuses are the catalogue\'s numbers', async () => {
    expect(expectError(await h!.call('orders.place', { petId: shop.rex.id, quantity: 5 }), 'INSUFFICIENT_STOCK').status).toBe(409);
    expect(expectError(await h!.call('categories.delete', { categoryId: shop.dogs.id }), 'CATEGORY_IN_USE').status).toBe(409);
    expect(expectError(await h!.call('pets.get', { petId: 4242 }), 'NOT_FOUND').status).toBe(404);
    expect(expectError(await h!.call('pets.create', { name: 'Max', categoryId: 4242 }), 'REFERENCE_NOT_FOUND').status).toBe(422);
    expect(expectError(await h!.call('pets.create', { name: 42 }), 'VALIDATION_FAILED').status).toBe(400);
  });
});

describe('internal faults never leak', () => {
  const GENERIC = 'Something went wrong inside the service; it has been logged';

  function expectGeneric(result: Awaited<ReturnType<IpcHarness['call']>>, label: string) {
    const error = expectError(result, 'INTERNAL');
    expect(error, label).toEqual({ code: 'INTERNAL', status: 500, message: GENERIC });
    const text = JSON.stringify(result);
    for (const leak of [/SQLITE/i, /\n?\s{4}at /, /\\n\s+at /, /database/i, /connection/i, /TypeError/, /\.ts:\d+/, /node_modules/]) {
      expect(text, `${label} leaked ${leak}`).not.toMatch(leak);
    }
  }

  test('with the database closed under the store, every operation that needs it answers INTERNAL 500, generic, and logs', async () => {
    h = openIpcHarness();
    const shop = seedShop(h.t);
    const inputs = validInputs(shop);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    h.t.store.db.close();

    // Health and the listener's status answer without the database.
    const needsDb = callable.filter(
      (name) => name !== 'service.health' && name !== 'listener.status' && inputs[name] !== undefined,
    );
    expect(needsDb.length).toBeGreaterThan(20);
    for (const name of needsDb) {
      const calls = logged.mock.calls.length;
      const result = await h.call(name, inputs[name]);
      expectGeneric(result, name);
      // The details went to the log instead.
      expect(logged.mock.calls.length, `${name} was not logged`).toBeGreaterThan(calls);
      expect(String(logged.mock.calls.at(-1)?.[1]), name).toMatch(/database connection is not open/);
    }
    // Health is liveness only: it answers without the database.
    expectOk(await h.call('service.health', {}));
    // A bad payload is still a bad payload, found before the database is touched.
    expectError(await h.call('pets.create', { name: 42 }), 'VALIDATION_FAILED');
  });

  test('faults thrown by a handler (errors with SQL and stacks, strings, odd objects, rejections) stay in the log', async () => {
    const sqlError = Object.assign(new Error('SQLITE_CORRUPT: database disk image is malformed: SELECT * FROM pets WHERE secret = 1'), {
      code: 'SQLITE_CORRUPT',
    });
    sqlError.stack = `${sqlError.message}\n    at Statement.all (/app/node_modules/better-sqlite3/lib/methods/wrappers.js:5:21)\n    at list (/app/src-main/db/repositories/pets.ts:90:12)`;
    const faults: [CallableOperationName, () => unknown][] = [
      ['pets.list', () => { throw sqlError; }],
      ['categories.list', () => { throw new TypeError("Cannot read properties of undefined (reading 'id')"); }],
      ['orders.list', () => { throw 'SQLITE_IOERR: disk I/O error at /home/owner/petstore.db'; }],
      ['inventory.list', () => { throw { code: 'SQLITE_IOERR_FSYNC', stack: '    at secret (/x.ts:1:1)' }; }],
      ['events.list', () => { throw null; }],
      ['listener.status', async () => { throw new Error('EACCES: permission denied, open /home/owner/.config/petstore.db'); }],
      ['settings.get', () => Promise.reject(new RangeError('Invalid time value\n    at Date.toISOString (<anonymous>)'))],
    ];
    h = openIpcHarness({
      handlers: (t) => ({
        ...t.store.handlers,
        ...(Object.fromEntries(faults) as Partial<Handlers>),
      }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [name] of faults) {
      const calls = logged.mock.calls.length;
      expectGeneric(await h.call(name, {}), name);
      expect(logged.mock.calls.length, `${name} was not logged`).toBeGreaterThan(calls);
    }
    // The SQLite error went to the log with its details.
    expect(logged.mock.calls.some((args) => args.includes(sqlError))).toBe(true);
  });

  test('a busy database is SERVICE_BUSY 503 (retry), a StoreError from a handler keeps its code', async () => {
    h = openIpcHarness({
      handlers: (t) => ({
        ...t.store.handlers,
        'pets.list': () => {
          throw Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });
        },
        'categories.list': () => {
          throw new StoreError('NOT_FOUND', 'Nothing here');
        },
      }),
    });
    const busy = expectError(await h.call('pets.list', {}), 'SERVICE_BUSY');
    expect(busy.status).toBe(503);
    expect(busy.message).not.toMatch(/SQLITE/);
    expect(expectError(await h.call('categories.list', {}), 'NOT_FOUND').message).toBe('Nothing here');
  });
});

describe('the listener control behind listener.* (app shell)', () => {
  // main.ts stops the listener before closing the store; even in the other order, stop() must not
  // read the closed database (it once rejected with "The database connection is not open").
  test('stopping the listener after the store has closed resolves', async () => {
    h = openIpcHarness();
    const control = createListenerControl(h.t.store);
    h.t.store.close();
    await expect(control.stop()).resolves.toMatchObject({ running: false });
  });

  // Two Settings windows: B read port 8793, A moved the listener to 8794, B changes only the bind
  // address. B's move must not take the listener back to the port B last saw.
  test('a move that gives only the address keeps the port the listener is on now, running or stopped', async () => {
    h = openIpcHarness();
    const [first, second] = [await freePort(), await freePort()];
    expectOk(await h.call('settings.update', { listenerPort: first }));
    expect(expectOk<{ running: boolean }>(await h.call('listener.start', {})).running).toBe(true);
    expectOk(await h.call('listener.move', { listenerHost: '127.0.0.1', listenerPort: second }));
    const moved = expectOk<{ running: boolean; host: string; port: number }>(await h.call('listener.move', { listenerHost: 'localhost' }));
    expect(moved).toMatchObject({ running: true, host: 'localhost', port: second });
    expect((await fetch(`http://127.0.0.1:${second}/health`)).status).toBe(200);
    expect(expectOk(await h.call('settings.get', {}))).toMatchObject({ listenerHost: 'localhost', listenerPort: second });

    expectOk(await h.call('listener.stop', {}));
    const third = await freePort();
    expect(expectOk(await h.call('listener.move', { listenerPort: third }))).toMatchObject({ running: false, host: 'localhost', port: third });
    expect(expectOk(await h.call('settings.get', {}))).toMatchObject({ listenerHost: 'localhost', listenerPort: third });
    expect(expectError(await h.call('listener.move', {}), 'VALIDATION_FAILED').message).toMatch(/address or a port/);
  });

  test('a bind address this machine does not have is said in words, and the listener stays where it was; a malformed one is refused', async () => {
    h = openIpcHarness();
    const port = await freePort();
    expectOk(await h.call('settings.update', { listenerPort: port }));
    expectOk(await h.call('listener.start', {}));
    // 192.0.2.0/24 is reserved for documentation: no machine has it.
    const moved = expectOk<{ running: boolean; port: number; lastError: string }>(await h.call('listener.move', { listenerHost: '192.0.2.55' }));
    expect(moved).toMatchObject({ running: true, port, lastError: `This machine has no network address 192.0.2.55: the listener still runs at http://127.0.0.1:${port}/v1` });
    expect(expectOk(await h.call('settings.get', {}))).toMatchObject({ listenerHost: '127.0.0.1' });
    for (const listenerHost of ['999.1.1.1', '1.2.3', 'my laptop']) {
      const refused = expectError(await h.call('listener.move', { listenerHost }), 'VALIDATION_FAILED');
      expect(refused.details).toEqual([{ path: 'listenerHost', message: 'Must be an IP address (such as 127.0.0.1 or ::1) or localhost' }]);
    }
  });
});
