/**
 * Clerk sessions on a connected till (docs/decisions.md#clerk-sessions-on-a-till), against a real
 * listener with clerk logins on: the till signs a clerk in with its own token, keeps the session's
 * secret in memory (never in an answer to the page) and sends it with every call until the clerk
 * signs out or the server ends the session; a retried sale keeps the session it was made in.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { REVOKED_TILL_MESSAGE } from '../../src-shared/bridge';
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
let anna: number;
let ben: number;

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
  shop.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '9999' });
  anna = shop.ok('clerks.create', { name: 'Anna', role: 'clerk', pin: '1234' }).id;
  ben = shop.ok('clerks.create', { name: 'Ben', role: 'clerk', pin: '5678' }).id;
  shop.ok('settings.update', { clerkLogins: true });
  const dogs = shop.ok('categories.create', { name: 'Dogs' });
  const pet = shop.ok('pets.create', { name: 'Puppy', categoryId: dogs.id, price: 1000 });
  shop.ok('inventory.set', { petId: pet.id, update: { quantity: 5 } });
});
afterEach(async () => {
  await stopServing();
  shop.close();
});

/** A till's handlers, and every answer they gave (to check that no session secret reaches the page). */
function till() {
  const link = createLinkState(origin);
  const handlers = createRemoteHandlers({ server: origin, secret: paired.secret, tillName: 'Counter 2', link, runtime: 'browser-host', firstRetryMs: 50, maxRetryMs: 200 });
  const answers: unknown[] = [];
  const invoke: typeof handlers.invoke = async (...args) => {
    const answer = await handlers.invoke(...args);
    answers.push(answer);
    return answer;
  };
  return { link, invoke, answers, stop: handlers.stop };
}
const code = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);
const sale = { lines: [{ petId: 1 }], payments: [{ method: 'cash', amount: 1000 }] };
/** Who a sale was recorded with, read from the server's database. */
const recordedBy = (saleId: number) => shop.store.context.db.prepare('SELECT clerk_id AS clerk, till_id AS till FROM sales WHERE id = ?').get(saleId);

test('the till asks for a sign-in, signs a clerk in with the PIN, calls as that clerk, and signs out back to its own token', async () => {
  const { invoke, answers } = till();
  expect(await invoke('sessions.current', {})).toEqual({ ok: true, data: { clerkLogins: true, idleLockMinutes: 5, session: null } });
  expect(code(await invoke('pets.list', {}))).toBe('SIGN_IN_REQUIRED');
  expect(code(await invoke('sessions.start', { clerkId: anna, pin: '0000' }))).toBe('PIN_INCORRECT');

  const started = await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  expect(started).toMatchObject({ ok: true, data: { secret: '', session: { clerk: { id: anna, name: 'Anna', role: 'clerk' }, till: { id: paired.tillId, name: 'Counter 2' } } } });
  expect(await invoke('sessions.current', {})).toMatchObject({ ok: true, data: { session: { clerk: { id: anna } } } });
  expect(code(await invoke('pets.list', {}))).toBe('ok');
  const sold = await invoke('sales.create', sale, { idempotencyKey: 'k1' });
  expect(code(sold)).toBe('ok');
  expect(recordedBy((sold as { data: { id: number } }).data.id)).toEqual({ clerk: anna, till: paired.tillId });

  expect(await invoke('sessions.end', {})).toEqual({ ok: true, data: null });
  expect(code(await invoke('pets.list', {}))).toBe('SIGN_IN_REQUIRED');
  expect(shop.store.context.db.prepare('SELECT count(*) AS open FROM clerk_sessions WHERE ended_at IS NULL').get()).toEqual({ open: 0 });
  expect(JSON.stringify(answers)).not.toMatch(/pss_/);
});

test('another clerk signing in takes the place of the one before, whose session ends on the server', async () => {
  const { invoke } = till();
  expect(code(await invoke('sessions.start', { clerkId: anna, pin: '1234' }))).toBe('ok');
  expect(code(await invoke('sessions.start', { clerkId: ben, pin: '5678' }))).toBe('ok');
  expect(await invoke('sessions.current', {})).toMatchObject({ ok: true, data: { session: { clerk: { id: ben } } } });
  expect(shop.store.context.db.prepare('SELECT clerk_id AS clerk FROM clerk_sessions WHERE ended_at IS NULL').all()).toEqual([{ clerk: ben }]);
});

test('a session the server ended (a new PIN) is forgotten: the next call asks for a sign-in; logins switched off: the till works as before', async () => {
  const { invoke } = till();
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  shop.ok('clerks.update', { clerkId: anna, pin: '4321' });
  expect(code(await invoke('pets.list', {}))).toBe('SIGN_IN_REQUIRED');
  expect(await invoke('sessions.current', {})).toMatchObject({ ok: true, data: { session: null } });

  expect(code(await invoke('sessions.start', { clerkId: anna, pin: '4321' }))).toBe('ok');
  expect(code(await invoke('pets.list', {}))).toBe('ok');
  shop.ok('settings.update', { clerkLogins: false });
  expect(code(await invoke('pets.list', {}))).toBe('ok');
  expect(await invoke('sessions.current', {})).toMatchObject({ ok: true, data: { clerkLogins: false, session: null } });
});

test('a till revoked while a clerk is signed in: the next call says the till was revoked', async () => {
  const { invoke, link } = till();
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  shop.ok('tills.revoke', { tillId: paired.tillId });
  expect(await invoke('pets.list', {})).toEqual({ ok: false, error: { code: 'UNAUTHORIZED', status: 401, message: REVOKED_TILL_MESSAGE } });
  expect(link.current.reason).toBe('UNAUTHORIZED');
});

test('a retried sale keeps the session it was made in, though the till locked while it waited', async () => {
  const { invoke, link, stop } = till();
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  await stopServing();
  const sending = invoke('sales.create', sale, { idempotencyKey: 'k2' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(link.current.state).toBe('down');
  expect(await invoke('sessions.end', {})).toEqual({ ok: true, data: null }); // the idle lock: the server is not told
  await serve();
  const answered = await sending;
  stop();
  expect(code(answered)).toBe('ok');
  expect(recordedBy((answered as { data: { id: number } }).data.id)).toEqual({ clerk: anna, till: paired.tillId });
  expect(code(await invoke('pets.list', {}))).toBe('SIGN_IN_REQUIRED'); // this till is locked
});

test('a session that ends on the server while its sale waits stops the sale: SIGN_IN_REQUIRED, nothing made', async () => {
  const { invoke, stop } = till();
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  await stopServing();
  const sending = invoke('sales.create', sale, { idempotencyKey: 'k3' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  shop.ok('clerks.update', { clerkId: anna, pin: '4321' }); // on the server's machine
  await serve();
  const answered = await sending;
  stop();
  expect(answered).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED', message: expect.stringMatching(/session ended .* while this sale waited/) } });
  expect(shop.ok('sales.list', {}).total).toBe(0);
  expect(await invoke('sessions.current', {})).toMatchObject({ ok: true, data: { session: null } });
});

test('logins switched off while a sale waits: the sale goes on as the till; a sale sent after its session ended is asked as the till', async () => {
  const { invoke, stop } = till();
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  await stopServing();
  const sending = invoke('sales.create', sale, { idempotencyKey: 'k4' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  shop.ok('settings.update', { clerkLogins: false }); // ends every session
  await serve();
  const answered = await sending;
  expect(code(answered)).toBe('ok');
  expect(recordedBy((answered as { data: { id: number } }).data.id)).toEqual({ clerk: null, till: paired.tillId });

  shop.ok('settings.update', { clerkLogins: true });
  await invoke('sessions.start', { clerkId: anna, pin: '1234' });
  shop.ok('clerks.update', { clerkId: anna, pin: '4321' });
  const refused = await invoke('sales.create', sale, { idempotencyKey: 'k5' });
  stop();
  expect(refused).toMatchObject({ ok: false, error: { code: 'SIGN_IN_REQUIRED' } });
  expect(!refused.ok && refused.error.message).not.toMatch(/while this sale waited/);
  expect(shop.ok('sales.list', {}).total).toBe(1);
});
