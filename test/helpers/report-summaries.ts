/**
 * Whether the report summaries (migration 14, kept by triggers) hold what the records add up to:
 * the summaries are computed afresh from the records (the upgrade's own SQL) inside a savepoint
 * that is rolled back, and compared table by table, row by row.
 */
import type { Db } from '../../src-main/db/connection';
import { rebuildSql } from '../../src-main/db/migrations/0014-report-summaries';

export const SUMMARY_TABLES = ['report_hours', 'report_category_hours', 'report_pet_hours', 'report_payment_hours', 'report_pet_names', 'report_category_names'];

const contents = (db: Db) => Object.fromEntries(SUMMARY_TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]));

/** The summaries as kept and as the records make them (equal when nothing drifted). */
export function summariesAndRecords(db: Db): { kept: Record<string, unknown[]>; fromRecords: Record<string, unknown[]> } {
  const kept = contents(db);
  db.exec('SAVEPOINT summaries_from_records');
  try {
    db.exec(rebuildSql);
    return { kept, fromRecords: contents(db) };
  } finally {
    db.exec('ROLLBACK TO summaries_from_records; RELEASE summaries_from_records');
  }
}
