import { ORDER_STATUSES, type OrderStatus } from '../../../../src-shared/schemas/order';
import { sql, type Stepped } from '../../step';
import type { OrderListFilter, OrderRow, OrderSaleLine, OrdersRepository } from '../../repositories/orders';
import { canonicalSet, decodeCursor, encodeCursor, type CursorScope } from '../../repositories/paging';
import type { Recorder } from '../../repositories/recorded-by';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';
import { recordedByColumns } from './recorded-by';
import { runResult } from './run-result';

const LISTED_BY_DEFAULT: readonly OrderStatus[] = ['open', 'complete'];

const COLUMNS = `id, pet_id AS "petId", quantity, ship_date AS "shipDate", status, placed_at AS "placedAt", pet_name AS "petName",
  sale_id AS "saleId", unit_price AS "unitPrice", ${recordedByColumns()}`;

/** The same scope as SQLite's: a cursor from either engine continues on the other. */
const scopeOf = (filter: OrderListFilter): CursorScope => ({
  list: 'orders',
  sort: filter.sort === 'oldest' ? 'id' : '-id',
  filters: [filter.complete ?? null, filter.petId ?? null, canonicalSet(filter.status), filter.from ?? null, filter.to ?? null],
});

/** Orders on PostgreSQL: SQLite's ordersRepository, query for query. */
export function postgresOrdersRepository(recorder: Recorder, pageTotal: PageTotal = pageTotals()): Stepped<OrdersRepository> {
  return {
    *find(id: number) {
      const { rows } = yield* sql<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = $1`, [id]);
      return rows[0];
    },
    *insert(petId: number, petName: string, quantity: number, shipDate: string | null, line?: OrderSaleLine, status: 'open' | 'complete' = 'open') {
      const placedAt = new Date().toISOString();
      const saleId = line?.saleId ?? null;
      const unitPrice = line?.unitPrice ?? null;
      const row = { petId, quantity, shipDate, status, placedAt, petName, saleId, unitPrice, ...recorder() };
      const { rows } = yield* sql<{ id: number }>(
        `INSERT INTO orders (pet_id, pet_name, quantity, ship_date, placed_at, sale_id, unit_price, status, clerk_id, clerk_name, till_id, till_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [petId, petName, quantity, shipDate, placedAt, saleId, unitPrice, status, row.clerkId, row.clerkName, row.tillId, row.tillName],
      );
      return { id: rows[0]!.id, ...row } as OrderRow;
    },
    *update(id: number, shipDate: string | null, status: 'open' | 'complete') {
      return runResult(yield* sql('UPDATE orders SET ship_date = $1, status = $2 WHERE id = $3', [shipDate, status, id]));
    },
    *cancel(id: number) {
      return runResult(yield* sql("UPDATE orders SET status = 'cancelled' WHERE id = $1 AND status = 'open'", [id]));
    },
    *openCount(petId: number) {
      const { rows } = yield* sql<{ n: number }>("SELECT count(*) AS n FROM orders WHERE pet_id = $1 AND status = 'open'", [petId]);
      return rows[0]!.n;
    },
    *openTotal() {
      const { rows } = yield* sql<{ n: number }>("SELECT count(*) AS n FROM orders WHERE status = 'open'");
      return rows[0]!.n;
    },
    *recent(limit: number) {
      return (yield* sql<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE status <> 'cancelled' ORDER BY id DESC LIMIT $1`, [limit])).rows;
    },
    *all() {
      return (yield* sql<OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE status <> 'cancelled' ORDER BY id`)).rows;
    },

    *list(filter: OrderListFilter) {
      const statuses = (canonicalSet(filter.status) ?? LISTED_BY_DEFAULT).filter(
        (status) => filter.complete === undefined || (status === 'complete') === filter.complete,
      );
      const where: string[] = [];
      const p = new Params();
      if (statuses.length === 0) where.push('false');
      else if (statuses.length < ORDER_STATUSES.length) where.push(`status = ANY(${p.add(statuses)})`);
      if (filter.petId !== undefined) where.push(`pet_id = ${p.add(filter.petId)}`);
      if (filter.from !== undefined) where.push(`placed_at >= ${p.add(filter.from)}`);
      if (filter.to !== undefined) where.push(`placed_at < ${p.add(filter.to)}`);
      const oldest = filter.sort === 'oldest';
      const filterValues = [...p.values];
      const pageWhere = [...where];
      if (filter.cursor) pageWhere.push(`id ${oldest ? '>' : '<'} ${p.add(decodeCursor(filter.cursor, scopeOf(filter)).id)}`);
      const { rows } = yield* sql<OrderRow>(
        `SELECT ${COLUMNS} FROM orders ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY id ${oldest ? 'ASC' : 'DESC'} LIMIT ${p.add(filter.limit + 1)}`,
        p.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = yield* pageTotal(`SELECT count(*) AS n FROM orders ${whereSql}`, filterValues, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
