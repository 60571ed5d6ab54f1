import type { RunResult } from 'better-sqlite3';
import type { QueryRows } from '../../step';

/**
 * What SQLite's `.run()` answers, for a PostgreSQL statement whose twin returns it: the rows it
 * changed. No caller reads `lastInsertRowid` of an UPDATE (PostgreSQL's inserts answer with RETURNING id).
 */
export const runResult = ({ rowCount }: QueryRows<unknown>): RunResult => ({ changes: rowCount, lastInsertRowid: 0 });
