/**
 * Text sorts and compares byte by byte on PostgreSQL as on SQLite (BINARY), also on a server whose
 * databases collate by a language's rules: the lists' order keys, SKUs and timestamps rely on it.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/connection';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

/** Keys whose byte order is not English order: case, punctuation, digits, an accent. */
const KEYS = ['b', 'B', 'a', 'A', '_x', 'x-ray', 'xray', '10', '9', 'é', 'e', 'z', '2026-11-28T14:05:00.000Z', '2026-11-28 14'];

describePostgres('text on PostgreSQL compares as on SQLite', () => {
  const databases = freshPostgresDatabase();
  let cleanup = () => {};
  let db: Db;
  let pool: pg.Pool;

  beforeAll(async () => {
    const temp = tempDir('petstore-pg-collation-');
    cleanup = temp.cleanup;
    db = openDatabase(join(temp.dir, 'store.db'));
    // English as ICU collates it: the kind of default a shop's database server may well have.
    pool = openPostgresPool(await databases.another({ createOptions: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'" }), { max: 1 });
    await migratePostgres(pool);
    KEYS.forEach((key, id) => {
      db.prepare("INSERT INTO categories (id, name, name_folded, name_order) VALUES (?, ?, ?, ?)").run(id + 1, key, `folded ${id}`, key);
    });
    for (const [id, key] of KEYS.entries()) {
      await pool.query("INSERT INTO categories (id, name, name_folded, name_order) VALUES ($1, $2, $3, $2)", [id + 1, key, `folded ${id}`]);
    }
  });
  afterAll(async () => {
    db?.close();
    await pool?.end();
    cleanup();
  });

  test('the test database really collates by language: its default order is not byte order', async () => {
    const { rows } = await pool.query('SELECT name FROM categories ORDER BY name COLLATE "default", id');
    const bytes = [...KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(rows.map((row) => row.name)).not.toEqual(bytes);
  });

  test('a list sorted by its order key comes in SQLite’s order', async () => {
    const onSqlite = db.prepare<[], string>('SELECT name_order FROM categories ORDER BY name_order, id').pluck().all();
    const { rows } = await pool.query('SELECT name_order FROM categories ORDER BY name_order, id');
    expect(rows.map((row) => row.name_order)).toEqual(onSqlite);
  });

  test('a range of keys holds the same rows (a keyset page, a span of time)', async () => {
    const between = ['9', 'b'];
    const onSqlite = db.prepare<string[], string>('SELECT name_order FROM categories WHERE name_order > ? AND name_order <= ? ORDER BY 1').pluck().all(...between);
    const { rows } = await pool.query('SELECT name_order FROM categories WHERE name_order > $1 AND name_order <= $2 ORDER BY 1', between);
    expect(rows.map((row) => row.name_order)).toEqual(onSqlite);
  });

  test('SKUs clash case aside in ASCII only, as SQLite’s upper() folds them', async () => {
    const category = 1;
    const insert = (sku: string) => `INSERT INTO pets (name, name_folded, category_id, status, sku) VALUES ('P', 'p', ${category}, 'available', '${sku}')`;
    for (const sku of ['ab-1', 'é-1', 'É-1']) {
      db.exec(insert(sku));
      await pool.query(insert(sku));
    }
    expect(() => db.exec(insert('AB-1'))).toThrow(/UNIQUE/);
    await expect(pool.query(insert('AB-1'))).rejects.toThrow(/pets_by_sku/);
  });
});
