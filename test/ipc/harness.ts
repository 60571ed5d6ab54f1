/**
 * The IPC path as the app wires it (src-main/app/main.ts), minus Electron: a real store on a temp
 * SQLite file, the listener control's handlers joined to the store's, registerStoreIpc on a
 * FakeIpcMain, and the preload's invoke mirrored on top. Tests talk to it the way the renderer
 * does: `bridge.invoke(operation, input)` → ApiResult.
 */
import { expect } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import { ERROR_CATALOGUE, ErrorBody, type ErrorCode } from '../../src-shared/errors';
import type { Handlers } from '../../src-main/service/handler-types';
import { registerStoreIpc, type RegisterOptions } from '../../src-main/ipc/register';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { APP_URL, bridgeFor, FakeIpcMain, isTrustedSender, type SenderUrl } from './ipc-stand-ins';
import { snapshot } from '../service/support/observe';

export interface IpcHarness {
  t: TestStore;
  ipc: FakeIpcMain;
  handlers: Partial<Handlers>;
  /** The renderer's `window.petstore` in the app's own window. */
  bridge: ReturnType<typeof bridgeFor>;
  /** Calls an operation as the renderer in the app's window (or from another frame URL). */
  call(operation: string, input?: unknown, senderUrl?: SenderUrl): Promise<ApiResult<unknown>>;
  unregister(): void;
  /** Everything a call could change, read straight from the service. */
  snapshot(): unknown;
  close(): Promise<void>;
}

export function openIpcHarness(
  options: { handlers?: (store: TestStore) => Partial<Handlers>; busyTimeoutMs?: number; onAccessChange?: RegisterOptions['onAccessChange'] } = {},
): IpcHarness {
  const t = openTestStore({ busyTimeoutMs: options.busyTimeoutMs });
  // The very composition the app uses (store + shell handlers), unless a test brings its own table.
  const host = createHostHandlers(t.store, 'electron');
  const listener = host.listener;
  const handlers: Partial<Handlers> = options.handlers?.(t) ?? host.handlers;
  const ipc = new FakeIpcMain();
  const unregister = registerStoreIpc(ipc, handlers, {
    isTrustedSender,
    lockWait: t.store.context.commits,
    context: t.store.context,
    onAccessChange: options.onAccessChange,
  });
  const bridge = bridgeFor(ipc);
  return {
    t,
    ipc,
    handlers,
    bridge,
    call: (operation, input = {}, senderUrl = APP_URL) =>
      senderUrl === APP_URL ? bridge.invoke(operation, input) : bridgeFor(ipc, senderUrl).invoke(operation, input),
    unregister,
    snapshot: () => snapshot(t),
    async close() {
      // A test may have closed the database under the store; the listener's stop() then cannot
      // read its status (see the BUG test in refusals-and-faults.test.ts), but it has stopped.
      if (t.store.db.open) await listener.stop();
      else await listener.stop().catch(() => undefined);
      unregister();
      t.close();
    },
  };
}

export { snapshot };

/** A small shop: two categories (one empty), an available pet with stock 1, a pet with an open order. */
export function seedShop(t: TestStore) {
  const dogs = t.ok('categories.create', { name: 'Dogs', description: 'Good boys and girls' });
  const cats = t.ok('categories.create', { name: 'Cats' });
  const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const bella = t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
  t.ok('inventory.set', { petId: bella.id, update: { quantity: 5 } });
  const order = t.ok('orders.place', { petId: bella.id, quantity: 2 });
  const done = t.ok('orders.place', { petId: bella.id, quantity: 1 });
  t.ok('orders.update', { orderId: done.id!, changes: { complete: true } });
  const token = t.ok('tokens.create', { label: 'web shop', scope: 'read' });
  return { dogs, cats, rex, bella, order: { ...order, id: order.id! }, done: { ...done, id: done.id! }, token: token.token };
}
export type Shop = ReturnType<typeof seedShop>;

/** Asserts a success and returns its data. */
export function expectOk<T = unknown>(result: ApiResult<unknown>): T {
  if (!result.ok) expect.fail(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data as T;
}

/**
 * Asserts a failure with `code`, shaped exactly as the Error object (code, message, status and,
 * only when there are any, details), with the catalogue's status. Returns the Error object.
 */
export function expectError(result: ApiResult<unknown>, code: ErrorCode): ErrorBody {
  if (result.ok) expect.fail(`expected ${code}, got success ${JSON.stringify(result.data).slice(0, 300)}`);
  const { error } = result;
  expect(error.code, JSON.stringify(error).slice(0, 500)).toBe(code);
  expect(error.status).toBe(ERROR_CATALOGUE[code].status);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(Object.keys(error).sort()).toEqual(error.details ? ['code', 'details', 'message', 'status'] : ['code', 'message', 'status']);
  expect(ErrorBody.strict().safeParse(error).success).toBe(true);
  return error;
}

/** The result is a plain value that survives structured cloning unchanged. */
export function expectCloneSafe(value: unknown): void {
  expect(structuredClone(value)).toStrictEqual(value);
}
