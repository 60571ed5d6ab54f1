/**
 * registerStoreIpc: one channel per callable contract operation, removed again by the function
 * it returns; and what the renderer sees for operations that do not exist.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { OPERATION_NAME_PATTERN, operationChannel } from '../../src-shared/bridge';
import { contract, OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { registerStoreIpc } from '../../src-main/ipc/register';
import { expectError, expectOk, openIpcHarness, snapshot, type IpcHarness } from './harness';
import { bridgeFor, FakeIpcMain, isTrustedSender } from './ipc-stand-ins';

let h: IpcHarness;
beforeEach(() => {
  h = openIpcHarness();
});
afterEach(async () => {
  await h.close();
});

const callable = OPERATION_NAMES.filter((name) => !operationDef(name).http?.stream);

describe('registration', () => {
  test('exactly one handler per non-streaming contract operation, on operationChannel(name)', () => {
    expect(callable.length).toBeGreaterThan(20);
    expect(h.ipc.channels.sort()).toEqual(callable.map(operationChannel).sort());
    expect(new Set(h.ipc.channels).size).toBe(h.ipc.channels.length);
    // Streams are pushed as events, never answered on an invoke channel.
    const streams = OPERATION_NAMES.filter((name) => operationDef(name).http?.stream);
    expect(streams).toEqual(['events.stream']);
    for (const name of streams) expect(h.ipc.listeners.has(operationChannel(name))).toBe(false);
    for (const channel of h.ipc.channels) expect(channel).toMatch(/^petstore:op:[a-z]+\.[a-zA-Z]+$/);
  });

  test('every contract operation name passes the preload name check (none would be refused before IPC)', () => {
    for (const name of OPERATION_NAMES) expect(name, name).toMatch(OPERATION_NAME_PATTERN);
  });

  test('the returned function removes every handler it added, and only those', async () => {
    const other = new FakeIpcMain();
    other.handle('someone-else:channel', () => 'kept');
    const unregister = registerStoreIpc(other, h.handlers, { isTrustedSender });
    expect(other.channels).toHaveLength(callable.length + 1);

    unregister();
    expect(other.channels).toEqual(['someone-else:channel']);
    await expect(other.invoke('someone-else:channel', null)).resolves.toBe('kept');

    // Afterwards the renderer sees NOT_FOUND for every operation (the preload's answer to a missing handler).
    const bridge = bridgeFor(other);
    for (const name of callable) {
      const error = expectError(await bridge.invoke(name, {}), 'NOT_FOUND');
      expect(error.message).toContain(name);
    }
    // Calling it twice is harmless; registering again works (Electron refuses a second handler on a channel).
    unregister();
    expect(() => registerStoreIpc(other, h.handlers, { isTrustedSender })).not.toThrow();
    expect(other.channels).toHaveLength(callable.length + 1);
    expect(() => registerStoreIpc(other, h.handlers, { isTrustedSender })).toThrow(/second handler/);
  });

  test('the harness unregister empties the fake ipcMain and calls then answer NOT_FOUND without touching the store', async () => {
    const before = snapshot(h.t);
    h.unregister();
    expect(h.ipc.channels).toEqual([]);
    expectError(await h.call('pets.create', { name: 'Rex', categoryId: 1 }), 'NOT_FOUND');
    expect(snapshot(h.t)).toEqual(before);
  });

  test('an operation without a handler in the table answers NOT_FOUND through its registered channel', async () => {
    // The store service alone has no listener.* handlers (the app shell adds them).
    const ipc = new FakeIpcMain();
    const unregister = registerStoreIpc(ipc, h.t.store.handlers, { isTrustedSender });
    try {
      expect(ipc.listeners.has(operationChannel('listener.status'))).toBe(true);
      const error = expectError((await ipc.invoke(operationChannel('listener.status'), {})) as never, 'NOT_FOUND');
      expect(error.message).toBe('There is no operation named "listener.status"');
      expectOk(await bridgeFor(ipc).invoke('service.health', {}));
    } finally {
      unregister();
    }
  });
});

describe('unknown operations', () => {
  test('a well-formed name that is not in the contract: no handler, the preload answers NOT_FOUND', async () => {
    const before = snapshot(h.t);
    for (const name of ['pets.fly', 'orders.refund', 'store.reset', 'pets.deleteAll', 'admin.exec']) {
      expect(Object.hasOwn(contract, name)).toBe(false);
      expect(name).toMatch(OPERATION_NAME_PATTERN);
      await expect(h.ipc.invoke(operationChannel(name), {})).rejects.toThrow(`No handler registered for '${operationChannel(name)}'`);
      const error = expectError(await h.call(name, { petId: 1 }), 'NOT_FOUND');
      expect(error).toEqual({ code: 'NOT_FOUND', status: 404, message: `There is no operation named ${JSON.stringify(name)}` });
    }
    expect(snapshot(h.t)).toEqual(before);
  });

  test('names that break OPERATION_NAME_PATTERN are refused in the preload and never reach the main process', async () => {
    const bad: unknown[] = [
      '',
      'pets',
      'pets.',
      '.list',
      'pets.list.all',
      'PETS.list',
      'pets.list ',
      ' pets.list',
      'pets.list\n',
      'pets_list',
      'pets-list',
      'pets.li$t',
      'pets.list;drop',
      '../pets.list',
      'petstore:op:pets.list',
      'pets/list',
      'pets.list\u0000',
      'pëts.list',
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(100_000),
      'a.' + 'b'.repeat(100_000) + '!',
      42,
      null,
      undefined,
      { toString: () => 'pets.list' },
      ['pets.list'],
    ];
    const before = snapshot(h.t);
    const bridge = bridgeFor(h.ipc);
    for (const name of bad) {
      const result = await bridge.invoke(name as string, {});
      const error = expectError(result, 'NOT_FOUND');
      expect(error.message.length).toBeLessThanOrEqual(120);
    }
    expect(bridge.crossed).toBe(0);
    expect(h.ipc.received).toEqual([]);
    expect(snapshot(h.t)).toEqual(before);
  });

  test('channels for names that are not operations are not served even when asked for directly', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'events.stream', '']) {
      await expect(h.ipc.invoke(operationChannel(name), {})).rejects.toThrow('No handler registered');
    }
  });

  test('an input that cannot be cloned (a function) never reaches the store: VALIDATION_FAILED', async () => {
    const before = snapshot(h.t);
    const result = await h.call('categories.create', { name: 'Dogs', description: () => 'x' });
    expectError(result, 'VALIDATION_FAILED');
    expect(h.ipc.received).toEqual([]);
    expect(snapshot(h.t)).toEqual(before);
  });
});
