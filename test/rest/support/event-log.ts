import type { StoreEvent } from '../../../src-shared/schemas/event';
import type { TestServer } from './server';

/** The change log's newest event id, read in process on either engine (what GET /v1/events/latest answers). */
export const latestEventId = async (t: TestServer): Promise<number> => (await t.call('events.latest', {})).lastEventId;

/** The committed events after `after`, oldest first, read in process on either engine. */
export const eventsAfter = (t: TestServer, after: number, limit = 1000): Promise<StoreEvent[]> => t.call('events.list', { after, limit });
