import type { Statement } from 'better-sqlite3';
import type { Db } from '../connection';

/** Distinct filters whose totals are kept at once; beyond it the cache starts over. */
const MAX_KEPT = 256;

/**
 * A list's total (`X-Total-Count`, the UI's "12,345 pets"), without counting when it can:
 * - a first page that holds every match is its own total;
 * - otherwise the count is kept, per filter, until anything is written to the database: by this
 *   connection (`total_changes()`) or by another connection or process (`data_version`). Totals
 *   stay exact; a shop reads far more often than it writes, and counting 70,000 matches takes
 *   milliseconds where the page itself takes microseconds.
 */
export function pageTotals(db: Db, prepare: (sql: string) => Statement) {
  const version = db.prepare<[], { changes: number; dataVersion: number }>(
    'SELECT total_changes() AS changes, data_version AS dataVersion FROM pragma_data_version',
  );
  const counts = new Map<string, number>();
  let seenVersion = '';

  return function total(countSql: string, params: (string | number)[], page: { cursor?: string; shown: number; more: boolean }): number {
    if (!page.cursor && !page.more) return page.shown;
    const { changes, dataVersion } = version.get()!;
    const now = `${changes}:${dataVersion}`;
    if (now !== seenVersion) {
      counts.clear();
      seenVersion = now;
    }
    const key = `${countSql}\u0000${JSON.stringify(params)}`;
    let count = counts.get(key);
    if (count === undefined) {
      count = (prepare(countSql).get(...params) as { n: number }).n;
      if (counts.size >= MAX_KEPT) counts.clear();
      counts.set(key, count);
    }
    return count;
  };
}
