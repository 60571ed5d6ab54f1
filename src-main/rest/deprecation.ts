import type { Deprecation } from '../../src-shared/contract-types';

/** When GET /pets/{petId} was deprecated: the 1.0.0 release of the REST API. */
export const DEPRECATED_SINCE = new Date('2026-11-01T00:00:00Z');

/** The sunset instant of a `YYYY-MM-DD` setting: the start of that day, UTC. */
export const sunsetInstant = (sunsetDate: string): Date => new Date(`${sunsetDate}T00:00:00Z`);

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
  const sunset = sunsetInstant(sunsetDate);
  // RFC 9745: the sunset is never before the deprecation. An owner who sets an earlier sunset
  // retires the operation then, so it was deprecated no later than that.
  const deprecated = Math.min(DEPRECATED_SINCE.getTime(), sunset.getTime());
  return {
    Deprecation: `@${Math.floor(deprecated / 1000)}`,
    Sunset: sunset.toUTCString(),
    Link: `<${successor}>; rel="successor-version"`,
  };
}
