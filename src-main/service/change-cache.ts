import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import type { ServiceContext } from './context';

interface VersionProbe {
  statement: Statement<[], number>;
  /** The value read in the current synchronous run, if any. */
  current: number | undefined;
}

const probes = new WeakMap<Db, VersionProbe>();

/**
 * SQLite's data_version of this connection: it changes when another connection or process
 * commits. Reading it opens a read transaction (several microseconds), so the statement is
 * prepared once per connection (`db.pragma()` would prepare it on every call) and a value read is
 * reused until the current synchronous run ends (the next microtask): the caches one request
 * consults (token, settings) share one read. Another process's commit that lands during such a run
 * is seen by the next one, as if it had come a moment later; this connection's own commits are
 * counted by `writeCount` at once.
 */
function dataVersion(db: Db): number {
  let probe = probes.get(db);
  if (!probe) {
    probe = { statement: db.prepare<[], number>('PRAGMA data_version').pluck(), current: undefined };
    probes.set(db, probe);
  }
  if (probe.current === undefined) {
    probe.current = probe.statement.get()!;
    const done = probe;
    queueMicrotask(() => {
      done.current = undefined;
    });
  }
  return probe.current;
}

/**
 * A value computed from the database and kept until the database changes: a commit on this
 * connection (writeCount) or by any other connection or process (SQLite's data_version).
 * Lets hot paths (every REST request reads settings and tokens) skip the queries.
 */
export function cacheUntilChange<T>(ctx: ServiceContext, compute: () => T): () => T {
  let version = -1;
  let writes = -1;
  let value: T;
  return () => {
    const nowVersion = dataVersion(ctx.db);
    const nowWrites = ctx.writeCount();
    if (nowVersion !== version || nowWrites !== writes) {
      value = compute();
      version = nowVersion;
      writes = nowWrites;
    }
    return value;
  };
}
