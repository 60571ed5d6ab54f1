/**
 * The events a page missed that its till host no longer holds (event-replay.ts): read once from the
 * shop server's log (`GET /v1/events?after=`), up to the first event the host still holds.
 */
import { fetch, type Dispatcher } from 'undici';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { API_PREFIX } from '../rest/operation-routes';
import { refusal, takeSseEvents } from './remote-events';

export interface CatchUpOptions {
  origin: string;
  secret: string;
  dispatcher?: Dispatcher;
  /** The page's last id. */
  after: number;
  /** The newest id the host dropped: the read ends with it (or with the first event past it). */
  through: number;
  /** Long enough to replay a few thousand events from a busy server. */
  timeoutMs?: number;
}

/** The server's events after `after` up to and including `through`, in log order; rejects with the server's Error object or a fetch failure. */
export async function catchUpEvents({ origin, secret, dispatcher, after, through, timeoutMs = 30_000 }: CatchUpOptions): Promise<StoreEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers = { authorization: `Bearer ${secret}`, accept: 'text/event-stream' };
  const caught: StoreEvent[] = [];
  try {
    const response = await fetch(`${origin.replace(/\/+$/, '')}${API_PREFIX}/events?after=${after}`, { headers, dispatcher, signal: controller.signal });
    if (!response.ok || !response.body) throw await refusal(response);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      const { events, rest } = takeSseEvents(buffer);
      buffer = rest;
      for (const event of events) {
        if (event.id > through) return caught;
        caught.push(event);
        if (event.id === through) return caught;
      }
    }
    throw new Error('The shop server’s event stream ended before the missed events were read');
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
