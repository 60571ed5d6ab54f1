import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import type { ServiceContext } from './context';

interface VersionProbe {
  statement: Statement<[], number>;
  /** The value read in the current synchronous run, if any. */
  current: number | undefined;
  /** Forgets `current` (made once: no closure per read). */
  forget: () => void;
}

const probes = new WeakMap<Db, VersionProbe>();

/**
 * SQLite's data_version of this connection: it changes when another connection or process
 * commits. Reading it opens a read transaction (several microseconds), so the statement is
 * prepared once per connection (`db.pragma()` would prepare it on every call) and a value read is
 * reused until the current synchronous run ends (the next microtask): the caches one request
 * consults (token, settings) share one read. Another process's commit that lands during such a run
 * is seen by the next one, as if it had come a moment later; this connection's own changes are
 * counted by `tableVersions` at once.
 */
function dataVersion(db: Db): number {
  let probe = probes.get(db);
  if (!probe) {
    const created: VersionProbe = {
      statement: db.prepare<[], number>('PRAGMA data_version').pluck(),
      current: undefined,
      forget: () => {
        created.current = undefined;
      },
    };
    probes.set(db, (probe = created));
  }
  if (probe.current === undefined) {
    probe.current = probe.statement.get()!;
    queueMicrotask(probe.forget);
  }
  return probe.current;
}

/** The tables a cache can be keyed on: the ones every REST request reads (tokens, settings). */
export type WatchedTable = 'api_tokens' | 'settings';

type TableVersions = Record<WatchedTable, number>;

const CHANGED_FUNCTION = 'petstore_table_changed';
const versionsOf = new WeakMap<Db, TableVersions>();

/**
 * How often this connection changed each watched table: temporary triggers (they belong to this
 * connection alone and are not stored in the file) count every row inserted, updated or deleted,
 * whatever code wrote it (a service, a restore's raw SQL, an import). A change that is rolled back
 * still counts: a cache then reads again for nothing, never keeps a stale value.
 */
function tableVersions(db: Db): TableVersions {
  let versions = versionsOf.get(db);
  if (!versions) {
    const counts: TableVersions = { api_tokens: 0, settings: 0 };
    db.function(CHANGED_FUNCTION, { deterministic: false }, (table: unknown) => {
      if (table === 'api_tokens' || table === 'settings') counts[table]++;
      return null;
    });
    for (const table of Object.keys(counts)) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS petstore_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
           BEGIN SELECT ${CHANGED_FUNCTION}('${table}'); END`,
        );
      }
    }
    versions = counts;
    versionsOf.set(db, versions);
  }
  return versions;
}

/**
 * A value computed from the given tables and kept until they change: by this connection (the
 * tables' change counts) or by any other connection or process (SQLite's data_version, which
 * moves on any commit of theirs). Lets hot paths (every REST request reads settings and tokens)
 * skip the queries, also right after an order, which writes neither table.
 *
 * Inside a transaction the value is computed and not kept: what it reads may yet be rolled back.
 */
export function cacheUntilChange<T>(ctx: ServiceContext, tables: readonly WatchedTable[], compute: () => T): () => T {
  const { db } = ctx;
  const versions = tableVersions(db);
  const localVersion = () => tables.reduce((sum, table) => sum + versions[table], 0);
  let version = -1;
  let local = -1;
  let value: T;
  return () => {
    if (db.inTransaction) return compute();
    const nowVersion = dataVersion(db);
    const nowLocal = localVersion();
    if (nowVersion !== version || nowLocal !== local) {
      value = compute();
      version = nowVersion;
      local = nowLocal;
    }
    return value;
  };
}
