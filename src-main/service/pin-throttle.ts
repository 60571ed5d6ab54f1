import { StoreError } from '../../src-shared/errors';
import type { LimitsBroadcast } from './limits-broadcast';

/** Wrong PINs for one clerk at one till that cost nothing. */
export const PIN_FAILURES_FREE = 5;
/** The wait after the first wrong PIN past those; it doubles with each further one, up to the most. */
export const PIN_FIRST_WAIT_MS = 30_000;
export const PIN_MOST_WAIT_MS = 15 * 60_000;
/** Entries kept at once; past that the oldest go (a guesser cycling clerk ids cannot grow memory). */
const MAX_ENTRIES = 10_000;

/** AUTH_THROTTLED with the seconds to wait, which REST sends as Retry-After. */
export class ThrottledError extends StoreError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('AUTH_THROTTLED', message);
  }
}

/**
 * Wrong PINs per (till or desk, clerk), in the server's memory (docs/decisions.md#clerk-logins):
 * free up to 5, then each try waits 30 s doubling to 15 min; a right PIN forgets them.
 */
export function createPinThrottle(now: () => number = () => Date.now(), shared?: LimitsBroadcast) {
  const entries = new Map<string, { failures: number; until: number }>();
  // Several server processes share each clerk's count (limits-broadcast.ts); their times are wall-clock.
  shared?.on('pinFailure', (key, time) => fail(key, time));
  shared?.on('pinSuccess', (key) => entries.delete(key));

  /** Counts a wrong PIN for `key` tried at `time`: its wait runs from then. */
  function fail(key: string, time: number): void {
    const entry = entries.get(key) ?? { failures: 0, until: 0 };
    entries.delete(key); // re-inserted last: the map stays oldest first
    entry.failures++;
    const over = entry.failures - PIN_FAILURES_FREE;
    if (over >= 0) entry.until = Math.max(entry.until, time + Math.min(PIN_FIRST_WAIT_MS * 2 ** Math.min(over, 20), PIN_MOST_WAIT_MS));
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  return {
    /** Throws AUTH_THROTTLED while `key` must wait: before its PIN is hashed. */
    check(key: string): void {
      const entry = entries.get(key);
      const wait = entry ? entry.until - now() : 0;
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new ThrottledError(`Too many wrong PINs for this clerk here; try again in ${seconds} s`, seconds);
      }
    },
    failed(key: string): void {
      const time = now();
      fail(key, time);
      shared?.send('pinFailure', key, time);
    },
    succeeded(key: string): void {
      entries.delete(key);
      shared?.send('pinSuccess', key, now());
    },
  };
}
export type PinThrottle = ReturnType<typeof createPinThrottle>;
