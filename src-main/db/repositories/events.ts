import type { EventData, EventType, StoreEvent } from '../../../src-shared/schemas/event';
import type { Db } from '../connection';

export interface EventRow {
  id: number;
  type: EventType;
  at: string;
  data: string;
}

// What was appended with its type (`append` takes only the data its type carries).
export const toEvent = (row: EventRow): StoreEvent => ({ id: row.id, type: row.type, at: row.at, data: JSON.parse(row.data) }) as StoreEvent;

/** The append-only change log. Appends happen inside the transaction that made the change. */
export function eventsRepository(db: Db) {
  const insert = db.prepare<[EventType, string, string]>('INSERT INTO events (type, at, data) VALUES (?, ?, ?)');
  // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
  const after = db.prepare<[number, number], EventRow>('SELECT id, type, at, data FROM events WHERE id > ? ORDER BY id LIMIT +?');
  const latest = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM events');
  const newest = db.prepare<[number], EventRow>('SELECT id, type, at, data FROM events ORDER BY id DESC LIMIT +?');

  return {
    append: <T extends EventType>(type: T, data: EventData<T>): void => {
      insert.run(type, new Date().toISOString(), JSON.stringify(data));
    },
    after: (id: number, limit: number) => after.all(id, limit).map(toEvent),
    latestId: () => latest.get()!.id ?? 0,
    /** The most recent events, newest first. */
    newest: (limit: number) => newest.all(limit).map(toEvent),
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
