/** The PIN throttle's numbers (docs/decisions.md#clerk-logins): 5 wrong PINs free, then 30 s doubling to 15 min; a right PIN resets. */
import { expect, test } from 'vitest';
import { createPinThrottle, PIN_FAILURES_FREE, ThrottledError } from '../../src-main/service/pin-throttle';

const waitOf = (check: () => void): number | undefined => {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ThrottledError);
    expect(error).toMatchObject({ code: 'AUTH_THROTTLED', status: 429 });
    return (error as ThrottledError).retryAfterSeconds;
  }
};

test('free up to 5, then each further wrong PIN waits twice as long, never over 15 minutes; per till and clerk', () => {
  let now = 0;
  const throttle = createPinThrottle(() => now);
  for (let i = 0; i < PIN_FAILURES_FREE - 1; i++) {
    throttle.failed('1:7');
    expect(waitOf(() => throttle.check('1:7'))).toBeUndefined();
  }
  const waits: number[] = [];
  for (let i = 0; i < 8; i++) {
    throttle.failed('1:7');
    const wait = waitOf(() => throttle.check('1:7'))!;
    waits.push(wait);
    now += wait * 1000 - 1;
    expect(waitOf(() => throttle.check('1:7'))).toBe(1);
    now += 1;
    expect(waitOf(() => throttle.check('1:7'))).toBeUndefined();
  }
  expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  // Another till, another clerk: their own counts.
  expect(waitOf(() => throttle.check('2:7'))).toBeUndefined();
  expect(waitOf(() => throttle.check('1:8'))).toBeUndefined();

  throttle.succeeded('1:7');
  for (let i = 0; i < PIN_FAILURES_FREE - 1; i++) throttle.failed('1:7');
  expect(waitOf(() => throttle.check('1:7'))).toBeUndefined();
});
