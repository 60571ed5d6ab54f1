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

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: 'pet-store-clerk events' });
    client.on('notification', pump);
    client.on('error', () => {
      if (listening === client) listening = undefined;
      void client.end().catch(() => undefined);
      // Events committed while it was down are read by the pump that follows the new LISTEN.
      if (!stopped && listeners.size > 0) setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (stopped || listeners.size === 0) return void (await client.end());
    listening = client;
    pump();
  }

  return {
    pump,
    /** Live delivery of every event committed from now on. Returns the unsubscribe function. */
    subscribe(listener: EventListener): () => void {
      if (listeners.size === 0) {
        delivered = runStep(pool, events.latestId());
        void listen().catch((error: unknown) => console.error('[petstore] listening for events failed:', error));
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && listening) {
          void listening.end().catch(() => undefined);
          listening = undefined;
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
      await listening?.end().catch(() => undefined);
      listening = undefined;
    },
  };
}
export type PostgresEventFeed = ReturnType<typeof createPostgresEventFeed>;
