import pg from 'pg';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { EventsRepository } from '../db/repositories/events';
import { EVENTS_CHANNEL, runStep } from '../db/postgres/run-step';
import type { Stepped } from '../db/step';
import type { EventListener } from './event-feed';

/** How long a broken LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1000;
const BATCH = 500;

/**
 * Delivers committed events to live subscribers on PostgreSQL, as the SQLite feed does: `pump()`
 * after each local commit, and for other processes' commits the NOTIFY every write with events
 * sends at its COMMIT (run-step.ts), heard on a connection of its own. Reads are serialized: a pump
 * asked for while one runs runs again once it ends, so nothing is delivered twice or out of order.
 */
export function createPostgresEventFeed(pool: pg.Pool, connectionString: string, events: Stepped<EventsRepository>) {
  const listeners = new Set<EventListener>();
  let delivered: Promise<number> | number = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let listening: pg.Client | undefined;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      let after = await delivered;
      for (let batch = await runStep(pool, events.after(after, BATCH)); batch.length; batch = await runStep(pool, events.after(after, BATCH))) {
        for (const event of batch) {
          after = event.id;
          delivered = after;
          tell(event);
        }
      }
    } while (again && listeners.size > 0);
  }

  function tell(event: StoreEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('[petstore] event listener failed:', error);
      }
    }
  }

  function pump(): void {
    if (listeners.size === 0 || stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => console.error('[petstore] reading the event log failed:', error))
      .finally(() => {
        running = undefined;
      });
  }

  /**
   * Opens the one LISTEN connection (`listening` from the start, so that a subscriber arriving while
   * it connects opens no second one), then reads what was committed while there was none.
   */
  function listen(): void {
    const client = new pg.Client({ connectionString, application_name: 'pet-store-clerk events' });
    listening = client;
    client.on('notification', pump);
    client.on('error', () => lost(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${EVENTS_CHANNEL}`))
      .then(() => (listening === client ? pump() : void client.end().catch(() => undefined)))
      .catch((error: unknown) => {
        if (listening === client) console.error('[petstore] listening for events failed:', error);
        lost(client);
      });
  }

  /** A connection that broke or failed to open: another in a moment, while anyone listens (not one ended on purpose). */
  function lost(client: pg.Client): void {
    void client.end().catch(() => undefined);
    if (listening !== client) return;
    listening = undefined;
    const wanted = () => !stopped && listeners.size > 0 && !listening;
    if (!wanted()) return;
    setTimeout(() => {
      if (wanted()) listen();
    }, RECONNECT_MS).unref();
  }

  return {
    pump,
    /** Live delivery of every event committed from now on. Returns the unsubscribe function. */
    subscribe(listener: EventListener): () => void {
      if (listeners.size === 0) delivered = runStep(pool, events.latestId());
      listeners.add(listener);
      if (!listening && !stopped) listen();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && listening) {
          const client = listening;
          listening = undefined;
          void client.end().catch(() => undefined);
        }
      };
    },
    /** Waits for the delivery running now (tests; a clean stop). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      listeners.clear();
      await running;
      const client = listening;
      listening = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
export type PostgresEventFeed = ReturnType<typeof createPostgresEventFeed>;
