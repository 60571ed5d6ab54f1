/**
 * Per-token request budget: a token bucket holding `perMinute` requests that refills continuously,
 * so a client that keeps to the rate is never refused and a burst is cut at the budget.
 */
export function createRateLimiter(perMinute: () => number, now: () => number = Date.now) {
  const buckets = new Map<number, { tokens: number; at: number }>();

  return {
    /** Takes one request from a token's budget (by its id); says how long to wait when there is none left. */
    take(key: number): { allowed: true; remaining: number; limit: number } | { allowed: false; retryAfterSeconds: number; limit: number } {
      const limit = perMinute();
      const ratePerMs = limit / 60_000;
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: limit, at: time };
      bucket.tokens = Math.min(limit, bucket.tokens + (time - bucket.at) * ratePerMs);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true, remaining: Math.floor(bucket.tokens), limit };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)), limit };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
