import type { MovementReason } from '../../../src-shared/schemas/movement';
import type { Db } from '../connection';
import { decodeCursor, encodeCursor, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { recordedByColumns, type RecordedByColumns, type Recorder } from './recorded-by';
import { statementCache } from './statement-cache';

export interface MovementRow extends RecordedByColumns {
  id: number;
  petId: number;
  at: string;
  delta: number;
  quantityAfter: number;
  reason: MovementReason;
  orderId: number | null;
  saleId: number | null;
  note: string | null;
}

/** Why a stock changes: what a movement records besides the numbers. */
export interface MovementCause {
  reason: MovementReason;
  orderId?: number;
  saleId?: number;
  /** The clerk's note; empty is none. */
  note?: string;
}

export interface MovementListFilter {
  petId: number;
  limit: number;
  cursor?: string;
}

const COLUMNS = `id, pet_id AS petId, at, delta, quantity_after AS quantityAfter, reason, order_id AS orderId, sale_id AS saleId, note, ${recordedByColumns()}`;

const scopeOf = (filter: MovementListFilter): CursorScope => ({ list: 'movements', sort: '-id', filters: [filter.petId] });

/**
 * The stock ledger: one row per change of a pet's stock, written only by the inventory
 * repository's `set` (in the transaction of the change), listed newest first; each names who
 * made it (`recorder`: every cause, without its caller having to say).
 */
export function stockMovementsRepository(db: Db, recorder: Recorder) {
  const totalOf = pageTotals(db, statementCache(db));
  const insert = db.prepare(
    `INSERT INTO stock_movements (pet_id, at, delta, quantity_after, reason, order_id, sale_id, note, clerk_id, clerk_name, till_id, till_name)
     VALUES (@petId, @at, @delta, @quantityAfter, @reason, @orderId, @saleId, @note, @clerkId, @clerkName, @tillId, @tillName)`,
  );
  // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
  const firstPage = db.prepare<[number, number], MovementRow>(`SELECT ${COLUMNS} FROM stock_movements WHERE pet_id = ? ORDER BY id DESC LIMIT +?`);
  const nextPage = db.prepare<[number, number, number], MovementRow>(
    `SELECT ${COLUMNS} FROM stock_movements WHERE pet_id = ? AND id < ? ORDER BY id DESC LIMIT +?`,
  );
  const COUNT = 'SELECT count(*) AS n FROM stock_movements WHERE pet_id = ?';

  return {
    /** Records a change of `delta` units that left `quantityAfter` (never called with a delta of 0). */
    insert: (petId: number, delta: number, quantityAfter: number, cause: MovementCause) => {
      const row: Omit<MovementRow, 'id'> = {
        petId, at: new Date().toISOString(), delta, quantityAfter, reason: cause.reason,
        orderId: cause.orderId ?? null, saleId: cause.saleId ?? null, note: cause.note || null, ...recorder(),
      };
      insert.run(row);
    },

    /** A pet's movements, newest first. */
    list(filter: MovementListFilter): { rows: MovementRow[]; total: number; nextCursor: string | null } {
      const rows = filter.cursor
        ? nextPage.all(filter.petId, decodeCursor(filter.cursor, scopeOf(filter)).id, filter.limit + 1)
        : firstPage.all(filter.petId, filter.limit + 1);
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(COUNT, [filter.petId], { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id }) : null };
    },
  };
}
export type StockMovementsRepository = ReturnType<typeof stockMovementsRepository>;
