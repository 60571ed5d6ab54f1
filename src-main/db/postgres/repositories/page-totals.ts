import { sql, type Step } from '../../step';

/**
 * A list's total, with page-totals.ts's rule: counted only when the first page does not hold every
 * match. Not kept: another process may write to the database between two pages.
 */
export function* pageTotal(countSql: string, values: readonly unknown[], page: { cursor?: string; shown: number; more: boolean }): Step<number> {
  if (!page.cursor && !page.more) return page.shown;
  const { rows } = yield* sql<{ n: number }>(countSql, values);
  return rows[0]!.n;
}
