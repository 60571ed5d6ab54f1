import type { Statement } from 'better-sqlite3';
import { PET_SORTS, type DetailField, type Pet, type PetPhoto, type PetSort, type PetStatus } from '../../../src-shared/schemas/pet';
import type { Db } from '../connection';
import { fold, nameOrderKey, nameSortKey } from '../../../src-shared/name-keys';
import { canonicalSet, decodeCursor, encodeCursor, placeholders, type CursorScope } from './paging';
import { pageTotals } from './page-totals';
import { MAX_KEPT_STATEMENTS, statementCache } from './statement-cache';
import { writeWatcher } from './write-watcher';
import type { CategoryPetCount } from '../../../src-shared/schemas/category';

/**
 * A pet as lists, events and the stock rules see it: a Pet without the animal's details (those are
 * read with `details`), a field without a value left out.
 */
export type PetRow = Omit<Pet, DetailField>;

/** A pets row as SQL gives it: nulls where a value is missing. */
export interface PetRecordRow {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
  price: number | null;
  sku: string | null;
  photoType: PetPhoto['contentType'] | null;
  photoSize: number | null;
  photoAt: string | null;
}

/** A row as the answer gives it: no nulls (a field without a value is left out). */
export function petFromRow(row: PetRecordRow): PetRow {
  const pet: PetRow = { id: row.id, name: row.name, categoryId: row.categoryId, status: row.status };
  if (row.price !== null) pet.price = row.price;
  if (row.sku !== null) pet.sku = row.sku;
  if (row.photoType !== null) pet.photo = { contentType: row.photoType, size: row.photoSize!, updatedAt: row.photoAt! };
  return pet;
}

/** What a SKU is compared as: SKUs are unique case aside (printable ASCII, so ASCII upper case; SQLite's upper() in the index). */
export const skuKey = (sku: string) => sku.toUpperCase();

export interface PetListFilter {
  status?: PetStatus[];
  categoryId?: number;
  q?: string;
  id?: number[];
  sku?: string;
  sort: PetSort;
  limit: number;
  cursor?: string;
}

/** A pet as an export writes it: its category's name, its stock and its details (SQL's nulls where none; vaccinations as JSON text). */
export interface PetExportRow {
  id: number;
  name: string;
  category: string;
  categoryId: number;
  status: PetStatus;
  stock: number;
  price: number | null;
  sku: string | null;
  breed: string | null;
  sex: string | null;
  birthDate: string | null;
  microchip: string | null;
  vaccinations: string | null;
  healthNotes: string | null;
}

/** Stock and category sort by a value of another table, read per row (the inventory entry, the category's name key). */
const STOCK = 'ifnull((SELECT quantity FROM inventory WHERE pet_id = pets.id), 0)';
const CATEGORY_ORDER = '(SELECT name_order FROM categories WHERE categories.id = pets.category_id)';
const SORT_COLUMNS = { id: 'id', name: 'name_order', status: 'status', stock: STOCK, category: CATEGORY_ORDER } as const;
type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];
// The photo's facts are the pet's own columns: a list reads no other table (its bytes are in pet_photos).
const COLUMNS = 'id, name, category_id AS categoryId, status, price, sku, photo_type AS photoType, photo_size AS photoSize, photo_updated_at AS photoAt';

/** Pets: parameterised SQL only; filters add placeholders, never values, to the text. */
export function petsRepository(db: Db) {
  const prepare = statementCache(db);
  const totalOf = pageTotals(db, prepare);
  const byId = db.prepare<[number], PetRecordRow>(`SELECT ${COLUMNS} FROM pets WHERE id = ?`);
  const insert = db.prepare<[string, string, string, string, number, PetStatus, number | null, string | null]>(
    'INSERT INTO pets (name, name_folded, name_sort, name_order, category_id, status, price, sku) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare<[string, string, string, string, number, PetStatus, number | null, string | null, number]>(
    'UPDATE pets SET name = ?, name_folded = ?, name_sort = ?, name_order = ?, category_id = ?, status = ?, price = ?, sku = ? WHERE id = ?',
  );
  // The pets_by_sku index (migration 12): an expression index, so the query names the same expression.
  const bySku = db.prepare<[string], number>('SELECT id FROM pets WHERE upper(sku) = ?').pluck();
  const setStatus = db.prepare<[PetStatus, number]>('UPDATE pets SET status = ? WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM pets WHERE id = ?');
  // One index entry read (pets_by_category_and_name, migration 7), however many pets the category holds.
  const firstNamedIn = db
    .prepare<[number, string], number>('SELECT id FROM pets WHERE category_id = ? AND name_sort = ? ORDER BY id LIMIT 1')
    .pluck();
  const nameOrderOf = db.prepare<[number], string>('SELECT name_order FROM pets WHERE id = ?').pluck();
  const categoryOrderOf = db.prepare<[number], string>(`SELECT ${CATEGORY_ORDER} FROM pets WHERE id = ?`).pluck();
  /** A row's current text sort value, for a cursor that carries only its digest. */
  const sortValueOf = (id: number) => nameOrderOf.get(id);
  const categorySortValueOf = (id: number) => categoryOrderOf.get(id) ?? undefined;
  // Read from the pets_by_category index alone; kept until the next write (windows showing the
  // counts ask again after every change, and several windows ask for the same figures).
  const countPerCategory = db.prepare<[], CategoryPetCount>(
    'SELECT category_id AS categoryId, count(*) AS pets FROM pets GROUP BY category_id ORDER BY category_id',
  );
  const writtenSinceCounted = writeWatcher(db);
  const countPerStatus = db.prepare<[], { status: PetStatus; n: number }>('SELECT status, count(*) AS n FROM pets GROUP BY status');
  const everyPet = db.prepare<[], PetExportRow>(
    `SELECT p.id, p.name, c.name AS category, p.category_id AS categoryId, p.status, coalesce(i.quantity, 0) AS stock,
       p.price, p.sku, d.breed, d.sex, d.birth_date AS birthDate, d.microchip, d.vaccinations, d.health_notes AS healthNotes
     FROM pets p JOIN categories c ON c.id = p.category_id LEFT JOIN inventory i ON i.pet_id = p.id
       LEFT JOIN pet_details d ON d.pet_id = p.id ORDER BY p.id`,
  );
  let keptCounts: readonly CategoryPetCount[] = [];

  /**
   * The query a cursor of this list continues (built only when a cursor is issued or read; no
   * closure per request: under tsx each one costs a `__name` property definition).
   */
  const scopeOf = (filter: PetListFilter): CursorScope => ({
    list: 'pets',
    sort: filter.sort,
    // A SKU only when given: the cursors of the other filters stay as they were issued before SKUs.
    filters: [canonicalSet(filter.status), filter.categoryId ?? null, filter.q ? nameSortKey(filter.q) : null, canonicalSet(filter.id), ...(filter.sku ? [skuKey(filter.sku)] : [])],
    sortValueOf: filter.sort.endsWith('category') ? categorySortValueOf : sortValueOf,
  });

  /**
   * The statements of one filter shape (which filters, how many values, the sort, a cursor or
   * not), built once: requests of the same shape differ only in their parameters.
   */
  const shapes = new Map<number, { page: Statement; countSql: string; key: SortColumn }>();
  function sqlFor(filter: PetListFilter) {
    const { status, categoryId, q, id, sku, sort, cursor } = filter;
    // One number per shape (a Map finds it without hashing a new string): the counts are bounded
    // by the input schema (3 statuses, 500 ids), each flag is a bit.
    const shape =
      ((((status?.length ?? 0) * 1024 + (id?.length ?? 0)) * 16 + PET_SORTS.indexOf(sort)) * 16) +
      (sku ? 8 : 0) +
      (categoryId !== undefined ? 4 : 0) +
      (q ? 2 : 0) +
      (cursor ? 1 : 0);
    let sql = shapes.get(shape);
    if (!sql) {
      const where: string[] = [];
      if (filter.status?.length) where.push(`status IN (${placeholders(filter.status.length)})`);
      if (filter.categoryId !== undefined) where.push('category_id = ?');
      if (filter.q) where.push('instr(name_sort, ?) > 0');
      if (filter.id?.length) where.push(`id IN (${placeholders(filter.id.length)})`);
      if (filter.sku) where.push('upper(sku) = ?');
      const descending = filter.sort.startsWith('-');
      const key = SORT_COLUMNS[filter.sort.replace('-', '') as keyof typeof SORT_COLUMNS];
      const direction = descending ? 'DESC' : 'ASC';
      const after = descending ? '<' : '>';
      const pageWhere = [...where];
      if (filter.cursor) pageWhere.push(key === 'id' ? `id ${after} ?` : `(${key}, id) ${after} (?, ?)`);
      const orderBy = key === 'id' ? `id ${direction}` : `${key} ${direction}, id ${direction}`;
      // `LIMIT +?`, not `LIMIT ?`: SQLite's planner reads a bare LIMIT parameter's value, which
      // makes the statement re-prepare (parse and plan again, ~5 µs) whenever it is bound, that
      // is on every call. The plans are the same for every filter shape; the limit stays a bound integer.
      // Sorted by id, a row's own id is its cursor: the rows are the answer as they come.
      const page = prepare(
        `SELECT ${COLUMNS}${key === 'id' ? '' : `, ${key} AS sortValue`} FROM pets
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
         ORDER BY ${orderBy} LIMIT +?`,
      );
      const countSql = `SELECT count(*) AS n FROM pets ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      sql = { page, countSql, key };
      if (shapes.size >= MAX_KEPT_STATEMENTS) shapes.clear();
      shapes.set(shape, sql);
    }
    return sql;
  }

  return {
    find(id: number): PetRow | undefined {
      const row = byId.get(id);
      return row && petFromRow(row);
    },
    /** Adds a pet with its price and SKU (if any); its details and photo are written beside it. */
    insert: (name: string, categoryId: number, status: PetStatus, { price, sku }: Pick<PetRow, 'price' | 'sku'> = {}) =>
      Number(insert.run(name, fold(name), nameSortKey(name), nameOrderKey(name), categoryId, status, price ?? null, sku ?? null).lastInsertRowid),
    update: (pet: PetRow) =>
      update.run(pet.name, fold(pet.name), nameSortKey(pet.name), nameOrderKey(pet.name), pet.categoryId, pet.status, pet.price ?? null, pet.sku ?? null, pet.id),
    /** The pet with this SKU, case aside. */
    findBySku: (sku: string): number | undefined => bySku.get(skuKey(sku)),
    setStatus: (id: number, status: PetStatus) => setStatus.run(status, id),
    remove: (id: number) => remove.run(id),
    /** The first pet (lowest id) of the category with this name, case and accents aside. */
    firstNamedIn: (name: string, categoryId: number): number | undefined => firstNamedIn.get(categoryId, nameSortKey(name)),

    /** How many pets each category holds; categories without pets are not listed. */
    countPerCategory(): readonly CategoryPetCount[] {
      if (writtenSinceCounted()) keptCounts = countPerCategory.all();
      return keptCounts;
    },

    /** How many pets have each status; a status no pet has is not listed. */
    countPerStatus: () => countPerStatus.all(),
    /** Every pet with its category's name, stock and details, by id (an export). */
    exportRows: () => everyPet.all(),

    list(filter: PetListFilter): { rows: PetRow[]; total: number; nextCursor: string | null } {
      const { page, countSql, key } = sqlFor(filter);
      const values: (string | number)[] = [];
      if (filter.status?.length) values.push(...filter.status);
      if (filter.categoryId !== undefined) values.push(filter.categoryId);
      if (filter.q) values.push(nameSortKey(filter.q));
      if (filter.id?.length) values.push(...filter.id);
      if (filter.sku) values.push(skuKey(filter.sku));
      const pageValues = values.slice();
      if (filter.cursor) {
        const { id, value } = decodeCursor(filter.cursor, scopeOf(filter));
        if (key === 'id') pageValues.push(id);
        else pageValues.push(key === STOCK ? Number(value) : value!, id);
      }
      pageValues.push(filter.limit + 1);
      const rows = page.all(pageValues) as (PetRecordRow & { sortValue?: string | number })[];
      const more = rows.length > filter.limit;
      if (more) rows.pop();
      const total = totalOf(countSql, values, { cursor: filter.cursor, shown: rows.length, more });
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(petFromRow),
        total,
        nextCursor: more && last ? encodeCursor(scopeOf(filter), { id: last.id, value: last.sortValue === undefined ? undefined : String(last.sortValue) }) : null,
      };
    },
  };
}
export type PetsRepository = ReturnType<typeof petsRepository>;
