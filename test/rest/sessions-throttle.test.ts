/**
 * Wrong PINs over real HTTP (docs/decisions.md#clerk-logins): 5 free for a clerk at a till, then
 * 429 AUTH_THROTTLED with Retry-After, refused before the PIN is checked (the right one too); a
 * right PIN resets the count; and each wrong PIN counts towards the address's auth throttle.
 */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { AUTH_FAILURES_ALLOWED } from '../../src-main/rest/auth-throttle';
import { PIN_FAILURES_FREE } from '../../src-main/service/pin-throttle';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();
let till: { id: number; secret: string };
let clerkId: number;

beforeAll(async () => {
  till = await pairTillAt(s.t);
  clerkId = (await clerksWithLoginsAt(s.t)).clerk.id;
});
afterEach(() => vi.useRealTimers());

const signIn = (pin: string) => s.call('POST', '/v1/sessions', { token: till.secret, json: { clerkId, pin } });

test('5 wrong PINs are free, then the clerk waits at this till (the right PIN too), 30 s then 60 s; a right PIN resets; the address counts them all', async () => {
  // Both clocks move: the PIN throttle's (Date) and the address's (performance.now on SQLite, Date on
  // PostgreSQL, whose processes share wall-clock time), so the address's window passes on both engines alike.
  vi.useFakeTimers({ toFake: ['Date', 'performance'] });
  for (let i = 0; i < PIN_FAILURES_FREE; i++) expectError(await signIn('0000'), 'PIN_INCORRECT', 403);
  let throttled = await signIn('2222');
  expectError(throttled, 'AUTH_THROTTLED', 429);
  expect(throttled.headers.get('retry-after')).toBe('30');

  vi.advanceTimersByTime(30_000);
  expectError(await signIn('0000'), 'PIN_INCORRECT', 403);
  throttled = await signIn('2222');
  expectError(throttled, 'AUTH_THROTTLED', 429);
  expect(throttled.headers.get('retry-after')).toBe('60');

  vi.advanceTimersByTime(60_000);
  expect((await signIn('2222')).status).toBe(200);
  // The address's window has passed too. Its wrong PINs count though right ones reset the clerk's:
  // the allowance spent in runs shorter than the clerk's free ones, the right PIN then waits for the address.
  expect(AUTH_FAILURES_ALLOWED % (PIN_FAILURES_FREE - 1)).toBeGreaterThan(0);
  for (let i = 1; i <= AUTH_FAILURES_ALLOWED; i++) {
    expectError(await signIn('0000'), 'PIN_INCORRECT', 403);
    if (i % (PIN_FAILURES_FREE - 1) === 0) expect((await signIn('2222')).status).toBe(200);
  }
  const address = await signIn('2222');
  expectError(address, 'AUTH_THROTTLED', 429);
  expect(address.body.message).toMatch(/from this address/);
  // The till's other calls go on.
  expect((await s.call('GET', '/v1/clerks', { token: till.secret })).status).toBe(200);
});
