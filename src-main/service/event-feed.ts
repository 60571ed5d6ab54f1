import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Db } from '../db/connection';
import { otherWritersVersion } from '../db/other-writers';
import type { EventsRepository } from '../db/repositories/events';

export type EventListener = (event: StoreEvent) => void;

/**
 * Delivers committed change-log entries to live subscribers (the renderer over IPC, SSE clients).
 * `pump()` runs after each local commit; a timer notices commits by other processes (a CLI
 * import beside the app) through SQLite's `data_version`, which changes only on their commits.
 */
export function createEventFeed(
  db: Db,
  events: EventsRepository,
  { pollMs = 250, isBatchOpen = () => false }: { pollMs?: number; isBatchOpen?: () => boolean } = {},
) {
  const listeners = new Set<EventListener>();
  let delivered = events.latestId();
  let lastDataVersion = otherWritersVersion(db);
  let timer: NodeJS.Timeout | undefined;

  function pump(): void {
    // Nobody listens: nothing to read. The first subscriber starts from the log's end (subscribe),
    // and a stream that resumes from an id reads the log itself (followEventLog).
    if (listeners.size === 0) return;
    for (let batch = events.after(delivered, 500); batch.length; batch = events.after(delivered, 500)) {
      for (const event of batch) {
        delivered = event.id;
        for (const listener of listeners) {
          try {
            listener(event);
          } catch (error) {
            console.error('[petstore] event listener failed:', error);
          }
        }
      }
    }
  }

  function poll(): void {
    // While a batch is open (group commit) the log holds work not yet on disk; its COMMIT pumps.
    if (!db.open || isBatchOpen()) return;
    const version = otherWritersVersion(db);
    if (version !== lastDataVersion) {
      lastDataVersion = version;
      pump();
    }
  }

  return {
    pump,
    /** Looks for other processes' commits now (the timer does this every `pollMs` while someone listens). */
    poll,
    /** Live delivery of every event committed from now on. Returns the unsubscribe function. */
    subscribe(listener: EventListener): () => void {
      if (listeners.size === 0) delivered = events.latestId();
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(poll, pollMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    stop(): void {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type EventFeed = ReturnType<typeof createEventFeed>;

/**
 * Sends every logged event after `after` to `send`, in order, then each new one as it commits:
 * every push reads the log itself, so nothing is skipped or sent twice whatever the timing of
 * commits. Used by the streams that resume from an id (REST's SSE, the browser host's bridge).
 * Returns the function that stops following.
 */
export function followEventLog(feed: EventFeed, events: EventsRepository, after: number, send: (event: StoreEvent) => void): () => void {
  let sent = after;
  const drain = () => {
    for (let batch = events.after(sent, 500); batch.length; batch = events.after(sent, 500)) {
      for (const event of batch) {
        send(event);
        sent = event.id;
      }
    }
  };
  drain();
  return feed.subscribe(drain);
}
