import type { Deprecation } from '../../src-shared/contract-types';

/** The instant a `YYYY-MM-DD` date starts, UTC (a sunset setting, a deprecation's `since`). */
export const startOfDayUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** RFC 9745's structured-field date: `@` and seconds since the epoch. */
export const deprecationDate = (instant: Date): string => `@${Math.floor(instant.getTime() / 1000)}`;

/**
 * The successor's address for this request. Only a valid id is echoed into it: for `/pets/abc`,
 * `/pets/0` or a parameter holding line breaks the successor is the list itself.
 */
export function successorOf(deprecation: Deprecation, params: Record<string, string>): string {
  const idsOnly = Object.values(params).every((value) => /^[1-9]\d{0,15}$/.test(value));
  return idsOnly
    ? deprecation.successor.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')
    : deprecation.successor.replace(/\?.*$/, '');
}

/**
 * The headers every answer of a deprecated operation carries: `Deprecation` (RFC 9745, a
 * structured-field date), `Sunset` (RFC 8594, an HTTP-date) and the successor link.
 */
export function deprecationHeaders(deprecation: Deprecation, params: Record<string, string>, sunsetDate: string) {
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
