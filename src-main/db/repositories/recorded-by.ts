/**
 * Who recorded a sale, refund, stock movement or order: the clerk and till as they were named
 * then (migration 17's four columns, no foreign keys: a record, as a receipt is).
 */
export interface RecordedByColumns {
  clerkId: number | null;
  clerkName: string | null;
  tillId: number | null;
  tillName: string | null;
}

/** The columns of the call being handled; the service passes it in (db cannot see who calls). */
export type Recorder = () => RecordedByColumns;

/** The four columns as a SELECT reads them, of the table or `alias`. */
export const recordedByColumns = (alias = '') =>
  `${alias}clerk_id AS clerkId, ${alias}clerk_name AS clerkName, ${alias}till_id AS tillId, ${alias}till_name AS tillName`;
