import type { z } from 'zod';
import type { Deprecation } from '../../../src-shared/contract-types';
import { PageTotal } from '../../../src-shared/schemas/common';
import { StoreSettings } from '../../../src-shared/schemas/settings';
import { API_PREFIX } from '../operation-routes';
import { RATE_LIMIT_FIELD_HEADERS } from '../rate-limit';

type Json = Record<string, unknown>;
type Convert = (schema: z.ZodType, io: 'input' | 'output') => Json;

/** The most a `Retry-After` asks to wait: the rate limit's window (60 s), for a token whose whole budget was just spent. */
const RETRY_AFTER_MAX_SECONDS = 60;

/** The longest id in decimal digits (2^53−1). */
const ID_DIGITS = String(Number.MAX_SAFE_INTEGER).length;
const ID_TEXT = `[1-9][0-9]{0,${ID_DIGITS - 1}}`;

const header = (description: string, schema: Json) => ({ description, schema });
const withoutDescription = ({ description: _description, ...schema }: Json): Json => schema;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The response headers the listener sends, as OpenAPI header objects. Those every operation shares
 * are `components.headers`, referenced from each answer; those whose words name the operation are
 * written in place.
 */
export function createHeaders(convert: Convert) {
  const perMinute = withoutDescription(convert(StoreSettings.shape.rateLimitPerMinute, 'output'));
  const components: Record<string, Json> = {
    'X-RateLimit-Limit': header(
      'Requests per minute allowed for this token (on every answer once the token was accepted; not on a 400 `MALFORMED_REQUEST` written before routing).',
      perMinute,
    ),
    'X-RateLimit-Remaining': header('Requests left in the current budget.', { ...perMinute, minimum: 0 }),
    ...RATE_LIMIT_FIELD_HEADERS,
    'Retry-After': header('Seconds to wait before trying again.', { type: 'integer', format: 'int32', minimum: 1, maximum: RETRY_AFTER_MAX_SECONDS }),
    'X-Total-Count': header('How many items match the filters, across all pages.', convert(PageTotal, 'output')),
  };
  const ref = (name: keyof typeof components) => ({ $ref: `#/components/headers/${name}` });

  return {
    components,
    rateLimit: {
      'X-RateLimit-Limit': ref('X-RateLimit-Limit'),
      'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'),
      'RateLimit-Policy': ref('RateLimit-Policy'),
      RateLimit: ref('RateLimit'),
    },
    retryAfter: ref('Retry-After'),
    totalCount: ref('X-Total-Count'),
  };
}

/** `<…>; rel="next"`: the request's own address with the next page's cursor, as long as the client's. */
export const nextPageLink = () =>
  header('`<…>; rel="next"`: the next page, when there is one.', { type: 'string', pattern: '^<[^<>]+>; rel="next"$' });

/** Where a created resource lives: `/v1/pets/{id}`. */
export const location = (collectionPath: string, description: string) => {
  const prefix = `${API_PREFIX}${collectionPath}/`;
  return header(description, { type: 'string', maxLength: prefix.length + ID_DIGITS, pattern: `^${escapeRegExp(prefix)}${ID_TEXT}$` });
};

/**
 * A deprecated operation's headers: `Deprecation` (RFC 9745, `@` and seconds since the epoch),
 * `Sunset` (RFC 8594, an HTTP-date, at 00:00 UTC) and the successor (`Link`, its id when the
 * request named a valid one, else the list itself).
 */
export function deprecationHeaders(deprecation: Deprecation, words: { deprecation: string; sunset: string }) {
  const [successorPath] = deprecation.successor.split('?');
  const query = deprecation.successor.slice(successorPath!.length);
  const link = (inner: string) => `<${inner}>; rel="successor-version"`;
  const pattern = `^${escapeRegExp(link('\u0000')).replace('\u0000', `${escapeRegExp(successorPath!)}(${escapeRegExp(query).replace(/\\\{\w+\\\}/g, ID_TEXT)})?`)}$`;
  return {
    // Seconds from the epoch to the deprecation (or an earlier sunset): 12 digits reach the year 0000.
    Deprecation: header(words.deprecation, { type: 'string', maxLength: 14, pattern: '^@-?[0-9]{1,12}$' }),
    Sunset: header(words.sunset, {
      type: 'string',
      minLength: 29,
      maxLength: 29,
      pattern: '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} 00:00:00 GMT$',
    }),
    Link: header('`<…>; rel="successor-version"`: the operation to use instead.', {
      type: 'string',
      maxLength: link(deprecation.successor.replace(/\{\w+\}/g, '0'.repeat(ID_DIGITS))).length,
      pattern,
    }),
  };
}
