/**
 * The report summaries' triggers do on PostgreSQL what SQLite's do: the same sales, payments,
 * cancels and refunds, written by the same SQL on both engines, leave the same hourly sums.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/connection';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { SUMMARY_TABLES } from '../helpers/report-summaries';
import { tempDir } from '../helpers/temp-store';

const SALE = 'id, number, created_at, status, handover, currency, prices_include_tax, subtotal, discount, net, tax, total, paid, change_given';
const LINE = 'sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total';

/**
 * Statements both engines run as they are. Lines and payments go in one INSERT each (PostgreSQL
 * fires their triggers when the statement ends), and one by one in order.
 */
const RECORDS = [
  `INSERT INTO sales (${SALE}) VALUES (1, 1, '2026-11-28T14:05:00.000Z', 'completed', 'now', 'EUR', 1, 3000, 0, 2500, 500, 3000, 5000, 2000)`,
  `INSERT INTO sale_lines (${LINE}) VALUES
     (1, 0, 1, 10, 'Rex', 1, 'Dogs', 1, 1000, 2000, 1000, 0, 833, 167, 1000),
     (1, 1, 2, 11, 'Fido', 1, 'Dogs', 1, 1000, 2000, 1000, 0, 834, 166, 1000),
     (1, 2, 3, 20, 'Tom', 2, 'Cats', 2, 500, 2000, 1000, 0, 833, 167, 1000),
     (1, 3, 4, 10, 'Rex the Second', 1, 'Dogs', 1, 0, 2000, 0, 0, 0, 0, 0)`,
  `INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (1, 0, 'card', 1000), (1, 1, 'cash', 2000), (1, 2, 'cash', 2000)`,
  `INSERT INTO sales (${SALE}) VALUES (2, 2, '2026-11-28T15:10:00.000Z', 'completed', 'now', 'EUR', 1, 1000, 100, 750, 150, 900, 1000, 100)`,
  `INSERT INTO sale_lines (${LINE}) VALUES (2, 0, 5, 20, 'Tom', 2, 'Cats', 1, 500, 2000, 500, 50, 375, 75, 450)`,
  `INSERT INTO sale_lines (${LINE}) VALUES (2, 1, 6, 21, 'Kitty', 2, 'Kittens', 1, 500, 2000, 500, 50, 375, 75, 450)`,
  `INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (2, 0, 'other', 500)`,
  `INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (2, 1, 'cash', 500)`,
  // A change of status that is not a cancel counts nothing; a cancel counts once, in its own hour.
  `UPDATE sales SET status = 'completed', completed_at = '2026-11-28T15:11:00.000Z' WHERE id = 2`,
  `UPDATE sales SET status = 'cancelled', cancelled_at = '2026-11-28T16:00:00.000Z' WHERE id = 2`,
  `UPDATE sales SET status = 'cancelled' WHERE id = 2`,
  `INSERT INTO refunds (id, sale_id, created_at, kind, restock, net, tax, amount) VALUES (1, 1, '2026-11-29T09:30:00.000Z', 'refund', 1, 833, 167, 1000)`,
  `INSERT INTO refund_lines (refund_id, sale_id, line, quantity, net, tax, total) VALUES (1, 1, 2, 1, 416, 84, 500), (1, 1, 0, 1, 417, 83, 500)`,
  `INSERT INTO refund_payments (refund_id, position, method, amount) VALUES (1, 0, 'cash', 1000)`,
];

const ORDER = 'ORDER BY 1, 2';

describePostgres('the report summaries’ triggers on PostgreSQL', () => {
  const databases = freshPostgresDatabase();
  let cleanup = () => {};
  let db: Db;
  let pool: pg.Pool;

  beforeAll(async () => {
    const temp = tempDir('petstore-pg-triggers-');
    cleanup = temp.cleanup;
    db = openDatabase(join(temp.dir, 'store.db'));
    pool = openPostgresPool(databases.url, { max: 1 });
    await migratePostgres(pool);
    for (const sql of RECORDS) {
      db.exec(sql);
      await pool.query(sql);
    }
  });
  afterAll(async () => {
    db?.close();
    await pool?.end();
    cleanup();
  });

  test.each(SUMMARY_TABLES)('%s holds what SQLite’s holds', async (table) => {
    const onSqlite = db.prepare(`SELECT * FROM ${table} ${ORDER}`).all();
    expect(onSqlite.length).toBeGreaterThan(0);
    expect((await pool.query(`SELECT * FROM ${table} ${ORDER}`)).rows).toEqual(onSqlite);
  });

  test('a sale counts once per hour, category, pet and payment method', async () => {
    const { rows } = await pool.query("SELECT category_id, sales FROM report_category_hours WHERE hour = '2026-11-28T14' ORDER BY 1");
    expect(rows).toEqual([
      { category_id: 1, sales: 1 },
      { category_id: 2, sales: 1 },
    ]);
    const cash = await pool.query("SELECT sales, paid, change FROM report_payment_hours WHERE hour = '2026-11-28T14' AND method = 'cash'");
    expect(cash.rows).toEqual([{ sales: 1, paid: 4000, change: 2000 }]);
  });

  test('a cancel that gives no time counts in the hour it is made, as on SQLite', async () => {
    const hourBefore = new Date().toISOString().slice(0, 13);
    const cancel = "UPDATE sales SET status = 'cancelled' WHERE id = 1";
    db.exec(cancel);
    await pool.query(cancel);
    const hours = [hourBefore, new Date().toISOString().slice(0, 13)];
    const counted = 'SELECT hour, cancelled FROM report_hours WHERE hour >= $1 AND hour <= $2';
    const onSqlite = db.prepare(counted.replace(/\$\d/g, '?')).all(...hours);
    expect(onSqlite).toEqual([{ hour: expect.any(String), cancelled: 1 }]);
    // Each in its own hour should the clock pass one between the two.
    expect((await pool.query(counted, hours)).rows).toEqual([{ hour: expect.any(String), cancelled: 1 }]);
  });
});
