import { sql, type Step } from '../../step';

/** Distinct filters whose totals are kept at once; beyond it the cache starts over (page-totals.ts's bound). */
const MAX_KEPT = 256;

/** Counts a list's total, or finds it kept. */
export type PageTotal = (countSql: string, values: readonly unknown[], page: { cursor?: string; shown: number; more: boolean }) => Step<number>;

/**
 * A list's total, with SQLite's page-totals.ts rules: counted only when the first page does not
 * hold every match, and kept per filter until a write, here or in another process: `writes`
 * (change-watch.ts) moves with every one, and is -1 while other processes' are not heard (keep nothing).
 * A count is kept under the count of writes taken before it ran: a write committed meanwhile makes it stale.
 */
export function pageTotals(writes: () => number = () => -1): PageTotal {
  let keptAt = -1;
  const counts = new Map<string, number>();

  return function* total(countSql, values, page) {
    if (!page.cursor && !page.more) return page.shown;
    const before = writes();
    if (before !== keptAt) counts.clear();
    const key = before === -1 ? '' : `${countSql}\u0000${JSON.stringify(values)}`;
    const kept = key ? counts.get(key) : undefined;
    if (kept !== undefined) return kept;
    const { rows } = yield* sql<{ n: number }>(countSql, values);
    const count = rows[0]!.n;
    if (before !== -1 && writes() === before) {
      if (keptAt !== before || counts.size >= MAX_KEPT) counts.clear();
      keptAt = before;
      counts.set(key, count);
    }
    return count;
  };
}
