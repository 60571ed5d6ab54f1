/**
 * Sales too large for a report: two receipts written straight into the database whose totals add
 * up to 2^53, past the safe integers (the app's bounds let one sale come to 2×10^14, so such sums
 * take dozens of the largest sales; two raw rows stand in for them). The triggers of migration 14
 * add them to the summaries as any sale (on PostgreSQL, the baseline's triggers).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Db } from '../../../src-main/db/connection';

/** The day they are made on (noon UTC): a day no other test sells on. */
export const OVERSIZED_DATE = '1901-01-01';

const amount = 2 ** 52;

export function recordOversizedSales(db: Db, date = OVERSIZED_DATE): void {
  const at = `${date}T12:00:00.000Z`;
  db.transaction(() => {
    for (const n of [1, 2]) {
      const id = Number(
        db
          .prepare(
            `INSERT INTO sales (number, created_at, status, handover, currency, prices_include_tax, subtotal, discount, net, tax, total, paid, change_given, completed_at)
             VALUES ((SELECT coalesce(max(number), 0) + 1000000 FROM sales), ?, 'completed', 'now', 'EUR', 1, ?, 0, ?, 0, ?, ?, 0, ?)`,
          )
          .run(at, amount, amount, amount, amount, at).lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total)
         VALUES (?, 0, ?, 424242, 'Whale', 424242, 'Giants', 1, ?, 0, ?, 0, ?, 0, ?)`,
      ).run(id, 2 ** 50 + id * 10 + n, amount, amount, amount, amount);
      db.prepare("INSERT INTO sale_payments (sale_id, position, method, amount) VALUES (?, 0, 'card', ?)").run(id, amount);
    }
  })();
}

/** The same two sales written into the PostgreSQL database at `url`, in one transaction. */
export async function recordOversizedSalesOnPostgres(url: string, date = OVERSIZED_DATE): Promise<void> {
  const at = `${date}T12:00:00.000Z`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const n of [1, 2]) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO sales (number, created_at, status, handover, currency, prices_include_tax, subtotal, discount, net, tax, total, paid, change_given, completed_at)
         VALUES ((SELECT coalesce(max(number), 0) + 1000000 FROM sales), $1, 'completed', 'now', 'EUR', 1, $2, 0, $2, 0, $2, $2, 0, $1) RETURNING id`,
        [at, amount],
      );
      const id = Number(rows[0].id);
      await client.query(
        `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate, gross, discount, net, tax, total)
         VALUES ($1, 0, $2, 424242, 'Whale', 424242, 'Giants', 1, $3, 0, $3, 0, $3, 0, $3)`,
        [id, 2 ** 50 + id * 10 + n, amount],
      );
      await client.query("INSERT INTO sale_payments (sale_id, position, method, amount) VALUES ($1, 0, 'card', $2)", [id, amount]);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** The two sales in the store on either engine, written as another program would (a second connection). */
export async function recordOversizedSalesIn(t: { postgresUrl?: string; sqliteFile?: string }, date = OVERSIZED_DATE): Promise<void> {
  if (t.postgresUrl) return recordOversizedSalesOnPostgres(t.postgresUrl, date);
  const db = new Database(t.sqliteFile!);
  try {
    recordOversizedSales(db, date);
  } finally {
    db.close();
  }
}
