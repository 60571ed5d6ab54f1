import type { PetStatus } from '../../../../src-shared/schemas/pet';
import type { CategoryPetCount } from '../../../../src-shared/schemas/category';
import { fold, nameOrderKey, nameSortKey } from '../../../../src-shared/name-keys';
import { canonicalSet, encodeCursor, type CursorScope } from '../../repositories/paging';
import { petFromRow, type PetExportRow, type PetListFilter, type PetRecordRow, type PetRow, type PetsRepository } from '../../repositories/pets';
import { sql, type Step, type Stepped } from '../../step';
import { decodeCursorStep } from './cursors';
import { pageTotals, type PageTotal } from './page-totals';
import { Params } from './params';
import { runResult } from './run-result';

/** SKUs compare case aside, ASCII upper case as skuKey in SQLite's repository (a SKU is printable ASCII). */
const skuKey = (sku: string) => sku.toUpperCase();

/**
 * Stock and category sort by a value of another table, joined (at most one inventory row, exactly one
 * category per pet): at 100,000 pets PostgreSQL ran SQLite's per-row subqueries 3–19 times slower.
 */
const STOCK = 'coalesce(i.quantity, 0)';
const CATEGORY_ORDER = 'c.name_order';
const JOINS: Record<string, string> = { [STOCK]: 'LEFT JOIN inventory i ON i.pet_id = pets.id', [CATEGORY_ORDER]: 'JOIN categories c ON c.id = pets.category_id' };
const SORT_COLUMNS = { id: 'pets.id', name: 'pets.name_order', status: 'pets.status', stock: STOCK, category: CATEGORY_ORDER } as const;
// Quoted aliases: PostgreSQL folds unquoted names to lower case.
const COLUMNS = `pets.id, pets.name, pets.category_id AS "categoryId", pets.status, pets.price, pets.sku,
  pets.photo_type AS "photoType", pets.photo_size AS "photoSize", pets.photo_updated_at AS "photoAt"`;

const scopeOf = (filter: PetListFilter): CursorScope => ({
  list: 'pets',
  sort: filter.sort,
  // As SQLite's scope: a cursor issued by either engine continues on the other.
  filters: [canonicalSet(filter.status), filter.categoryId ?? null, filter.q ? nameSortKey(filter.q) : null, canonicalSet(filter.id), ...(filter.sku ? [skuKey(filter.sku)] : [])],
});

function* one<T>(text: string, values: readonly unknown[]): Step<T | undefined> {
  const { rows } = yield* sql<T>(text, values);
  return rows[0];
}

/** Pets on PostgreSQL: the twin of SQLite's pets repository (src-main/db/repositories/pets.ts). */
export function postgresPetsRepository(pageTotal: PageTotal = pageTotals()): Stepped<PetsRepository> {
  return {
    *find(id: number) {
      const row = yield* one<PetRecordRow>(`SELECT ${COLUMNS} FROM pets WHERE id = $1`, [id]);
      return row && petFromRow(row);
    },
    *insert(name: string, categoryId: number, status: PetStatus, { price, sku }: Pick<PetRow, 'price' | 'sku'> = {}) {
      const row = yield* one<{ id: number }>(
        'INSERT INTO pets (name, name_folded, name_sort, name_order, category_id, status, price, sku) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
        [name, fold(name), nameSortKey(name), nameOrderKey(name), categoryId, status, price ?? null, sku ?? null],
      );
      return row!.id;
    },
    *update(pet: PetRow) {
      return runResult(
        yield* sql(
        'UPDATE pets SET name = $1, name_folded = $2, name_sort = $3, name_order = $4, category_id = $5, status = $6, price = $7, sku = $8 WHERE id = $9',
        [pet.name, fold(pet.name), nameSortKey(pet.name), nameOrderKey(pet.name), pet.categoryId, pet.status, pet.price ?? null, pet.sku ?? null, pet.id],
        ),
      );
    },
    // The pets_by_sku index is on upper(sku): the query names the same expression.
    *findBySku(sku: string) {
      return (yield* one<{ id: number }>('SELECT id FROM pets WHERE upper(sku) = $1', [skuKey(sku)]))?.id;
    },
    *setStatus(id: number, status: PetStatus) {
      return runResult(yield* sql('UPDATE pets SET status = $1 WHERE id = $2', [status, id]));
    },
    *remove(id: number) {
      return runResult(yield* sql('DELETE FROM pets WHERE id = $1', [id]));
    },
    *firstNamedIn(name: string, categoryId: number) {
      const row = yield* one<{ id: number }>('SELECT id FROM pets WHERE category_id = $1 AND name_sort = $2 ORDER BY id LIMIT 1', [categoryId, nameSortKey(name)]);
      return row?.id;
    },

    // Counted on every call: SQLite keeps it until a write, but another process may write here.
    *countPerCategory() {
      const { rows } = yield* sql<CategoryPetCount>('SELECT category_id AS "categoryId", count(*) AS pets FROM pets GROUP BY category_id ORDER BY category_id');
      return rows as readonly CategoryPetCount[];
    },

    /** In status order, as SQLite's GROUP BY gives them. */
    *countPerStatus() {
      return (yield* sql<{ status: PetStatus; n: number }>('SELECT status, count(*) AS n FROM pets GROUP BY status ORDER BY status')).rows;
    },
    *exportRows() {
      const { rows } = yield* sql<PetExportRow>(
        `SELECT p.id, p.name, c.name AS category, p.category_id AS "categoryId", p.status, coalesce(i.quantity, 0) AS stock,
           p.price, p.sku, d.breed, d.sex, d.birth_date AS "birthDate", d.microchip, d.vaccinations, d.health_notes AS "healthNotes"
         FROM pets p JOIN categories c ON c.id = p.category_id LEFT JOIN inventory i ON i.pet_id = p.id
           LEFT JOIN pet_details d ON d.pet_id = p.id ORDER BY p.id`,
      );
      return rows;
    },

    *list(filter: PetListFilter) {
      const params = new Params();
      const where: string[] = [];
      if (filter.status?.length) where.push(`pets.status = ANY(${params.add(filter.status)}::text[])`);
      if (filter.categoryId !== undefined) where.push(`pets.category_id = ${params.add(filter.categoryId)}`);
      if (filter.q) where.push(`strpos(pets.name_sort, ${params.add(nameSortKey(filter.q))}) > 0`);
      if (filter.id?.length) where.push(`pets.id = ANY(${params.add(filter.id)}::bigint[])`);
      if (filter.sku) where.push(`upper(pets.sku) = ${params.add(skuKey(filter.sku))}`);
      const countValues = params.values.slice();
      const descending = filter.sort.startsWith('-');
      const key = SORT_COLUMNS[filter.sort.replace('-', '') as keyof typeof SORT_COLUMNS];
      const direction = descending ? 'DESC' : 'ASC';
      const after = descending ? '<' : '>';
      const pageWhere = [...where];
      if (filter.cursor) {
        const { id, value } = yield* decodeCursorStep(filter.cursor, scopeOf(filter), function* (petId) {
          const from = key === CATEGORY_ORDER ? `pets ${JOINS[CATEGORY_ORDER]}` : 'pets';
          return (yield* one<{ value: string }>(`SELECT ${key === CATEGORY_ORDER ? key : 'pets.name_order'} AS value FROM ${from} WHERE pets.id = $1`, [petId]))?.value;
        });
        pageWhere.push(key === 'pets.id' ? `pets.id ${after} ${params.add(id)}` : `(${key}, pets.id) ${after} (${params.add(key === STOCK ? Number(value) : value)}, ${params.add(id)})`);
      }
      const orderBy = key === 'pets.id' ? `pets.id ${direction}` : `${key} ${direction}, pets.id ${direction}`;
      const { rows } = yield* sql<PetRecordRow & { sortValue?: string | number }>(
        `SELECT ${COLUMNS}${key === 'pets.id' ? '' : `, ${key} AS "sortValue"`} FROM pets ${JOINS[key] ?? ''}
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY ${orderBy} LIMIT ${params.add(filter.limit + 1)}`,
        params.values,
      );
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const countSql = `SELECT count(*) AS n FROM pets ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const total = yield* pageTotal(countSql, countValues, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(petFromRow),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.sortValue === undefined ? undefined : String(last.sortValue) }) : null,
      };
    },
  };
}
