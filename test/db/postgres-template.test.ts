import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { migratePostgres, postgresSchemaVersion } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

describePostgres('test databases copied from the run’s migrated template', () => {
  const databases = freshPostgresDatabase({ migrated: true });
  const pools: pg.Pool[] = [];
  const open = (url: string) => {
    const pool = openPostgresPool(url, { max: 1 });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  /** Every column of every table, as information_schema lists them. */
  const columnsOf = async (pool: pg.Pool) =>
    (
      await pool.query(
        `SELECT table_name, column_name, data_type, is_nullable, column_default, collation_name
         FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1, 2`,
      )
    ).rows;

  test('a copy is at the latest version, with the schema a database migrated on its own has', async () => {
    const copy = open(databases.url);
    expect(await postgresSchemaVersion(copy)).toBe(LATEST_SCHEMA_VERSION);
    expect(await migratePostgres(copy)).toBe(LATEST_SCHEMA_VERSION);
    const own = open(await databases.another());
    await migratePostgres(own);
    expect(await columnsOf(copy)).toEqual(await columnsOf(own));
  });

  test('each copy is a database of its own', async () => {
    const [first, second] = [open(databases.url), open(await databases.another({ migrated: true }))];
    await first.query("INSERT INTO categories (name, name_folded) VALUES ('Dogs', 'dogs')");
    expect((await second.query('SELECT count(*) AS n FROM categories')).rows).toEqual([{ n: 0 }]);
    // Identities start afresh in each copy.
    const ids = await Promise.all([first, second].map((pool) => pool.query("INSERT INTO categories (name, name_folded) VALUES ('Cats', 'cats') RETURNING id")));
    expect(ids.map(({ rows }) => rows[0].id)).toEqual([2, 1]);
  });
});
