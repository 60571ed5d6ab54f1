import { nameSortKey } from '../../../../src-shared/name-keys';
import type { InventoryListFilter, InventoryRepository, InventoryRow } from '../../repositories/inventory';
import { canonicalSet, decodeCursor, encodeCursor, type CursorScope } from '../../repositories/paging';
import type { MovementCause, StockMovementsRepository } from '../../repositories/stock-movements';
import { sql, type Stepped } from '../../step';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';

const COLUMNS = 'i.pet_id AS "petId", i.quantity, p.status';
/** Low stock as SQLite's repository (and isLowStock, src-shared/thresholds.ts) says; needs WITH_CATEGORY. `$t`: the shop's threshold. */
const lowStock = (threshold: string) => `p.status <> 'sold' AND i.quantity < coalesce(c.low_stock_threshold, ${threshold})`;
const WITH_CATEGORY = 'LEFT JOIN categories c ON c.id = p.category_id';

/** The same scope as SQLite's ("low stock only" as the flag, not the threshold): cursors continue on either engine. */
const scopeOf = (filter: InventoryListFilter): CursorScope => ({
  list: 'inventory',
  sort: 'petId',
  filters: [canonicalSet(filter.petId), filter.q ? nameSortKey(filter.q) : null, filter.below !== undefined],
});

/** Stock on PostgreSQL: the twin of src-main/db/repositories/inventory.ts; `set` records its movement too. */
export function postgresInventoryRepository(movements: Stepped<StockMovementsRepository>, pageTotal: PageTotal = pageTotals()): Stepped<InventoryRepository> {
  return {
    *find(petId: number) {
      const { rows } = yield* sql<InventoryRow>(`SELECT ${COLUMNS} FROM inventory i JOIN pets p ON p.id = i.pet_id WHERE i.pet_id = $1`, [petId]);
      return rows[0];
    },
    *quantity(petId: number) {
      const { rows } = yield* sql<{ quantity: number }>('SELECT quantity FROM inventory WHERE pet_id = $1', [petId]);
      return rows[0]?.quantity ?? 0;
    },
    /** Writes the stock and answers what it was, in one statement (the CTE reads the row as it was before). */
    *set(petId: number, quantity: number, cause: MovementCause) {
      const { rows } = yield* sql<{ before: number }>(
        `WITH old AS (SELECT quantity FROM inventory WHERE pet_id = $1)
         INSERT INTO inventory (pet_id, quantity) VALUES ($1, $2) ON CONFLICT (pet_id) DO UPDATE SET quantity = excluded.quantity
         RETURNING coalesce((SELECT quantity FROM old), 0) AS before`,
        [petId, quantity],
      );
      const before = rows[0]!.before;
      if (quantity !== before) yield* movements.insert(petId, quantity - before, quantity, cause);
    },
    *lowCount(threshold: number) {
      const { rows } = yield* sql<{ n: number }>(
        `SELECT count(*) AS n FROM inventory i JOIN pets p ON p.id = i.pet_id ${WITH_CATEGORY} WHERE ${lowStock('$1')}`,
        [threshold],
      );
      return rows[0]!.n;
    },

    *list(filter: InventoryListFilter) {
      const params = new Params();
      const where: string[] = [];
      if (filter.petId?.length) where.push(`i.pet_id = ANY(${params.add(filter.petId)}::bigint[])`);
      if (filter.q) where.push(`strpos(p.name_sort, ${params.add(nameSortKey(filter.q))}) > 0`);
      if (filter.below !== undefined) where.push(lowStock(params.add(filter.below)));
      const countValues = params.values.slice();
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      // Counting needs the pets only to search their names, or for low stock (as on SQLite).
      const low = filter.below !== undefined ? ` ${WITH_CATEGORY}` : '';
      const countFrom = filter.q || low ? `inventory i JOIN pets p ON p.id = i.pet_id${low}` : 'inventory i';
      const pageWhere = [...where];
      if (filter.cursor) pageWhere.push(`i.pet_id > ${params.add(decodeCursor(filter.cursor, scopeOf(filter)).id)}`);
      const { rows } = yield* sql<InventoryRow>(
        `SELECT ${COLUMNS} FROM inventory i JOIN pets p ON p.id = i.pet_id${low}
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY i.pet_id LIMIT ${params.add(filter.limit + 1)}`,
        params.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = yield* pageTotal(`SELECT count(*) AS n FROM ${countFrom} ${whereSql}`, countValues, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.petId }) : null };
    },
  };
}
