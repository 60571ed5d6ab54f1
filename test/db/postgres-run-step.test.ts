import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { EVENTS_CHANNEL, runStep, WRITE_ATTEMPTS } from '../../src-main/db/postgres/run-step';
import { sql, type Step } from '../../src-main/db/step';
import { inWrite } from '../helpers/engine-pair';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

function* inRead<T>(work: () => Step<T>): Step<T> {
  return (yield { kind: 'transaction', mode: 'read', work }) as T;
}
function* event(type: string, data: unknown): Step<void> {
  yield { kind: 'event', type, at: new Date().toISOString(), data: JSON.stringify(data) };
}
function* categoryNamed(name: string): Step<number> {
  const { rows } = yield* sql<{ id: number }>("INSERT INTO categories (name, name_folded, name_sort, name_order) VALUES ($1, $1, $1, $1) RETURNING id", [name]);
  return rows[0].id;
}
function* count(table: string): Step<number> {
  const { rows } = yield* sql<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
  return rows[0].n;
}
const eventTypes = async (pool: pg.Pool) => (await pool.query<{ type: string }>('SELECT type FROM events ORDER BY id')).rows.map((row) => row.type);

describePostgres('running a step on PostgreSQL', () => {
  const databases = freshPostgresDatabase();
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = openPostgresPool(databases.url, { max: 6 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    await pool?.end();
  });

  test('a query’s answer is given back to the step; a write commits with its events', async () => {
    const id = await runStep(pool, inWrite(function* () {
      const made = yield* categoryNamed('Dogs');
      yield* event('category.created', { id: made });
      return made;
    }));
    expect(id).toBeGreaterThan(0);
    expect(await runStep(pool, count('categories'))).toBe(1);
    expect(await eventTypes(pool)).toEqual(['category.created']);
  });

  test('a write that throws is rolled back with its events, and the step sees the error', async () => {
    const failing = inWrite(function* () {
      yield* categoryNamed('Cats');
      yield* event('category.created', {});
      throw new Error('refused');
    });
    await expect(runStep(pool, failing)).rejects.toThrow('refused');
    expect(await runStep(pool, count('categories'))).toBe(1);
    expect(await eventTypes(pool)).toEqual(['category.created']);
  });

  test('a failed query is thrown into the step, which may catch it', async () => {
    const answer = await runStep(pool, (function* () {
      try {
        yield* sql('SELECT no_such_column FROM categories');
        return 'not reached';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    })());
    expect(answer).toBe('42703');
  });

  test('a nested write is a savepoint: its failure undoes only its own work and events', async () => {
    await runStep(pool, inWrite(function* () {
      yield* categoryNamed('Birds');
      yield* event('kept', {});
      try {
        yield* inWrite(function* () {
          yield* categoryNamed('Fish');
          yield* event('undone', {});
          throw new Error('inner refusal');
        });
      } catch {
        // the outer transaction goes on
      }
      yield* event('kept too', {});
    }));
    const names = (await pool.query<{ name: string }>('SELECT name FROM categories ORDER BY id')).rows.map((row) => row.name);
    expect(names).toEqual(['Dogs', 'Birds']);
    expect((await eventTypes(pool)).slice(-2)).toEqual(['kept', 'kept too']);
  });

  test('concurrent read-then-write transactions never lose an update: the loser runs again', async () => {
    await pool.query("INSERT INTO settings (key, value) VALUES ('counter', '0')");
    const increment = () =>
      runStep(pool, inWrite(function* () {
        const { rows } = yield* sql<{ value: string }>("SELECT value FROM settings WHERE key = 'counter'");
        yield* sql("UPDATE settings SET value = $1 WHERE key = 'counter'", [String(Number(rows[0].value) + 1)]);
        yield* event('counted', {});
      }));
    await Promise.all(Array.from({ length: 20 }, increment));
    const { rows } = await pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'counter'");
    expect(rows[0].value).toBe('20');
  });

  test('event ids follow commit order, and each commit is announced with its last id', async () => {
    const listener = new pg.Client({ connectionString: databases.url });
    await listener.connect();
    const heard: number[] = [];
    listener.on('notification', (message) => heard.push(Number(message.payload)));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    // This database only: an event of type 'slow' takes 300 ms to write, as a busy server might.
    await pool.query(`CREATE FUNCTION slow_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$;
      CREATE TRIGGER slow_event AFTER INSERT ON events FOR EACH ROW WHEN (NEW.type = 'slow') EXECUTE FUNCTION slow_event()`);
    try {
      // 'slow' takes its id first and commits 300 ms later; 'fast' starts meanwhile. Without the
      // lock 'fast' would take the next id and commit first: a reader past it would miss 'slow'.
      const slow = runStep(pool, inWrite(() => event('slow', {})));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const fast = runStep(pool, inWrite(() => event('fast', {})));
      await Promise.all([slow, fast]);
      const { rows } = await pool.query<{ id: number; type: string }>("SELECT id, type FROM events WHERE type IN ('slow', 'fast') ORDER BY id");
      expect(rows.map((row) => row.type)).toEqual(['slow', 'fast']);
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual(rows.map((row) => row.id)); // announced in commit order, each with its last id
    } finally {
      await listener.end();
      await pool.query('DROP TRIGGER slow_event ON events; DROP FUNCTION slow_event');
    }
  });

  test('a read transaction sees one snapshot and may not write', async () => {
    const seen = await runStep(pool, inRead(function* () {
      const before = yield* count('categories');
      yield* sql('SELECT pg_sleep(0)');
      return before;
    }));
    expect(seen).toBe(await runStep(pool, count('categories')));
    await expect(runStep(pool, inRead(() => categoryNamed('Newts')))).rejects.toMatchObject({ code: '25006' });
  });

  test('a write that loses every attempt is SERVICE_BUSY, as on SQLite when its busy timeout runs out', async () => {
    let attempts = 0;
    const alwaysLoses = inWrite(function* () {
      attempts++;
      yield* sql("DO $$ BEGIN RAISE EXCEPTION 'lost' USING ERRCODE = '40001'; END $$");
    });
    await expect(runStep(pool, alwaysLoses)).rejects.toMatchObject({ code: 'SERVICE_BUSY', status: 503 });
    expect(attempts).toBe(WRITE_ATTEMPTS);
  });

  test('an event outside a write transaction is a programming error', async () => {
    await expect(runStep(pool, event('loose', {}))).rejects.toThrow('inside a write transaction');
  });
});
