import type { PetStatus } from '../../../src-shared/schemas/pet';
import type { Db } from '../connection';
import { nameSortKey } from '../../../src-shared/name-keys';
import { canonicalSet, decodeCursor, encodeCursor, placeholders, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { statementCache } from './statement-cache';
import type { MovementCause, StockMovementsRepository } from './stock-movements';

export interface InventoryRow {
  petId: number;
  quantity: number;
  status: PetStatus;
}

export interface InventoryListFilter {
  petId?: number[];
  /** Only pets whose name contains this (case and accents aside, as the pets list's `q`). */
  q?: string;
  /** Only low stock: pets for sale below their category's threshold, or this, the shop's (isLowStock in src-shared/thresholds.ts). */
  below?: number;
  limit: number;
  cursor?: string;
}

const COLUMNS = 'i.pet_id AS petId, i.quantity, p.status';
/**
 * Low stock, as `isLowStock` (src-shared/thresholds.ts) says: a pet for sale below its category's
 * threshold, or the shop's (the parameter); needs `WITH_CATEGORY`. A LEFT JOIN keeps the pets
 * scanned first and each category found by its key: at 100,000 pets as fast as the shop's threshold
 * alone, where a correlated subquery took three times as long.
 */
const LOW_STOCK = "p.status <> 'sold' AND i.quantity < coalesce(c.low_stock_threshold, ?)";
const WITH_CATEGORY = 'LEFT JOIN categories c ON c.id = p.category_id';

/**
 * The query a cursor of this list continues (built only when a cursor is issued or read). "Low
 * stock only" counts as the client's flag, not as the threshold's value: the threshold is a
 * setting, and the owner changing it mid-walk is a change of data, not another query.
 */
const scopeOf = (filter: InventoryListFilter): CursorScope => ({
  list: 'inventory',
  sort: 'petId',
  filters: [canonicalSet(filter.petId), filter.q ? nameSortKey(filter.q) : null, filter.below !== undefined],
});

/**
 * One stock entry per pet; the entry's status is the pet's status. Its one write, `set`, records
 * the change in the stock ledger too: no stock changes without a movement.
 */
export function inventoryRepository(db: Db, movements: StockMovementsRepository) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const byPet = db.prepare<[number], InventoryRow>(
    `SELECT ${COLUMNS} FROM inventory i JOIN pets p ON p.id = i.pet_id WHERE i.pet_id = ?`,
  );
  const lowCount = db.prepare<[number], { n: number }>(
    `SELECT count(*) AS n FROM inventory i JOIN pets p ON p.id = i.pet_id ${WITH_CATEGORY} WHERE ${LOW_STOCK}`,
  );
  const quantityOf = db.prepare<[number], { quantity: number }>('SELECT quantity FROM inventory WHERE pet_id = ?');
  const upsert = db.prepare<[number, number]>(
    'INSERT INTO inventory (pet_id, quantity) VALUES (?, ?) ON CONFLICT (pet_id) DO UPDATE SET quantity = excluded.quantity',
  );

  return {
    find: (petId: number) => byPet.get(petId),
    quantity: (petId: number) => quantityOf.get(petId)?.quantity ?? 0,
    /**
     * The pet's stock becomes `quantity`, inside the caller's transaction, with one movement of the
     * difference for `cause` (none when it is the same; a new pet's entry is made even at 0).
     */
    set(petId: number, quantity: number, cause: MovementCause): void {
      const before = quantityOf.get(petId)?.quantity ?? 0;
      upsert.run(petId, quantity);
      if (quantity !== before) movements.insert(petId, quantity - before, quantity, cause);
    },
    /** How many pets are low on stock, below their category's threshold or the shop's `threshold` (the dashboard's count). */
    lowCount: (threshold: number) => lowCount.get(threshold)!.n,

    list(filter: InventoryListFilter): { rows: InventoryRow[]; total: number; nextCursor: string | null } {
      const where: string[] = [];
      const params: (number | string)[] = [];
      if (filter.petId?.length) {
        where.push(`i.pet_id IN (${placeholders(filter.petId.length)})`);
        params.push(...filter.petId);
      }
      if (filter.q) {
        where.push('instr(p.name_sort, ?) > 0');
        params.push(nameSortKey(filter.q));
      }
      if (filter.below !== undefined) {
        where.push(LOW_STOCK);
        params.push(filter.below);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      // Counting needs the pets only to search their names, or for low stock (sold ones left out, their category's threshold).
      const low = filter.below !== undefined ? ` ${WITH_CATEGORY}` : '';
      const countFrom = filter.q || low ? `inventory i JOIN pets p ON p.id = i.pet_id${low}` : 'inventory i';
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        pageWhere.push('i.pet_id > ?');
        pageParams.push(decodeCursor(filter.cursor, scopeOf(filter)).id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
        `SELECT ${COLUMNS} FROM inventory i JOIN pets p ON p.id = i.pet_id${low}
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY i.pet_id LIMIT +?`,
      ).all(...pageParams, filter.limit + 1) as InventoryRow[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(`SELECT count(*) AS n FROM ${countFrom} ${whereSql}`, params, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return { rows, total, nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.petId }) : null };
    },
  };
}
export type InventoryRepository = ReturnType<typeof inventoryRepository>;
