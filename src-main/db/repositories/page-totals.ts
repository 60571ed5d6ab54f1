import type { Statement } from 'better-sqlite3';
import type { Db } from '../connection';
import { writeWatcher } from './write-watcher';

/** Distinct filters whose totals are kept at once; beyond it the cache starts over. */
const MAX_KEPT = 256;

/**
 * A list's total (`X-Total-Count`, the UI's "12,345 pets"), without counting when it can:
 * - a first page that holds every match is its own total;
 * - otherwise the count is kept, per filter, until anything is written to the database: by this
 *   connection (`total_changes()`, at once) or by another connection or process (`data_version`,
 *   within `OTHER_WRITERS_WINDOW_MS`). A shop reads far more often than it writes, and counting
 *   70,000 matches takes milliseconds where the page itself takes microseconds.
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
