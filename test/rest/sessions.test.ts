/**
 * Clerk logins over real HTTP (docs/decisions.md#clerk-logins): a till's token alone reaches only
 * what a locked till needs; a clerk signs in with a PIN and the session's secret is the till's
 * bearer until it ends (sign-out, a new PIN, the till revoked, logins off, 12 hours); a clerk is
 * 403 on an owner's operation; API tokens are the owner's, never asked to sign in.
 */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

// Ended sessions' secrets and wrong PINs count in the address's throttle (10 a minute): those tests come last.
const s = useHttpSuite();
let till: { id: number; secret: string };
let clerks: Awaited<ReturnType<typeof clerksWithLoginsAt>>;
let categoryId: number;

beforeAll(async () => {
  categoryId = (await s.category({ name: 'Session pets' })).id;
  till = await pairTillAt(s.t);
});
afterEach(async () => {
  vi.useRealTimers();
  await s.settings({ clerkLogins: false });
});

const signIn = (clerkId: number, pin: string, token = till.secret): Promise<Answer> =>
  s.call('POST', '/v1/sessions', { token, json: { clerkId, pin } });

/** Signs in and returns the session's secret. */
async function session(clerkId: number, pin: string): Promise<string> {
  const answer = await signIn(clerkId, pin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.secret;
}

test('logins off: a till token works as before, nobody signs in, the state says logins are off', async () => {
  expect((await s.call('GET', '/v1/pets?limit=1', { token: till.secret })).status).toBe(200);
  expect((await s.call('POST', '/v1/pets', { token: till.secret, json: { name: 'Tilly', categoryId } })).status).toBe(201);
  const state = await s.call('GET', '/v1/sessions/current', { token: till.secret });
  expect(state.body).toEqual({ clerkLogins: false, idleLockMinutes: 5, session: null });
  await s.t.call('clerks.create', { name: 'Early', role: 'clerk', pin: '1234' });
  expectError(await signIn(1, '1234'), 'FORBIDDEN', 403);
});

test("logins on: a till's token alone is 401 SIGN_IN_REQUIRED on a clerk's operation, 200 on what a locked till needs", async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const refused = await s.call('GET', '/v1/pets?limit=1', { token: till.secret });
  expectError(refused, 'SIGN_IN_REQUIRED', 401);
  expect(refused.body.message).toMatch(/^Sign in with your PIN to list/i);
  for (const path of ['/v1/clerks', '/v1/sessions/current', '/v1/shop', '/v1/health']) {
    expect((await s.call('GET', path, { token: till.secret })).status, path).toBe(200);
  }
  expect((await s.call('GET', '/v1/clerks', { token: till.secret })).body.map((clerk: { name: string }) => clerk.name)).toEqual(['Ben', 'Early', 'Olga']);
  expect((await s.call('GET', '/v1/sessions/current', { token: till.secret })).body).toEqual({ clerkLogins: true, idleLockMinutes: 5, session: null });
});

test('a write API token is unaffected by logins, and cannot sign a clerk in; nor can a read token', async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  expect((await s.call('POST', '/v1/pets', { json: { name: 'By the web shop', categoryId } })).status).toBe(201);
  expect((await s.call('DELETE', `/v1/categories/${(await s.category()).id}`)).status).toBe(204);
  expectError(await signIn(clerks.clerk.id, '2222', s.t.writeToken), 'FORBIDDEN', 403);
  expectError(await signIn(clerks.clerk.id, '2222', s.t.readToken), 'FORBIDDEN', 403);
});

test("a clerk signs in at the till: the secret opens the clerk's work there, an owner's operation is 403, sign-out ends it", async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const started = await signIn(clerks.clerk.id, '2222');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.headers.get('location')).toBeNull(); // no address to read a session at
  expect(started.body.secret).toMatch(/^pss_[\w-]{43}$/);
  expect(started.body.session).toMatchObject({ clerk: { id: clerks.clerk.id, name: 'Ben', role: 'clerk' }, till: { id: till.id, name: 'Counter 2' } });
  expect(Date.parse(started.body.session.expiresAt) - Date.parse(started.body.session.startedAt)).toBe(12 * 3600_000);
  const secret = started.body.secret;

  expect((await s.call('GET', '/v1/pets?limit=1', { token: secret })).status).toBe(200);
  expect((await s.call('POST', '/v1/pets', { token: secret, json: { name: 'Sold by Ben', categoryId } })).status).toBe(201);
  expect((await s.call('GET', '/v1/sessions/current', { token: secret })).body.session).toMatchObject({ clerk: { name: 'Ben' }, till: { name: 'Counter 2' } });
  const owners = await s.call('POST', '/v1/categories', { token: secret, json: { name: 'Not for clerks' } });
  expectError(owners, 'FORBIDDEN', 403);
  expect(owners.body.message).toBe('Only an owner may add a category');
  expectError(await s.call('GET', '/v1/reports/sales?from=2026-11-01&to=2026-11-02', { token: secret }), 'FORBIDDEN', 403);

  expect((await s.call('DELETE', '/v1/sessions/current', { token: secret })).status).toBe(204);
  const after = await s.call('GET', '/v1/pets?limit=1', { token: secret });
  expectError(after, 'SIGN_IN_REQUIRED', 401);
  expect(after.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
});

test("an owner clerk's session reaches an owner's operation", async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const secret = await session(clerks.owner.id, '1111');
  expect((await s.call('POST', '/v1/categories', { token: secret, json: { name: 'By the owner at the till' } })).status).toBe(201);
});

test("a session's requests are charged to its till's token: one rate budget for the till", async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const secret = await session(clerks.clerk.id, '2222');
  const remaining = async (token: string) => Number((await s.call('GET', '/v1/clerks', { token })).headers.get('x-ratelimit-remaining'));
  const first = await remaining(till.secret);
  expect(await remaining(secret)).toBe(first - 1);
  expect(await remaining(till.secret)).toBe(first - 2);
  expect(await remaining(s.t.writeToken)).toBeGreaterThan(first - 2); // another token, its own budget
});

test('a sale records who made it: the clerk and till of a session, the till alone with logins off, nobody for an API token', async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  const pet = await s.pet({ name: 'Recorded', categoryId });
  await s.call('PUT', `/v1/store/inventory/${pet.id}`, { json: { quantity: 3 } });
  const sell = async (token: string) => {
    const sold = await s.call('POST', '/v1/sales', { token, json: { lines: [{ petId: pet.id, unitPrice: 100 }], payments: [{ method: 'cash', amount: 100 }] } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    return { clerk: sold.body.clerk, till: sold.body.till };
  };
  await s.settings({ clerkLogins: true });
  const secret = await session(clerks.clerk.id, '2222');
  expect(await sell(secret)).toEqual({ clerk: { id: clerks.clerk.id, name: 'Ben' }, till: { id: till.id, name: 'Counter 2' } });
  await s.settings({ clerkLogins: false });
  expect(await sell(till.secret)).toEqual({ clerk: null, till: { id: till.id, name: 'Counter 2' } });
  expect(await sell(s.t.writeToken)).toEqual({ clerk: null, till: null });
});

test('a wrong PIN, an unknown clerk and a clerk who left: one answer, 403 PIN_INCORRECT', async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const left = await s.t.call('clerks.create', { name: 'Gone', role: 'clerk', pin: '3333' });
  await s.t.call('clerks.update', { clerkId: left.id, active: false });
  const answers = [await signIn(clerks.clerk.id, '9999'), await signIn(999_999, '2222'), await signIn(left.id, '3333')];
  for (const answer of answers) {
    expectError(answer, 'PIN_INCORRECT', 403);
    expect(answer.body.message).toBe(answers[0].body.message);
  }
});

test('a session ends when the clerk gets a new PIN, when logins go off, after 12 hours, and when the till is revoked', async () => {
  clerks ??= await clerksWithLoginsAt(s.t);
  await s.settings({ clerkLogins: true });
  const opens = async (secret: string) => (await s.call('GET', '/v1/pets?limit=1', { token: secret })).status;

  let secret = await session(clerks.clerk.id, '2222');
  await s.t.call('clerks.update', { clerkId: clerks.clerk.id, pin: '2223' });
  expectError(await s.call('GET', '/v1/pets?limit=1', { token: secret }), 'SIGN_IN_REQUIRED', 401);

  secret = await session(clerks.clerk.id, '2223');
  await s.settings({ clerkLogins: false });
  expect(await opens(secret)).toBe(401);
  await s.settings({ clerkLogins: true });
  expect(await opens(secret)).toBe(401);

  secret = await session(clerks.clerk.id, '2223');
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 12 * 3600_000 - 60_000 });
  expect(await opens(secret)).toBe(200);
  vi.setSystemTime(Date.now() + 60_000);
  expect(await opens(secret)).toBe(401);
  vi.useRealTimers();

  secret = await session(clerks.clerk.id, '2223');
  expect(await opens(secret)).toBe(200);
  await s.t.call('tills.revoke', { tillId: till.id });
  expectError(await s.call('GET', '/v1/pets?limit=1', { token: secret }), 'SIGN_IN_REQUIRED', 401);
  expectError(await s.call('GET', '/v1/clerks', { token: till.secret }), 'UNAUTHORIZED', 401);
  till = await pairTillAt(s.t, 'Counter 3');
});
