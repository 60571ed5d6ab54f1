import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../src-main/db/connection';

/** Per statement run: how often, and the arguments of its first run. */
export type StatementRuns = Map<string, { runs: number; args: unknown[] }>;

/** Every statement run through better-sqlite3 while `work` runs: its SQL, how often, its first arguments. */
export function statementsRunBy(db: Db, work: () => void): StatementRuns {
  const seen: StatementRuns = new Map();
  const prototype = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  const originals = Object.fromEntries((['run', 'get', 'all', 'iterate'] as const).map((method) => [method, prototype[method]]));
  for (const [method, original] of Object.entries(originals)) {
    prototype[method] = function (this: Statement, ...args: unknown[]) {
      const entry = seen.get(this.source) ?? { runs: 0, args };
      entry.runs++;
      seen.set(this.source, entry);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    work();
  } finally {
    Object.assign(prototype, originals);
  }
  return seen;
}

/** How many statements that ran read with COUNT(…): a total counted rather than kept. */
export const countsIn = (seen: StatementRuns) =>
  [...seen].filter(([sql]) => /\bcount\s*\(/i.test(sql)).reduce((sum, [, { runs }]) => sum + runs, 0);
