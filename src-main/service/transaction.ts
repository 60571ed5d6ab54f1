import type { Db } from '../db/connection';

/**
 * Runs `work` as one write transaction, taking the write lock up front (BEGIN IMMEDIATE) so that
 * a read-then-write such as "check stock, then reserve it" cannot interleave with another
 * connection's. Another process holding the lock makes this wait up to the busy timeout.
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
