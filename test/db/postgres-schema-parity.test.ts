/**
 * The two engines' schemas are one: a fresh SQLite file and a fresh PostgreSQL database, each
 * migrated to the latest version, have the same tables, columns (type and nullability), primary
 * keys, unique constraints, foreign keys, named indexes and triggers. A migration written for one
 * engine only, or translated differently, fails here. (PostgreSQL's watch of the cached tables,
 * its `*_changed` triggers, is left out: SQLite's are temporary ones, service/change-cache.ts.)
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/connection';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

/**
 * Each engine's own bookkeeping, left out: SQLite keeps its version in the file header (user_version)
 * and its AUTOINCREMENT marks in sqlite_sequence; PostgreSQL keeps the version in schema_version
 * and its ids' marks in identity sequences. schema_migrations is the same on both and is compared.
 */
const SQLITE_ONLY = new Set(['sqlite_sequence']);
const POSTGRES_ONLY = new Set(['schema_version']);

/** SQLite's declared column types and the PostgreSQL type each becomes. */
const TYPE_ON_POSTGRES: Record<string, string> = { INTEGER: 'bigint', TEXT: 'text', BLOB: 'bytea' };

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}
interface ForeignKey {
  from: string[];
  table: string;
  to: string[];
  onDelete: string;
}
interface Schema {
  tables: string[];
  columns: Record<string, Column[]>;
  primaryKeys: Record<string, string[]>;
  /** Each table's UNIQUE constraints, as their columns joined by commas. */
  unique: Record<string, string[]>;
  foreignKeys: Record<string, ForeignKey[]>;
  /** How many CHECK constraints each table has (their text differs between the engines' SQL). */
  checks: Record<string, number>;
  indexes: string[];
  triggers: string[];
}

const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
const sorted = (lists: string[][]) => lists.map((list) => list.join(',')).sort();

function sqliteSchema(db: Db): Schema {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all()
    .filter((name) => !SQLITE_ONLY.has(name));
  const schema: Schema = { tables, columns: {}, primaryKeys: {}, unique: {}, foreignKeys: {}, checks: {}, indexes: [], triggers: [] };
  for (const table of tables) {
    // table_xinfo, not table_info: it lists generated columns (orders.complete) too.
    const columns = db.prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?)`).all(table) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    // A primary key column is NOT NULL on PostgreSQL; SQLite reports only what was declared.
    schema.columns[table] = byName(
      columns.map((c) => ({ name: c.name, type: TYPE_ON_POSTGRES[c.type] ?? c.type, notNull: c.notnull === 1 || c.pk > 0, default: c.dflt_value })),
    );
    const createTable = db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) ?? '';
    schema.checks[table] = createTable.match(/\bCHECK\s*\(/gi)?.length ?? 0;
    schema.primaryKeys[table] = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const uniqueIndexes = db.prepare<[string], string>("SELECT name FROM pragma_index_list(?) WHERE origin = 'u'").pluck().all(table);
    schema.unique[table] = sorted(
      uniqueIndexes.map((index) => db.prepare<[string], string>('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(index)),
    );
    const keys = db.prepare('SELECT id, seq, "table", "from", "to", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq').all(table) as {
      id: number;
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    const grouped = new Map<number, ForeignKey>();
    for (const key of keys) {
      const entry = grouped.get(key.id) ?? { from: [], table: key.table, to: [], onDelete: key.on_delete };
      entry.from.push(key.from);
      entry.to.push(key.to);
      grouped.set(key.id, entry);
    }
    schema.foreignKeys[table] = [...grouped.values()].sort((a, b) => a.from.join().localeCompare(b.from.join()));
  }
  schema.indexes = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite\\_autoindex\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all();
  schema.triggers = db
    .prepare<[], { name: string; tbl_name: string }>("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    .all()
    .map((t) => `${t.tbl_name}.${t.name}`);
  return schema;
}

/** PostgreSQL's confdeltype letters as SQLite names the action. */
const ON_DELETE: Record<string, string> = { a: 'NO ACTION', c: 'CASCADE', r: 'RESTRICT', n: 'SET NULL', d: 'SET DEFAULT' };

async function postgresSchema(pool: pg.Pool): Promise<Schema> {
  const rows = async <T extends pg.QueryResultRow>(sql: string) => (await pool.query<T>(sql)).rows;
  const tables = (
    await rows<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
    )
  )
    .map((t) => t.name)
    .filter((name) => !POSTGRES_ONLY.has(name));
  const schema: Schema = { tables, columns: {}, primaryKeys: {}, unique: {}, foreignKeys: {}, checks: {}, indexes: [], triggers: [] };
  const columns = await rows<{ table: string; name: string; type: string; nullable: string; default: string | null }>(
    `SELECT table_name AS table, column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS default
     FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  /** The constraints of a kind, each with its table's and its columns' names in the key's order. */
  const constraints = await rows<{ kind: string; table: string; columns: string[]; target: string | null; targetColumns: string[] | null; onDelete: string }>(
    `SELECT c.contype AS kind, t.relname AS table, c.confdeltype AS "onDelete", ft.relname AS target,
       ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.i)::text[] AS columns,
       ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.i)::text[] AS "targetColumns"
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid LEFT JOIN pg_class ft ON ft.oid = c.confrelid
     WHERE t.relnamespace = current_schema()::regnamespace`,
  );
  for (const table of tables) {
    schema.columns[table] = byName(
      columns
        .filter((c) => c.table === table)
        // A default as SQLite writes it: 'open'::text is 'open'.
        .map((c) => ({ name: c.name, type: c.type, notNull: c.nullable === 'NO', default: c.default?.replace(/::[a-z ]+$/, '') ?? null })),
    );
    const ofTable = constraints.filter((c) => c.table === table);
    schema.primaryKeys[table] = ofTable.find((c) => c.kind === 'p')?.columns ?? [];
    schema.unique[table] = sorted(ofTable.filter((c) => c.kind === 'u').map((c) => c.columns));
    schema.checks[table] = ofTable.filter((c) => c.kind === 'c').length;
    schema.foreignKeys[table] = ofTable
      .filter((c) => c.kind === 'f')
      .map((c) => ({ from: c.columns, table: c.target!, to: c.targetColumns!, onDelete: ON_DELETE[c.onDelete] }))
      .sort((a, b) => a.from.join().localeCompare(b.from.join()));
  }
  // Indexes of their own, not those PostgreSQL makes for a primary key or UNIQUE (SQLite's autoindexes).
  schema.indexes = (
    await rows<{ name: string }>(
      `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE i.relnamespace = current_schema()::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
       ORDER BY 1`,
    )
  ).map((i) => i.name);
  schema.triggers = (
    await rows<{ name: string; table: string }>(
      `SELECT g.tgname AS name, t.relname AS table FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
       WHERE NOT g.tgisinternal AND t.relnamespace = current_schema()::regnamespace AND g.tgname NOT LIKE '%\\_changed' ORDER BY 1`,
    )
  ).map((t) => `${t.table}.${t.name}`);
  return schema;
}

describePostgres('the PostgreSQL schema is SQLite’s', () => {
  const databases = freshPostgresDatabase();
  let cleanup = () => {};
  let sqlite: Schema;
  let postgres: Schema;
  let pool: pg.Pool;

  beforeAll(async () => {
    const temp = tempDir('petstore-parity-');
    cleanup = temp.cleanup;
    const db = openDatabase(join(temp.dir, 'store.db'));
    sqlite = sqliteSchema(db);
    db.close();
    pool = openPostgresPool(databases.url, { max: 1 });
    await migratePostgres(pool);
    postgres = await postgresSchema(pool);
  });
  afterAll(async () => {
    await pool?.end();
    cleanup();
  });

  test('the same tables', () => {
    expect(postgres.tables).toEqual(sqlite.tables);
    expect(sqlite.tables).toContain('schema_migrations');
  });

  test('each table has the same columns, of the same types and defaults, NULL or NOT NULL alike', () => {
    for (const table of sqlite.tables) expect({ table, columns: postgres.columns[table] }).toEqual({ table, columns: sqlite.columns[table] });
  });

  test('each table has the same primary key and unique constraints', () => {
    for (const table of sqlite.tables) {
      expect({ table, primaryKey: postgres.primaryKeys[table] }).toEqual({ table, primaryKey: sqlite.primaryKeys[table] });
      expect({ table, unique: postgres.unique[table] }).toEqual({ table, unique: sqlite.unique[table] });
    }
  });

  test('each table has the same foreign keys, with the same action on delete', () => {
    for (const table of sqlite.tables) expect({ table, foreignKeys: postgres.foreignKeys[table] }).toEqual({ table, foreignKeys: sqlite.foreignKeys[table] });
  });

  test('each table has as many CHECK constraints', () => {
    expect(postgres.checks).toEqual(sqlite.checks);
  });

  test('the same named indexes and triggers', () => {
    expect(postgres.indexes).toEqual(sqlite.indexes);
    expect(postgres.triggers).toEqual(sqlite.triggers);
  });

  test('every text column compares bytes, as SQLite’s BINARY does, whatever the server’s locale', async () => {
    const { rows } = await pool.query(
      `SELECT table_name, column_name, collation_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type = 'text' AND collation_name IS DISTINCT FROM 'C'`,
    );
    expect(rows).toEqual([]);
  });
});
