import { ORDER_STATUSES, type OrderSort, type OrderStatus } from '../../../src-shared/schemas/order';
import type { Db } from '../connection';
import { canonicalSet, decodeCursor, encodeCursor, placeholders, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { recordedByColumns, type RecordedByColumns, type Recorder } from './recorded-by';
import { statementCache } from './statement-cache';

export interface OrderRow extends RecordedByColumns {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string | null;
  status: OrderStatus;
  placedAt: string;
  /** The pet's name when the order was placed; null for an old order whose pet left no trace. */
  petName: string | null;
  saleId: number | null;
  /** Minor units of the shop's currency; null for an order placed without a price. */
  unitPrice: number | null;
}

/** What an order placed as a line of a sale carries besides the order itself. */
export interface OrderSaleLine {
  saleId: number;
  unitPrice: number;
}

/** What a list shows unless its `status` filter says otherwise: cancelled orders are left out. */
const LISTED_BY_DEFAULT: readonly OrderStatus[] = ['open', 'complete'];

export interface OrderListFilter {
  status?: OrderStatus[];
  complete?: boolean;
  petId?: number;
  /** Placed at or after this instant (ISO, UTC). */
  from?: string;
  /** Placed before this instant (ISO, UTC). */
  to?: string;
  /** Newest first (the default) or oldest first; ids increase as orders are placed. */
  sort?: OrderSort;
  limit: number;
  cursor?: string;
}

const COLUMNS = `id, pet_id AS petId, quantity, ship_date AS shipDate, status, placed_at AS placedAt, pet_name AS petName, sale_id AS saleId,
  unit_price AS unitPrice, ${recordedByColumns()}`;

/** The query a cursor of this list continues (built only when a cursor is issued or read). */
const scopeOf = (filter: OrderListFilter): CursorScope => ({
  list: 'orders',
  sort: filter.sort === 'oldest' ? 'id' : '-id',
  filters: [filter.complete ?? null, filter.petId ?? null, canonicalSet(filter.status), filter.from ?? null, filter.to ?? null],
});

/** Orders, listed newest first (ids increase) or oldest first. An order names who placed it (`recorder`). */
export function ordersRepository(db: Db, recorder: Recorder) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const byId = db.prepare<[number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = ?`);
  const insert = db.prepare(
    `INSERT INTO orders (pet_id, pet_name, quantity, ship_date, placed_at, sale_id, unit_price, status, clerk_id, clerk_name, till_id, till_name)
     VALUES (@petId, @petName, @quantity, @shipDate, @placedAt, @saleId, @unitPrice, @status, @clerkId, @clerkName, @tillId, @tillName)`,
  );
  const update = db.prepare<[string | null, OrderStatus, number]>('UPDATE orders SET ship_date = ?, status = ? WHERE id = ?');
  const cancel = db.prepare<[number]>("UPDATE orders SET status = 'cancelled' WHERE id = ? AND status = 'open'");
  const recent = db.prepare<[number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE status <> 'cancelled' ORDER BY id DESC LIMIT ?`);
  const everyOrder = db.prepare<[], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE status <> 'cancelled' ORDER BY id`);
  const openCount = db.prepare<[number], { n: number }>("SELECT count(*) AS n FROM orders WHERE pet_id = ? AND status = 'open'");
  const openTotal = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM orders WHERE status = 'open'");

  return {
    find: (id: number) => byId.get(id),
    /**
     * A new order, as it is now stored: open, or `complete` when handed over as it is placed; `line`
     * when it is a line of a sale (written in the sale's transaction).
     */
    insert(petId: number, petName: string, quantity: number, shipDate: string | null, line?: OrderSaleLine, status: 'open' | 'complete' = 'open'): OrderRow {
      const placedAt = new Date().toISOString();
      const saleId = line?.saleId ?? null;
      const unitPrice = line?.unitPrice ?? null;
      const row = { petId, quantity, shipDate, status, placedAt, petName, saleId, unitPrice, ...recorder() };
      return { id: Number(insert.run(row).lastInsertRowid), ...row };
    },
    update: (id: number, shipDate: string | null, status: 'open' | 'complete') => update.run(shipDate, status, id),
    /** An open order becomes cancelled: it stays, as the record of what was ordered. */
    cancel: (id: number) => cancel.run(id),
    openCount: (petId: number) => openCount.get(petId)!.n,
    /** Open orders of every pet (the dashboard's). */
    openTotal: () => openTotal.get()!.n,
    /** The newest orders a list shows (cancelled ones left out), newest first (the dashboard's). */
    recent: (limit: number) => recent.all(limit),
    /** Every order a list shows (cancelled ones left out), oldest first (an export's). */
    all: () => everyOrder.all(),

    list(filter: OrderListFilter): { rows: OrderRow[]; total: number; nextCursor: string | null } {
      // `complete` narrows the statuses rather than adding a test: SQLite then reads each status's
      // newest rows from orders_by_status and stops at the page (a `status <> ?` beside it read them all).
      const statuses = (canonicalSet(filter.status) ?? LISTED_BY_DEFAULT).filter(
        (status) => filter.complete === undefined || (status === 'complete') === filter.complete,
      );
      const where: string[] = [];
      const params: (number | string)[] = [];
      if (statuses.length === 0) where.push('0');
      else if (statuses.length < ORDER_STATUSES.length) {
        where.push(`status IN (${placeholders(statuses.length)})`);
        params.push(...statuses);
      }
      if (filter.petId !== undefined) {
        where.push('pet_id = ?');
        params.push(filter.petId);
      }
      if (filter.from !== undefined) {
        where.push('placed_at >= ?');
        params.push(filter.from);
      }
      if (filter.to !== undefined) {
        where.push('placed_at < ?');
        params.push(filter.to);
      }
      const oldest = filter.sort === 'oldest';
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        pageWhere.push(oldest ? 'id > ?' : 'id < ?');
        pageParams.push(decodeCursor(filter.cursor, scopeOf(filter)).id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
        `SELECT ${COLUMNS} FROM orders ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY id ${oldest ? 'ASC' : 'DESC'} LIMIT +?`,
      ).all(...pageParams, filter.limit + 1) as OrderRow[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(`SELECT count(*) AS n FROM orders ${whereSql}`, params, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
