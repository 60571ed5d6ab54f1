import type { Transaction } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { changesSoFar, inStorageFullEpisode, changeCommitted } from './storage-full';

type Runner = Transaction<(work: () => unknown) => unknown>;

/** One transaction function per connection, which runs whatever work it is given. */
const runners = new WeakMap<Db, Runner>();

/**
 * Runs `work` as one write transaction, taking the write lock up front (BEGIN IMMEDIATE) so that
 * a read-then-write such as "check stock, then reserve it" cannot interleave with another
 * connection's. Another process holding the lock makes this wait up to the busy timeout.
 * Inside another transaction it runs as a savepoint (better-sqlite3 decides that per call).
 * The wrapper is built once per connection: building `db.transaction(work)` per write costs
 * several microseconds (four wrapped functions and their properties).
 */
export function writeTransaction<T>(db: Db, work: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((given: () => unknown) => given());
    runners.set(db, run);
  }
  if (!inStorageFullEpisode()) return run.immediate(work) as T;
  // While writes are refused for a full disk: the first change committed (not a savepoint in a batch) ends that.
  const before = changesSoFar(db);
  const result = run.immediate(work) as T;
  if (!db.inTransaction && changesSoFar(db) > before) changeCommitted();
  return result;
}
