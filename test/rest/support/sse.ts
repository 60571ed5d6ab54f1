/**
 * A small Server-Sent Events client for tests: fetch + a parser over `response.body` that follows
 * the WHATWG "event stream interpretation" rules closely enough to catch framing mistakes
 * (CRLF/CR/LF line ends, one optional space after the colon, multi-line `data:`, comments, `retry:`).
 */

/** One dispatched event, or one comment line (heartbeats), each stamped with its arrival time. */
export type SseItem =
  | { kind: 'event'; id: string | undefined; event: string; data: string; retry?: number; at: number }
  | { kind: 'comment'; text: string; at: number };

/** Incremental parser: feed it decoded text as it arrives, it returns what became complete. */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let lastId: string | undefined;
  let retry: number | undefined;

  function line(text: string, at: number, out: SseItem[]): void {
    if (text === '') {
      // A blank line dispatches; an event with no data lines is dropped (as browsers do).
      if (data.length) {
        out.push({ kind: 'event', id: id ?? lastId, event: event || 'message', data: data.join('\n'), retry, at });
      }
      lastId = id ?? lastId;
      data = [];
      event = '';
      id = undefined;
      retry = undefined;
      return;
    }
    if (text.startsWith(':')) {
      out.push({ kind: 'comment', text: text.slice(1).replace(/^ /, ''), at });
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }

  return {
    push(chunk: string, at = Date.now()): SseItem[] {
      buffer += chunk;
      const out: SseItem[] = [];
      // A trailing CR may be the first half of CRLF: keep it until the next chunk decides.
      for (let match = /\r\n|\r(?!$)|\n/.exec(buffer); match; match = /\r\n|\r(?!$)|\n/.exec(buffer)) {
        line(buffer.slice(0, match.index), at, out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    /** Text received after the last complete line (should be '' when a stream ends cleanly). */
    rest: () => buffer,
  };
}

export interface OpenSse {
  response: Response;
  /** Everything parsed so far, in arrival order. */
  items: SseItem[];
  events(): Extract<SseItem, { kind: 'event' }>[];
  comments(): Extract<SseItem, { kind: 'comment' }>[];
  /** Resolves once `predicate(items)` holds; rejects after `timeoutMs` or when the stream ends first. */
  waitFor(predicate: (items: SseItem[]) => boolean, timeoutMs?: number, what?: string): Promise<SseItem[]>;
  /** Resolves when the server ends the stream (or rejects after `timeoutMs`). */
  ended(timeoutMs?: number): Promise<void>;
  /** True once the body has ended (cleanly or not). */
  readonly done: boolean;
  /** Aborts the request (client disconnect). */
  abort(): void;
}

export interface SseOptions {
  token?: string | null;
  lastEventId?: string | number;
  headers?: Record<string, string>;
}

/**
 * Opens `url` as an event stream and keeps reading in the background. When the answer is not
 * 200 the body is left unread for the caller (`response`).
 */
export async function openSse(url: string, options: SseOptions = {}): Promise<OpenSse> {
  const controller = new AbortController();
  const headers = new Headers(options.headers);
  headers.set('accept', 'text/event-stream');
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.lastEventId !== undefined) headers.set('last-event-id', String(options.lastEventId));
  const response = await fetch(url, { headers, signal: controller.signal });

  const items: SseItem[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  let done = response.status !== 200 || !response.body;
  let failure: unknown;

  if (!done) {
    const parser = createSseParser();
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          items.push(...parser.push(decoder.decode(value, { stream: true })));
          notify();
        }
      } catch (error) {
        failure = error;
      } finally {
        done = true;
        notify();
      }
    })();
  }

  function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (check()) finish(resolve);
        else if (done) finish(() => reject(new Error(`SSE stream ended before ${what}${failure ? ` (${String(failure)})` : ''}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(wake);
        settle();
      };
      waiters.add(wake);
      wake();
    });
  }

  const events = () => items.filter((item): item is Extract<SseItem, { kind: 'event' }> => item.kind === 'event');
  return {
    response,
    items,
    events,
    comments: () => items.filter((item): item is Extract<SseItem, { kind: 'comment' }> => item.kind === 'comment'),
    async waitFor(predicate, timeoutMs = 5000, what = 'the expected events') {
      await until(() => predicate(items), timeoutMs, what);
      return items;
    },
    ended(timeoutMs = 5000) {
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (!done) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`SSE stream still open after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    get done() {
      return done;
    },
    abort: () => controller.abort(),
  };
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
