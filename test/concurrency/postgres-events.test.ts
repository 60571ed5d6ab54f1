/**
 * On PostgreSQL, events keep commit order across processes: two child processes, each with its own
 * store on one database, write at once (orders for one pet, which contend, and new pets, which do
 * not); a third store, in this process, hears every event through its feed (LISTEN/NOTIFY) exactly
 * once with ids increasing, and a reader polling `events.list({ after })` while they write, or
 * resuming afterwards from any id, misses nothing.
 */
import { afterEach, expect, test } from 'vitest';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { waitForOutput } from '../helpers/wait-for-output';
import { fixture, killAll, spawnTs } from './support/child';
import { postgresEngineStore, type EngineStore } from '../helpers/engine-stores';

/** Calls per writer process, and how many it keeps in flight. */
const CALLS = 40;
const PARALLEL = 6;

describePostgres('events from two writing processes on one PostgreSQL database', () => {
  const database = freshPostgresDatabase({ migrated: true });
  const stores: PostgresStore[] = [];
  afterEach(async () => {
    await killAll();
    for (const store of stores.splice(0)) await store.close();
  });

  /** Every event after `after`, page by page. */
  async function eventsAfter(t: EngineStore, after: number, limit = 1000): Promise<StoreEvent[]> {
    const all: StoreEvent[] = [];
    for (let page = await t.ok('events.list', { after, limit }); page.length; page = await t.ok('events.list', { after: all.at(-1)!.id, limit })) {
      all.push(...page);
    }
    return all;
  }

  test(
    'a third store hears each event once in id order; readers resuming from any id miss nothing',
    async () => {
      const checker = await openPostgresStore(database.url, { maxConnections: 4 });
      stores.push(checker);
      const t = postgresEngineStore(checker);
      const category = await t.ok('categories.create', { name: 'Fish' });
      const pet = await t.ok('pets.create', { name: 'Neon tetra', categoryId: category.id });
      await t.ok('inventory.set', { petId: pet.id, update: { quantity: 10_000 } });
      const before = (await t.ok('events.list', { after: 0, limit: 1000 })).at(-1)!.id;

      // The third store's feed, live from now on.
      const heard: StoreEvent[] = [];
      const arrivals = new Set<() => void>();
      const unsubscribe = checker.feed.subscribe((event) => {
        heard.push(event);
        arrivals.forEach((check) => check());
      });
      // A reader on a store of its own, resuming after the last id it saw, again and again while they write.
      const reader = await openPostgresStore(database.url, { maxConnections: 1 });
      stores.push(reader);
      const polled: StoreEvent[] = [];
      let writing = true;
      // Its failure is the test's, awaited below (not an unhandled rejection while the writers run).
      const polling = (async () => {
        for (let last = before; ; ) {
          const page = await postgresEngineStore(reader).ok('events.list', { after: last, limit: 50 });
          polled.push(...page);
          if (page.length) last = page.at(-1)!.id;
          else if (!writing) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      polling.catch(() => undefined);

      // Two writer processes: their orders contend for one pet's stock (serializable retries), their new pets do not.
      const script = fixture('concurrency/fixtures/postgres-calls.ts');
      const writers = ['A', 'B'].map((name) => {
        const calls = Array.from({ length: CALLS }, (_, i) =>
          i % 2 === 0 ? ['orders.place', { petId: pet.id, quantity: 1 }] : ['pets.create', { name: `Guppy ${name}${i}`, categoryId: category.id }],
        );
        return spawnTs(script, [database.url, JSON.stringify({ calls, parallel: PARALLEL })]);
      });
      await Promise.all(writers.map((child) => child.waitForLine(/^ready$/)));
      for (const child of writers) {
        child.send('go');
        child.endInput();
      }
      try {
        await Promise.all(writers.map((child) => child.waitForLine(/^done$/, 60_000)));
      } finally {
        writing = false;
      }
      for (const child of writers) {
        const failed = child.lines.filter((line) => /^\d+ /.test(line) && !line.includes('"ok":true'));
        expect(failed, `writer: ${child.stderr}`).toEqual([]);
      }
      await polling;

      // Everything written, as any reader reads it after the fact: each write's events, ids increasing.
      const all = await eventsAfter(t, before);
      expect(all.filter((event) => event.type === 'order.placed')).toHaveLength(CALLS);
      expect(all.filter((event) => event.type === 'pet.created')).toHaveLength(CALLS);
      const ids = all.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);

      // The third store's feed heard each of them once, in id order (NOTIFY reaches it at each commit).
      await waitForOutput({
        checks: arrivals,
        find: () => (heard.length >= all.length ? true : undefined),
        gone: () => undefined,
        timedOut: () => `the feed heard ${heard.length} of ${all.length} events`,
        timeoutMs: 10_000,
      });
      await checker.feed.settled();
      unsubscribe();
      expect(heard.map((event) => event.id)).toEqual(ids);
      expect(heard).toEqual(all);

      // The reader that polled while they wrote missed nothing and saw nothing twice.
      expect(polled.map((event) => event.id)).toEqual(ids);
      // And a reader resuming from any id gets exactly the rest.
      for (const [index, id] of [before, ...ids].entries()) {
        expect((await eventsAfter(t, id)).map((event) => event.id), `after ${id}`).toEqual(ids.slice(index));
      }
    },
    90_000,
  );
});
