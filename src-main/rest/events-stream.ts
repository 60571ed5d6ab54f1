import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../service/store';

export interface StreamOptions {
  heartbeatMs: number;
}

/** Open streams, so that shutdown can end them instead of waiting for clients to leave. */
export type OpenStreams = Set<() => void>;

/**
 * GET /v1/events: the persisted change log as Server-Sent Events. Replays what came after
 * `Last-Event-ID` (or `?after=`), then follows live. Every push reads the log itself, so the
 * stream has no gaps and no duplicates whatever the timing of commits.
 */
export function streamEvents(
  store: Store,
  request: FastifyRequest,
  reply: FastifyReply,
  after: number,
  streams: OpenStreams,
  options: StreamOptions,
): void {
  const lastEventId = Number(request.headers['last-event-id']);
  let sent = Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? Math.max(lastEventId, after) : after;

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
  raw.write('retry: 2000\n: connected\n\n');

  const drain = () => {
    for (let batch = store.context.events.after(sent, 500); batch.length; batch = store.context.events.after(sent, 500)) {
      for (const event of batch) {
        raw.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        sent = event.id;
      }
    }
  };
  drain();
  const unsubscribe = store.feed.subscribe(() => drain());
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), options.heartbeatMs);

  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  streams.add(end);
  request.raw.on('close', end);
}
