import type { Db } from '../db/connection';
import { StoreError, type ErrorBody } from '../../src-shared/errors';

/** A full disk: SQLite's SQLITE_FULL ("database or disk is full"), PostgreSQL's disk_full, or the system's ENOSPC. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL's disk_full (53100): the database server's disk, as SQLite's full file is this machine's.
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100';
}

/**
 * An episode: from the first write refused for a full disk until a write commits a change with no
 * such refusal in the minute before it. A full disk refuses writes for as long as it lasts (and a
 * nearly full one refuses the larger ones among writes that succeed), so it is logged once per
 * episode, as one line without a stack trace, not once per refused request.
 */
const QUIET_MS = 60_000;
let lastRefusedAt: number | undefined;

/** The refusal of a write that found the disk full; the first of an episode is logged. */
export function storageFull(log: (line: string) => void = defaultLog): ErrorBody {
  if (lastRefusedAt === undefined) {
    log('[petstore] The disk holding the database is full: writes are refused (507 STORAGE_FULL) until space is freed; reads go on. Logged once until writes succeed again.');
  }
  lastRefusedAt = Date.now();
  return new StoreError('STORAGE_FULL', 'The disk is full, so nothing was written; free some space and try again (reading still works)').toBody();
}

/** Whether an episode is on (callers then tell `changeCommitted` when a write commits a change). */
export const inStorageFullEpisode = (): boolean => lastRefusedAt !== undefined;

/** A write committed a change: a minute after the last refusal, that ends the episode. */
export function changeCommitted(): void {
  if (lastRefusedAt !== undefined && Date.now() - lastRefusedAt >= QUIET_MS) lastRefusedAt = undefined;
}

/** Ends any episode at once (tests: each starts without one). */
export function forgetStorageFull(): void {
  lastRefusedAt = undefined;
}

/** How many rows this connection's statements have changed: a commit that changed some ends an episode. */
const totalChanges = new WeakMap<Db, () => number>();
export function changesSoFar(db: Db): number {
  let read = totalChanges.get(db);
  if (!read) {
    const statement = db.prepare('SELECT total_changes()').pluck();
    read = () => statement.get() as number;
    totalChanges.set(db, read);
  }
  return read();
}

function defaultLog(line: string): void {
  console.error(line);
}
