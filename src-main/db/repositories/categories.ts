import type { Db } from '../connection';
import { fold, nameOrderKey, nameSortKey } from '../../../src-shared/name-keys';
import { decodeCursor, encodeCursor, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { statementCache } from './statement-cache';
import type { Overview } from '../../../src-shared/schemas/data';
import { PAGE_LIMIT_MAX } from '../../../src-shared/schemas/common';

export interface CategoryRow {
  id: number;
  name: string;
  description: string | null;
  /** Basis points; null: the shop's default rate applies. */
  taxRate: number | null;
  /** Stock below it is low; null: the shop's threshold applies. */
  lowStockThreshold: number | null;
}

/** What a category holds besides its name. */
export interface CategoryFields {
  description: string | null;
  taxRate?: number | null;
  lowStockThreshold?: number | null;
}

export interface CategoryListFilter {
  q?: string;
  limit: number;
  cursor?: string;
}

/** A category row's columns, as CategoryRow names them. */
const COLUMNS = 'id, name, description, tax_rate AS taxRate, low_stock_threshold AS lowStockThreshold';

/** Categories, listed by name (case and accents aside, numbers by value: `nameOrderKey`), then id. */
export function categoriesRepository(db: Db) {
  const byId = db.prepare<[number], CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE id = ?`);
  const byFoldedName = db.prepare<[string], CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE name_folded = ?`);
  const insert = db.prepare<[string, string, string, string, string | null, number | null, number | null]>(
    'INSERT INTO categories (name, name_folded, name_sort, name_order, description, tax_rate, low_stock_threshold) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare<[string, string, string, string, string | null, number | null, number | null, number]>(
    'UPDATE categories SET name = ?, name_folded = ?, name_sort = ?, name_order = ?, description = ?, tax_rate = ?, low_stock_threshold = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM categories WHERE id = ?');
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const petCount = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM pets WHERE category_id = ?');
  const nameOrderOf = db.prepare<[number], string>('SELECT name_order FROM categories WHERE id = ?').pluck();
  const sortValueOf = (id: number) => nameOrderOf.get(id);
  const everyCategory = db.prepare<[], CategoryRow>(`SELECT ${COLUMNS} FROM categories ORDER BY id`);
  // The dashboard's table: every category (the first PAGE_LIMIT_MAX by name) with its pets and their stock.
  const stockPerCategory = db.prepare<[], Overview['stockByCategory'][number]>(
    `SELECT c.id AS categoryId, c.name, count(p.id) AS pets, coalesce(sum(i.quantity), 0) AS stock
     FROM categories c LEFT JOIN pets p ON p.category_id = c.id LEFT JOIN inventory i ON i.pet_id = p.id
     GROUP BY c.id ORDER BY c.name_order, c.id LIMIT ${PAGE_LIMIT_MAX}`,
  );

  /** The query a cursor of this list continues (built only when a cursor is issued or read). */
  const scopeOf = (filter: CategoryListFilter): CursorScope => ({
    list: 'categories',
    sort: 'name',
    filters: [filter.q ? nameSortKey(filter.q) : null],
    sortValueOf,
  });

  return {
    find: (id: number) => byId.get(id),
    findByName: (name: string) => byFoldedName.get(fold(name)),
    insert: (name: string, { description, taxRate = null, lowStockThreshold = null }: CategoryFields) =>
      Number(insert.run(name, fold(name), nameSortKey(name), nameOrderKey(name), description, taxRate, lowStockThreshold).lastInsertRowid),
    update: (id: number, name: string, { description, taxRate = null, lowStockThreshold = null }: CategoryFields) =>
      update.run(name, fold(name), nameSortKey(name), nameOrderKey(name), description, taxRate, lowStockThreshold, id),
    remove: (id: number) => remove.run(id),
    petCount: (id: number) => petCount.get(id)!.n,
    /** Every category, by id (an export). */
    all: () => everyCategory.all(),
    /** Categories by name with how many pets each holds and their stock, at most PAGE_LIMIT_MAX (the dashboard). */
    stockPerCategory: () => stockPerCategory.all(),

    list(filter: CategoryListFilter): { rows: CategoryRow[]; total: number; nextCursor: string | null } {
      const where: string[] = [];
      const params: (string | number)[] = [];
      if (filter.q) {
        where.push('instr(name_sort, ?) > 0');
        params.push(nameSortKey(filter.q));
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const pageWhere = [...where];
      const pageParams = [...params];
      if (filter.cursor) {
        const { id, value } = decodeCursor(filter.cursor, scopeOf(filter));
        pageWhere.push('(name_order, id) > (?, ?)');
        pageParams.push(value!, id);
      }
      // `LIMIT +?`: a bare `LIMIT ?` makes SQLite re-prepare the statement on every call (see pets.ts).
      const rows = prepare(
          `SELECT ${COLUMNS}, name_order FROM categories
           ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
           ORDER BY name_order, id LIMIT +?`,
      ).all(...pageParams, filter.limit + 1) as (CategoryRow & { name_order: string })[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(`SELECT count(*) AS n FROM categories ${whereSql}`, params, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(({ id, name, description, taxRate, lowStockThreshold }) => ({ id, name, description, taxRate, lowStockThreshold })),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.name_order }) : null,
      };
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
