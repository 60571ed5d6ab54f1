import type { PaymentRow, NewSaleRow, SaleLineRow, SaleListFilter, SaleRow, SalesRepository } from '../../repositories/sales';
import { canonicalSet, decodeCursor, encodeCursor, type CursorScope } from '../../repositories/paging';
import type { Recorder } from '../../repositories/recorded-by';
import { sql, type Stepped } from '../../step';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';
import { recordedByColumns } from './recorded-by';
import { runResult } from './run-result';

const COLUMNS = `id, number, created_at AS "createdAt", status, handover, ship_date AS "shipDate", note, customer_id AS "customerId", currency,
  prices_include_tax AS "pricesIncludeTax", subtotal, discount, net, tax, total, paid, change_given AS change, refunded,
  completed_at AS "completedAt", cancelled_at AS "cancelledAt", ${recordedByColumns()}`;
const LINE_COLUMNS = `sale_id AS "saleId", line, order_id AS "orderId", pet_id AS "petId", pet_name AS "petName", category_id AS "categoryId",
  category_name AS "categoryName", quantity, unit_price AS "unitPrice", tax_rate AS "taxRate", gross, discount, net, tax, total, returned`;

/** The same scope as SQLite's: a cursor from either engine continues on the other. */
const scopeOf = (filter: SaleListFilter): CursorScope => ({
  list: 'sales',
  sort: '-createdAt',
  filters: [filter.from ?? null, filter.to ?? null, filter.customerId ?? null, canonicalSet(filter.status), filter.number ?? null],
});

/** Sales, their lines and payments on PostgreSQL: SQLite's salesRepository, query for query. */
export function postgresSalesRepository(recorder: Recorder, pageTotal: PageTotal = pageTotals()): Stepped<SalesRepository> {
  return {
    *nextNumber() {
      const { rows } = yield* sql<{ n: number }>('SELECT greatest((SELECT coalesce(max(number), 0) FROM sales), last) + 1 AS n FROM sale_numbers');
      return rows[0]!.n;
    },
    *insert(row: NewSaleRow) {
      const by = recorder();
      const { rows } = yield* sql<{ id: number }>(
        `INSERT INTO sales (number, created_at, status, handover, ship_date, note, customer_id, currency, prices_include_tax,
           subtotal, discount, net, tax, total, paid, change_given, completed_at, clerk_id, clerk_name, till_id, till_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
        [
          row.number, row.createdAt, row.status, row.handover, row.shipDate, row.note, row.customerId, row.currency, row.pricesIncludeTax,
          row.subtotal, row.discount, row.net, row.tax, row.total, row.paid, row.change, row.completedAt, by.clerkId, by.clerkName, by.tillId, by.tillName,
        ],
      );
      return rows[0]!.id;
    },
    *insertLine(row: Omit<SaleLineRow, 'returned'>) {
      return runResult(
        yield* sql(
          `INSERT INTO sale_lines (sale_id, line, order_id, pet_id, pet_name, category_id, category_name, quantity, unit_price, tax_rate,
             gross, discount, net, tax, total)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
          [
            row.saleId, row.line, row.orderId, row.petId, row.petName, row.categoryId, row.categoryName, row.quantity, row.unitPrice, row.taxRate,
            row.gross, row.discount, row.net, row.tax, row.total,
          ],
        ),
      );
    },
    *insertPayment(saleId: number, position: number, payment: PaymentRow) {
      return runResult(
        yield* sql('INSERT INTO sale_payments (sale_id, position, method, amount) VALUES ($1, $2, $3, $4)', [saleId, position, payment.method, payment.amount]),
      );
    },
    *find(id: number) {
      return (yield* sql<SaleRow>(`SELECT ${COLUMNS} FROM sales WHERE id = $1`, [id])).rows[0];
    },
    *lines(saleId: number) {
      return (yield* sql<SaleLineRow>(`SELECT ${LINE_COLUMNS} FROM sale_lines WHERE sale_id = $1 ORDER BY line`, [saleId])).rows;
    },
    *payments(saleId: number) {
      return (yield* sql<PaymentRow>('SELECT method, amount FROM sale_payments WHERE sale_id = $1 ORDER BY position', [saleId])).rows;
    },
    *orderStanding(saleId: number) {
      const { rows } = yield* sql<{ open: number; other: number }>(
        "SELECT count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status <> 'open') AS other FROM orders WHERE sale_id = $1",
        [saleId],
      );
      return rows[0]!;
    },
    *complete(id: number, at: string) {
      return runResult(yield* sql("UPDATE sales SET status = 'completed', completed_at = $1 WHERE id = $2 AND status = 'open'", [at, id]));
    },
    *cancel(id: number, at: string) {
      return runResult(yield* sql("UPDATE sales SET status = 'cancelled', cancelled_at = $1 WHERE id = $2 AND status = 'open'", [at, id]));
    },
    *addRefunded(id: number, amount: number) {
      return runResult(yield* sql('UPDATE sales SET refunded = refunded + $1 WHERE id = $2', [amount, id]));
    },
    *addReturned(saleId: number, line: number, quantity: number) {
      return runResult(yield* sql('UPDATE sale_lines SET returned = returned + $1 WHERE sale_id = $2 AND line = $3', [quantity, saleId, line]));
    },

    *list(filter: SaleListFilter) {
      const where: string[] = [];
      const p = new Params();
      if (filter.from !== undefined) where.push(`created_at >= ${p.add(filter.from)}`);
      if (filter.to !== undefined) where.push(`created_at < ${p.add(filter.to)}`);
      if (filter.customerId !== undefined) where.push(`customer_id = ${p.add(filter.customerId)}`);
      const statuses = canonicalSet(filter.status);
      if (statuses && statuses.length < 3) where.push(`status = ANY(${p.add(statuses)})`);
      if (filter.number !== undefined) where.push(`number = ${p.add(filter.number)}`);
      const filterValues = [...p.values];
      const pageWhere = [...where];
      if (filter.cursor) {
        const { id, value } = decodeCursor(filter.cursor, scopeOf(filter));
        pageWhere.push(`(created_at, id) < (${p.add(value!)}, ${p.add(id)})`);
      }
      const { rows } = yield* sql<SaleRow>(
        `SELECT ${COLUMNS} FROM sales ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY created_at DESC, id DESC LIMIT ${p.add(filter.limit + 1)}`,
        p.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = yield* pageTotal(`SELECT count(*) AS n FROM sales ${whereSql}`, filterValues, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.createdAt }) : null };
    },
  };
}
