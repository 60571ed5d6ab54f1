/**
 * The database of an EngineStore reached around its service: raw SQL on a connection of its own, and
 * a second store on the same database (another window or server process). For the tests that write
 * what no operation writes (an older version's value) or read what no operation shows (a hash).
 */
import Database from 'better-sqlite3';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../../src-shared/contract';
import { openPostgresPool } from '../../../src-main/db/postgres/pool';
import type { Handlers } from '../../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import { openPostgresStore } from '../../../src-main/service/postgres-store';
import { openStore } from '../../../src-main/service/store';
import type { EngineStore } from '../../helpers/engine-stores';

/**
 * Runs `sql` (`?` placeholders, SQL both engines read) on the store's database; the rows it returns.
 * PostgreSQL's integers come back as numbers, as on SQLite.
 */
export async function rawSql<T = Record<string, unknown>>(t: EngineStore, sql: string, params: unknown[] = []): Promise<T[]> {
  if (t.postgresUrl) {
    const pool = openPostgresPool(t.postgresUrl, { max: 1 });
    try {
      let n = 0;
      return (await pool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
    } finally {
      await pool.end();
    }
  }
  const db = new Database(t.sqliteFile!);
  try {
    const statement = db.prepare(sql);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  } finally {
    db.close();
  }
}

/** The message each engine gives when a CHECK constraint refuses a row. */
export const checkRefused = (t: EngineStore): RegExp => (t.postgresUrl ? /violates check constraint/ : /CHECK constraint failed/);

/** Another store on the same database, as another window or server process opens it: its answers, then closed. */
export async function fromAnotherStore<K extends CallableOperationName>(
  t: EngineStore,
  name: K,
  input: OperationInput<K> | Record<string, unknown> = {},
): Promise<OperationOutput<K>> {
  const second = t.postgresUrl ? await openPostgresStore(t.postgresUrl, { maxConnections: 1 }) : openStore(t.sqliteFile!);
  try {
    const result = await invokeOperationAsync(second.handlers as Partial<Handlers>, name, input);
    if (!result.ok) throw new Error(`${name} failed on the second store: ${JSON.stringify(result.error)}`);
    return result.data as OperationOutput<K>;
  } finally {
    await second.close();
  }
}
