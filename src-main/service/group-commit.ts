import type { ErrorBody } from '../../src-shared/errors';
import type { Db } from '../db/connection';
import { askUntilAnswered } from './busy-wait';
import { isBusy, toErrorBody } from './errors';
import { changesSoFar, inStorageFullEpisode, changeCommitted } from './storage-full';

/** What a held answer is told once its batch has ended: nothing (committed) or why it failed. */
export type Settled = (failure: ErrorBody | undefined) => void;

/**
 * Group commit for the REST listener's requests: one turn's writes in one outer transaction, each a
 * savepoint, every answer held until its one COMMIT (docs/decisions.md#group-commit-on-the-rest-listener).
 * The listener's requests and their tokens' last-used times join a batch; other callers commit it first.
 */
export function createGroupCommit(db: Db, afterCommit: () => void) {
  let held: Settled[] | undefined; // defined while a batch is open
  let joining = false;
  // Set only while writes are refused for a full disk: the batch's COMMIT ends that if it changed something.
  let changesAtBegin: number | undefined;
  // Opening a batch may not wait inside SQLite (that would stop the event loop, and with it every
  // read, for up to the busy timeout): it asks without waiting, and `open` waits between asks.
  // (Not prepared once: SQLite applies this pragma when it compiles it, so a kept statement does nothing.)
  const busyTimeoutMs = db.pragma('busy_timeout', { simple: true }) as number;
  const askWithoutWaiting = () => db.exec('PRAGMA busy_timeout = 0');
  const waitAgain = () => db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);

  function begin(): void {
    db.exec('BEGIN IMMEDIATE');
    held = [];
    changesAtBegin = inStorageFullEpisode() ? changesSoFar(db) : undefined;
    setImmediate(flush); // after every request that arrived in this turn
  }

  /** Runs `work` with SQLite's busy wait off: a lock held by another connection throws SQLITE_BUSY at once. */
  function withoutWaiting<T>(work: () => T): T {
    if (!db.open) return work(); // nothing to wait for: the work meets the closed database itself
    askWithoutWaiting();
    try {
      return work();
    } finally {
      if (db.open) waitAgain();
    }
  }

  /** Opens a batch if none is open and the write lock is free now; false if another connection holds it. */
  function tryOpen(): boolean {
    if (held) return true;
    try {
      withoutWaiting(begin);
      return true;
    } catch (error) {
      if (isBusy(error)) return false;
      throw error;
    }
  }

  /** Commits the open batch, tells its members and the event feed. */
  function flush(): void {
    const members = held;
    if (!members) return;
    held = undefined;
    let failure: ErrorBody | undefined;
    try {
      db.exec('COMMIT');
    } catch (error) {
      failure = toErrorBody(error);
      if (db.inTransaction) db.exec('ROLLBACK');
    }
    if (!failure) {
      if (inStorageFullEpisode() && changesSoFar(db) > (changesAtBegin ?? -1)) changeCommitted();
      afterCommit();
    }
    for (const settle of members) settle(failure);
  }

  /** A member failed so badly that SQLite rolled the whole batch back (a full disk, I/O): it is lost, for that reason. */
  function abandon(error: unknown): void {
    const members = held ?? [];
    held = undefined;
    const failure = toErrorBody(error);
    for (const settle of members) settle(failure);
  }

  return {
    /** Whether a batch is open: answers given now must wait for `hold`. */
    get isOpen(): boolean {
      return held !== undefined;
    },
    /** Whether the work running now is a member of the open batch (which must not flush it). */
    get isJoining(): boolean {
      return joining;
    },
    /**
     * Runs one request's work inside the batch, opening one if `writes` and none is open (that
     * takes the write lock, so it can wait up to the busy timeout and throw SQLITE_BUSY).
     * A read when no batch is open runs as it would alone.
     */
    join<T>(writes: boolean, work: () => T): T {
      if (writes && !held) begin();
      if (!held) return work();
      joining = true;
      let thrown: unknown;
      try {
        return work();
      } catch (error) {
        thrown = error;
        throw error;
      } finally {
        joining = false;
        // Every member is told what the failing one was told (a full disk is STORAGE_FULL, not INTERNAL).
        if (held && !db.inTransaction) abandon(thrown ?? new Error('the batch transaction was rolled back by SQLite'));
      }
    },
    tryOpen,
    withoutWaiting,
    /** How long writers wait for another connection's lock before SERVICE_BUSY (the connection's busy timeout). */
    busyTimeoutMs,
    /**
     * Opens a batch (or finds one open) as soon as the write lock is free, asking again after
     * growing pauses (2 to 50 ms) while another process holds it; the event loop goes on meanwhile.
     * After `waitMs` (default: the connection's busy timeout) it rejects with SQLITE_BUSY, which
     * callers answer as SERVICE_BUSY. Resolves in a microtask: the batch is still open for the caller.
     */
    async open(waitMs = busyTimeoutMs): Promise<void> {
      const opened = await askUntilAnswered(() => (tryOpen() ? true : undefined), waitMs);
      if (!opened) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    },
    /** Calls `settle` once the open batch has committed or failed, or at once if none is open. */
    hold(settle: Settled): void {
      if (held) held.push(settle);
      else settle(undefined);
    },
    flush,
  };
}
export type GroupCommit = ReturnType<typeof createGroupCommit>;
