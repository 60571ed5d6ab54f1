import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N=2^14, r=8, p=1 (16 MiB, ~40 ms here); stored with each hash so it can rise later. */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

/** A PIN's slow hash, stored as `scrypt$N$r$p$salt$hash` (base64url). */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, KEY_BYTES, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` is the one `stored` was made from; compared in constant time. A malformed hash matches nothing. */
export function pinMatches(pin: string, stored: string): boolean {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  if (expected.length === 0) return false;
  const actual = scryptSync(pin, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

let noClerk: string | undefined;
/** A hash to compare against when the clerk is unknown or left: the time taken says nothing. Made at first need. */
export const noClerkHash = (): string => (noClerk ??= hashPin(randomBytes(8).toString('hex')));
