import type { PaymentMethod, SaleStatus } from '../../../src-shared/schemas/sale';
import type { Db } from '../connection';
import { rebuildSql } from '../migrations/0014-report-summaries';

/**
 * The sums reports are made of, read two ways: from the hourly summaries (migration 14: whole UTC
 * hours, `YYYY-MM-DDTHH`, from inclusive, to exclusive) and from the records themselves (any span
 * of ISO instants, from inclusive, to exclusive). Both add the same stored amounts.
 */

/** What lines sold and refunded add up to (in a group: `key` is its category id, pet id or tax rate). */
export interface LineSumsRow {
  key: number | null;
  sales: number;
  quantity: number;
  gross: number;
  discounts: number;
  net: number;
  tax: number;
  total: number;
  refundedQuantity: number;
  refundedNet: number;
  refundedTax: number;
  refunds: number;
}

/** One hour of the summaries, with the sales cancelled in it. */
export interface HourSumsRow extends LineSumsRow {
  hour: string;
  cancelled: number;
}

/** What one payment method took, gave back as change (cash), and paid back in refunds. */
export interface PaymentSumsRow {
  method: PaymentMethod;
  sales: number;
  paid: number;
  change: number;
  refunds: number;
}

/** A line of a sale for the CSV export, with its sale's receipt and payment methods. */
export interface SaleLineExportRow {
  number: number;
  createdAt: string;
  status: SaleStatus;
  currency: string;
  line: number;
  petId: number;
  petName: string;
  categoryName: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  taxRate: number;
  net: number;
  tax: number;
  total: number;
  returned: number;
  methods: string | null;
  /** Who made the sale, as named then (null: nobody named). */
  clerkName: string | null;
  tillName: string | null;
}

export type LineKey = 'all' | 'category' | 'pet' | 'rate';

/** A line's sums, the same SQL on both engines. */
export const SOLD_SUMS = `count(DISTINCT l.sale_id) AS sales, sum(l.quantity) AS quantity, sum(l.gross) AS gross, sum(l.discount) AS discounts,
  sum(l.net) AS net, sum(l.tax) AS tax, sum(l.total) AS total`;
const REFUNDED_SUMS = 'sum(rl.quantity) AS refundedQuantity, sum(rl.net) AS refundedNet, sum(rl.tax) AS refundedTax, sum(rl.total) AS refunds';
const SUMMARY_SUMS = `sum(sales) AS sales, sum(quantity) AS quantity, sum(gross) AS gross, sum(discounts) AS discounts, sum(net) AS net,
  sum(tax) AS tax, sum(total) AS total, sum(refunded_quantity) AS refundedQuantity, sum(refunded_net) AS refundedNet,
  sum(refunded_tax) AS refundedTax, sum(refunds) AS refunds`;
const KEY_COLUMN: Record<LineKey, string> = { all: 'NULL', category: 'l.category_id', pet: 'l.pet_id', rate: 'l.tax_rate' };

export const SOLD_FIELDS = ['sales', 'quantity', 'gross', 'discounts', 'net', 'tax', 'total'] as const;
export const REFUNDED_FIELDS = ['refundedQuantity', 'refundedNet', 'refundedTax', 'refunds'] as const;
/** A key's sums where nothing was sold or refunded. */
export const noLineSums = (key: number | null): LineSumsRow => ({
  key,
  sales: 0,
  quantity: 0,
  gross: 0,
  discounts: 0,
  net: 0,
  tax: 0,
  total: 0,
  refundedQuantity: 0,
  refundedNet: 0,
  refundedTax: 0,
  refunds: 0,
});

export function reportsRepository(db: Db) {
  const hours = db.prepare<[string, string], HourSumsRow>(
    `SELECT hour, NULL AS key, sales, quantity, gross, discounts, net, tax, total, refunded_quantity AS refundedQuantity,
       refunded_net AS refundedNet, refunded_tax AS refundedTax, refunds, cancelled
     FROM report_hours WHERE hour >= ? AND hour < ? ORDER BY hour`,
  );
  // Over an empty span SQL's sum() is NULL: 0 here, as nothing sold adds up to.
  const summedHours = db.prepare<[string, string], HourSumsRow>(
    `SELECT NULL AS hour, NULL AS key, ${SUMMARY_SUMS.replace(/sum\((\w+)\)/g, 'coalesce(sum($1), 0)')}, coalesce(sum(cancelled), 0) AS cancelled
     FROM report_hours WHERE hour >= ? AND hour < ?`,
  );
  const summedBy = {
    category: db.prepare<[string, string], LineSumsRow>(
      `SELECT category_id AS key, ${SUMMARY_SUMS} FROM report_category_hours WHERE hour >= ? AND hour < ? GROUP BY category_id`,
    ),
    pet: db.prepare<[string, string], LineSumsRow>(`SELECT pet_id AS key, ${SUMMARY_SUMS} FROM report_pet_hours WHERE hour >= ? AND hour < ? GROUP BY pet_id`),
  };
  const summedPayments = db.prepare<[string, string], PaymentSumsRow>(
    `SELECT method, sum(sales) AS sales, sum(paid) AS paid, sum(change) AS change, sum(refunds) AS refunds
     FROM report_payment_hours WHERE hour >= ? AND hour < ? GROUP BY method`,
  );

  // The records: sales by when they were made, refunds (a cancel's too) by when they were made.
  const soldBy = Object.fromEntries(
    (Object.keys(KEY_COLUMN) as LineKey[]).map((key) => [
      key,
      db.prepare<[string, string], LineSumsRow>(
        `SELECT ${KEY_COLUMN[key]} AS key, ${SOLD_SUMS} FROM sales s JOIN sale_lines l ON l.sale_id = s.id
         WHERE s.created_at >= ? AND s.created_at < ? GROUP BY 1`,
      ),
    ]),
  ) as Record<LineKey, ReturnType<typeof db.prepare<[string, string], LineSumsRow>>>;
  const refundedBy = Object.fromEntries(
    (Object.keys(KEY_COLUMN) as LineKey[]).map((key) => [
      key,
      db.prepare<[string, string], LineSumsRow>(
        `SELECT ${KEY_COLUMN[key]} AS key, ${REFUNDED_SUMS}
         FROM refunds r JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.sale_id = rl.sale_id AND l.line = rl.line
         WHERE r.created_at >= ? AND r.created_at < ? GROUP BY 1`,
      ),
    ]),
  ) as Record<LineKey, ReturnType<typeof db.prepare<[string, string], LineSumsRow>>>;
  const paidBy = db.prepare<[string, string], { method: PaymentMethod; sales: number; paid: number }>(
    `SELECT p.method, count(DISTINCT p.sale_id) AS sales, sum(p.amount) AS paid
     FROM sales s JOIN sale_payments p ON p.sale_id = s.id WHERE s.created_at >= ? AND s.created_at < ? GROUP BY p.method`,
  );
  // Only cash gives change: the change of the sales that took cash.
  const changeGiven = db
    .prepare<[string, string], number>(
      `SELECT coalesce(sum(change_given), 0) FROM sales s WHERE s.created_at >= ? AND s.created_at < ?
         AND EXISTS (SELECT 1 FROM sale_payments p WHERE p.sale_id = s.id AND p.method = 'cash')`,
    )
    .pluck();
  const refundedPayments = db.prepare<[string, string], { method: PaymentMethod; refunds: number }>(
    `SELECT rp.method, sum(rp.amount) AS refunds FROM refunds r JOIN refund_payments rp ON rp.refund_id = r.id
     WHERE r.created_at >= ? AND r.created_at < ? GROUP BY rp.method`,
  );
  const cancelled = db.prepare<[string, string], number>('SELECT count(*) FROM sales WHERE cancelled_at >= ? AND cancelled_at < ?').pluck();

  // A current name, else the one it was last sold under (a deleted pet or category).
  const names = {
    category: db.prepare<[string], { id: number; name: string }>(
      `SELECT x.value AS id, coalesce(c.name, n.name, '') AS name FROM json_each(?) x
       LEFT JOIN categories c ON c.id = x.value LEFT JOIN report_category_names n ON n.category_id = x.value`,
    ),
    pet: db.prepare<[string], { id: number; name: string }>(
      `SELECT x.value AS id, coalesce(p.name, n.name, '') AS name FROM json_each(?) x
       LEFT JOIN pets p ON p.id = x.value LEFT JOIN report_pet_names n ON n.pet_id = x.value`,
    ),
  };

  const saleLines = db.prepare<[], SaleLineExportRow>(
    `SELECT s.number, s.created_at AS createdAt, s.status, s.currency, l.line, l.pet_id AS petId, l.pet_name AS petName,
       l.category_name AS categoryName, l.quantity, l.unit_price AS unitPrice, l.discount, l.tax_rate AS taxRate, l.net, l.tax, l.total, l.returned,
       (SELECT group_concat(method, ', ' ORDER BY first) FROM (SELECT method, min(position) AS first FROM sale_payments p WHERE p.sale_id = s.id GROUP BY method)) AS methods
       , s.clerk_name AS clerkName, s.till_name AS tillName
     FROM sales s JOIN sale_lines l ON l.sale_id = s.id ORDER BY s.number, l.line`,
  );

  return {
    /** The summaries' hours from `fromHour` to before `toHour`, each with its sums. */
    hours: (fromHour: string, toHour: string) => hours.all(fromHour, toHour),
    /** The summaries' sums over whole hours, all in one. */
    summed: (fromHour: string, toHour: string) => summedHours.get(fromHour, toHour)!,
    /** The summaries' sums over whole hours, by category or pet. */
    summedBy: (key: 'category' | 'pet', fromHour: string, toHour: string) => summedBy[key].all(fromHour, toHour),
    /** The summaries' sums over whole hours, by payment method. */
    summedPayments: (fromHour: string, toHour: string) => summedPayments.all(fromHour, toHour),

    /** Lines sold and refunded from `from` to before `to` (instants), added up by `key` from the records. */
    linesBy(key: LineKey, from: string, to: string): LineSumsRow[] {
      const byKey = new Map<number | null, LineSumsRow>();
      const entry = (k: number | null) => byKey.get(k) ?? byKey.set(k, noLineSums(k)).get(k)!;
      for (const row of soldBy[key].all(from, to)) for (const field of SOLD_FIELDS) entry(row.key)[field] = row[field];
      for (const row of refundedBy[key].all(from, to)) for (const field of REFUNDED_FIELDS) entry(row.key)[field] = row[field];
      return [...byKey.values()];
    },
    /** Payments taken, change given and refunds paid, by method, from the records. */
    paymentsBy(from: string, to: string): PaymentSumsRow[] {
      const byMethod = new Map<PaymentMethod, PaymentSumsRow>();
      const entry = (method: PaymentMethod) => byMethod.get(method) ?? byMethod.set(method, { method, sales: 0, paid: 0, change: 0, refunds: 0 }).get(method)!;
      for (const { method, sales, paid } of paidBy.all(from, to)) Object.assign(entry(method), { sales, paid });
      const change = changeGiven.get(from, to)!;
      if (change > 0) entry('cash').change = change;
      for (const { method, refunds } of refundedPayments.all(from, to)) entry(method).refunds = refunds;
      return [...byMethod.values()];
    },
    /** How many sales were cancelled from `from` to before `to`. */
    cancelled: (from: string, to: string) => cancelled.get(from, to)!,

    /** The names of these pets or categories: the current one, else the one last sold under. */
    names(kind: 'category' | 'pet', ids: readonly number[]): Map<number, string> {
      return new Map(names[kind].all(JSON.stringify(ids)).map(({ id, name }) => [id, name]));
    },

    /** Every line of every sale, by receipt number and line: read as they are written out (an export of years). */
    saleLines: (): Iterable<SaleLineExportRow> => saleLines.iterate(),

    /**
     * Replaces the records wholesale (a restore) in the caller's transaction, then computes the
     * summaries afresh from them, once: their triggers are set aside meanwhile (a trigger counts a
     * write, not a replace), and are back on commit as on a rollback (SQLite's DDL is transactional).
     */
    replacingRecords(work: () => void): void {
      const triggers = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'report\\_%' ESCAPE '\\'").all();
      for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
      work();
      for (const { sql } of triggers) db.exec(sql);
      db.exec(rebuildSql);
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
