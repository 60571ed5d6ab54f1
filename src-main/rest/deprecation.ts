import type { Deprecation } from '../../src-shared/contract-types';
import { WHOLE_NUMBER_PARAMETER } from './request-input';

/** The instant a `YYYY-MM-DD` date starts, UTC (a sunset setting, a deprecation's `since`). */
export const startOfDayUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** RFC 9745's structured-field date: `@` and seconds since the epoch. */
export const deprecationDate = (instant: Date): string => `@${Math.floor(instant.getTime() / 1000)}`;

/**
 * The successor's address for this request. Only a valid id is echoed into it, as the route reads
 * it (`/pets/0001` is pet 1): for `/pets/abc`, `/pets/0`, a parameter holding line breaks or a URL
 * the router could not read (no parameters) the successor is the list itself.
 */
export function successorOf(deprecation: Deprecation, params: Record<string, string> | undefined): string {
  const ids = new Map<string, number>();
  for (const [, name] of deprecation.successor.matchAll(/\{(\w+)\}/g)) {
    const value = params?.[name!];
    const id = value !== undefined && WHOLE_NUMBER_PARAMETER.test(value) ? Number(value) : 0;
    if (!Number.isSafeInteger(id) || id < 1) return deprecation.successor.replace(/\?.*$/, '');
    ids.set(name!, id);
  }
  return deprecation.successor.replace(/\{(\w+)\}/g, (_, name: string) => String(ids.get(name)));
}

/**
 * The headers every answer of a deprecated operation carries: `Deprecation` (RFC 9745, a
 * structured-field date), `Sunset` (RFC 8594, an HTTP-date) and the successor link.
 */
export function deprecationHeaders(deprecation: Deprecation, params: Record<string, string> | undefined, sunsetDate: string) {
  const successor = successorOf(deprecation, params);
  const sunset = startOfDayUtc(sunsetDate);
  // RFC 9745: the sunset is never before the deprecation. An owner who sets an earlier sunset
  // retires the operation then, so it was deprecated no later than that.
  const deprecated = new Date(Math.min(startOfDayUtc(deprecation.since).getTime(), sunset.getTime()));
  return {
    Deprecation: deprecationDate(deprecated),
    Sunset: sunset.toUTCString(),
    Link: `<${successor}>; rel="successor-version"`,
  };
}
