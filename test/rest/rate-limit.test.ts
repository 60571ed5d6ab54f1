import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createRateLimiter } from '../../src-main/rest/rate-limit';

/** A limiter on a clock the test moves. */
function limiterAt(limit: number) {
  const clock = { now: 1_000_000, limit };
  const limiter = createRateLimiter(
    () => clock.limit,
    () => clock.now,
  );
  return { clock, take: (key = 1) => limiter.take(key) };
}

describe('the rate limit: at most N requests per token in any 60 seconds', () => {
  test('a first request is told a minute, whatever the clock reads (no floating-point second more)', () => {
    // At this reading (t + 60000) − t is 60000.000000000007 in floating point: 61 s, as CI once saw.
    const { clock, take } = limiterAt(10);
    clock.now = 5536.6699999986695;
    expect(take()).toMatchObject({ allowed: true, remaining: 9, resetSeconds: 60 });
  });

  test('a burst gets the whole budget, then 429 until the first of it is a minute old', () => {
    const { clock, take } = limiterAt(1200);
    for (let i = 0; i < 1200; i++) expect(take()).toMatchObject({ allowed: true, remaining: 1199 - i, limit: 1200 });
    expect(take()).toEqual({ allowed: false, retryAfterSeconds: 60, limit: 1200 });
    clock.now += 59_999;
    expect(take()).toEqual({ allowed: false, retryAfterSeconds: 1, limit: 1200 });
    clock.now += 1; // the burst is now exactly a minute old: it has left the window
    expect(take()).toMatchObject({ allowed: true, remaining: 1199 });
  });

  test('the token bucket failure is gone: 1,200 at the start of a minute and 1,200 more within it is not possible', () => {
    const { clock, take } = limiterAt(1200);
    let accepted = 0;
    // A request every 25 ms for one minute (2,400 tries): only the budget gets through.
    for (let i = 0; i < 2400; i++, clock.now += 25) if (take().allowed) accepted++;
    expect(accepted).toBe(1200);
  });

  test('a client that keeps to the rate is never refused', () => {
    const { clock, take } = limiterAt(1200);
    for (let i = 0; i < 1200 * 4; i++, clock.now += 50) expect(take().allowed, `request ${i}`).toBe(true);
  });

  test('each token has its own budget; refused requests do not count against it', () => {
    const { clock, take } = limiterAt(2);
    expect(take(1).allowed).toBe(true);
    expect(take(1).allowed).toBe(true);
    for (let i = 0; i < 100; i++) expect(take(1).allowed).toBe(false);
    expect(take(2).allowed).toBe(true);
    clock.now += 60_000;
    expect(take(1)).toMatchObject({ allowed: true, remaining: 1 });
  });

  test('a limit lowered by the owner applies at once: refused until enough of the log has left the window', () => {
    const { clock, take } = limiterAt(10);
    for (let i = 0; i < 10; i++, clock.now += 1000) take();
    clock.limit = 5;
    // The log holds 10 times, 1 s apart, the oldest 10 s ago: 6 must leave before the 5th place frees.
    expect(take()).toEqual({ allowed: false, retryAfterSeconds: 55, limit: 5 });
    clock.now += 54_000;
    expect(take().allowed).toBe(false);
    clock.now += 1000;
    expect(take()).toMatchObject({ allowed: true, remaining: 0, limit: 5 });
  });

  test('property: whatever the timing, no 60-second window holds more than the limit, and waiting Retry-After is enough', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 300 }), (limit, gaps) => {
        const { clock, take } = limiterAt(limit);
        const accepted: number[] = [];
        for (const gap of gaps) {
          clock.now += gap;
          const answer = take();
          if (answer.allowed) {
            accepted.push(clock.now);
            continue;
          }
          // Retry-After is honest: at that time a place is free (checked on a copy of the same history).
          const replay = limiterAt(limit);
          for (const time of accepted) {
            replay.clock.now = time;
            replay.take();
          }
          replay.clock.now = clock.now + answer.retryAfterSeconds * 1000;
          expect(replay.take().allowed).toBe(true);
        }
        for (const [index, time] of accepted.entries()) {
          const inWindow = accepted.slice(0, index + 1).filter((earlier) => earlier > time - 60_000).length;
          expect(inWindow).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a large burst does not keep its memory: the log shrinks, and a silent token is forgotten', () => {
    const { clock, take } = limiterAt(100_000);
    for (let i = 0; i < 100_000; i++) take(7);
    clock.now += 61_000;
    expect(take(7)).toMatchObject({ allowed: true, remaining: 99_999 });
    clock.now += 61_000;
    expect(take(8)).toMatchObject({ allowed: true }); // sweeps token 7's log away
    expect(take(7)).toMatchObject({ allowed: true, remaining: 99_999 });
  });
});
