import { decodeCursor, encodeCursor, type CursorScope } from '../../repositories/paging';
import type { Recorder } from '../../repositories/recorded-by';
import type { RefundLineRow, RefundListFilter, RefundRow, RefundsRepository } from '../../repositories/refunds';
import type { PaymentRow } from '../../repositories/sales';
import { sql, type Stepped } from '../../step';
import { pageTotals, type PageTotal } from './page-totals';
import { recordedByColumns } from './recorded-by';
import { runResult } from './run-result';

const COLUMNS = `r.id, r.sale_id AS "saleId", s.number AS "saleNumber", r.created_at AS "createdAt", r.kind, r.restock, r.reason, r.net, r.tax, r.amount,
  ${recordedByColumns('r.')}`;
const FROM = 'refunds r JOIN sales s ON s.id = r.sale_id';

const scopeOf = (filter: RefundListFilter): CursorScope => ({ list: 'refunds', sort: 'id', filters: [filter.saleId] });

/** Refunds (a cancel's too), their lines and payments on PostgreSQL: SQLite's refundsRepository, query for query. */
export function postgresRefundsRepository(recorder: Recorder, pageTotal: PageTotal = pageTotals()): Stepped<RefundsRepository> {
  return {
    *insert(row: Omit<RefundRow, 'id' | 'saleNumber' | 'clerkId' | 'clerkName' | 'tillId' | 'tillName'>) {
      const by = recorder();
      const { rows } = yield* sql<{ id: number }>(
        `INSERT INTO refunds (sale_id, created_at, kind, restock, reason, net, tax, amount, clerk_id, clerk_name, till_id, till_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [row.saleId, row.createdAt, row.kind, row.restock, row.reason, row.net, row.tax, row.amount, by.clerkId, by.clerkName, by.tillId, by.tillName],
      );
      return rows[0]!.id;
    },
    *insertLine(refundId: number, saleId: number, line: Pick<RefundLineRow, 'line' | 'quantity' | 'net' | 'tax' | 'total'>) {
      return runResult(
        yield* sql('INSERT INTO refund_lines (refund_id, sale_id, line, quantity, net, tax, total) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          refundId, saleId, line.line, line.quantity, line.net, line.tax, line.total,
        ]),
      );
    },
    *insertPayment(refundId: number, position: number, payment: PaymentRow) {
      return runResult(
        yield* sql('INSERT INTO refund_payments (refund_id, position, method, amount) VALUES ($1, $2, $3, $4)', [refundId, position, payment.method, payment.amount]),
      );
    },
    *find(saleId: number, id: number) {
      return (yield* sql<RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 AND r.sale_id = $2`, [id, saleId])).rows[0];
    },
    *lines(refundId: number) {
      const { rows } = yield* sql<RefundLineRow>(
        `SELECT r.line, s.order_id AS "orderId", s.pet_id AS "petId", s.pet_name AS "petName", s.tax_rate AS "taxRate", r.quantity, r.net, r.tax, r.total
         FROM refund_lines r JOIN sale_lines s ON s.sale_id = r.sale_id AND s.line = r.line WHERE r.refund_id = $1 ORDER BY r.line`,
        [refundId],
      );
      return rows;
    },
    *payments(refundId: number) {
      return (yield* sql<PaymentRow>('SELECT method, amount FROM refund_payments WHERE refund_id = $1 ORDER BY position', [refundId])).rows;
    },

    *list(filter: RefundListFilter) {
      const { rows } = filter.cursor
        ? yield* sql<RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.sale_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3`, [
            filter.saleId,
            decodeCursor(filter.cursor, scopeOf(filter)).id,
            filter.limit + 1,
          ])
        : yield* sql<RefundRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.sale_id = $1 ORDER BY r.id LIMIT $2`, [filter.saleId, filter.limit + 1]);
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = yield* pageTotal('SELECT count(*) AS n FROM refunds WHERE sale_id = $1', [filter.saleId], { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
