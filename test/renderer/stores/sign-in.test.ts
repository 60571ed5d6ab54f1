import { afterEach, expect, test } from 'vitest';
import { useAccessStore } from '../../../src-renderer/stores/access';
import { api } from '../../../src-renderer/api/client';
import { useSignInStore } from '../../../src-renderer/stores/sign-in';
import { useTillStore } from '../../../src-renderer/stores/till';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => {
  h?.close();
  delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

/** A window's session storage, as a Map (the renderer's tests run in Node). */
function windowStorage(): void {
  const kept = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
}

/** Olga (owner, 1234) and Ben (clerk, 2468), added by the owner (the service directly), and logins on. */
function clerksWithLogins() {
  const olga = h.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' });
  const ben = h.ok('clerks.create', { name: 'Ben', role: 'clerk', pin: '2468' });
  h.ok('settings.update', { clerkLogins: true, idleLockMinutes: 3 });
  return { olga, ben };
}

test('logins off: nobody signs in, the window is the owner and may call the owner’s operations', async () => {
  h = useRealApi({ desk: true });
  const signIn = useSignInStore();
  const access = useAccessStore();
  expect(signIn.settled).toBe(false);
  await signIn.load();
  expect(signIn).toMatchObject({ settled: true, clerkLogins: false, locked: false, role: 'owner', idleLockMinutes: 0, session: null });
  expect(access.mayCall('tokens.list')).toBe(true);
  expect(access.mayCall('reports.sales')).toBe(true);
});

test('logins on: locked until a clerk signs in with the right PIN; a clerk may not call the owner’s operations; Lock ends it', async () => {
  h = useRealApi({ desk: true });
  const { olga, ben } = clerksWithLogins();
  const signIn = useSignInStore();
  const access = useAccessStore();
  await signIn.load();
  expect(signIn).toMatchObject({ clerkLogins: true, locked: true, role: 'clerk', idleLockMinutes: 3 });
  expect(access.mayCall('reports.sales')).toBe(false);

  await signIn.loadClerks();
  expect(signIn.clerks.map((clerk) => clerk.name)).toEqual(['Ben', 'Olga']);
  expect(signIn.shopName).toBe('Pet Store');

  await expect(signIn.start(ben.id, '1111')).rejects.toMatchObject({ code: 'PIN_INCORRECT', status: 403 });
  expect(signIn.locked).toBe(true);
  const session = await signIn.start(ben.id, '2468');
  expect(session.clerk).toEqual({ id: ben.id, name: 'Ben', role: 'clerk' });
  expect(signIn).toMatchObject({ locked: false, role: 'clerk' });
  // What the screens hide, the service refuses: the same marks.
  expect(access.mayCall('categories.create')).toBe(false);
  expect(access.mayCall('sales.create')).toBe(true);
  await expect(api().call('reports.sales', { from: '2026-11-01', to: '2026-11-28', by: 'day' })).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
  // A read of who is signed in agrees (the desk keeps the session, not the page).
  expect((await signIn.load()).session?.clerk.name).toBe('Ben');

  await signIn.end();
  expect(signIn.locked).toBe(true);
  expect((await signIn.load()).session).toBeNull();

  await signIn.start(olga.id, '1234');
  expect(signIn.role).toBe('owner');
  expect(access.mayCall('reports.sales')).toBe(true);
});

test('a call answering SIGN_IN_REQUIRED (the PIN changed elsewhere) locks the window', async () => {
  h = useRealApi({ desk: true });
  const { ben } = clerksWithLogins();
  const signIn = useSignInStore();
  await signIn.load();
  await signIn.start(ben.id, '2468');
  h.ok('clerks.update', { clerkId: ben.id, pin: '8642' }); // ends Ben's sessions
  await expect(api().call('pets.list', {})).rejects.toMatchObject({ code: 'SIGN_IN_REQUIRED', status: 401 });
  expect(signIn.session).toBeNull();
  expect(signIn.locked).toBe(true);
});

test('after five wrong PINs the next try is throttled, its message saying how long to wait', async () => {
  h = useRealApi({ desk: true });
  const { ben } = clerksWithLogins();
  const signIn = useSignInStore();
  await signIn.load();
  for (let tries = 0; tries < 5; tries++) await expect(signIn.start(ben.id, '0000')).rejects.toMatchObject({ code: 'PIN_INCORRECT' });
  await expect(signIn.start(ben.id, '2468')).rejects.toMatchObject({ code: 'AUTH_THROTTLED', status: 429, message: expect.stringMatching(/try again in \d+ s/) });
  expect(signIn.locked).toBe(true);
});

test('a basket is its clerk’s: the same clerk finds it, another finds it emptied and is told', async () => {
  windowStorage();
  h = useRealApi({ desk: true });
  const { olga, ben } = clerksWithLogins();
  const signIn = useSignInStore();
  await signIn.load();
  await signIn.start(ben.id, '2468');
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1999, sku: 'DOG-1' });
  const till = useTillStore();
  await till.add(rex);
  await signIn.end();

  await signIn.start(ben.id, '2468');
  expect(till.basket.lines.map((line) => line.name)).toEqual(['Rex']);
  expect(signIn.notice).toBeNull();
  await signIn.end();

  await signIn.start(olga.id, '1234');
  expect(till.basket.lines).toEqual([]);
  expect(signIn.notice).toBe('Ben’s unfinished sale was set aside and dropped: the basket is empty.');
});

test('a Sell of the previous clerk that had no answer is said when another clerk drops the basket', async () => {
  windowStorage();
  h = useRealApi({ desk: true });
  const { olga, ben } = clerksWithLogins();
  const signIn = useSignInStore();
  await signIn.load();
  await signIn.start(ben.id, '2468');
  const till = useTillStore();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  await till.add(h.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 1999, sku: 'DOG-1' }));
  // As a Sell whose answer was lost leaves it (till.ts): the request kept, in doubt.
  till.basket.sending = { at: new Date().toISOString(), request: till.request({ mode: 'cash', cash: 1999, card: null, other: null }) };
  await signIn.end();
  await signIn.start(olga.id, '1234');
  expect(till.basket.sending).toBeNull();
  expect(signIn.notice).toMatch(/^Ben’s unfinished sale was set aside and dropped: the basket is empty\. Their last Sell had no answer: look for it in Sales/);
});

test('a till’s shop server coming back is asked again who is signed in (the first read may have failed meanwhile)', async () => {
  h = useRealApi({ desk: true });
  clerksWithLogins();
  const signIn = useSignInStore();
  expect(h.invoked).not.toContain('sessions.current');
  h.link({ state: 'down', server: 'https://192.0.2.1:8787', reason: 'SERVER_UNREACHABLE' });
  expect(h.invoked).not.toContain('sessions.current');
  h.link({ state: 'up', server: 'https://192.0.2.1:8787' });
  await expect.poll(() => signIn.locked).toBe(true);
  expect(h.invoked.filter((operation) => operation === 'sessions.current')).toHaveLength(1);
  h.link({ state: 'up', server: 'https://192.0.2.1:8787' }); // still up: not asked again
  expect(h.invoked.filter((operation) => operation === 'sessions.current')).toHaveLength(1);
});
