import type { LimitsBroadcast } from '../service/limits-broadcast';

/** The rate limit's window: a budget of N "per minute" holds for every 60 seconds, not on average. */
const WINDOW_MS = 60_000;
/** A log's smallest ring (entries); it doubles as a burst needs. */
const MIN_CAPACITY = 16;

/**
 * Per-token request budget: at most `perMinute` accepted requests in any 60 seconds, kept as a
 * sliding log of when each was accepted. A client that keeps to the rate is never refused, and a
 * burst is cut at the budget (a token bucket that starts full would let twice the budget through in
 * the first minute). Refused requests are not counted, so waiting Retry-After always helps.
 */
export function createRateLimiter(perMinute: () => number, now: () => number = () => performance.now(), shared?: LimitsBroadcast) {
  const logs = new Map<number, AcceptLog>();
  let sweptAt = now();
  // Several server processes share each budget (shared-limits.ts): `now` is then Date.now.
  shared?.on('request', (key, time) => heard(Number(key), time));

  return {
    /** Takes one request from a token's budget (by its id); says how long to wait when there is none left. */
    take(
      key: number,
    ): { allowed: true; remaining: number; limit: number; resetSeconds: number } | { allowed: false; retryAfterSeconds: number; limit: number } {
      const limit = perMinute();
      const time = now();
      if (time - sweptAt > WINDOW_MS) sweep(time);
      let log = logs.get(key);
      if (!log) logs.set(key, (log = new AcceptLog()));
      log.forgetUpTo(time - WINDOW_MS);
      if (log.size < limit) {
        log.push(time);
        if (shared) shared.send('request', String(key), time);
        // When a place frees up again: the oldest request of the window leaves it. The difference
        // of the two times first: (t + 60000) − t is not always 60000 in floating point.
        return { allowed: true, remaining: limit - log.size, limit, resetSeconds: Math.ceil((log.at(0) - time + WINDOW_MS) / 1000) };
      }
      // A place frees up when the oldest requests that put the log at the limit leave the window
      // (more than one when the owner has lowered the limit since).
      const wait = log.at(log.size - limit) - time + WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)), limit };
    },
  };

  /** Counts a request another process accepted at `time`, in time order (it may be older than this process's newest). */
  function heard(key: number, time: number): void {
    const current = now();
    if (!Number.isSafeInteger(key) || !(time > current - WINDOW_MS)) return;
    if (current - sweptAt > WINDOW_MS) sweep(current);
    let log = logs.get(key);
    if (!log) logs.set(key, (log = new AcceptLog()));
    log.forgetUpTo(current - WINDOW_MS);
    log.insert(time);
  }

  /** Forgets the logs of tokens that made no request for a whole window (revoked ones, say). */
  function sweep(time: number): void {
    sweptAt = time;
    for (const [key, log] of logs) {
      if (log.size === 0 || log.at(log.size - 1) <= time - WINDOW_MS) logs.delete(key);
    }
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The IETF fields (draft-ietf-httpapi-ratelimit-headers): the policy, `"default";q=<limit>;w=60`,
 * and where the token stands, `"default";r=<remaining>;t=<seconds until a place frees up>`. They
 * go beside `X-RateLimit-Limit`/`-Remaining`, which older clients read.
 */
export const RATE_LIMIT_POLICY = 'default';
let policyLimit = -1;
let policyField = '';
export function rateLimitPolicyField(limit: number): string {
  // One string per limit, made again only when the owner changes it.
  if (limit !== policyLimit) {
    policyLimit = limit;
    policyField = `"${RATE_LIMIT_POLICY}";q=${limit};w=${WINDOW_MS / 1000}`;
  }
  return policyField;
}
export const rateLimitField = (remaining: number, resetSeconds: number): string => `"${RATE_LIMIT_POLICY}";r=${remaining};t=${resetSeconds}`;

/** The two fields as the OpenAPI document declares them (openapi/headers.ts). */
export const RATE_LIMIT_FIELD_HEADERS = {
  'RateLimit-Policy': {
    description: `The token's quota policy (IETF draft-ietf-httpapi-ratelimit-headers): \`"${RATE_LIMIT_POLICY}";q=<requests>;w=${WINDOW_MS / 1000}\`, as many requests in any ${WINDOW_MS / 1000} seconds.`,
    schema: { type: 'string', maxLength: 64, pattern: `^"${RATE_LIMIT_POLICY}";q=[0-9]{1,9};w=${WINDOW_MS / 1000}$` },
  },
  RateLimit: {
    description:
      `Where the token stands (IETF draft-ietf-httpapi-ratelimit-headers): \`"${RATE_LIMIT_POLICY}";r=<requests left>;t=<seconds>\`, ` +
      'where `t` is when the oldest request of the window leaves it and a place frees up (on a 429, as `Retry-After`).',
    schema: { type: 'string', maxLength: 64, pattern: `^"${RATE_LIMIT_POLICY}";r=[0-9]{1,9};t=[0-9]{1,2}$` },
  },
};

/** The times of one token's accepted requests, oldest first: a ring buffer that grows as needed and shrinks when emptied. */
class AcceptLog {
  private times = new Float64Array(MIN_CAPACITY);
  private head = 0;
  size = 0;

  /** The i-th oldest time kept. */
  at(index: number): number {
    return this.times[(this.head + index) % this.times.length]!;
  }

  push(time: number): void {
    if (this.size === this.times.length) this.resize(this.times.length * 2);
    this.times[(this.head + this.size) % this.times.length] = time;
    this.size++;
  }

  /** Puts `time` in its place: after the times up to it, before any later one. */
  insert(time: number): void {
    if (this.size === this.times.length) this.resize(this.times.length * 2);
    const capacity = this.times.length;
    let index = this.size;
    for (; index > 0 && this.at(index - 1) > time; index--) this.times[(this.head + index) % capacity] = this.at(index - 1);
    this.times[(this.head + index) % capacity] = time;
    this.size++;
  }

  /** Drops the times at or before `cutoff`: they are a whole window old. */
  forgetUpTo(cutoff: number): void {
    while (this.size > 0 && this.times[this.head]! <= cutoff) {
      this.head = (this.head + 1) % this.times.length;
      this.size--;
    }
    // A client that burst to a large budget once does not keep its memory for good.
    if (this.times.length > MIN_CAPACITY && this.size < this.times.length / 4) this.resize(Math.max(MIN_CAPACITY, this.times.length / 2));
  }

  private resize(capacity: number): void {
    const times = new Float64Array(capacity);
    for (let index = 0; index < this.size; index++) times[index] = this.at(index);
    this.times = times;
    this.head = 0;
  }
}
