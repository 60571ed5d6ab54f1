/**
 * What the event-stream tests look at beside HTTP, on either engine: a long log written in one go,
 * and the log reads and feed subscriptions of the streams the test server holds.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { fold, nameOrderKey, nameSortKey } from '../../../src-shared/name-keys';
import type { StoreEvent } from '../../../src-shared/schemas/event';
import { EVENTS_CHANNEL, EVENTS_LOCK } from '../../../src-main/db/postgres/run-step';
import type { RestStore } from '../../../src-main/rest/rest-store';
import type { EventListener } from '../../../src-main/service/event-feed';
import type { TestServer } from './server';

/**
 * Creates `count` categories `<prefix> <i>` (with `description` if given), and their category.created events, in
 * one transaction; returns their ids. SQLite: through the service. PostgreSQL: the same rows and
 * events in one statement each (the service's 4 ms a create would make 20,000 take 85 s), numbered
 * and announced as the step runner does (run-step.ts).
 */
export async function addCategoriesAtOnce(t: TestServer, count: number, prefix: string, description?: string): Promise<number[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix} ${i}`);
  if (!t.postgresUrl) {
    const { handlers, context } = t.store;
    return context.db.transaction(() => names.map((name) => handlers['categories.create']({ name, description }).id))();
  }
  const client = new pg.Client({ connectionString: t.postgresUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; name: string }>(
      `INSERT INTO categories (name, name_folded, name_sort, name_order, description)
       SELECT name, folded, sort, ord, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS made(name, folded, sort, ord)
       RETURNING id, name`,
      [names, names.map(fold), names.map(nameSortKey), names.map(nameOrderKey), description],
    );
    const made = rows.map((row) => ({ id: Number(row.id), name: row.name })).sort((a, b) => a.id - b.id); // bigint ids come as text
    await client.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
    const at = new Date().toISOString();
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO events (type, at, data) SELECT 'category.created', $1, data FROM unnest($2::text[]) WITH ORDINALITY AS made(data, n) ORDER BY n RETURNING id`,
      [at, made.map((category) => JSON.stringify({ ...category, description }))],
    );
    await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(Math.max(...inserted.rows.map((row) => Number(row.id))))]);
    await client.query('COMMIT');
    return made.map((category) => category.id);
  } finally {
    await client.end();
  }
}

/**
 * Appends a category.created event for a category that is not there, behind the service's back: no
 * feed is told and no NOTIFY is sent, as with a commit made before a feed's LISTEN was in place.
 * Answers its id. SQLite's feed still notices it by `data_version`; PostgreSQL's stream, by its heartbeat.
 */
export async function appendEventUnheard(t: TestServer, name: string): Promise<number> {
  const row = ['category.created', new Date().toISOString(), JSON.stringify({ id: 999_999, name })];
  if (!t.postgresUrl) {
    const db = new Database(t.file);
    try {
      return Number(db.prepare('INSERT INTO events (type, at, data) VALUES (?, ?, ?)').run(...row).lastInsertRowid);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: t.postgresUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
    const { rows } = await client.query<{ id: string }>('INSERT INTO events (type, at, data) VALUES ($1, $2, $3) RETURNING id', row);
    await client.query('COMMIT');
    return Number(rows[0]!.id);
  } finally {
    await client.end();
  }
}

/** The change log as the listener's streams read it: SQLite's store's, or the PostgreSQL REST store's. */
function streamLog(t: TestServer): { after(id: number, limit: number): StoreEvent[] | Promise<StoreEvent[]> } {
  return t.postgresUrl ? (t.listenerStore as RestStore).events : t.store.context.events;
}

/** Counts the events the listener's streams read from the log from now on (read, not sent). */
export function countLogReads(t: TestServer): () => number {
  const log = streamLog(t);
  const after = log.after.bind(log);
  let read = 0;
  log.after = (id, limit) => {
    const batch = after(id, limit);
    if (Array.isArray(batch)) read += batch.length;
    else void batch.then((events) => (read += events.length), () => undefined);
    return batch;
  };
  return () => read;
}

/** Counts the feed subscriptions the listener's streams hold from now on (a stream subscribes once, for its life). */
export function countSubscriptions(t: TestServer): { active: number; total: number } {
  const feed: { subscribe(listener: EventListener): () => void } = t.postgresUrl ? (t.listenerStore as RestStore).events : t.store.feed;
  const counter = { active: 0, total: 0 };
  const subscribe = feed.subscribe.bind(feed);
  feed.subscribe = (listener) => {
    counter.active++;
    counter.total++;
    const unsubscribe = subscribe(listener);
    let done = false;
    return () => {
      if (!done) counter.active--;
      done = true;
      unsubscribe();
    };
  };
  return counter;
}
