import type { Db } from '../connection';
import { decodeCursor, encodeCursor, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import type { PaymentRow } from './sales';
import { recordedByColumns, type RecordedByColumns, type Recorder } from './recorded-by';
import { statementCache } from './statement-cache';

/** A refunds row as SQL gives it. */
export interface RefundRow extends RecordedByColumns {
  id: number;
  saleId: number;
  /** The sale's receipt number (read with the refund, not stored twice). */
  saleNumber: number;
  createdAt: string;
  kind: 'refund' | 'cancel';
  restock: 0 | 1;
  reason: string | null;
  net: number;
  tax: number;
  amount: number;
}

/** A refunded line, with what it refunds of the sale's line (its order, pet and rate). */
export interface RefundLineRow {
  line: number;
  orderId: number;
  petId: number;
  petName: string;
  taxRate: number;
  quantity: number;
  net: number;
  tax: number;
  total: number;
}

export interface RefundListFilter {
  saleId: number;
  limit: number;
  cursor?: string;
}

const COLUMNS = `r.id, r.sale_id AS saleId, s.number AS saleNumber, r.created_at AS createdAt, r.kind, r.restock, r.reason, r.net, r.tax, r.amount,
  ${recordedByColumns('r.')}`;
const FROM = 'refunds r JOIN sales s ON s.id = r.sale_id';

const scopeOf = (filter: RefundListFilter): CursorScope => ({ list: 'refunds', sort: 'id', filters: [filter.saleId] });

/** Refunds (a cancel's too), their lines and payments; a sale's listed oldest first. A refund names who made it (`recorder`). */
export function refundsRepository(db: Db, recorder: Recorder) {
  const totalOf = pageTotals(db, statementCache(db));
  const insert = db.prepare(
    `INSERT INTO refunds (sale_id, created_at, kind, restock, reason, net, tax, amount, clerk_id, clerk_name, till_id, till_name)
     VALUES (@saleId, @createdAt, @kind, @restock, @reason, @net, @tax, @amount, @clerkId, @clerkName, @tillId, @tillName)`,
  );
  const insertLine = db.prepare<[number, number, number, number, number, number, number]>(
    'INSERT INTO refund_lines (refund_id, sale_id, line, quantity, net, tax, total) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPayment = db.prepare<[number, number, string, number]>('INSERT INTO refund_payments (refund_id, position, method, amount) VALUES (?, ?, ?, ?)');
  const byId = db.prepare<[number, number], RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ? AND r.sale_id = ?`);
  const linesOf = db.prepare<[number], RefundLineRow>(
    `SELECT r.line, s.order_id AS orderId, s.pet_id AS petId, s.pet_name AS petName, s.tax_rate AS taxRate, r.quantity, r.net, r.tax, r.total
     FROM refund_lines r JOIN sale_lines s ON s.sale_id = r.sale_id AND s.line = r.line WHERE r.refund_id = ? ORDER BY r.line`,
  );
  const paymentsOf = db.prepare<[number], PaymentRow>('SELECT method, amount FROM refund_payments WHERE refund_id = ? ORDER BY position');
  // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
  const firstPage = db.prepare<[number, number], RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.sale_id = ? ORDER BY r.id LIMIT +?`);
  const nextPage = db.prepare<[number, number, number], RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.sale_id = ? AND r.id > ? ORDER BY r.id LIMIT +?`);
  const COUNT = 'SELECT count(*) AS n FROM refunds WHERE sale_id = ?';

  return {
    insert: (row: Omit<RefundRow, 'id' | 'saleNumber' | keyof RecordedByColumns>) => Number(insert.run({ ...row, ...recorder() }).lastInsertRowid),
    insertLine: (refundId: number, saleId: number, line: Pick<RefundLineRow, 'line' | 'quantity' | 'net' | 'tax' | 'total'>) =>
      insertLine.run(refundId, saleId, line.line, line.quantity, line.net, line.tax, line.total),
    insertPayment: (refundId: number, position: number, payment: PaymentRow) => insertPayment.run(refundId, position, payment.method, payment.amount),
    /** A refund of this sale (one of another sale is none). */
    find: (saleId: number, id: number) => byId.get(id, saleId),
    lines: (refundId: number) => linesOf.all(refundId),
    payments: (refundId: number) => paymentsOf.all(refundId),

    list(filter: RefundListFilter): { rows: RefundRow[]; total: number; nextCursor: string | null } {
      const rows = filter.cursor
        ? nextPage.all(filter.saleId, decodeCursor(filter.cursor, scopeOf(filter)).id, filter.limit + 1)
        : firstPage.all(filter.saleId, filter.limit + 1);
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(COUNT, [filter.saleId], { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
export type RefundsRepository = ReturnType<typeof refundsRepository>;
