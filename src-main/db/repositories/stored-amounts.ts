import type { Db } from '../connection';
import { countOf } from '../../../src-shared/count';

/**
 * Where the shop keeps amounts in its currency's minor units: once any of them holds one, a change
 * of currency would silently re-read every stored amount (1999 EUR cents are not 1999 yen), so the
 * settings refuse it (docs/decisions.md#the-currency-is-chosen-before-money-is-stored). A table or
 * column a later migration adds (sales) counts from that migration on; until then it holds nothing.
 */
const HOLDERS = [
  { table: 'pets', column: 'price', one: 'priced pet', many: 'priced pets' },
  { table: 'orders', column: 'unit_price', one: 'priced order', many: 'priced orders' },
  { table: 'sales', column: 'total', one: 'sale', many: 'sales' },
] as const;

export function storedAmountsRepository(db: Db) {
  const hasColumn = db.prepare<[string, string], number>('SELECT count(*) FROM pragma_table_info(?) WHERE name = ?').pluck();
  return {
    /** What holds amounts now, in words ("3 priced pets"), or an empty list when nothing does. */
    holders(): string[] {
      const found: string[] = [];
      for (const { table, column, one, many } of HOLDERS) {
        if (!hasColumn.get(table, column)) continue;
        const n = db.prepare<[], number>(`SELECT count(*) FROM ${table} WHERE ${column} IS NOT NULL`).pluck().get()!;
        if (n > 0) found.push(countOf(n, one, many, 'en-US'));
      }
      return found;
    },
  };
}
