import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LinkStatus } from '../../src-shared/bridge';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { createLinkState } from '../../src-main/remote/link-state';
import { followRemoteEvents, type RemoteEvents } from '../../src-main/remote/remote-events';
import { createRemoteHandlers } from '../../src-main/remote/remote-handlers';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { freePort } from '../helpers/ports';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/**
 * A connected till's handlers and event stream against a real listener on 127.0.0.1, which the
 * tests stop and start again on the same port (the shop server restarted).
 */
let shop: TestStore;
let secret: string;
let port: number;
let listener: RunningListener | undefined;
let origin: string;
let following: RemoteEvents | undefined;

const serve = async () => {
  listener = await startListener({ store: shop.store, host: '127.0.0.1', port });
};
const stopServing = async () => {
  await listener?.close();
  listener = undefined;
};

/** Resolves once `check` holds, asking every 10 ms; fails after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeEach(async () => {
  shop = openTestStore();
  secret = shop.ok('tokens.create', { label: 'till', scope: 'write' }).secret;
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await serve();
  const dogs = shop.ok('categories.create', { name: 'Dogs' });
  const pet = shop.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 1000 });
  shop.ok('inventory.set', { petId: pet.id, update: { quantity: 5 } });
});
afterEach(async () => {
  following?.stop();
  following = undefined;
  await stopServing();
  shop.close();
});

const till = (link = createLinkState(origin)) => ({ link, ...createRemoteHandlers({ server: origin, secret, tillName: 'Till 2', link, runtime: 'browser-host', firstRetryMs: 50, maxRetryMs: 200 }) });
const sale = { lines: [{ petId: 1 }], payments: [{ method: 'cash', amount: 1000 }] };

describe('a connected till answers', () => {
  test('REST operations on the server; the owner’s work refused; app.info says where it is connected', async () => {
    const { invoke } = till();
    const pets = await invoke('pets.list', {});
    expect(pets.ok && (pets.data as { total: number }).total).toBe(1);
    expect(await invoke('tokens.create', { label: 'x', scope: 'write' })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', status: 403, message: "This is done on the shop server's machine (tokens.create)" },
    });
    const info = await invoke('app.info', {});
    expect(info.ok && info.data).toMatchObject({ runtime: 'browser-host', connection: { server: origin, tillName: 'Till 2' } });
    // Reads with no route of their own, made from routes that exist: as the server answers them in process.
    shop.ok('categories.create', { name: 'Empty' });
    expect(await invoke('categories.petCounts', {})).toEqual(shop.call('categories.petCounts', {}));
    shop.ok('settings.update', { shopAddress: '1 Main Street', shopTaxId: 'DE123', receiptFooter: 'Thank you' });
    const settings = await invoke('settings.get', {});
    expect(settings.ok && settings.data).toMatchObject({
      ...pick(shop.ok('settings.get', {}), ['currency', 'shopName', 'shopAddress', 'shopTaxId', 'receiptFooter', 'timeZone', 'defaultTaxRate', 'pricesIncludeTax']),
    });
  });

  test('a call that finds no server: SERVER_UNREACHABLE, and the link is down at once', async () => {
    const { invoke, link } = till();
    await stopServing();
    const result = await invoke('pets.list', {});
    expect(result.ok ? undefined : result.error.code).toBe('SERVER_UNREACHABLE');
    expect(link.current).toEqual({ state: 'down', server: origin, reason: 'SERVER_UNREACHABLE' });
  });

  test('a sale sent while the server is down is sent again with its key until answered, and made once', async () => {
    const { invoke, link, stop } = till();
    await stopServing();
    const sending = invoke('sales.create', sale, { idempotencyKey: 'till-2-sale-1' });
    await until(() => link.current.state === 'down');
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few sends refused meanwhile
    await serve();
    const answered = await sending;
    stop();
    expect(answered.ok, JSON.stringify(answered)).toBe(true);
    expect(shop.ok('sales.list', {}).total).toBe(1);
    // Sent again by the page (its answer lost): the same sale, not a second one.
    const again = await invoke('sales.create', sale, { idempotencyKey: 'till-2-sale-1' });
    expect(again.ok && (again.data as { id: number }).id).toBe((answered as { data: { id: number } }).data.id);
    expect(shop.ok('sales.list', {}).total).toBe(1);
  });

  test('a refused sale is answered at once, not sent again', async () => {
    const { invoke } = till();
    const result = await invoke('sales.create', { ...sale, lines: [{ petId: 1, quantity: 6 }], payments: [{ method: 'cash', amount: 6000 }] });
    expect(result.ok ? undefined : result.error.code).toBe('INSUFFICIENT_STOCK');
  });
});

describe('the server’s events', () => {
  test('arrive live, and after a restart resume after the last one seen; the link goes down and up', async () => {
    const link = createLinkState(origin);
    const states: LinkStatus['state'][] = [];
    link.subscribe((status) => states.push(status.state));
    const events: StoreEvent[] = [];
    following = followRemoteEvents({ origin, secret, link, onEvents: (batch) => events.push(...batch), firstRetryMs: 50, maxRetryMs: 200 });
    await until(() => link.current.state === 'up');
    shop.ok('pets.update', { petId: 1, changes: { name: 'Puppy 2' } });
    await until(() => events.length === 1);
    expect(events[0]).toMatchObject({ type: 'pet.updated' });

    await stopServing();
    await until(() => link.current.state === 'down');
    shop.ok('pets.update', { petId: 1, changes: { name: 'Puppy 3' } }); // while the till cannot hear
    await serve();
    await until(() => events.length === 2);
    expect(events[1]).toMatchObject({ type: 'pet.updated', data: { name: 'Puppy 3' } });
    expect(link.current.state).toBe('up');
    expect(states).toEqual(['up', 'down', 'up']);
  });
});

/** The named fields of a settings object: what a till's composed settings must agree on with the server's. */
function pick<T extends object>(object: T, keys: (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Partial<T>;
}
