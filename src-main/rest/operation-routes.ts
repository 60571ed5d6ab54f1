import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_NAMES, operationDef, type OperationName } from '../../src-shared/contract';
import type { OperationDef } from '../../src-shared/contract-types';
import { StoreError, validationError, validationFailed, type ErrorBody } from '../../src-shared/errors';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { runAs } from '../service/actor';
import { runForCaller } from '../service/caller';
import type { Handlers } from '../service/handler-types';
import { ThrottledError } from '../service/pin-throttle';
import { toErrorBody } from '../service/errors';
import { successorOf, startOfDayUtc } from './deprecation';
import { ReplayedAnswer, idempotentHandler } from './idempotency-key';
import { streamEvents, type OpenStreams, type StreamOptions } from './events-stream';
import { sendError } from './http-errors';
import type { RequestCommits, RestStore } from './rest-store';
import { COMPRESS_FROM_LENGTH, sendCompressible } from './compression';
import { answerNotModified, entityTag, isSingleResourceRead } from './entity-tag';
import { rawInput } from './request-input';
import type { ParsedQuery } from './query-string';
import type { InexactNumber } from '../../src-shared/exact-numbers';
import type { BinaryFile } from '../../src-shared/schemas/binary';

export const API_PREFIX = '/v1';

/** `/pets/{petId}` → Fastify's `/pets/:petId`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export interface MountDeps {
  store: RestStore;
  handlers: Partial<Handlers>;
  settings: () => StoreSettings;
  streams: OpenStreams;
  stream: StreamOptions;
  /** How long a write waits for another process's write lock before SERVICE_BUSY (default: the busy timeout). */
  busyWaitMs?: number;
  /** Whether the token that opened a request is still valid (long-lived event streams ask again). */
  stillAuthorized: (request: FastifyRequest) => boolean;
  /** Told of each wrong PIN of a sign-in. */
  pinRefused: (request: FastifyRequest) => void;
}

/**
 * Mounts every contract operation that has an HTTP binding, in one loop: the route, its input
 * assembled from path, query and body and parsed by the contract's schema, the handler, and the
 * answer's status and headers (paging, Location, deprecation) as the binding declares.
 */
export function mountOperations(app: FastifyInstance, deps: MountDeps): void {
  for (const name of OPERATION_NAMES) {
    const def = operationDef(name);
    if (!def.http) continue;
    const urls = [API_PREFIX + def.http.path];
    if (def.http.auth === 'none') urls.push(def.http.path); // public endpoints also unversioned (/health)
    for (const url of urls) {
      app.route({
        method: def.http.method,
        url: fastifyPath(url),
        config: { operation: name },
        // A route that takes a file reads up to its size; every other body stops at 64 KiB (app.ts).
        ...(def.http.bodyMedia ? { bodyLimit: def.http.bodyMedia.maxBytes } : {}),
        handler: (request, reply) => answer(name, def, request, reply, deps),
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves. */
    operation?: OperationName;
  }
}

/**
 * Answers one request. Synchronous when the handler is (the store's are): no promise and no
 * microtask hop per request; a handler that answers later (the listener's own) is awaited.
 */
function answer(
  name: OperationName,
  def: OperationDef,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: MountDeps,
): Promise<void> | void {
  const params = request.params as Record<string, string>;
  // A till's request (an owner's token has none) was let in by the guard (auth.ts refuseCaller) as this actor.
  const { caller, actor } = request;
  if (def.deprecated) {
    // The Deprecation, Sunset and Link headers were set by the onRequest hook, for every answer.
    const { sunsetDate } = deps.settings();
    if (Date.now() >= startOfDayUtc(sunsetDate).getTime()) {
      sendError(reply, new StoreError('OPERATION_SUNSET', `This operation was retired on ${sunsetDate}; use GET ${successorOf(def.deprecated, params)}`));
      return;
    }
  }
  let raw: unknown;
  try {
    raw = rawInput(def, { params, query: request.query as ParsedQuery, body: request.body });
  } catch (error) {
    sendError(reply, toErrorBody(error));
    return;
  }
  const parsed = def.input.safeParse(raw);
  if (!parsed.success || request.inexactNumbers) {
    // Paths of body fields are given within the body, as the client wrote it (`categoryId`, not `pet.categoryId`).
    const schemaError = parsed.success ? undefined : validationError(parsed.error, { within: def.http!.body === '*' ? undefined : def.http!.body });
    sendError(reply, withInexactNumbers(schemaError, request.inexactNumbers));
    return;
  }

  const { commits } = deps.store;
  if (def.http!.stream === 'sse') {
    const { after = 0 } = parsed.data as { after?: number };
    return streamEvents(deps.store, request, reply, after, () => deps.stillAuthorized(request), request.token?.id, deps.streams, deps.stream);
  }

  let handler = deps.handlers[name as keyof Handlers] as ((input: unknown) => unknown) | undefined;
  if (!handler) {
    sendError(reply, new StoreError('NOT_FOUND', 'No such operation'));
    return;
  }
  if (def.http!.idempotencyKey) {
    // A create a client may retry: with an Idempotency-Key it runs once per key (idempotency-key.ts).
    const keyed = idempotentHandler(deps.store, name, def, request, handler);
    if (keyed instanceof StoreError) {
      sendError(reply, keyed);
      return;
    }
    handler = keyed;
  }
  if (caller) {
    // Run as the till and its clerk: what the handler records names them (service/actor.ts).
    const own = handler;
    handler = (input) => runForCaller(caller, () => runAs(actor!, () => own(input)));
  }
  if (!def.mutates) return handle(def, handler, parsed.data, request, reply, commits, deps);
  // A write needs the write lock: while another process (a CLI import) holds it, this request
  // waits without stopping the server; past the deadline it is SERVICE_BUSY.
  let writable: boolean;
  try {
    writable = commits.tryOpen();
  } catch (error) {
    return refuse(reply, toErrorBody(error));
  }
  if (writable) return handle(def, handler, parsed.data, request, reply, commits, deps);
  // Not returned to Fastify: the answer is sent later, and a promise that settled first would make
  // Fastify answer for us.
  void commits.open(deps.busyWaitMs).then(
    () => handle(def, handler, parsed.data, request, reply, commits, deps),
    (error: unknown) => refuse(reply, toErrorBody(error)),
  );
}

/** Runs the handler inside the open batch (if any) and answers, once the batch is on disk. */
function handle(
  def: OperationDef,
  handler: (input: unknown) => unknown,
  input: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  commits: RequestCommits,
  deps: Pick<MountDeps, 'pinRefused'>,
): Promise<void> | void {
  let data: unknown;
  try {
    // A read with no batch open runs as it would alone (the common case: no closure, no bookkeeping).
    data = def.mutates || commits.isOpen ? commits.join(def.mutates, () => handler(input)) : handler(input);
  } catch (error) {
    // A refusal inside a batch waits too: it may rest on the batch's earlier work (the last unit sold).
    const refusal = refusalOf(error, request, reply, deps);
    return commits.hold((failure) => (failure && !def.mutates ? readAgain() : refuse(reply, failure ?? refusal)));
  }
  if (commits.isOpen) {
    // Group commit: the answer goes once the batch is on disk (see service/group-commit.ts).
    const result = data;
    return commits.hold((failure) => void (!failure ? deliver(def, request, reply, result, deps) : def.mutates ? refuse(reply, failure) : readAgain()));
  }
  return deliver(def, request, reply, data, deps);

  /**
   * A read that joined a batch which then failed saw work that is gone: it runs again, now alone,
   * so reads go on answering while writes fail (a full disk).
   */
  function readAgain(): void {
    void handle(def, handler, input, request, reply, commits, deps);
  }
}

/** Sends the handler's result, awaiting it first if it answers later (on PostgreSQL). */
function deliver(def: OperationDef, request: FastifyRequest, reply: FastifyReply, data: unknown, deps: Pick<MountDeps, 'pinRefused'>): void {
  if (isThenable(data)) {
    // Not returned to Fastify: sending may itself finish later (a compressed answer), and a promise
    // that settled first would make Fastify answer for us, with an empty body.
    void Promise.resolve(data).then(
      (settled: unknown) => succeed(def, request, reply, settled),
      (error: unknown) => refuse(reply, refusalOf(error, request, reply, deps)),
    );
    return;
  }
  succeed(def, request, reply, data);
}

/** A handler's failure as an Error object; a throttled sign-in says when to retry, and a wrong PIN counts against its address. */
function refusalOf(error: unknown, request: FastifyRequest, reply: FastifyReply, deps: Pick<MountDeps, 'pinRefused'>): ErrorBody {
  const refusal = toErrorBody(error);
  if (error instanceof ThrottledError) reply.header('Retry-After', error.retryAfterSeconds);
  if (refusal.code === 'PIN_INCORRECT') deps.pinRefused(request);
  return refusal;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** A handler's failure as an Error object; a busy database asks the client to retry. */
function refuse(reply: FastifyReply, body: ErrorBody): void {
  if (body.status === 503) reply.header('Retry-After', 1);
  sendError(reply, body);
}

/** The handler's result with the status and headers the binding declares. */
function succeed(def: OperationDef, request: FastifyRequest, reply: FastifyReply, data: unknown): void {
  const http = def.http!;
  if (data instanceof ReplayedAnswer) {
    // A retry with the same Idempotency-Key: the first answer again, as it was sent.
    reply.code(data.status).header('idempotent-replayed', 'true');
    if (http.success === 201) reply.header('location', locationOf(http.path, request, JSON.parse(data.body)));
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.send(data.body);
    return;
  }
  // Set even when it is 200, Node's default: every answer's response object then gains its own
  // statusCode before writeHead adds statusMessage, as a 201 or a refusal's does. One shape for
  // every answer keeps Node's HTTP code monomorphic; two (a 200 set last) cost a pet by id about
  // 2 µs (7%) once orders had been answered (bench/README.md, "Lessons that still decide the code").
  reply.code(http.success);
  if (http.success === 204) {
    reply.send();
    return;
  }
  if (http.success === 201) reply.header('location', locationOf(http.path, request, data));
  if (http.answerMedia) return sendFile(def, request, reply, data as BinaryFile);
  if (http.paged) {
    const page = data as { items: unknown[]; nextCursor: string | null; total: number };
    reply.header('x-total-count', page.total);
    if (page.nextCursor) reply.header('link', `<${nextPageUrl(request, page.nextCursor)}>; rel="next"`);
    data = page.items;
  }
  // Our own service built the answer: it needs no validation on the way out.
  const body = JSON.stringify(data);
  // One resource read is tagged for revalidation (entity-tag.ts); lists and writes are not.
  if (!http.paged && SINGLE_RESOURCE_READS.has(def) && answerNotModified(request, reply, entityTag(body), 'private, no-cache')) return;
  // (Header names in lower case, as Fastify stores them.)
  reply.header('content-type', 'application/json; charset=utf-8');
  if (body.length < COMPRESS_FROM_LENGTH) reply.send(body);
  else sendCompressible(request, reply, body, (error) => sendError(reply, toErrorBody(error)));
}

/** A file answer (a photo): its bytes with its type; tagged for revalidation as one resource's JSON is. */
function sendFile(def: OperationDef, request: FastifyRequest, reply: FastifyReply, { contentType, bytes }: BinaryFile): void {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (SINGLE_RESOURCE_READS.has(def) && answerNotModified(request, reply, entityTag(body), 'private, no-cache')) return;
  // Images are compressed already: sent as they are.
  reply.header('content-type', contentType).send(body);
}

/** The operations whose answers carry an ETag. */
const SINGLE_RESOURCE_READS = new Set(OPERATION_NAMES.map(operationDef).filter(isSingleResourceRead));

/**
 * Where a created resource is: its collection's path and its id. A collection under another
 * resource (a sale's refunds) takes that one's id from the created resource (`saleId`), else as the request named it.
 */
const locationOf = (path: string, request: FastifyRequest, created: unknown) => {
  const resource = created as Record<string, unknown>;
  const params = request.params as Record<string, string>;
  const collection = path.includes('{') ? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(resource[name] ?? params[name]))) : path;
  return `${API_PREFIX}${collection}/${resource.id as number}`;
};

/** The same request with the next cursor: filters and limit are kept. */
function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return url.pathname + url.search;
}

/**
 * The refusal of a body holding numbers JSON.parse rounded (`0.99999999999999999999`), with what
 * the schema found besides (an unknown field is still named); the schema's other words on those
 * same fields (read as rounded, or as Infinity: "Must be a number") are dropped.
 */
function withInexactNumbers(schemaError: StoreError | undefined, inexact: InexactNumber[] | undefined): StoreError {
  if (!inexact) return schemaError!;
  const paths = new Set(inexact.map((number) => number.path));
  const besides = (schemaError?.details ?? []).filter((detail) => !paths.has(detail.path) || detail.message.startsWith('Unknown field'));
  return validationFailed([...inexact, ...besides]);
}
