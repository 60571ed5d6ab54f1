/**
 * A till revoked on the shop server (docs/decisions.md#a-revoked-till-stops): its next call answers
 * UNAUTHORIZED saying so and the link is down for that reason; a sale waiting for the server is not
 * sent again once the server answers that the till is revoked. Real listener on 127.0.0.1.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { isUnreachableMessage, REVOKED_TILL_MESSAGE } from '../../src-shared/bridge';
import { createLinkState } from '../../src-main/remote/link-state';
import { createRemoteHandlers } from '../../src-main/remote/remote-handlers';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { freePort } from '../helpers/ports';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { pairTill } from './support/paired-till';

let shop: TestStore;
let port: number;
let listener: RunningListener | undefined;
let origin: string;
let paired: { tillId: number; secret: string };

const serve = async () => {
  listener = await startListener({ store: shop.store, host: '127.0.0.1', port });
};
const stopServing = async () => {
  await listener?.close();
  listener = undefined;
};

beforeEach(async () => {
  shop = openTestStore();
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await serve();
  paired = await pairTill(shop, origin, 'Counter 2');
  const dogs = shop.ok('categories.create', { name: 'Dogs' });
  const pet = shop.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 1000 });
  shop.ok('inventory.set', { petId: pet.id, update: { quantity: 5 } });
});
afterEach(async () => {
  await stopServing();
  shop.close();
});

const till = (link = createLinkState(origin)) => ({
  link,
  ...createRemoteHandlers({ server: origin, secret: paired.secret, tillName: 'Counter 2', link, runtime: 'browser-host', firstRetryMs: 50, maxRetryMs: 200 }),
});
const sale = { lines: [{ petId: 1 }], payments: [{ method: 'cash', amount: 1000 }] };

test('the next call of a revoked till says it was revoked and to pair again; the link is down for that reason', async () => {
  const { invoke, link } = till();
  expect((await invoke('pets.list', {})).ok).toBe(true);
  shop.ok('tills.revoke', { tillId: paired.tillId });
  expect(await invoke('pets.list', {})).toEqual({ ok: false, error: { code: 'UNAUTHORIZED', status: 401, message: REVOKED_TILL_MESSAGE } });
  expect(link.current).toEqual({ state: 'down', server: origin, reason: 'UNAUTHORIZED' });
  // The page's banner says it: no toast repeats it per call.
  expect(isUnreachableMessage(REVOKED_TILL_MESSAGE)).toBe(true);
});

test('a sale waiting for the server stops when the server answers that the till was revoked, and is not made', async () => {
  const { invoke, link, stop } = till();
  await stopServing();
  const sending = invoke('sales.create', sale, { idempotencyKey: 'till-2-sale-1' });
  await new Promise((resolve) => setTimeout(resolve, 300)); // a few sends refused meanwhile
  expect(link.current.reason).toBe('SERVER_UNREACHABLE');
  shop.ok('tills.revoke', { tillId: paired.tillId }); // on the server's machine while it is stopped
  await serve();
  const answered = await sending;
  stop();
  expect(answered.ok).toBe(false);
  expect(!answered.ok && answered.error.code).toBe('UNAUTHORIZED');
  expect(!answered.ok && answered.error.message).toMatch(new RegExp(`^${REVOKED_TILL_MESSAGE}\\. The sale that was waiting was stopped`));
  expect(shop.ok('sales.list', {}).total).toBe(0);
  expect(link.current).toEqual({ state: 'down', server: origin, reason: 'UNAUTHORIZED' });
  expect(isUnreachableMessage(!answered.ok && answered.error.message)).toBe(true);
});
