import { countOf } from '../../../../src-shared/count';
import type { storedAmountsRepository } from '../../repositories/stored-amounts';
import { sql, type Stepped } from '../../step';

/**
 * Where the shop keeps amounts, as SQLite's storedAmountsRepository says it, in one query: every
 * holder's column exists from PostgreSQL's baseline (version 17) on.
 */
const HOLDERS = [
  { table: 'pets', column: 'price', one: 'priced pet', many: 'priced pets' },
  { table: 'orders', column: 'unit_price', one: 'priced order', many: 'priced orders' },
  { table: 'sales', column: 'total', one: 'sale', many: 'sales' },
] as const;
const COUNTS = `SELECT ${HOLDERS.map(({ table, column }) => `(SELECT count(*) FROM ${table} WHERE ${column} IS NOT NULL) AS ${table}`).join(', ')}`;

/** SQLite's exports no type of its own. */
type StoredAmountsRepository = ReturnType<typeof storedAmountsRepository>;

export function postgresStoredAmountsRepository(): Stepped<StoredAmountsRepository> {
  return {
    *holders() {
      const counts = (yield* sql<Record<(typeof HOLDERS)[number]['table'], number>>(COUNTS)).rows[0]!;
      return HOLDERS.filter(({ table }) => counts[table] > 0).map(({ table, one, many }) => countOf(counts[table], one, many, 'en-US'));
    },
  };
}
