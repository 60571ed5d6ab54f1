import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';

/** What a listed origin's page may send and read. */
const ALLOW_METHODS = [...new Set(OPERATION_NAMES.flatMap((name) => operationDef(name).http?.method ?? []))].join(', ');
const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID';
const EXPOSE_HEADERS = [
  'Location',
  'X-Total-Count',
  'Link',
  'Idempotent-Replayed',
  'ETag',
  'Deprecation',
  'Sunset',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'RateLimit-Policy',
  'RateLimit',
].join(', ');
/** How long a browser may reuse a preflight's answer (Chromium's own default is 5 s, so nearly every call was preflighted). */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** A CORS preflight: OPTIONS with the Origin and the method the browser asks about. */
export const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;

/**
 * CORS for the origins the owner lists, read from the settings on every request that names an
 * origin, so a change applies to the next request without restarting the listener (its kept-alive
 * connections, event streams and rate budgets go on). A request without `Origin` (every client
 * that is not a browser page) costs one header lookup. No origin listed: no CORS header at all.
 */
export function createCors(allowedOrigins: () => readonly string[]) {
  return {
    listed: (request: FastifyRequest): boolean => request.headers.origin !== undefined && allowedOrigins().includes(request.headers.origin),
    /** Lets a listed origin's page read the answer (refusals included) and the headers it needs. */
    grant(request: FastifyRequest, reply: FastifyReply): void {
      const origins = allowedOrigins();
      const origin = request.headers.origin;
      if (origins.length === 0 || origin === undefined) return;
      // The answer depends on the Origin: caches must keep one per origin.
      reply.header('vary', 'Origin');
      if (origins.includes(origin)) reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSE_HEADERS);
    },
    /** Answers a listed origin's preflight (after `grant`): which methods and headers it may send. No token is asked. */
    answerPreflight(reply: FastifyReply): void {
      reply
        .header('access-control-allow-methods', ALLOW_METHODS)
        .header('access-control-allow-headers', ALLOW_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
        .code(204)
        .header('content-length', '0')
        .send();
    },
  };
}
