/**
 * The windows' Idempotency-Key over IPC (the bridge's `invoke` option): a create the contract marks
 * `idempotencyKey` runs once per key, as over REST; a retry gets the first answer again.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Sale } from '../../src-shared/schemas/sale';
import { createInvoke } from '../../src-main/ipc/preload-invoke';
import { expectOk, openIpcHarness, type IpcHarness } from './harness';

let h: IpcHarness;
beforeEach(() => {
  h = openIpcHarness();
});
afterEach(async () => {
  await h.close();
});

/** A pet with a price and 5 in stock; the sale request of one unit, paid by card. */
function basket() {
  const dogs = h.t.ok('categories.create', { name: 'Dogs' });
  const rex = h.t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1999 });
  h.t.ok('inventory.set', { petId: rex.id, update: { quantity: 5 } });
  return { lines: [{ petId: rex.id, quantity: 1 }], payments: [{ method: 'card', amount: 1999 }] };
}

test('a sale sent twice with one key is made once: the retry gets the first answer', async () => {
  const sale = basket();
  const first = expectOk<Sale>(await h.bridge.invoke('sales.create', sale, { idempotencyKey: 'basket-1' }));
  const again = expectOk<Sale>(await h.bridge.invoke('sales.create', sale, { idempotencyKey: 'basket-1' }));
  expect(again).toStrictEqual(first);
  expect(h.t.ok('sales.list', {}).items).toHaveLength(1);
  expect(h.t.ok('inventory.get', { petId: sale.lines[0].petId }).quantity).toBe(4);

  // Another key is another sale; no key is no promise.
  expectOk(await h.bridge.invoke('sales.create', sale, { idempotencyKey: 'basket-2' }));
  expectOk(await h.bridge.invoke('sales.create', sale));
  expect(h.t.ok('sales.list', {}).items).toHaveLength(3);
});

test('the same key with another request, a key that is no key, or a key on a read is refused', async () => {
  const sale = basket();
  expectOk(await h.bridge.invoke('sales.create', sale, { idempotencyKey: 'basket-1' }));
  expect(await h.bridge.invoke('sales.create', { ...sale, lines: [{ ...sale.lines[0], quantity: 2 }], payments: [{ method: 'card', amount: 3998 }] }, { idempotencyKey: 'basket-1' })).toMatchObject({
    ok: false,
    error: { code: 'IDEMPOTENCY_KEY_REUSED', status: 422 },
  });
  expect(await h.bridge.invoke('sales.create', sale, { idempotencyKey: 'é' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: [{ path: 'idempotencyKey' }] } });
  expect(await h.bridge.invoke('sales.list', {}, { idempotencyKey: 'k' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', details: [{ path: 'idempotencyKey' }] } });
  expect(h.t.ok('sales.list', {}).items).toHaveLength(1);
});

test('the preload sends the key alone as the third argument, and nothing when there is none', async () => {
  const sent: unknown[][] = [];
  const invoke = createInvoke(async (...args) => {
    sent.push(args);
    return { ok: true, data: null };
  });
  await invoke('sales.create', {}, { idempotencyKey: 'k', extra: 'dropped' } as { idempotencyKey: string });
  await invoke('sales.list', {});
  expect(sent).toEqual([
    ['petstore:op:sales.create', {}, { idempotencyKey: 'k' }],
    ['petstore:op:sales.list', {}],
  ]);
});
