import { hostname, networkInterfaces } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../src-shared/errors';
import type { OperationDef } from '../../src-shared/contract-types';
import { admit } from '../service/access';
import type { Actor } from '../service/actor';
import type { Caller } from '../service/caller';
import { toErrorBody } from '../service/errors';
import { isSessionSecret, type SessionVerifier } from '../service/session-bearer';
import type { TokenVerifier, VerifiedToken } from '../service/token-verifier';
import type { AuthThrottle } from './auth-throttle';
import { sendError } from './http-errors';
import { rateLimitField, rateLimitPolicyField, type RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token that authenticated this request (set by the auth hook); a clerk's session: its till's token. */
    token?: VerifiedToken;
    /** A till's request: the till and the clerk signed in there (undefined: the owner's token). */
    caller?: Caller;
    /** Who a till's request runs as, once let in (service/access.ts). */
    actor?: Actor;
  }
}

/** What a 401 asks for (RFC 6750): sent with every refusal of a token, and declared so in the OpenAPI document. */
export const BEARER_CHALLENGE = 'Bearer realm="petstore"';

const WILDCARDS = new Set(['0.0.0.0', '::', '::0']);

/** This machine's names as other machines address it: every interface's address, the host name. */
function ownAddresses(): Set<string> {
  const names = new Set([hostname().toLowerCase(), `${hostname().toLowerCase()}.local`]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address, family } of addresses ?? []) names.add(family === 'IPv6' ? `[${address.toLowerCase()}]` : address);
  }
  return names;
}

/**
 * Which Host names the listener answers to; anything else is a DNS-rebinding attempt (a page on
 * another site whose name was pointed at this machine). Loopback names always; the bound
 * address; and, when bound to every interface, this machine's own addresses and host name, looked
 * up again when an unknown name arrives (an interface may get its address after the start).
 */
export function allowedHostnames(boundHost: string): (hostname: string) => boolean {
  const fixed = new Set(['localhost', '127.0.0.1', '[::1]', boundHost.includes(':') ? `[${boundHost}]` : boundHost]);
  if (!WILDCARDS.has(boundHost)) return (name) => fixed.has(name);
  return (name) => fixed.has(name) || ownAddresses().has(name);
}

/** The Host header's name without its port (IPv6 literals keep their brackets). */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '');
}

/**
 * What the last request on each connection sent in its Host and Authorization headers: a
 * keep-alive client repeats them on every request, so they are checked and parsed once.
 */
const lastHeaders = new WeakMap<object, { host?: string; authorization?: string; secret?: string }>();

function connectionMemo(request: FastifyRequest) {
  const connection = request.raw.socket as object | null;
  if (!connection) return {}; // a socket already gone: nothing to remember
  let memo = lastHeaders.get(connection);
  if (!memo) lastHeaders.set(connection, (memo = {}));
  return memo;
}

export function refuseForeignHost(request: FastifyRequest, reply: FastifyReply, allowed: (hostname: string) => boolean): boolean {
  // An absolute-form target ("GET http://evil.example/v1/pets") names the host the client meant,
  // whatever the Host header says (RFC 9112 §3.2.2): it is checked the same way. Origin-form starts with "/".
  if (request.raw.url!.charCodeAt(0) !== 47 && !targetHostAllowed(request.raw.url!, allowed)) {
    sendError(reply, new StoreError('FORBIDDEN', 'This listener only answers requests addressed to its own address (request target)'));
    return true;
  }
  const host = request.headers.host;
  const memo = connectionMemo(request);
  if (host !== undefined && host === memo.host) return false;
  if (host === undefined) {
    sendError(reply, new StoreError('MALFORMED_REQUEST', 'The request has no Host header (HTTP/1.1 requires one)'));
    return true;
  }
  if (allowed(hostnameOf(host))) {
    memo.host = host;
    return false;
  }
  sendError(reply, new StoreError('FORBIDDEN', 'This listener only answers requests addressed to its own address (Host header)'));
  return true;
}

/** Whether an absolute-form request target names an allowed host (`*`, OPTIONS' asterisk-form, names none). */
function targetHostAllowed(target: string, allowed: (hostname: string) => boolean): boolean {
  if (target === '*') return true;
  try {
    return allowed(hostnameOf(new URL(target).host));
  } catch {
    return false;
  }
}

/** The secret of an `Authorization: Bearer <secret>` header. */
function bearerSecret(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return undefined;
  const memo = connectionMemo(request);
  if (authorization !== memo.authorization) {
    memo.authorization = authorization;
    memo.secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  }
  return memo.secret;
}

/**
 * Authenticates a request by its bearer token or a clerk's session secret (its till's token then),
 * then charges it to the token's rate budget. A secret that proves nothing counts against the
 * client's address (auth-throttle.ts), which is refused for a while after too many. Returns true
 * when the request was answered (refused) here.
 */
export function refuseUnauthenticated(
  request: FastifyRequest,
  reply: FastifyReply,
  verifier: TokenVerifier,
  limiter: RateLimiter,
  throttle: AuthThrottle,
  sessions?: SessionVerifier,
): boolean {
  const secret = bearerSecret(request);
  const connection = request.raw.socket as object | null;
  let token: VerifiedToken | undefined;
  let caller: Caller | undefined;
  if (secret !== undefined && sessions && isSessionSecret(secret)) {
    // A session of the server's desk (no till) is never a bearer: it stays in its host.
    const session = sessions.verify(secret);
    if (session && session.tillTokenId !== null) {
      token = { id: session.tillTokenId, scope: 'till' };
      caller = session.caller;
    }
  } else {
    token = secret === undefined ? undefined : connection ? verifier.verifyOnConnection(connection, secret) : verifier.verify(secret);
    if (token?.scope === 'till') caller = { kind: 'till', till: sessions?.tillOfToken(token.id) ?? null, session: null };
  }
  if (!token) {
    // Only a wrong secret is a guess; a request without one (a browser, a monitor) gets its 401.
    const failure = secret === undefined ? undefined : throttle.failed(request.ip ?? '');
    if (failure?.throttled) {
      reply.header('Retry-After', failure.retryAfterSeconds);
      sendError(reply, new StoreError('AUTH_THROTTLED', `Too many failed authentications from this address; retry in ${failure.retryAfterSeconds} s`));
      return true;
    }
    reply.header('WWW-Authenticate', BEARER_CHALLENGE);
    sendError(reply, secret !== undefined && sessions && isSessionSecret(secret) ? sessionEnded() : unknownToken(secret));
    return true;
  }
  const budget = limiter.take(token.id);
  reply.header('x-ratelimit-limit', budget.limit).header('ratelimit-policy', rateLimitPolicyField(budget.limit));
  if (!budget.allowed) {
    reply
      .header('Retry-After', budget.retryAfterSeconds)
      .header('x-ratelimit-remaining', 0)
      .header('ratelimit', rateLimitField(0, budget.retryAfterSeconds));
    sendError(reply, new StoreError('RATE_LIMITED', `Too many requests for this token; retry in ${budget.retryAfterSeconds} s`));
    return true;
  }
  reply.header('x-ratelimit-remaining', budget.remaining).header('ratelimit', rateLimitField(budget.remaining, budget.resetSeconds));
  request.token = token;
  request.caller = caller;
  return false;
}

/** A session secret that opens nothing now: the till signs its clerk in again (its own token may still be good). */
const sessionEnded = () =>
  new StoreError('SIGN_IN_REQUIRED', "The clerk's session has ended (signed out, 12 hours, a new PIN or role, logins off, or the till revoked): sign in again");

const unknownToken = (secret: string | undefined) =>
  new StoreError('UNAUTHORIZED', secret !== undefined ? 'The bearer token is unknown or revoked' : 'Send Authorization: Bearer <token>');

/**
 * Lets a till's request in to its operation or refuses it, before its body is read (service/access.ts):
 * SIGN_IN_REQUIRED is told as any 401 (the challenge, no budget), FORBIDDEN as any 403.
 */
export function refuseCaller(request: FastifyRequest, reply: FastifyReply, def: OperationDef, clerkLogins: () => boolean): boolean {
  try {
    request.actor = admit(def, request.caller!, clerkLogins);
    return false;
  } catch (error) {
    const body = toErrorBody(error);
    if (body.status === 401) {
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'ratelimit', 'ratelimit-policy']) reply.removeHeader(name);
      reply.header('WWW-Authenticate', BEARER_CHALLENGE);
    }
    sendError(reply, body);
    return true;
  }
}

/** Whether a verified token may call an operation that writes: `write` and a paired till's (`till`) may. */
export const mayWrite = (token: VerifiedToken): boolean => token.scope !== 'read';

/**
 * A till's pairing (`POST /v1/tills/pair`, no token) or a clerk's sign-in from an address that used
 * up its failed authentications is refused before its proof or PIN is checked (docs/decisions.md#pairing-a-till).
 */
export function refuseThrottledPairing(request: FastifyRequest, reply: FastifyReply, throttle: AuthThrottle): boolean {
  const wait = throttle.waitFor(request.ip ?? '');
  if (wait === undefined) return false;
  reply.header('Retry-After', wait);
  sendError(reply, new StoreError('AUTH_THROTTLED', `Too many failed authentications from this address; retry in ${wait} s`));
  return true;
}

/** A refused pairing (its 403: a wrong, used or expired code) counts as a failed authentication of its address. */
export function countRefusedPairing(request: FastifyRequest, reply: FastifyReply, throttle: AuthThrottle): void {
  if (reply.statusCode === 403) throttle.failed(request.ip ?? '');
}
