import { fold, nameOrderKey, nameSortKey } from '../../../../src-shared/name-keys';
import { PAGE_LIMIT_MAX } from '../../../../src-shared/schemas/common';
import type { Overview } from '../../../../src-shared/schemas/data';
import type { CategoriesRepository, CategoryFields, CategoryListFilter, CategoryRow } from '../../repositories/categories';
import { encodeCursor, type CursorScope } from '../../repositories/paging';
import { sql, type Step, type Stepped } from '../../step';
import { decodeCursorStep } from './cursors';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';
import { runResult } from './run-result';

const COLUMNS = 'id, name, description, tax_rate AS "taxRate", low_stock_threshold AS "lowStockThreshold"';

const scopeOf = (filter: CategoryListFilter): CursorScope => ({ list: 'categories', sort: 'name', filters: [filter.q ? nameSortKey(filter.q) : null] });

function* one<T>(text: string, values: readonly unknown[]): Step<T | undefined> {
  const { rows } = yield* sql<T>(text, values);
  return rows[0];
}

function* nameOrderOf(id: number): Step<string | undefined> {
  return (yield* one<{ name_order: string }>('SELECT name_order FROM categories WHERE id = $1', [id]))?.name_order;
}

/** Categories on PostgreSQL: the twin of src-main/db/repositories/categories.ts, listed by name order, then id. */
export function postgresCategoriesRepository(pageTotal: PageTotal = pageTotals()): Stepped<CategoriesRepository> {
  return {
    *find(id: number) {
      return yield* one<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE id = $1`, [id]);
    },
    *findByName(name: string) {
      return yield* one<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE name_folded = $1`, [fold(name)]);
    },
    *insert(name: string, { description, taxRate = null, lowStockThreshold = null }: CategoryFields) {
      const row = yield* one<{ id: number }>(
        'INSERT INTO categories (name, name_folded, name_sort, name_order, description, tax_rate, low_stock_threshold) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [name, fold(name), nameSortKey(name), nameOrderKey(name), description, taxRate, lowStockThreshold],
      );
      return row!.id;
    },
    *update(id: number, name: string, { description, taxRate = null, lowStockThreshold = null }: CategoryFields) {
      return runResult(
        yield* sql(
          'UPDATE categories SET name = $1, name_folded = $2, name_sort = $3, name_order = $4, description = $5, tax_rate = $6, low_stock_threshold = $7 WHERE id = $8',
          [name, fold(name), nameSortKey(name), nameOrderKey(name), description, taxRate, lowStockThreshold, id],
        ),
      );
    },
    *remove(id: number) {
      return runResult(yield* sql('DELETE FROM categories WHERE id = $1', [id]));
    },
    *petCount(id: number) {
      return (yield* one<{ n: number }>('SELECT count(*) AS n FROM pets WHERE category_id = $1', [id]))!.n;
    },
    *all() {
      return (yield* sql<CategoryRow>(`SELECT ${COLUMNS} FROM categories ORDER BY id`)).rows;
    },
    *stockPerCategory() {
      const { rows } = yield* sql<Overview['stockByCategory'][number]>(
        `SELECT c.id AS "categoryId", c.name, count(p.id) AS pets, coalesce(sum(i.quantity), 0) AS stock
         FROM categories c LEFT JOIN pets p ON p.category_id = c.id LEFT JOIN inventory i ON i.pet_id = p.id
         GROUP BY c.id ORDER BY c.name_order, c.id LIMIT ${PAGE_LIMIT_MAX}`,
      );
      return rows;
    },

    *list(filter: CategoryListFilter) {
      const params = new Params();
      const where: string[] = [];
      if (filter.q) where.push(`strpos(name_sort, ${params.add(nameSortKey(filter.q))}) > 0`);
      const countValues = params.values.slice();
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const pageWhere = [...where];
      if (filter.cursor) {
        const { id, value } = yield* decodeCursorStep(filter.cursor, scopeOf(filter), nameOrderOf);
        pageWhere.push(`(name_order, id) > (${params.add(value)}, ${params.add(id)})`);
      }
      const { rows } = yield* sql<CategoryRow & { name_order: string }>(
        `SELECT ${COLUMNS}, name_order FROM categories
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY name_order, id LIMIT ${params.add(filter.limit + 1)}`,
        params.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = yield* pageTotal(`SELECT count(*) AS n FROM categories ${whereSql}`, countValues, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(({ id, name, description, taxRate, lowStockThreshold }) => ({ id, name, description, taxRate, lowStockThreshold })),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.name_order }) : null,
      };
    },
  };
}
