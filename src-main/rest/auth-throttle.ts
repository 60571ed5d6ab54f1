import type { LimitsBroadcast } from '../service/limits-broadcast';

/** Failed authentications a client address may make in a window before it is throttled. */
export const AUTH_FAILURES_ALLOWED = 10;
/** The window, counted from an address's first failure in it. */
export const AUTH_FAILURE_WINDOW_MS = 60_000;
/** Addresses remembered at once; past that, new ones share one count (an attacker cycling addresses). */
const MAX_ADDRESSES = 10_000;

interface Failures {
  since: number;
  count: number;
}

/** Whole seconds until the window of `failures` ends (at least 1). */
const retryAfter = (failures: Failures, time: number) => Math.max(1, Math.ceil((failures.since + AUTH_FAILURE_WINDOW_MS - time) / 1000));

/**
 * Throttles failed authentication per client address (docs/decisions.md#wrong-tokens-are-throttled-per-address).
 * Asked only after a token failed; entries leave after their window, oldest first (insertion order).
 */
export function createAuthThrottle(now: () => number = () => performance.now(), maxAddresses = MAX_ADDRESSES, shared?: LimitsBroadcast) {
  const byAddress = new Map<string, Failures>();
  let overflow: Failures | undefined;
  // Several server processes share each address's count (shared-limits.ts): `now` is then Date.now.
  shared?.on('authFailure', (address) => count(address, now()));

  /** Counts a failure of `address` at `time`; when its count is already spent, counts nothing and answers it (a refusal). */
  function count(address: string, time: number): Failures | undefined {
    forgetExpired(time);
    let failures = byAddress.get(address);
    if (!failures) {
      // Begun when heard, not when sent: the map stays oldest first.
      if (byAddress.size < maxAddresses) byAddress.set(address, (failures = { since: time, count: 0 }));
      else failures = overflow ??= { since: time, count: 0 };
    }
    if (failures.count >= AUTH_FAILURES_ALLOWED) return failures;
    failures.count++;
    return undefined;
  }

  /** Forgets the addresses whose window has passed (the map keeps them oldest first). */
  function forgetExpired(time: number): void {
    for (const [address, failures] of byAddress) {
      if (time - failures.since < AUTH_FAILURE_WINDOW_MS) break;
      byAddress.delete(address);
    }
    if (overflow && time - overflow.since >= AUTH_FAILURE_WINDOW_MS) overflow = undefined;
  }

  return {
    /** Counts a failed authentication from `address`; says how many seconds to wait when it is one too many. */
    failed(address: string): { throttled: false } | { throttled: true; retryAfterSeconds: number } {
      const time = now();
      const spent = count(address, time);
      // Refusals are not counted: waiting Retry-After always helps.
      if (spent) return { throttled: true, retryAfterSeconds: retryAfter(spent, time) };
      shared?.send('authFailure', address, time);
      return { throttled: false };
    },
    /**
     * Seconds `address` must wait when it has used up its failures, without counting anything: a
     * till's pairing asks before its proof is checked, so a throttled guesser tries nothing.
     */
    waitFor(address: string): number | undefined {
      const time = now();
      forgetExpired(time);
      const failures = byAddress.get(address) ?? (byAddress.size >= maxAddresses ? overflow : undefined);
      return failures && failures.count >= AUTH_FAILURES_ALLOWED ? retryAfter(failures, time) : undefined;
    },
    /** How many addresses are remembered (for tests of the bound). */
    get size(): number {
      return byAddress.size;
    },
  };
}
export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
