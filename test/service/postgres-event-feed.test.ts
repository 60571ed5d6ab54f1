/**
 * The PostgreSQL store's live feed (src-main/service/postgres-event-feed.ts): a subscriber hears
 * every event committed after it subscribed exactly once and in id order, whether this store or
 * another store on the same database (another server process, heard by NOTIFY) committed it;
 * unsubscribing stops it; a LISTEN connection the server kills is opened again, and the events
 * committed while it was down still arrive.
 */
import { afterEach, expect, test, vi } from 'vitest';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../src-shared/contract';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { Handlers } from '../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { describePostgres, freshPostgresDatabase, onServer } from '../helpers/postgres-database';
import { postgresRows } from './support/postgres-rows';

/** The feed's LISTEN connection names itself so (postgres-event-feed.ts). */
const LISTENER_NAME = 'pet-store-clerk events';
/** A NOTIFY arrives in well under a millisecond here; the margin is for a loaded CI machine. */
const DELIVERY_MS = 5_000;
/** The feed waits 1 s before it connects again, then reads what it missed: the same margin on top. */
const RECONNECT_MS = 1_000 + DELIVERY_MS;

describePostgres("the PostgreSQL store's live feed", () => {
  const database = freshPostgresDatabase({ migrated: true });
  const opened: PostgresStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  async function open(): Promise<PostgresStore> {
    const store = await openPostgresStore(database.url, { maxConnections: 4 });
    opened.push(store);
    return store;
  }

  async function ok<K extends CallableOperationName>(store: PostgresStore, name: K, input: OperationInput<K> | Record<string, unknown>): Promise<OperationOutput<K>> {
    const result = await invokeOperationAsync(store.handlers as unknown as Partial<Handlers>, name, input);
    if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
    return result.data as OperationOutput<K>;
  }

  /** Every event in the log after `after`, as the service lists them. */
  async function logAfter(store: PostgresStore, after: number): Promise<StoreEvent[]> {
    const all: StoreEvent[] = [];
    for (let page = await ok(store, 'events.list', { after, limit: 1000 }); page.length; page = await ok(store, 'events.list', { after: all.at(-1)!.id, limit: 1000 })) {
      all.push(...page);
    }
    return all;
  }

  const latest = async (store: PostgresStore) => (await ok(store, 'events.latest', {})).lastEventId;

  /** A subscriber that keeps what it hears. */
  function hear(store: PostgresStore) {
    const heard: StoreEvent[] = [];
    const unsubscribe = store.feed.subscribe((event) => heard.push(event));
    return {
      heard,
      unsubscribe,
      /** Waits until the event with `id` has been heard. */
      until: (id: number, timeout = DELIVERY_MS) => vi.waitFor(() => expect(heard.map((event) => event.id)).toContain(id), { timeout, interval: 10 }),
    };
  }

  /** The backends of the feeds' LISTEN connections on this test file's database. */
  const listeners = () =>
    postgresRows<{ pid: number }>(database.url, 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LISTENER_NAME]);

  const pet = async (store: PostgresStore, categoryId: number, name: string) => (await ok(store, 'pets.create', { name, categoryId })).id;

  test('each event committed after subscribing is heard once, in order, from this store and from another on the database', async () => {
    const [here, there] = [await open(), await open()];
    const { id: categoryId } = await ok(here, 'categories.create', { name: 'Before' });
    await pet(there, categoryId, 'Before too');
    const mark = await latest(here);

    const subscriber = hear(here);
    // Both stores write at once: their events interleave in the log, numbered at commit.
    await Promise.all([
      (async () => {
        for (let i = 0; i < 15; i++) await pet(here, categoryId, `Here ${i}`);
      })(),
      (async () => {
        for (let i = 0; i < 15; i++) await pet(there, categoryId, `There ${i}`);
      })(),
    ]);
    // A last event from the other store: once it is heard, anything heard twice would have been too.
    await pet(there, categoryId, 'Last');
    const log = await logAfter(here, mark);
    expect(log).toHaveLength(31);
    await subscriber.until(log.at(-1)!.id);
    expect(subscriber.heard).toEqual(log);
  });

  test('nothing committed before subscribing is heard; an event from either store right after is', async () => {
    const [here, there] = [await open(), await open()];
    const { id: categoryId } = await ok(there, 'categories.create', { name: 'Fish' });
    await pet(here, categoryId, 'Old');

    const subscriber = hear(here);
    const first = await pet(here, categoryId, 'New here');
    const second = await pet(there, categoryId, 'New there');
    const log = await logAfter(here, (await latest(here)) - 2);
    expect(log.map((event) => (event.data as { id: number }).id)).toEqual([first, second]);
    await subscriber.until(log[1].id);
    expect(subscriber.heard).toEqual(log);
  });

  test('an unsubscribed listener hears nothing more; the last one gone, the LISTEN connection closes', async () => {
    const [here, there] = [await open(), await open()];
    const { id: categoryId } = await ok(here, 'categories.create', { name: 'Birds' });
    const leaving = hear(here);
    const staying = hear(here);
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: DELIVERY_MS, interval: 20 });
    const mark = await latest(here);
    leaving.unsubscribe();
    await pet(here, categoryId, 'Here');
    await pet(there, categoryId, 'There');
    const log = await logAfter(here, mark);
    await staying.until(log.at(-1)!.id);
    expect(staying.heard).toEqual(log);
    expect(leaving.heard).toEqual([]);

    staying.unsubscribe();
    await vi.waitFor(async () => expect(await listeners()).toEqual([]), { timeout: DELIVERY_MS, interval: 20 });
    await pet(there, categoryId, 'Unheard');
    expect(staying.heard).toEqual(log);
  });

  test('subscribing again before the first LISTEN connection is up keeps one connection, closed with the last subscriber', async () => {
    const here = await open();
    const { id: categoryId } = await ok(here, 'categories.create', { name: 'Cats' });
    // Unsubscribed at once, then subscribed again: the first connection is still being opened.
    hear(here).unsubscribe();
    const subscriber = hear(here);
    const mark = await latest(here);
    await pet(here, categoryId, 'Heard');
    await subscriber.until(mark + 1);
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: DELIVERY_MS, interval: 20 });
    // Given the time to open a second one, there is still one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listeners()).toHaveLength(1);
    subscriber.unsubscribe();
    await vi.waitFor(async () => expect(await listeners()).toEqual([]), { timeout: DELIVERY_MS, interval: 20 });
  });

  test('a LISTEN connection the server kills is opened again, and what was committed meanwhile is heard once, in order', async () => {
    const [here, there] = [await open(), await open()];
    const { id: categoryId } = await ok(here, 'categories.create', { name: 'Reptiles' });
    const subscriber = hear(here);
    const [killed] = await vi.waitFor(
      async () => {
        const rows = await listeners();
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: DELIVERY_MS, interval: 20 },
    );
    const mark = await latest(here);
    await pet(there, categoryId, 'Before the kill');
    await subscriber.until(mark + 1);

    await postgresRows(database.url, 'SELECT pg_terminate_backend($1)', [killed.pid]);
    // Committed by the other store while the feed has no LISTEN connection: no NOTIFY reaches it.
    for (let i = 0; i < 5; i++) await pet(there, categoryId, `Meanwhile ${i}`);
    const log = await logAfter(here, mark);
    await subscriber.until(log.at(-1)!.id, RECONNECT_MS);
    expect(subscriber.heard).toEqual(log);

    // Listening again, on a new backend: the next event from the other store is heard by NOTIFY.
    const [again] = await listeners();
    expect(again.pid).not.toBe(killed.pid);
    const next = await pet(there, categoryId, 'After');
    const [after] = await logAfter(here, log.at(-1)!.id);
    expect((after.data as { id: number }).id).toBe(next);
    await subscriber.until(after.id);
    expect(subscriber.heard).toEqual([...log, after]);
  });

  test('a LISTEN connection that cannot be opened again at once is tried again until it is', async () => {
    const [here, there] = [await open(), await open()];
    const { id: categoryId } = await ok(here, 'categories.create', { name: 'Spiders' });
    const subscriber = hear(here);
    const [killed] = await vi.waitFor(
      async () => {
        const rows = await listeners();
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: DELIVERY_MS, interval: 20 },
    );
    const mark = await latest(here);
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const name = new URL(database.url).pathname.slice(1);
    try {
      // The database takes no new connection (the stores keep theirs) while the feed's is killed.
      await onServer(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await onServer(`SELECT pg_terminate_backend(${killed.pid})`);
      // The feed tries again 1 s after the loss, and the refusal comes at once: past 1.5 s it has met it.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await onServer(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      failures.mockRestore();
    }
    await pet(there, categoryId, 'After the refusal');
    const log = await logAfter(here, mark);
    await subscriber.until(log.at(-1)!.id, RECONNECT_MS);
    expect(subscriber.heard).toEqual(log);
  });
});
