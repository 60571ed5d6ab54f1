import type { LimitsBroadcast } from '../service/limits-broadcast';
import { createPinThrottle } from '../service/pin-throttle';
import { createAuthThrottle } from './auth-throttle';
import { createRateLimiter } from './rate-limit';

/**
 * The REST budgets of one of several server processes on a PostgreSQL store: each counts locally, as
 * on SQLite, and hears the others' counts over `broadcast` (docs/decisions.md#limits-are-shared-across-server-processes).
 * Their clocks are wall-clock time, which every process shares.
 */
export function sharedLimits(broadcast: LimitsBroadcast) {
  const wallClock = () => Date.now();
  return {
    rateLimiter: (perMinute: () => number) => createRateLimiter(perMinute, wallClock, broadcast),
    authThrottle: () => createAuthThrottle(wallClock, undefined, broadcast),
    /** The store's (HandlerContext.pinThrottle): one per store, as on SQLite. */
    pinThrottle: () => createPinThrottle(wallClock, broadcast),
  };
}
export type SharedLimits = ReturnType<typeof sharedLimits>;
