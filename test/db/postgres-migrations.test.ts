import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { DatabaseTooNewError } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { migratePostgres, postgresSchemaVersion } from '../../src-main/db/postgres/migrate';
import { LATEST_POSTGRES_SCHEMA_VERSION, POSTGRES_MIGRATIONS } from '../../src-main/db/postgres/migrations/index';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

describePostgres('PostgreSQL migrations', () => {
  const databases = freshPostgresDatabase();
  const pools: pg.Pool[] = [];
  const open = (url: string) => {
    const pool = openPostgresPool(url, { max: 2 });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  /** What the migrations wrote: the tables, the bookkeeping rows and the version. */
  async function written(pool: pg.Pool) {
    const tables = await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
    const hasBookkeeping = tables.rows.some((row) => row.table_name === 'schema_migrations');
    const migrations = hasBookkeeping ? (await pool.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).rows : [];
    return { tables: tables.rows.map((row) => row.table_name), migrations, version: await postgresSchemaVersion(pool) };
  }

  test('each version is one of SQLite’s: the latest is the same on both engines', () => {
    expect(LATEST_POSTGRES_SCHEMA_VERSION).toBe(LATEST_SCHEMA_VERSION);
  });

  test('a fresh database is migrated to the latest version, with its bookkeeping', async () => {
    const pool = open(databases.url);
    expect(await postgresSchemaVersion(pool)).toBe(0);
    expect(await migratePostgres(pool)).toBe(LATEST_SCHEMA_VERSION);
    const after = await written(pool);
    expect(after.version).toBe(LATEST_SCHEMA_VERSION);
    expect(after.migrations).toEqual(POSTGRES_MIGRATIONS.map(({ version, name }) => ({ version, name, applied_at: expect.any(String) })));
    expect(after.tables).toContain('pets');
    // The rows a fresh store starts with, as SQLite's migrations write them.
    expect((await pool.query('SELECT one, last FROM sale_numbers')).rows).toEqual([{ one: 1, last: 0 }]);
    expect((await pool.query("SELECT key FROM settings WHERE key = 'timeZone'")).rows).toHaveLength(1);
  });

  test('migrating again changes nothing', async () => {
    const pool = open(await databases.another());
    await migratePostgres(pool);
    const before = await written(pool);
    expect(await migratePostgres(pool)).toBe(LATEST_SCHEMA_VERSION);
    expect(await written(pool)).toEqual(before);
  });

  test('two processes migrating one fresh database at once both succeed, and each migration is applied once', async () => {
    const url = await databases.another();
    const [first, second] = [open(url), open(url)];
    const versions = await Promise.all([migratePostgres(first), migratePostgres(second)]);
    expect(versions).toEqual([LATEST_SCHEMA_VERSION, LATEST_SCHEMA_VERSION]);
    const rows = await first.query('SELECT version, count(*) AS applied FROM schema_migrations GROUP BY version ORDER BY version');
    expect(rows.rows).toEqual(POSTGRES_MIGRATIONS.map(({ version }) => ({ version, applied: 1 })));
  });

  test('a database at a newer version than this build knows is refused, and nothing is written', async () => {
    const pool = open(await databases.another());
    await migratePostgres(pool);
    await pool.query('UPDATE schema_version SET version = $1', [LATEST_SCHEMA_VERSION + 1]);
    await pool.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'from-a-newer-build', '2027-01-01T00:00:00.000Z')", [
      LATEST_SCHEMA_VERSION + 1,
    ]);
    const before = await written(pool);
    const refusal = await migratePostgres(pool, { label: 'postgres://shop-server/petstore' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseTooNewError);
    expect((refusal as Error).message).toBe(new DatabaseTooNewError('postgres://shop-server/petstore', LATEST_SCHEMA_VERSION + 1, true).message);
    expect(await written(pool)).toEqual(before);
  });

  test('the refusal comes before the bookkeeping is made: a newer database without it stays without it', async () => {
    const pool = open(await databases.another());
    await pool.query('CREATE TABLE schema_version (one bigint PRIMARY KEY, version bigint NOT NULL)');
    await pool.query('INSERT INTO schema_version VALUES (1, $1)', [LATEST_SCHEMA_VERSION + 1]);
    await expect(migratePostgres(pool)).rejects.toThrow(DatabaseTooNewError);
    expect((await written(pool)).tables).toEqual(['schema_version']);
  });

  test('a failing migration leaves the database at the last complete version, nothing of it kept', async () => {
    const pool = open(await databases.another());
    const broken = { version: LATEST_SCHEMA_VERSION + 1, name: 'broken', sql: 'CREATE TABLE half_done (id bigint); SELECT 1 / 0;' };
    await expect(migratePostgres(pool, { migrations: [...POSTGRES_MIGRATIONS, broken] })).rejects.toThrow(/division by zero/);
    const after = await written(pool);
    expect(after.version).toBe(LATEST_SCHEMA_VERSION);
    expect(after.tables).not.toContain('half_done');
    expect(after.migrations.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map(({ version }) => version));
  });

  test('the refusal names the database without its password', async () => {
    const pool = open(await databases.another());
    await pool.query('CREATE TABLE schema_version (one bigint PRIMARY KEY, version bigint NOT NULL)');
    await pool.query('INSERT INTO schema_version VALUES (1, $1)', [LATEST_SCHEMA_VERSION + 1]);
    const secretive = open(pool.options.connectionString!.replace('postgres@', 'postgres:s3cret@'));
    const refusal = (await migratePostgres(secretive).catch((error: unknown) => error)) as Error;
    expect(refusal.message).toMatch(/^The database postgres:\/\/postgres@127\.0\.0\.1:\d+\/t_/);
    expect(refusal.message).not.toContain('s3cret');
  });
});
