import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { ApiResult } from '../../src-shared/api-result';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../src-shared/contract';
import type { ErrorBody } from '../../src-shared/errors';
import type { Handlers } from '../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import type { ServedStore } from '../../src-main/service/shop-server';
import { openPostgresStore, type PostgresStore } from '../../src-main/service/postgres-store';
import { describePostgres, freshPostgresDatabase } from './postgres-database';
import { openTestStore } from './temp-store';

export type Engine = 'sqlite' | 'postgres';

/** A store on either engine, called as IPC calls it (the contract parses the input); every answer awaited. */
export interface EngineStore {
  readonly engine: Engine;
  /** On PostgreSQL, the database's URL (a second store on it is another server process's view). */
  readonly postgresUrl?: string;
  /** The store's context, for provideShopServer (the tills operations need the server they are served as). */
  readonly served?: ServedStore;
  /** On SQLite, the database file (a second connection on it is another program's view). */
  readonly sqliteFile?: string;
  call<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): Promise<ApiResult<OperationOutput<K>>>;
  /** Calls and expects success: the data, or a throw with the Error object. */
  ok<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): Promise<OperationOutput<K>>;
  /** Calls and expects failure: the Error object, or a throw. */
  fail<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): Promise<ErrorBody>;
  close(): Promise<void>;
}

/** A store's handlers (either engine's) called as an EngineStore. */
export function engineStoreOver(
  engine: Engine,
  handlers: unknown,
  { served, close = async () => undefined, ...place }: { served?: ServedStore; close?: () => Promise<void>; postgresUrl?: string; sqliteFile?: string },
): EngineStore {
  const call = ((name: CallableOperationName, input: unknown = {}) => invokeOperationAsync(handlers as Partial<Handlers>, name, input)) as EngineStore['call'];
  return {
    engine,
    ...place,
    served,
    call,
    async ok(name, input) {
      const result = await call(name, input);
      if (!result.ok) throw new Error(`${name} failed on ${engine}: ${JSON.stringify(result.error)}`);
      return result.data;
    },
    async fail(name, input) {
      const result = await call(name, input);
      if (result.ok) throw new Error(`${name} succeeded unexpectedly on ${engine}: ${JSON.stringify(result.data)}`);
      return result.error;
    },
    close,
  };
}

/** A PostgreSQL store of this process as an EngineStore (closing it is the caller's, unless `close` is given). */
export const postgresEngineStore = (store: PostgresStore, options: { close?: () => Promise<void>; postgresUrl?: string } = {}): EngineStore =>
  engineStoreOver('postgres', store.handlers, { served: store.steps, ...options });

/**
 * The database as migrations leave it, restored between tests: every table emptied (ids start again
 * at 1, as in a fresh SQLite file) and the rows migrations seed (the sale counter) put back.
 */
async function freshStateOf(pool: pg.Pool): Promise<() => Promise<void>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'schema_version')",
  );
  const { rows: sequences } = await pool.query<{ name: string }>(
    "SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'",
  );
  const seeds: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query(`SELECT * FROM ${name}`);
    if (rows.length) seeds.push(`INSERT INTO ${name} SELECT * FROM json_populate_recordset(null::${name}, ${pg.escapeLiteral(JSON.stringify(rows))});`);
  }
  // One round trip. DELETE, not TRUNCATE: on tables of a few rows TRUNCATE's new files cost 0.1–0.3 s a
  // test. The replica role skips the triggers (foreign keys, report sums) while everything goes.
  const reset = [
    'BEGIN;',
    'SET LOCAL session_replication_role = replica;',
    ...tables.map(({ name }) => `DELETE FROM ${name};`),
    ...sequences.map(({ name }) => `SELECT setval('${name}', 1, false);`),
    'SET LOCAL session_replication_role = DEFAULT;',
    ...seeds,
    'COMMIT;',
  ].join('\n');
  return async () => {
    await pool.query(reset);
  };
}

/**
 * Runs `body` once per engine: `fresh()` gives an empty store (SQLite: a new file; PostgreSQL: the
 * test file's own database, emptied). The PostgreSQL run is skipped where PostgreSQL is not installed.
 */
export function describeOnEngines(name: string, body: (fresh: () => Promise<EngineStore>, engine: Engine) => void): void {
  describe(`${name} (SQLite)`, () => {
    body(async () => {
      const t = openTestStore();
      // These suites are about rules, not durability (test/concurrency kills processes for that).
      t.store.db.pragma('synchronous = NORMAL');
      return engineStoreOver('sqlite', t.store.handlers, { served: t.store.context, close: async () => t.close(), sqliteFile: t.file });
    }, 'sqlite');
  });
  describePostgres(`${name} (PostgreSQL)`, () => {
    const database = freshPostgresDatabase({ migrated: true });
    let store: PostgresStore | undefined;
    let restore: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      store = await openPostgresStore(database.url, { maxConnections: 8 });
      restore = await freshStateOf(store.pool);
    });
    afterAll(async () => {
      await store?.close();
    });
    body(async () => {
      await restore();
      return postgresEngineStore(store!, { postgresUrl: database.url });
    }, 'postgres');
  });
}

