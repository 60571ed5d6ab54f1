import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

describePostgres('the PostgreSQL pool', () => {
  const databases = freshPostgresDatabase();
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = openPostgresPool(databases.url, { max: 2 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    await pool?.end();
  });

  test('bigint columns, count(*) and sums come back as numbers, as better-sqlite3 gives them', async () => {
    const { rows } = await pool.query(
      `INSERT INTO categories (name, name_folded, tax_rate) VALUES ('Dogs', 'dogs', 2000)
       RETURNING id, tax_rate, (SELECT count(*) FROM categories) AS before`,
    );
    expect(rows).toEqual([{ id: expect.any(Number), tax_rate: 2000, before: 0 }]);
    const sums = await pool.query("SELECT count(*) AS n, sum(tax_rate) AS total, sum(id) AS ids FROM categories WHERE name = 'Dogs'");
    expect(sums.rows).toEqual([{ n: 1, total: 2000, ids: rows[0].id }]);
  });

  test('only its own pools parse so: pg’s global parsers keep their defaults', async () => {
    const client = new pg.Client({ connectionString: databases.url });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*) AS n FROM categories')).rows[0].n).toEqual(expect.any(String));
    } finally {
      await client.end();
    }
  });

  test('a photo’s bytes come back as a Buffer, as a SQLite BLOB does', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0x00, 0x01]);
    const { rows } = await pool.query('SELECT $1::bytea AS bytes', [bytes]);
    expect(Buffer.isBuffer(rows[0].bytes) && rows[0].bytes.equals(bytes)).toBe(true);
  });

  test('connections say they are the app’s, and the pool opens no more than its size', async () => {
    const seen = await Promise.all(
      Array.from({ length: 5 }, () =>
        pool.query<{ name: string; open: number }>(
          `SELECT current_setting('application_name') AS name,
             (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'pet-store-clerk') AS open,
             pg_sleep(0.05)`,
        ),
      ),
    );
    for (const { rows } of seen) {
      expect(rows[0].name).toBe('pet-store-clerk');
      expect(rows[0].open).toBeLessThanOrEqual(2);
    }
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  test('a location that is not a postgres:// URL is refused, saying what one looks like', () => {
    expect(() => openPostgresPool('shop.db')).toThrow('Not a PostgreSQL URL: it begins postgres:// or postgresql://');
  });
});
