import type { Db } from '../connection';
import { decodeCursor, encodeCursor, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { statementCache } from './statement-cache';

export interface OrderRow {
  id: number;
  petId: number;
  quantity: number;
  shipDate: string | null;
  complete: 0 | 1;
  /** The pet's name when the order was placed; null for an old order whose pet left no trace. */
  petName: string | null;
}

export interface OrderListFilter {
  complete?: boolean;
  petId?: number;
  limit: number;
  cursor?: string;
}

const COLUMNS = 'id, pet_id AS petId, quantity, ship_date AS shipDate, complete, pet_name AS petName';

/** The query a cursor of this list continues (built only when a cursor is issued or read). */
const scopeOf = (filter: OrderListFilter): CursorScope => ({
  list: 'orders',
  sort: '-id',
  filters: [filter.complete ?? null, filter.petId ?? null],
});

/** Orders, listed newest first (ids increase). */
export function ordersRepository(db: Db) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const byId = db.prepare<[number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE id = ?`);
  const insert = db.prepare<[number, string, number, string | null, string]>(
    'INSERT INTO orders (pet_id, pet_name, quantity, ship_date, placed_at) VALUES (?, ?, ?, ?, ?)',
  );
  const update = db.prepare<[string | null, number, number]>('UPDATE orders SET ship_date = ?, complete = ? WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM orders WHERE id = ?');
  const recent = db.prepare<[number], OrderRow>(`SELECT ${COLUMNS} FROM orders ORDER BY id DESC LIMIT ?`);
  const everyOrder = db.prepare<[], OrderRow>(`SELECT ${COLUMNS} FROM orders ORDER BY id`);
  const openCount = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM orders WHERE pet_id = ? AND complete = 0',
  );

  return {
    find: (id: number) => byId.get(id),
    insert: (petId: number, petName: string, quantity: number, shipDate: string | null) =>
      Number(insert.run(petId, petName, quantity, shipDate, new Date().toISOString()).lastInsertRowid),
    update: (id: number, shipDate: string | null, complete: boolean) => update.run(shipDate, complete ? 1 : 0, id),
    remove: (id: number) => remove.run(id),
    openCount: (petId: number) => openCount.get(petId)!.n,
    /** The newest orders, newest first (the dashboard's). */
    recent: (limit: number) => recent.all(limit),
    /** Every order, oldest first (an export's). */
    all: () => everyOrder.all(),

    list(filter: OrderListFilter): { rows: OrderRow[]; total: number; nextCursor: string | null } {
      const where: string[] = [];
      const params: number[] = [];
      if (filter.complete !== undefined) {
        where.push('complete = ?');
        params.push(filter.complete ? 1 : 0);
      }
      if (filter.petId !== undefined) {
        where.push('pet_id = ?');
        params.push(filter.petId);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        pageWhere.push('id < ?');
        pageParams.push(decodeCursor(filter.cursor, scopeOf(filter)).id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
        `SELECT ${COLUMNS} FROM orders ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY id DESC LIMIT +?`,
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
