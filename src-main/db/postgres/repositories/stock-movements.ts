import type { Recorder } from '../../repositories/recorded-by';
import type { MovementCause, MovementListFilter, MovementRow, StockMovementsRepository } from '../../repositories/stock-movements';
import { encodeCursor, decodeCursor, type CursorScope } from '../../repositories/paging';
import { sql, type Stepped } from '../../step';
import { pageTotals, type PageTotal } from './page-totals';
import { recordedByColumns } from './recorded-by';

const COLUMNS = `id, pet_id AS "petId", at, delta, quantity_after AS "quantityAfter", reason, order_id AS "orderId", sale_id AS "saleId", note, ${recordedByColumns()}`;

const scopeOf = (filter: MovementListFilter): CursorScope => ({ list: 'movements', sort: '-id', filters: [filter.petId] });

/** The stock ledger on PostgreSQL: the twin of src-main/db/repositories/stock-movements.ts. */
export function postgresStockMovementsRepository(recorder: Recorder, pageTotal: PageTotal = pageTotals()): Stepped<StockMovementsRepository> {
  return {
    *insert(petId: number, delta: number, quantityAfter: number, cause: MovementCause) {
      const { clerkId, clerkName, tillId, tillName } = recorder();
      yield* sql(
        `INSERT INTO stock_movements (pet_id, at, delta, quantity_after, reason, order_id, sale_id, note, clerk_id, clerk_name, till_id, till_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [petId, new Date().toISOString(), delta, quantityAfter, cause.reason, cause.orderId ?? null, cause.saleId ?? null, cause.note || null, clerkId, clerkName, tillId, tillName],
      );
    },

    /** A pet's movements, newest first. */
    *list(filter: MovementListFilter) {
      const { rows } = filter.cursor
        ? yield* sql<MovementRow>(`SELECT ${COLUMNS} FROM stock_movements WHERE pet_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3`, [
            filter.petId,
            decodeCursor(filter.cursor, scopeOf(filter)).id,
            filter.limit + 1,
          ])
        : yield* sql<MovementRow>(`SELECT ${COLUMNS} FROM stock_movements WHERE pet_id = $1 ORDER BY id DESC LIMIT $2`, [filter.petId, filter.limit + 1]);
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = yield* pageTotal('SELECT count(*) AS n FROM stock_movements WHERE pet_id = $1', [filter.petId], { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
