import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type onRequestHookHandler, type onResponseHookHandler } from 'fastify';
import { StoreError } from '../../src-shared/errors';
import { OPERATION_NAMES, operationDef, type OperationName } from '../../src-shared/contract';
import type { OperationDef } from '../../src-shared/contract-types';
import type { Handlers } from '../service/handler-types';
import type { Store } from '../service/store';
import { allowedHostnames, countRefusedPairing, mayWrite, refuseCaller, refuseForeignHost, refuseThrottledPairing, refuseUnauthenticated } from './auth';
import { createCors, isPreflight } from './cors';
import { SSE_HEARTBEAT_MS, type OpenStreams } from './events-stream';
import { answerUnparsableRequest, errorBodyFor, sendError, setEveryAnswerHeaders } from './http-errors';
import { parseJsonBody } from './json-body';
import { BINARY_BODY_TYPES, bodyMediaOf, parseBinaryBody } from './binary-body';
import { deprecationHeaders } from './deprecation';
import { API_PREFIX, mountOperations } from './operation-routes';
import { createDocuments } from './documents';
import { parseQueryString } from './query-string';
import { sqliteRestStore, type RestStore } from './rest-store';

export const MAX_BODY_BYTES = 64 * 1024;

export interface RestAppOptions {
  /** A SQLite store, or either engine's as the listener serves it (rest-store.ts). */
  store: Store | RestStore;
  /** The store's handlers plus, in the app, the listener's own. */
  handlers?: Partial<Handlers>;
  /** The address the listener binds (for the Host check). */
  host: string;
  /** A write token held in memory only (PETSTORE_API_TOKEN). */
  presetToken?: string;
  /** Seconds between SSE heartbeats. */
  heartbeatMs?: number;
  /** How often an open event stream checks that its token is still valid (default 1 s). */
  authCheckMs?: number;
  /** How long a write waits for another process's write lock before SERVICE_BUSY (default: the busy timeout, 5 s). */
  busyWaitMs?: number;
  /** How long a client may take to send a whole request (408 REQUEST_TIMEOUT after). */
  requestTimeoutMs?: number;
  /** Speak HTTPS with this key and certificate (PEM); plain HTTP without. */
  tls?: { key: string; cert: string };
}

export interface RestApp {
  app: FastifyInstance;
  /** Ends open event streams so that `app.close()` can finish. */
  endStreams(): void;
  /** From now on every new request is refused with 503 SERVICE_BUSY (the listener is stopping). */
  refuseNewRequests(): void;
}

/**
 * The REST listener's application: host check, bearer auth with scopes and a rate budget, the
 * contract's operations under /v1, the OpenAPI document and its reference page. Every failure
 * is an Error object; nothing a client sends can produce a 5xx or a stack trace.
 */
export async function buildRestApp(options: RestAppOptions): Promise<RestApp> {
  const store = isRestStore(options.store) ? options.store : sqliteRestStore(options.store);
  const { settings } = store;
  const verifier = store.tokenVerifier(options.presetToken);
  const sessions = store.sessionVerifier();
  const clerkLogins = () => settings().clerkLogins;
  const limiter = store.rateLimiter(store.rateLimitPerMinute);
  const throttle = store.authThrottle();
  const hosts = allowedHostnames(options.host);
  const streams: OpenStreams = new Map();
  const cors = createCors(() => settings().allowedOrigins);

  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Set once the guard and the routes exist (below); the router calls it for a URL it cannot read.
  let guardUnrouted: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false;
  // Node checks request deadlines on this interval; a slow client is refused within it.
  // A missing Host is answered by our own check (an Error object, not Node's bare 400); repeated
  // headers are joined, so two Host or Authorization headers can never pass as the first alone.
  const httpOptions = {
    headersTimeout: requestTimeout,
    connectionsCheckingInterval: Math.min(1000, requestTimeout),
    requireHostHeader: false,
    joinDuplicateHeaders: true,
  };
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    logger: false,
    requestTimeout,
    http: httpOptions,
    // HTTPS takes the same HTTP options beside its key (Fastify passes `http` to plain HTTP only).
    ...(options.tls ? { https: { ...httpOptions, key: options.tls.key, cert: options.tls.cert } } : {}),
    // Requests that arrive while the listener stops are refused by the guard, as Error objects.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
    // What the router and Node's HTTP parser refuse is answered with Error objects too, after the
    // checks the route would have run (a caller without a token learns nothing else).
    frameworkErrors: (error, request, reply) => {
      if (!guardUnrouted(request, reply)) sendError(reply, errorBodyFor(error));
    },
    clientErrorHandler: answerUnparsableRequest,
  });

  // JSON only: drop Fastify's text/plain parser, so any other body type answers 415; our JSON
  // parser tells a forbidden field name (__proto__) from text that is not JSON.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  // Files (a photo) for the operations that take one; every route checks the kind it takes (binary-body.ts).
  if (BINARY_BODY_TYPES.length) app.addContentTypeParser(BINARY_BODY_TYPES, { parseAs: 'buffer' }, parseBinaryBody);

  /**
   * The checks before a route's handler: Host, then (unless the route is public) the bearer token,
   * its rate budget and its scope. Returns true when it answered (refused) the request.
   */
  let closing = false;
  const guard = (request: FastifyRequest, reply: FastifyReply, route: GuardedRoute): boolean => {
    setEveryAnswerHeaders(reply);
    const { def } = route;
    // A deprecated operation says so on every answer, refusals included.
    if (def?.deprecated) reply.headers(deprecationHeaders(def.deprecated, request.params as Record<string, string>, settings().sunsetDate));
    if (closing) {
      reply.header('Retry-After', 1).header('Connection', 'close');
      sendError(reply, new StoreError('SERVICE_BUSY', 'The server is shutting down; retry shortly'));
      return true;
    }
    if (refuseForeignHost(request, reply, hosts)) return true;
    // A browser page's request, from here on its answers (refusals too) readable by a listed origin.
    if (request.headers.origin !== undefined) cors.grant(request, reply);
    // A till's pairing has no token yet: an address that failed too often waits first.
    if (route.pairing) return refuseThrottledPairing(request, reply, throttle);
    if (route.isPublic) return false;
    if (refuseUnauthenticated(request, reply, verifier, limiter, throttle, sessions)) return true;
    // A clerk's sign-in from an address that guessed too often waits before its PIN is checked.
    if (route.signIn && refuseThrottledPairing(request, reply, throttle)) return true;
    if (def?.mutates && !mayWrite(request.token!)) {
      sendError(reply, new StoreError('FORBIDDEN', 'This token may only read (scope "read"); this operation writes'));
      return true;
    }
    // A till's request: may it call this operation with or without a clerk signed in?
    if (def && request.caller && refuseCaller(request, reply, def, clerkLogins)) return true;
    return false;
  };

  // Every route gets its guard as its own onRequest hook, made once from what the route serves
  // (no lookup of the route's options per request). Callback style: it finishes synchronously, so
  // no promise or microtask per request; a hook that answered does not call `done`, ending the chain.
  app.decorateRequest('token', undefined);
  app.decorateRequest('caller', undefined);
  app.decorateRequest('actor', undefined);
  app.decorateRequest('inexactNumbers', undefined);
  app.addHook('onRoute', (options) => {
    const route = guardedRoute(options.config?.operation, options.url ?? '');
    const guarded = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      let answered: boolean;
      try {
        answered = guard(request, reply, route);
      } catch (error) {
        return done(error as Error);
      }
      if (!answered) done();
    };
    const hook: onRequestHookHandler = (request, reply, done) => {
      // On PostgreSQL, after a change of tokens, settings or sessions, the guard waits for them to be read again.
      const reading = store.current();
      if (!reading) return guarded(request, reply, done);
      reading.then(
        () => guarded(request, reply, done),
        (error: unknown) => done(error as Error),
      );
    };
    options.onRequest = [hook, ...(options.onRequest === undefined ? [] : [options.onRequest].flat())];
    // A refused pairing counts as a failed authentication of its address.
    if (route.pairing) {
      const counted: onResponseHookHandler = (request, reply, done) => {
        countRefusedPairing(request, reply, throttle);
        done();
      };
      options.onResponse = [counted, ...(options.onResponse === undefined ? [] : [options.onResponse].flat())];
    }
  });

  mountOperations(app, {
    store,
    handlers: options.handlers ?? store.handlers,
    settings,
    streams,
    busyWaitMs: options.busyWaitMs,
    // A wrong PIN over REST is also a failed authentication of its address.
    pinRefused: (request) => void throttle.failed(request.ip ?? ''),
    stream: { heartbeatMs: options.heartbeatMs ?? SSE_HEARTBEAT_MS, authCheckMs: options.authCheckMs },
    stillAuthorized: (request) => request.token === undefined || verifier.isActive(request.token.id),
  });

  // Tagged for revalidation and compressed once per version (documents.ts).
  const documents = createDocuments(() => settings().sunsetDate);
  for (const url of DOCUMENT_PATHS.openapi) app.get(url, documents.openapi);
  for (const url of DOCUMENT_PATHS.docs) app.get(url, documents.docs);

  const routes = knownRoutes();
  // The path as sent (no `.`/`..` resolution, no `//` read as a host): the router matched that, so
  // telling 405 from 404 must too, and a 404 names what the client asked for.
  // An absolute-form target (`GET http://host/v1/pets`, which Node accepts) is judged by its path.
  const pathOf = (request: FastifyRequest) =>
    request.url.replace(ABSOLUTE_FORM_ORIGIN, '').split(/[?#]/, 1)[0]!.replace(/(.)\/$/, '$1');
  // No route ran, so no route guard did: unknown paths under /v1 ask for a token before saying more;
  // a public path (/v1/health) says 405 to anyone, as its GET answers anyone.
  const unroutedGuard = (request: FastifyRequest, path: string, matching: KnownRoute[]): GuardedRoute => {
    // Every GET route answers HEAD too.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const same = matching.find((route) => route.method === method);
    if (same) return guardedRoute(same.operation, same.path);
    return matching.length > 0 && matching.every((route) => route.isPublic) ? { isPublic: true } : guardedRoute(undefined, path);
  };
  guardUnrouted = (request, reply) => {
    const path = pathOf(request);
    return guard(request, reply, unroutedGuard(request, path, routes.filter((route) => route.pattern.test(path))));
  };
  app.setNotFoundHandler((request, reply) => {
    // On PostgreSQL, after a change of tokens, settings or sessions, the guard waits for them to be read again.
    const reading = store.current();
    if (!reading) return answerUnrouted(request, reply);
    void reading.then(
      () => answerUnrouted(request, reply),
      (error: unknown) => sendError(reply, errorBodyFor(error as Error)),
    );
  });
  function answerUnrouted(request: FastifyRequest, reply: FastifyReply): void {
    // A listed origin's preflight (no route has OPTIONS) is answered once the Host is checked (DNS
    // rebinding); any other OPTIONS is a method the path does not allow.
    if (isPreflight(request) && cors.listed(request)) {
      if (!guard(request, reply, { isPublic: true })) cors.answerPreflight(reply);
      return;
    }
    const path = pathOf(request);
    const matching = routes.filter((route) => route.pattern.test(path));
    const allowed = matching.map((route) => route.method);
    if (guard(request, reply, unroutedGuard(request, path, matching))) return;
    if (allowed.length) {
      // Every GET route answers HEAD too (Fastify's head routes).
      const methods = [...new Set(allowed.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])))];
      reply.header('Allow', methods.join(', '));
      sendError(reply, new StoreError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${methods.join(' or ')}`));
      return;
    }
    sendError(reply, new StoreError('NOT_FOUND', `There is nothing at ${path.slice(0, 200)}`));
  }

  // A route that takes a file says its own limit and types when the parser refuses a body.
  app.setErrorHandler((error, request, reply) => sendError(reply, errorBodyFor(error as Error, bodyMediaOf(request))));

  return {
    app,
    endStreams: () => [...streams.keys()].forEach((end) => end()),
    refuseNewRequests: () => (closing = true),
  };
}

/** The `http://host:port` of an absolute-form request target. */
const ABSOLUTE_FORM_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

interface GuardedRoute {
  def?: OperationDef;
  /** A till's pairing (no token; its failures are throttled per address). */
  pairing?: boolean;
  /** A clerk's sign-in (its wrong PINs count in the address's throttle too). */
  signIn?: boolean;
  isPublic: boolean;
}

/**
 * The OpenAPI document and its reference page, at the root and under /v1. The brief says every /v1
 * route needs a token (only /health is exempt), so the root copies are the public ones: an
 * integrator reads the document before holding a token.
 */
const DOCUMENT_PATHS = {
  openapi: ['/openapi.json', `${API_PREFIX}/openapi.json`],
  docs: ['/docs', `${API_PREFIX}/docs`],
};
const PUBLIC_DOCUMENTS = new Set(['/openapi.json', '/docs']);

/** What a route's guard needs to know: its operation, and whether it asks for a token. */
function guardedRoute(operation: OperationName | undefined, url: string): GuardedRoute {
  const def = operation ? operationDef(operation) : undefined;
  // Outside the contract: everything outside /v1 is public; under /v1 (the documents' copies, an
  // unknown path, a CORS preflight) a token is needed.
  const isPublic = def ? def.http?.auth === 'none' : !url.startsWith(`${API_PREFIX}/`);
  return { def, isPublic, pairing: operation === 'tills.pair', signIn: operation === 'sessions.start' };
}

interface KnownRoute {
  path: string;
  pattern: RegExp;
  method: string;
  isPublic: boolean;
  operation?: OperationName;
}

/** Every route's path pattern, method and operation, for telling 405 from 404 and guarding a URL the router could not read. */
function knownRoutes(): KnownRoute[] {
  const documents = [...DOCUMENT_PATHS.openapi, ...DOCUMENT_PATHS.docs];
  const routes: Omit<KnownRoute, 'pattern'>[] = documents.map((path) => ({ path, method: 'GET', isPublic: PUBLIC_DOCUMENTS.has(path) }));
  for (const operation of OPERATION_NAMES) {
    const http = operationDef(operation).http;
    if (!http) continue;
    const isPublic = http.auth === 'none';
    routes.push({ path: API_PREFIX + http.path, method: http.method, isPublic, operation });
    if (isPublic) routes.push({ path: http.path, method: http.method, isPublic, operation });
  }
  return routes.map((route) => ({
    ...route,
    pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
}

/** A store as the listener serves it (rest-store.ts), rather than a SQLite Store to wrap. */
const isRestStore = (store: Store | RestStore): store is RestStore => 'engine' in store;
