import type { Statement } from 'better-sqlite3';
import type { Db } from './connection';

/**
 * How long one read of SQLite's `data_version` stands for: another process's commit is seen by every
 * read that starts this long after it (docs/decisions.md#other-processes-changes-are-seen-within-1-ms).
 */
export const OTHER_WRITERS_WINDOW_MS = 1;

interface VersionProbe {
  statement: Statement<[], number>;
  value: number;
  readAt: number;
}

const probes = new WeakMap<Db, VersionProbe>();

/**
 * SQLite's data_version of this connection: it moves when another connection or process commits
 * (never for this connection's own commits). Read at most once per `OTHER_WRITERS_WINDOW_MS`, with
 * one prepared statement per connection (`db.pragma()` would prepare one on every call).
 */
export function otherWritersVersion(db: Db): number {
  let probe = probes.get(db);
  if (!probe) {
    probe = { statement: db.prepare<[], number>('PRAGMA data_version').pluck(), value: 0, readAt: -Infinity };
    probes.set(db, probe);
  }
  const now = performance.now(); // monotonic: a clock change cannot stretch the window
  if (now - probe.readAt >= OTHER_WRITERS_WINDOW_MS) {
    probe.value = probe.statement.get()!;
    probe.readAt = now;
  }
  return probe.value;
}
