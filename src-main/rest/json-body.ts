import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { StoreError } from '../../src-shared/errors';
import { inexactNumbers, type InexactNumber } from '../../src-shared/exact-numbers';
import { bodyMediaOf, mediaRefusal } from './binary-body';

declare module 'fastify' {
  interface FastifyRequest {
    /** Numbers of the JSON body that JSON.parse rounded to a whole number (set by the body parser). */
    inexactNumbers?: InexactNumber[];
  }
}

/** Refuses bytes that are not UTF-8 instead of turning them into U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The `charset` parameter of a Content-Type header, lower-cased, if any. */
const charsetOf = (contentType: string | undefined) => /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();

/**
 * The JSON body parser. The body must be uncompressed UTF-8 (anything else is 415, not a silent
 * misreading). An empty body is no body: operations that take one refuse it (request-input.ts).
 * secure-json-parse refuses `__proto__` and `constructor.prototype` keys (prototype poisoning),
 * which is a forbidden field (400 VALIDATION_FAILED), not broken JSON.
 */
export function parseJsonBody(request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void): void {
  // A route that takes a file (a photo) takes no JSON: refused unread.
  const media = bodyMediaOf(request);
  if (media) return done(mediaRefusal(media, 'type'));
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return done(new StoreError('UNSUPPORTED_MEDIA_TYPE', `Content-Encoding "${encoding.slice(0, 40)}" is not supported; send the body uncompressed`));
  }
  const charset = charsetOf(request.headers['content-type']);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return done(new StoreError('UNSUPPORTED_MEDIA_TYPE', `The body must be JSON in UTF-8, not ${charset.slice(0, 40)}`));
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return done(new StoreError('MALFORMED_JSON', 'The request body is not valid UTF-8'));
  }
  if (text.trim() === '') return done(null, undefined);
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (/prototype property/i.test((error as Error).message)) {
      const field = /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor';
      return done(new StoreError('VALIDATION_FAILED', `Invalid input: the field name "${field}" is not allowed`, [{ path: field, message: 'Forbidden field name' }]));
    }
    return done(new StoreError('MALFORMED_JSON', 'The request body is not valid JSON'));
  }
  // JSON.parse has already rounded `0.99999999999999999999` to 1: the route refuses such a body
  // together with whatever else its schema finds (an unknown field), rather than act on pet 1.
  const inexact = inexactNumbers(text);
  if (inexact.length) request.inexactNumbers = inexact;
  done(null, parsed);
}
