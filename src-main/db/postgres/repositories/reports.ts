import type { PaymentMethod } from '../../../../src-shared/schemas/sale';
import {
  noLineSums,
  REFUNDED_FIELDS,
  SOLD_FIELDS,
  SOLD_SUMS,
  type HourSumsRow,
  type LineKey,
  type LineSumsRow,
  type PaymentSumsRow,
  type ReportsRepository,
  type SaleLineExportRow,
} from '../../repositories/reports';
import { sql, type Stepped } from '../../step';

/**
 * The sums reports are made of on PostgreSQL: SQLite's reportsRepository, query for query. The
 * summaries are kept by the baseline's triggers. SQLite's GROUP BY hands groups out in key order;
 * PostgreSQL's may hash them, so each grouped query here says ORDER BY. Its own SQL quotes the
 * camel-case aliases (PostgreSQL folds unquoted names); the rest is SQLite's.
 */

const REFUNDED_SUMS = `sum(rl.quantity) AS "refundedQuantity", sum(rl.net) AS "refundedNet", sum(rl.tax) AS "refundedTax", sum(rl.total) AS refunds`;
const SUMMARY_SUMS = `sum(sales) AS sales, sum(quantity) AS quantity, sum(gross) AS gross, sum(discounts) AS discounts, sum(net) AS net,
  sum(tax) AS tax, sum(total) AS total, sum(refunded_quantity) AS "refundedQuantity", sum(refunded_net) AS "refundedNet",
  sum(refunded_tax) AS "refundedTax", sum(refunds) AS refunds`;
const KEY_COLUMN: Record<LineKey, string> = { all: 'NULL::bigint', category: 'l.category_id', pet: 'l.pet_id', rate: 'l.tax_rate' };

const SUMMED_BY = {
  category: `SELECT category_id AS key, ${SUMMARY_SUMS} FROM report_category_hours WHERE hour >= $1 AND hour < $2 GROUP BY category_id ORDER BY 1`,
  pet: `SELECT pet_id AS key, ${SUMMARY_SUMS} FROM report_pet_hours WHERE hour >= $1 AND hour < $2 GROUP BY pet_id ORDER BY 1`,
};
const NAMES = {
  category: `SELECT x.id, coalesce(c.name, n.name, '') AS name FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)
    LEFT JOIN categories c ON c.id = x.id LEFT JOIN report_category_names n ON n.category_id = x.id ORDER BY x.n`,
  pet: `SELECT x.id, coalesce(p.name, n.name, '') AS name FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)
    LEFT JOIN pets p ON p.id = x.id LEFT JOIN report_pet_names n ON n.pet_id = x.id ORDER BY x.n`,
};

export function postgresReportsRepository(): Stepped<ReportsRepository> {
  return {
    *hours(fromHour: string, toHour: string) {
      const { rows } = yield* sql<HourSumsRow>(
        `SELECT hour, NULL::bigint AS key, sales, quantity, gross, discounts, net, tax, total, refunded_quantity AS "refundedQuantity",
           refunded_net AS "refundedNet", refunded_tax AS "refundedTax", refunds, cancelled
         FROM report_hours WHERE hour >= $1 AND hour < $2 ORDER BY hour`,
        [fromHour, toHour],
      );
      return rows;
    },
    *summed(fromHour: string, toHour: string) {
      const { rows } = yield* sql<HourSumsRow>(
        `SELECT NULL AS hour, NULL::bigint AS key, ${SUMMARY_SUMS.replace(/sum\((\w+)\)/g, 'coalesce(sum($1), 0)')}, coalesce(sum(cancelled), 0) AS cancelled
         FROM report_hours WHERE hour >= $1 AND hour < $2`,
        [fromHour, toHour],
      );
      return rows[0]!;
    },
    *summedBy(key: 'category' | 'pet', fromHour: string, toHour: string) {
      return (yield* sql<LineSumsRow>(SUMMED_BY[key], [fromHour, toHour])).rows;
    },
    *summedPayments(fromHour: string, toHour: string) {
      const { rows } = yield* sql<PaymentSumsRow>(
        `SELECT method, sum(sales) AS sales, sum(paid) AS paid, sum(change) AS change, sum(refunds) AS refunds
         FROM report_payment_hours WHERE hour >= $1 AND hour < $2 GROUP BY method ORDER BY method`,
        [fromHour, toHour],
      );
      return rows;
    },

    /** SQLite's two queries (sold, then refunded) as one: the rows of each, in that order, told apart by `refunded`. */
    *linesBy(key: LineKey, from: string, to: string) {
      const { rows } = yield* sql<LineSumsRow & { refunded: boolean }>(
        `SELECT * FROM (
           SELECT false AS refunded, ${KEY_COLUMN[key]} AS key, ${SOLD_SUMS}, ${REFUNDED_FIELDS.map((field) => `NULL::numeric AS "${field}"`).join(', ')}
           FROM sales s JOIN sale_lines l ON l.sale_id = s.id
           WHERE s.created_at >= $1 AND s.created_at < $2 GROUP BY 2
           UNION ALL
           SELECT true, ${KEY_COLUMN[key]}, ${SOLD_FIELDS.map(() => 'NULL').join(', ')}, ${REFUNDED_SUMS}
           FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.sale_id = rl.sale_id AND l.line = rl.line
           WHERE r.created_at >= $1 AND r.created_at < $2 GROUP BY 2) sums
         ORDER BY refunded, key`,
        [from, to],
      );
      const byKey = new Map<number | null, LineSumsRow>();
      const entry = (k: number | null) => byKey.get(k) ?? byKey.set(k, noLineSums(k)).get(k)!;
      for (const row of rows) for (const field of row.refunded ? REFUNDED_FIELDS : SOLD_FIELDS) entry(row.key)[field] = row[field];
      return [...byKey.values()];
    },
    /** SQLite's three queries (payments, cash's change, refunds) as one, their rows in that order. */
    *paymentsBy(from: string, to: string) {
      const { rows } = yield* sql<{ part: 1 | 2 | 3; method: PaymentMethod; sales: number; amount: number }>(
        `SELECT p.method, 1 AS part, count(DISTINCT p.sale_id) AS sales, sum(p.amount) AS amount
         FROM sales s JOIN sale_payments p ON p.sale_id = s.id WHERE s.created_at >= $1 AND s.created_at < $2 GROUP BY p.method
         UNION ALL
         -- Only cash gives change: the change of the sales that took cash.
         SELECT 'cash', 2, 0, coalesce(sum(change_given), 0) FROM sales s WHERE s.created_at >= $1 AND s.created_at < $2
           AND EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = s.id AND p.method = 'cash')
         UNION ALL
         SELECT rp.method, 3, 0, sum(rp.amount) FROM refunds r JOIN refund_payments rp ON rp.refund_id = r.id
         WHERE r.created_at >= $1 AND r.created_at < $2 GROUP BY rp.method
         ORDER BY part, method`,
        [from, to],
      );
      const byMethod = new Map<PaymentMethod, PaymentSumsRow>();
      const entry = (method: PaymentMethod) => byMethod.get(method) ?? byMethod.set(method, { method, sales: 0, paid: 0, change: 0, refunds: 0 }).get(method)!;
      for (const { part, method, sales, amount } of rows) {
        if (part === 1) Object.assign(entry(method), { sales, paid: amount });
        else if (part === 2) {
          if (amount > 0) entry('cash').change = amount;
        } else entry(method).refunds = amount;
      }
      return [...byMethod.values()];
    },
    *cancelled(from: string, to: string) {
      return (yield* sql<{ n: number }>('SELECT count(*) AS n FROM sales WHERE cancelled_at >= $1 AND cancelled_at < $2', [from, to])).rows[0]!.n;
    },

    *names(kind: 'category' | 'pet', ids: readonly number[]) {
      const { rows } = yield* sql<{ id: number; name: string }>(NAMES[kind], [ids]);
      return new Map(rows.map(({ id, name }) => [id, name]));
    },

    /** Every line of every sale, read whole (SQLite's iterates them one by one). */
    *saleLines() {
      const { rows } = yield* sql<SaleLineExportRow>(
        `SELECT s.number, s.created_at AS "createdAt", s.status, s.currency, l.line, l.pet_id AS "petId", l.pet_name AS "petName",
           l.category_name AS "categoryName", l.quantity, l.unit_price AS "unitPrice", l.discount, l.tax_rate AS "taxRate", l.net, l.tax, l.total, l.returned,
           (SELECT string_agg(method, ', ' ORDER BY first) FROM (SELECT method, min(position) AS first FROM sale_payments p WHERE p.sale_id = s.id GROUP BY method) m)
             AS methods,
           s.clerk_name AS "clerkName", s.till_name AS "tillName"
         FROM sales s JOIN sale_lines l ON l.sale_id = s.id ORDER BY s.number, l.line`,
      );
      return rows;
    },

    /** A restore on PostgreSQL goes through its own tools (pg_dump, pg_restore), not the app's file restore. */
    *replacingRecords(_work: () => void) {
      throw new Error('Records are replaced by a restore of the SQLite file; a PostgreSQL store is restored with pg_restore');
    },
  };
}
