import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../src-shared/errors';
import { hashSecret, type TokenVerifier, type VerifiedToken } from '../service/tokens';
import { sendError } from './http-errors';
import type { RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token that authenticated this request (set by the auth hook). */
    token?: VerifiedToken;
  }
}

/** Host names the listener answers to; anything else is a DNS-rebinding attempt. */
export function allowedHostnames(boundHost: string): Set<string> {
  return new Set(['localhost', '127.0.0.1', '[::1]', boundHost.includes(':') ? `[${boundHost}]` : boundHost]);
}

/** The Host header's name without its port (IPv6 literals keep their brackets). */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

export function refuseForeignHost(request: FastifyRequest, reply: FastifyReply, allowed: Set<string>): boolean {
  if (allowed.has(hostnameOf(request.headers.host))) return false;
  sendError(reply, new StoreError('FORBIDDEN', 'This listener only answers requests addressed to its own address (Host header)'));
  return true;
}

/** The last secret presented on each connection, with its hash. */
const lastPresented = new WeakMap<object, { secret: string; hash: Buffer }>();

/**
 * The SHA-256 of a presented secret. A keep-alive client sends the same header on every request
 * of a connection: its hash is computed once per connection, not once per request. (Comparing with
 * the previous secret of the same connection tells a client nothing it did not send itself; the
 * hash is then checked against the stored hashes in constant time, as always.)
 */
function presentedHash(request: FastifyRequest, secret: string): Buffer {
  const connection = request.raw.socket as object | null;
  if (!connection) return hashSecret(secret);
  const last = lastPresented.get(connection);
  if (last && last.secret === secret) return last.hash;
  const hash = hashSecret(secret);
  lastPresented.set(connection, { secret, hash });
  return hash;
}

/**
 * Authenticates a request by its bearer token, then charges it to the token's rate budget.
 * Returns true when the request was answered (refused) here.
 */
export function refuseUnauthenticated(
  request: FastifyRequest,
  reply: FastifyReply,
  verifier: TokenVerifier,
  limiter: RateLimiter,
): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match ? verifier.verifyHash(presentedHash(request, match[1])) : undefined;
  if (!token) {
    reply.header('WWW-Authenticate', 'Bearer realm="petstore"');
    sendError(
      reply,
      new StoreError('UNAUTHORIZED', match ? 'The bearer token is unknown or revoked' : 'Send Authorization: Bearer <token>'),
    );
    return true;
  }
  const budget = limiter.take(token.id);
  reply.header('X-RateLimit-Limit', budget.limit);
  if (!budget.allowed) {
    reply.header('Retry-After', budget.retryAfterSeconds).header('X-RateLimit-Remaining', 0);
    sendError(reply, new StoreError('RATE_LIMITED', `Too many requests for this token; retry in ${budget.retryAfterSeconds} s`));
    return true;
  }
  reply.header('X-RateLimit-Remaining', budget.remaining);
  request.token = token;
  return false;
}
