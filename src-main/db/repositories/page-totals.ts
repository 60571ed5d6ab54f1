import type { Statement } from 'better-sqlite3';
import type { Db } from '../connection';
import { writeWatcher } from './write-watcher';

/** Distinct filters whose totals are kept at once; beyond it the cache starts over. */
const MAX_KEPT = 256;

/**
 * A list's total (`X-Total-Count`, the UI's "12,345 pets"), counted only when the first page does
 * not hold every match, and kept per filter until a write (docs/decisions.md#totals-are-exact-and-kept-until-a-write).
 */
export function pageTotals(db: Db, prepare: (sql: string) => Statement) {
  const written = writeWatcher(db);
  // By statement, then by its parameters: a statement's text is the same string on every request
  // (each filter shape's SQL is built once), so finding it costs no hashing of a long new key.
  const counts = new Map<string, Map<string, number>>();
  let kept = 0;

  return function total(countSql: string, params: (string | number)[], page: { cursor?: string; shown: number; more: boolean }): number {
    if (!page.cursor && !page.more) return page.shown;
    if (written()) {
      counts.clear();
      kept = 0;
    }
    let byParams = counts.get(countSql);
    if (!byParams) counts.set(countSql, (byParams = new Map()));
    const key = JSON.stringify(params);
    let count = byParams.get(key);
    if (count === undefined) {
      count = (prepare(countSql).get(...params) as { n: number }).n;
      if (kept >= MAX_KEPT) {
        counts.clear();
        kept = 0;
        counts.set(countSql, (byParams = new Map()));
      }
      byParams.set(key, count);
      kept++;
    }
    return count;
  };
}
