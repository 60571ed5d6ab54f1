import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { runStep } from '../../src-main/db/postgres/run-step';
import { runNow, type Step } from '../../src-main/db/step';
import type { Store } from '../../src-main/service/store';
import { freshPostgresDatabase } from './postgres-database';
import { openTestStore, type TestStore } from './temp-store';

/** A step that runs `work` in one write transaction on PostgreSQL (on SQLite: `store.steps.write`). */
export function* inWrite<T>(work: () => Step<T>): Step<T> {
  return (yield { kind: 'transaction', mode: 'write', work }) as T;
}

export interface EnginePair {
  /** A fresh SQLite store (its repositories: `sqlite.store.context.repositories`). */
  readonly sqlite: TestStore;
  /** A pool on a fresh, migrated PostgreSQL database of this test file's own. */
  readonly pool: pg.Pool;
  /** Runs a step on SQLite (at once). */
  onSqlite<T>(step: Step<T>): T;
  /** Runs a step on PostgreSQL. */
  onPostgres<T>(step: Step<T>): Promise<T>;
  /** The SQLite store (`store.steps`: its repositories as steps, `store.context.repositories` as they are). */
  readonly store: Store;
}

/**
 * Both engines side by side for one test file, to hold a PostgreSQL repository to its SQLite twin:
 * call the same method on each and compare. Call at the top of a `describePostgres` body.
 */
export function enginePair(): EnginePair {
  const database = freshPostgresDatabase();
  let sqlite: TestStore | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    sqlite = openTestStore();
    pool = openPostgresPool(database.url, { max: 4 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    sqlite?.close();
    await pool?.end();
  });
  return {
    get sqlite() {
      return sqlite!;
    },
    get pool() {
      return pool!;
    },
    get store() {
      return sqlite!.store;
    },
    onSqlite: (step) => runNow(step),
    onPostgres: (step) => runStep(pool!, step),
  };
}
