/**
 * Budgets shared by several server processes (src-main/rest/shared-limits.ts): two "processes" on
 * one in-memory channel share a token's rate limit, an address's failed authentications and a
 * clerk's wrong PINs once the broadcast delay has passed. The clock is the faked wall clock.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AUTH_FAILURES_ALLOWED } from '../../src-main/rest/auth-throttle';
import { sharedLimits } from '../../src-main/rest/shared-limits';
import { createLimitsBroadcast, LIMITS_BROADCAST_MS } from '../../src-main/service/limits-broadcast';
import { PIN_FAILURES_FREE, ThrottledError } from '../../src-main/service/pin-throttle';
import { memoryLimitsHub } from '../helpers/memory-limits-channel';

const START = Date.UTC(2026, 10, 29, 12);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Two server processes' limits on one channel. */
function twoProcesses() {
  const hub = memoryLimitsHub();
  return { hub, a: sharedLimits(createLimitsBroadcast(hub.channel())), b: sharedLimits(createLimitsBroadcast(hub.channel())) };
}

/** Lets the broadcast delay pass (the clock moves with it). */
const broadcast = () => vi.advanceTimersByTime(LIMITS_BROADCAST_MS);

test('a budget of 60 a minute is 60 across both processes, not 60 on each', () => {
  const { a, b } = twoProcesses();
  const [onA, onB] = [a.rateLimiter(() => 60), b.rateLimiter(() => 60)];
  for (let i = 0; i < 30; i++) expect(onA.take(7)).toMatchObject({ allowed: true, remaining: 59 - i });
  broadcast();
  vi.setSystemTime(START + 1_000);
  // B starts where A's 30 left the budget.
  for (let i = 0; i < 30; i++) expect(onB.take(7)).toMatchObject({ allowed: true, remaining: 29 - i });
  // Refused until A's first leaves the window, a minute after START.
  expect(onB.take(7)).toEqual({ allowed: false, retryAfterSeconds: 59, limit: 60 });
  broadcast();
  expect(onA.take(7)).toEqual({ allowed: false, retryAfterSeconds: 59, limit: 60 });
  // Another token has its own budget on both; refusals were not sent as counts.
  expect(onA.take(8)).toMatchObject({ allowed: true, remaining: 59 });
  // A minute after A's 30 they leave the window on both processes; B's 30 are still in it.
  vi.setSystemTime(START + 60_000);
  expect(onB.take(7)).toMatchObject({ allowed: true, remaining: 29 });
  broadcast();
  expect(onA.take(7)).toMatchObject({ allowed: true, remaining: 28 });
});

test("another process's request older than this one's newest is put in time order, so it leaves the window in time", () => {
  const { a, b } = twoProcesses();
  const [onA, onB] = [a.rateLimiter(() => 2), b.rateLimiter(() => 2)];
  expect(onB.take(7).allowed).toBe(true); // B at START
  vi.setSystemTime(START + 10);
  expect(onA.take(7).allowed).toBe(true); // A at START + 10, sent at START + 50
  vi.setSystemTime(START + 20);
  expect(onB.take(7).allowed).toBe(true); // B at START + 20: B's log is full
  broadcast(); // B hears A's START + 10, older than its newest
  expect(onB.take(7)).toEqual({ allowed: false, retryAfterSeconds: 60, limit: 2 });
  // At START + 60,015 both START and START + 10 have left the window: one place is free.
  vi.setSystemTime(START + 60_015);
  expect(onB.take(7)).toMatchObject({ allowed: true, remaining: 0 });
});

test('failed authentications from one address on two processes throttle it at 10 on both', () => {
  const { a, b } = twoProcesses();
  const [onA, onB] = [a.authThrottle(), b.authThrottle()];
  for (let i = 0; i < AUTH_FAILURES_ALLOWED / 2; i++) expect(onA.failed('10.0.0.9')).toEqual({ throttled: false });
  for (let i = 0; i < AUTH_FAILURES_ALLOWED / 2; i++) expect(onB.failed('10.0.0.9')).toEqual({ throttled: false });
  broadcast();
  expect(onA.waitFor('10.0.0.9')).toBe(60);
  expect(onB.waitFor('10.0.0.9')).toBe(60);
  expect(onA.failed('10.0.0.9')).toEqual({ throttled: true, retryAfterSeconds: 60 });
  expect(onB.waitFor('10.0.0.8')).toBeUndefined();
});

test("wrong PINs on two processes add up to one clerk's wait, and a right PIN on either forgets them on both", () => {
  const { a, b } = twoProcesses();
  const [onA, onB] = [a.pinThrottle(), b.pinThrottle()];
  const waitOf = (check: () => void) => {
    try {
      check();
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(ThrottledError);
      return (error as ThrottledError).retryAfterSeconds;
    }
  };
  for (let i = 0; i < PIN_FAILURES_FREE - 2; i++) onA.failed('2:5');
  onB.failed('2:5');
  broadcast();
  expect(waitOf(() => onA.check('2:5'))).toBeUndefined();
  onB.failed('2:5'); // the fifth across both: a wait of 30 s from when it was tried, on both
  broadcast();
  expect(waitOf(() => onA.check('2:5'))).toBe(30);
  expect(waitOf(() => onB.check('2:5'))).toBe(30);
  vi.setSystemTime(Date.now() + 30_000);
  onA.succeeded('2:5');
  broadcast();
  onB.failed('2:5'); // counted from nothing again: free
  expect(waitOf(() => onB.check('2:5'))).toBeUndefined();
});
