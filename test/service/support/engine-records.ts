/**
 * What the reports and data-transfer tests read or write beside the service, on either engine: a
 * second empty store, raw rows (another program's view), and whether the report summaries hold
 * what the records add up to.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/connection';
import { openPostgresPool } from '../../../src-main/db/postgres/pool';
import { openPostgresStore } from '../../../src-main/service/postgres-store';
import { postgresEngineStore, type Engine, type EngineStore } from '../../helpers/engine-stores';
import { freshPostgresDatabase } from '../../helpers/postgres-database';
import { SUMMARY_TABLES, summariesAndRecords } from '../../helpers/report-summaries';
import { openTestStore } from '../../helpers/temp-store';
import { asEngineStore } from './sqlite-engine-store';

/**
 * Another empty store on `engine`, beside the one `fresh()` gives (a store exported from, one
 * imported into): a new SQLite file, or a new PostgreSQL database. Call at the top of a
 * describeOnEngines body; the databases are dropped after its tests.
 */
export function secondStoreOn(engine: Engine): () => Promise<EngineStore> {
  if (engine === 'sqlite') {
    return async () => {
      const store = openTestStore();
      return { ...asEngineStore(store), sqliteFile: store.file };
    };
  }
  const databases = freshPostgresDatabase({ migrated: true });
  return async () => {
    const url = await databases.another({ migrated: true });
    const store = await openPostgresStore(url, { maxConnections: 2 });
    return postgresEngineStore(store, { postgresUrl: url, close: () => store.close() });
  };
}

type Place = Pick<EngineStore, 'postgresUrl' | 'sqliteFile'>;

/** Runs `work` on a connection of its own to the store's database (SQLite's file, or a PostgreSQL pool giving numbers as SQLite does). */
async function onDatabase<T>(t: Place, sqlite: (db: Db) => T, postgres: (pool: pg.Pool) => Promise<T>): Promise<T> {
  if (t.postgresUrl) {
    const pool = openPostgresPool(t.postgresUrl, { max: 1 });
    try {
      return await postgres(pool);
    } finally {
      await pool.end();
    }
  }
  const db = new Database(t.sqliteFile!);
  try {
    return sqlite(db);
  } finally {
    db.close();
  }
}

/** The rows `sql` (valid on both engines, without parameters) reads from the store's database. */
export function rowsIn<T>(t: Place, sql: string): Promise<T[]> {
  return onDatabase(
    t,
    (db) => db.prepare(sql).all() as T[],
    async (pool) => (await pool.query(sql)).rows as T[],
  );
}

/** Writes into the store's database as another program would: `sqlite` on SQLite's file, `postgres` on PostgreSQL. */
export function writeIn(t: Place, sqlite: (db: Db) => void, postgres: (pool: pg.Pool) => Promise<void>): Promise<void> {
  return onDatabase(t, sqlite, postgres);
}

const RECORDS = ['sales', 'sale_lines', 'sale_payments', 'refunds', 'refund_lines', 'refund_payments'];
let scratch: Db | undefined;
afterAll(() => {
  scratch?.close();
  scratch = undefined;
});

/**
 * The report summaries as kept and as the records make them (equal when nothing drifted). On
 * PostgreSQL the records are copied into a scratch SQLite database, where migration 14's own
 * rebuild adds them up: the sums PostgreSQL's triggers kept must be what SQLite computes.
 */
export async function summariesAndRecordsIn(t: Place): Promise<{ kept: Record<string, unknown[]>; fromRecords: Record<string, unknown[]> }> {
  if (!t.postgresUrl) return onDatabase(t, summariesAndRecords, async () => ({ kept: {}, fromRecords: {} }));
  type Read = { kept: Record<string, unknown[]>; records: Record<string, Record<string, unknown>[]> };
  const { kept, records } = await onDatabase<Read>(
    t,
    () => ({ kept: {}, records: {} }),
    async (pool) => {
      const read = async (table: string, order: string) => (await pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows as Record<string, unknown>[];
      const kept: Record<string, unknown[]> = {};
      for (const table of SUMMARY_TABLES) kept[table] = await read(table, '1, 2');
      const records: Record<string, Record<string, unknown>[]> = {};
      for (const table of RECORDS) records[table] = await read(table, '1, 2');
      return { kept, records };
    },
  );
  scratch ??= openDatabase(join(mkdtempSync(join(tmpdir(), 'petstore-summaries-')), 'scratch.db'));
  const db = scratch;
  db.pragma('foreign_keys = OFF'); // the records alone: no pets, orders or customers behind them
  db.exec('BEGIN');
  try {
    for (const table of RECORDS) {
      db.exec(`DELETE FROM ${table}`);
      if (!records[table]!.length) continue;
      const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).filter((column) => records[table]!.some((row) => column in row));
      const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of records[table]!) insert.run(...columns.map((column) => (typeof row[column] === 'boolean' ? Number(row[column]) : row[column])));
    }
    const { fromRecords } = summariesAndRecords(db);
    return { kept, fromRecords };
  } finally {
    db.exec('ROLLBACK');
  }
}
