/**
 * A connected till following its shop server's change log (`GET /v1/events`, Server-Sent Events):
 * from the log's end at the first start, after the last id seen on each reconnect, with a backoff
 * while the server cannot be reached; the link's state goes to a LinkState as it is seen.
 */
import { fetch, type Dispatcher } from 'undici';
import type { ErrorBody } from '../../src-shared/errors';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { API_PREFIX } from '../rest/operation-routes';
import { SSE_HEARTBEAT_MS } from '../rest/events-stream';
import type { LinkState } from './link-state';
import { linkFailure } from './rest-client';

export interface RemoteEventsOptions {
  origin: string;
  secret: string;
  dispatcher?: Dispatcher;
  /** Events after this id; default: from the log's end when first connected. */
  after?: number;
  /** The events of one piece of the stream as it arrived, in log order. */
  onEvents(events: StoreEvent[]): void;
  link: LinkState;
  /** A stream silent this long (no heartbeat) is taken as dropped; default: two heartbeats and a half. */
  idleMs?: number;
  /** The first pause before a reconnect, doubling to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface RemoteEvents {
  /** Reconnects now instead of at the end of the pause (a call just reached the server). */
  retryNow(): void;
  stop(): void;
}

export function followRemoteEvents(options: RemoteEventsOptions): RemoteEvents {
  const { origin, secret, dispatcher, link, onEvents } = options;
  const { idleMs = SSE_HEARTBEAT_MS * 2.5, firstRetryMs = 500, maxRetryMs = 5_000 } = options;
  const base = origin.replace(/\/+$/, '') + API_PREFIX;
  const headers = { authorization: `Bearer ${secret}`, accept: 'text/event-stream' };
  let lastId = options.after;
  let stopped = false;
  let current: AbortController | undefined;
  let wake: (() => void) | undefined;
  let pause = firstRetryMs;

  /** The log's end: where a till that starts now follows from. */
  async function latestId(signal: AbortSignal): Promise<number> {
    const response = await fetch(`${base}/events/latest`, { headers, dispatcher, signal });
    if (!response.ok) throw await refusal(response);
    return ((await response.json()) as { lastEventId: number }).lastEventId;
  }

  /** One connection: until the stream ends, breaks or goes silent. */
  async function followOnce(): Promise<void> {
    const controller = new AbortController();
    current = controller;
    let idle = setTimeout(() => controller.abort(), idleMs);
    try {
      lastId ??= await latestId(controller.signal);
      const response = await fetch(`${base}/events?after=${lastId}`, { headers, dispatcher, signal: controller.signal });
      if (!response.ok || !response.body) throw await refusal(response);
      link.report({ state: 'up', server: origin });
      pause = firstRetryMs;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        clearTimeout(idle);
        idle = setTimeout(() => controller.abort(), idleMs);
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const { events, rest } = takeSseEvents(buffer);
        buffer = rest;
        if (events.length > 0) {
          lastId = events.at(-1)!.id;
          onEvents(events);
        }
      }
    } finally {
      clearTimeout(idle);
      current = undefined;
    }
  }

  void (async () => {
    while (!stopped) {
      let reason: ErrorBody;
      try {
        await followOnce();
        reason = linkFailure(new Error('The stream ended'), origin).toBody(); // the server stopped: reconnect
      } catch (error) {
        reason = isErrorBody(error) ? error : linkFailure(error, origin).toBody();
      }
      if (stopped) return;
      link.report({ state: 'down', server: origin, reason: reason.code });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      pause = Math.min(pause * 2, maxRetryMs);
    }
  })();

  return {
    retryNow: () => wake?.(),
    stop() {
      stopped = true;
      current?.abort();
      wake?.();
    },
  };
}

/** The events of the whole messages at the start of `buffer` (one event each), and what follows them. */
export function takeSseEvents(buffer: string): { events: StoreEvent[]; rest: string } {
  const messages = buffer.split(/\r?\n\r?\n/);
  const rest = messages.pop()!;
  const events: StoreEvent[] = [];
  for (const message of messages) {
    const data = message.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length === 0) continue; // a comment: the heartbeat, `: connected`
    events.push(JSON.parse(data.join('\n')) as StoreEvent);
  }
  return { events, rest };
}

/** A refusal (a revoked token's 401) as the server's Error object. */
export async function refusal(response: Awaited<ReturnType<typeof fetch>>): Promise<ErrorBody> {
  try {
    const body = (await response.json()) as ErrorBody;
    if (typeof body.code === 'string') return body;
  } catch {
    // below
  }
  return { code: 'SERVER_UNREACHABLE', message: `The shop server answered ${response.status}`, status: 503 };
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as ErrorBody).code === 'string';
