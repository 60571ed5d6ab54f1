import type { EventData, EventType } from '../../../../src-shared/schemas/event';
import { toEvent, type EventRow, type EventsRepository } from '../../repositories/events';
import { sql, type EventInstruction, type Stepped } from '../../step';

/**
 * The change log on PostgreSQL. `append` does not insert: it hands the event to the runner, which
 * writes a transaction's events at its commit, numbered in commit order (run-step.ts), so an event
 * is not seen by `after`/`latestId` before its transaction commits.
 */
export function postgresEventsRepository(): Stepped<EventsRepository> {
  return {
    *append<T extends EventType>(type: T, data: EventData<T>) {
      const event: EventInstruction = { kind: 'event', type, at: new Date().toISOString(), data: JSON.stringify(data) };
      yield event;
    },
    *after(id: number, limit: number) {
      const { rows } = yield* sql<EventRow>('SELECT id, type, at, data FROM events WHERE id > $1 ORDER BY id LIMIT $2', [id, limit]);
      return rows.map(toEvent);
    },
    *latestId() {
      const { rows } = yield* sql<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM events');
      return rows[0].id;
    },
    *newest(limit: number) {
      const { rows } = yield* sql<EventRow>('SELECT id, type, at, data FROM events ORDER BY id DESC LIMIT $1', [limit]);
      return rows.map(toEvent);
    },
  };
}
