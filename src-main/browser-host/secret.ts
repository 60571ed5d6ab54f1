/**
 * The browser host's secret: made at each start, part of the address it prints, kept by its page
 * (bridge-script.ts) and checked on every call and on the event stream. Without it any local
 * process or user could call the store through the host.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The header the page's calls carry the secret in. */
export const SECRET_HEADER = 'X-Petstore-Secret';
/** The query parameter of the printed address and of the event stream (EventSource sends no headers). */
export const SECRET_PARAM = 'secret';

/** 32 random bytes, base64url (43 characters, safe in a URL as they are). */
export const makeSecret = (): string => randomBytes(32).toString('base64url');

/** Whether `presented` is the secret, compared in constant time (a header or parameter may be absent or repeated). */
export function secretMatches(secret: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(secret);
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
