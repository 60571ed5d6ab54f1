import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../src-shared/errors';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { toErrorBody } from '../service/errors';
import { sendError } from './http-errors';
import type { EventLog, RestStore } from './rest-store';

export interface StreamOptions {
  heartbeatMs: number;
  /** How often an open stream checks that its token is still valid (a revocation ends it). */
  authCheckMs?: number;
}

/**
 * Open streams (each one's `end`, and the id of the token that opened it), so that shutdown can end
 * them instead of waiting for clients to leave, and so that one token cannot hold open any number.
 */
export type OpenStreams = Map<() => void, number | undefined>;

/** Streams one token may hold open at once: a browser tab or a sync job needs one. */
export const MAX_STREAMS_PER_TOKEN = 20;
const NOT_AN_EVENT_ID = `must be the id of an event: a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;
/** A comment line this often keeps proxies and clients from taking a quiet stream for a dead one. */
export const SSE_HEARTBEAT_MS = 15_000;
/** How long a client's EventSource waits before reconnecting (the stream's `retry:` line). */
export const SSE_RETRY_MS = 2000;

/** Events read from the log and written at once before a replay lets other requests in. */
export const REPLAY_BATCH = 200;

/** `Last-Event-ID` as an event id; `undefined` when absent, `null` when it is not one. */
function lastEventId(request: FastifyRequest): number | undefined | null {
  const header = request.headers['last-event-id'];
  if (header === undefined) return undefined;
  const value = typeof header === 'string' && /^\d{1,16}$/.test(header.trim()) ? Number(header.trim()) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * GET /v1/events: the persisted change log as Server-Sent Events. Replays what came after
 * `Last-Event-ID` (or `?after=`), then follows live. Every push reads the log itself, so the
 * stream has no gaps and no duplicates whatever the timing of commits. The stream ends as soon as
 * `stillAuthorized` says no (its token was revoked, by this process or another), asked once what
 * the store keeps for it is current (`store.current()`: PostgreSQL's is read again after a change).
 */
export function streamEvents(
  store: Pick<RestStore, 'engine' | 'events' | 'current'>,
  request: FastifyRequest,
  reply: FastifyReply,
  after: number,
  stillAuthorized: () => boolean,
  owner: number | undefined,
  streams: OpenStreams,
  options: StreamOptions,
): void {
  const resumeFrom = lastEventId(request);
  if (resumeFrom === null) {
    sendError(
      reply,
      new StoreError('VALIDATION_FAILED', `Invalid input: Last-Event-ID: ${NOT_AN_EVENT_ID}`, [{ path: 'Last-Event-ID', message: NOT_AN_EVENT_ID }]),
    );
    return;
  }
  const from = Math.max(resumeFrom ?? 0, after);
  const log = store.events;
  const newest = log.latestId();
  // On PostgreSQL the newest id comes later: the stream opens once it has.
  if (typeof newest !== 'number') {
    void newest.then(
      (id) => open(id),
      (error: unknown) => sendError(reply, toErrorBody(error)),
    );
    return;
  }
  open(newest);

  function open(newest: number): void {
    if (from > newest) {
      // An id this store never sent (a client of another store, or of this one before it was
      // re-created): following from it would stay silent until the log caught up, missing everything.
      const field = (resumeFrom ?? 0) >= after ? 'Last-Event-ID' : 'after';
      const problem = `${from} is past the newest event (${newest}): start without it to replay the log, or from GET /v1/events/latest`;
      sendError(reply, new StoreError('VALIDATION_FAILED', `Invalid input: ${field}: ${problem}`, [{ path: field, message: problem }]));
      return;
    }
    if (owner !== undefined && [...streams.values()].filter((id) => id === owner).length >= MAX_STREAMS_PER_TOKEN) {
      reply.header('retry-after', 5);
      sendError(reply, new StoreError('RATE_LIMITED', `This token already has ${MAX_STREAMS_PER_TOKEN} open event streams; close one before opening another`));
      return;
    }
    follow(log, () => store.current(), store.engine === 'postgres', request, reply, from, stillAuthorized, owner, streams, options);
  }
}

/** Sends the log after `sent`, then what is committed from now on, until the client leaves or its token is revoked. */
function follow(
  log: EventLog,
  current: () => Promise<void> | undefined,
  readOnHeartbeat: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  sent: number,
  stillAuthorized: () => boolean,
  owner: number | undefined,
  streams: OpenStreams,
  options: StreamOptions,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    // Lower case, as Fastify keeps the headers set so far: these replace them, never repeat them.
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // HEAD: the headers a stream would start with, and no stream (Node sends them only at the end).
  if (request.method === 'HEAD') {
    raw.end();
    return;
  }
  raw.write(`retry: ${SSE_RETRY_MS}\n: connected\n\n`);

  // The replay goes out in batches: after each one the server answers other requests, and
  // while the client reads slower than the log is sent, the stream waits for it (backpressure),
  // so a replay of a long log neither stalls the server nor piles up in memory. The next batch
  // always waits for the event loop's next turn (setImmediate), also after a 'drain': a client
  // that reads at once drains the socket within the same tick (Node emits it from a nextTick),
  // and a replay resumed from there ran to its end before any other request (0.8 s for 100,000 events).
  let paused: (() => void) | undefined; // the continuation, while one is waiting
  let nextTurn: NodeJS.Immediate | undefined;
  let onDrain: (() => void) | undefined;
  let pumping = false;
  // While a read of the log is on its way (PostgreSQL), a commit heard meanwhile may be past its
  // snapshot: the log is read once more after it.
  let reading = false;
  let again = false;
  const pump = () => {
    // A continuation, or the pump running now, reads the log from `sent` anyway: the commit below
    // tells the feed, whose call back here would otherwise start a second pump inside this one,
    // and each would leave a continuation waiting for the same 'drain'.
    if (reading) again = true;
    if (paused || pumping || reading || raw.writableEnded) return;
    // Tokens changed since they were read (PostgreSQL): read them first, as a read of the log, then pump.
    const refreshing = current();
    if (refreshing) {
      reading = true;
      refreshing.then(
        () => {
          reading = false;
          pump();
        },
        (error: unknown) => {
          console.error('[petstore] reading the tokens for a stream failed:', (error as Error).message);
          end();
        },
      );
      return;
    }
    if (!stillAuthorized()) return end();
    pumping = true;
    try {
      const batch = log.after(sent, REPLAY_BATCH);
      if (Array.isArray(batch)) return send(batch);
      reading = true;
      again = false;
      batch.then(
        (events) => {
          reading = false;
          if (raw.writableEnded) return;
          send(events);
          if (again && !paused) pump();
        },
        (error: unknown) => {
          console.error('[petstore] reading the event log for a stream failed:', (error as Error).message);
          end();
        },
      );
    } finally {
      pumping = false;
    }
  };
  const send = (batch: StoreEvent[]) => {
    let room = true;
    for (const event of batch) {
      room = raw.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      sent = event.id;
    }
    if (room && batch.length < REPLAY_BATCH) return; // caught up
    const resume = (paused = () => {
      paused = undefined;
      nextTurn = undefined;
      pump();
    });
    if (room) nextTurn = setImmediate(resume);
    else {
      onDrain = () => {
        onDrain = undefined;
        nextTurn = setImmediate(resume);
      };
      raw.once('drain', onDrain);
    }
  };
  const unsubscribe = log.subscribe(() => pump());
  // On PostgreSQL a commit the feed was not told of (made before its LISTEN was in place or its starting
  // point was read) is read with the next heartbeat at the latest: one indexed query per stream.
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
    if (readOnHeartbeat) pump();
  }, options.heartbeatMs);
  // A revocation writes no event, so it is looked for on a timer too; the check is a cached read,
  // made current first where the store keeps tokens until a change is heard (PostgreSQL).
  const check = () => void (raw.writableEnded || stillAuthorized() || end());
  const authCheck = setInterval(() => {
    const refreshing = current();
    if (!refreshing) return check();
    refreshing.then(check, () => undefined);
  }, options.authCheckMs ?? 1000);

  function end() {
    clearInterval(heartbeat);
    clearInterval(authCheck);
    unsubscribe();
    if (onDrain) raw.off('drain', onDrain);
    if (nextTurn) clearImmediate(nextTurn);
    streams.delete(end);
    if (!raw.writableEnded) raw.end();
  }
  streams.set(end, owner);
  request.raw.on('close', end);
  pump();
}
