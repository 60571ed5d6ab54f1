/**
 * The server's own windows as its desk (docs/decisions.md#clerk-logins), over IPC as the app wires
 * it and through the browser host's local connection: with logins on nobody signed in reaches only
 * what a locked till needs (401 SIGN_IN_REQUIRED); a clerk signs in with a PIN, the secret stays in
 * the main process (the window's answer has none), calls run as that clerk, an owner's operation is
 * 403 to a clerk; sign-out locks again. With logins off every call is the owner's, as before.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import { localConnection } from '../../src-main/browser-host/connection';
import { clerksWithLoginsOn } from '../helpers/clerk-logins';
import { openIpcHarness, type IpcHarness } from './harness';

let h: IpcHarness;
beforeEach(() => (h = openIpcHarness()));
afterEach(() => h.close());

test('logins off: the windows call everything as the owner', async () => {
  expect(await h.call('categories.create', { name: 'Dogs' })).toMatchObject({ ok: true });
  expect(await h.call('sessions.current')).toEqual({ ok: true, data: { clerkLogins: false, idleLockMinutes: 5, session: null } });
});

test('logins on: locked until a clerk signs in; the clerk works, is refused the owner\'s work, and signs out', async () => {
  const { clerk, owner } = clerksWithLoginsOn(h.t.store);
  expect(await h.call('pets.list', {})).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED', status: 401 } });
  expect(await h.call('clerks.list', {})).toMatchObject({ ok: true, data: [{ name: 'Ben' }, { name: 'Olga' }] });
  expect(await h.call('sessions.start', { clerkId: clerk.id, pin: '9999' })).toMatchObject({ ok: false, error: { code: 'PIN_INCORRECT', status: 403 } });

  const started = await h.call('sessions.start', { clerkId: clerk.id, pin: '2222' });
  expect(started).toMatchObject({ ok: true, data: { session: { clerk: { id: clerk.id, name: 'Ben', role: 'clerk' }, till: null }, secret: '' } });
  expect(await h.call('sessions.current')).toMatchObject({ ok: true, data: { clerkLogins: true, session: { clerk: { name: 'Ben' }, till: null } } });
  expect(await h.call('pets.list', {})).toMatchObject({ ok: true });
  expect(await h.call('categories.create', { name: 'Dogs' })).toMatchObject({
    ok: false,
    error: { code: 'FORBIDDEN', status: 403, message: 'Only an owner may add a category' },
  });

  expect(await h.call('sessions.end')).toEqual({ ok: true, data: null });
  expect(await h.call('pets.list', {})).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED' } });

  expect(await h.call('sessions.start', { clerkId: owner.id, pin: '1111' })).toMatchObject({ ok: true });
  expect(await h.call('categories.create', { name: 'Dogs' })).toMatchObject({ ok: true });
  // A new PIN ends the desk's session too: the windows are locked at their next call.
  h.t.ok('clerks.update', { clerkId: owner.id, pin: '1112' });
  expect(await h.call('categories.create', { name: 'Cats' })).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED' } });
});

test("every operation's mark holds in process: owner ones refused to a clerk, anyone ones open before a sign-in", async () => {
  const { clerk } = clerksWithLoginsOn(h.t.store);
  const callable = OPERATION_NAMES.filter((name) => name in h.handlers && !operationDef(name).http?.stream);
  for (const name of callable.filter((name) => operationDef(name).access !== 'anyone')) {
    expect(await h.call(name, {}), name).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED' } });
  }
  for (const name of callable.filter((name) => operationDef(name).access === 'anyone')) {
    const answer = await h.call(name, {});
    expect(answer.ok || !['SIGN_IN_REQUIRED', 'FORBIDDEN'].includes(answer.error.code), `${name}: ${JSON.stringify(answer)}`).toBe(true);
  }
  await h.call('sessions.start', { clerkId: clerk.id, pin: '2222' });
  for (const name of callable.filter((name) => operationDef(name).access === 'owner')) {
    expect(await h.call(name, {}), name).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringMatching(/^Only an owner may /) } });
  }
});

test("the browser host's page on a local store is the desk too", async () => {
  const { clerk } = clerksWithLoginsOn(h.t.store);
  const page = localConnection(h.t.store);
  expect(await page.invoke('pets.list', {})).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED' } });
  expect(await page.invoke('sessions.start', { clerkId: clerk.id, pin: '2222' })).toMatchObject({ ok: true, data: { secret: '' } });
  expect(await page.invoke('pets.list', {})).toMatchObject({ ok: true });
  expect(await page.invoke('tokens.list', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
});

test("a sale at the desk records its clerk, and no till (the server's own)", async () => {
  const { clerk } = clerksWithLoginsOn(h.t.store);
  const dogs = h.t.ok('categories.create', { name: 'Dogs' });
  const rex = h.t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 100 });
  h.t.ok('inventory.set', { petId: rex.id, update: { quantity: 2 } });
  await h.call('sessions.start', { clerkId: clerk.id, pin: '2222' });
  const sold = await h.call('sales.create', { lines: [{ petId: rex.id }], payments: [{ method: 'cash', amount: 100 }] });
  expect(sold).toMatchObject({ ok: true, data: { clerk: { id: clerk.id, name: 'Ben' }, till: null } });
});

test('the native menu is told what the windows may call: at once, and after each sign-in and sign-out', async () => {
  await h.close();
  const told: boolean[] = [];
  h = openIpcHarness({ onAccessChange: (mayCall) => told.push(mayCall('backup.create')) });
  const { clerk, owner } = clerksWithLoginsOn(h.t.store);
  expect(told).toEqual([true]); // at registration, logins still off
  await h.call('sessions.start', { clerkId: clerk.id, pin: '2222' });
  await h.call('sessions.end');
  await h.call('sessions.start', { clerkId: owner.id, pin: '1111' });
  expect(told).toEqual([true, false, false, true]);
});
