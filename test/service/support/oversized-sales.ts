/**
 * Sales too large for a report: two receipts written straight into the database whose totals add
 * up to 2^53, past the safe integers (the app's bounds let one sale come to 2×10^14, so such sums
 * take dozens of the largest sales; two raw rows stand in for them). The triggers of migration 14
 * add them to the summaries as any sale.
 */
import type { Db } from '../../../src-main/db/connection';

/** The day they are made on (noon UTC): a day no other test sells on. */
export const OVERSIZED_DATE = '1901-01-01';

export function recordOversizedSales(db: Db, date = OVERSIZED_DATE): void {
  const amount = 2 ** 52;
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
