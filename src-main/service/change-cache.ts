import type { Db } from '../db/connection';
import { otherWritersVersion } from '../db/other-writers';
import { WATCHED_TABLES as WATCHED, type WatchedTable } from '../db/watched-tables';
import type { ServiceContext } from './context';

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
    const counts: TableVersions = { api_tokens: 0, settings: 0, clerk_sessions: 0, clerks: 0, tills: 0 };
    db.function(CHANGED_FUNCTION, { deterministic: false }, (table: unknown) => {
      if (WATCHED.includes(table as WatchedTable)) counts[table as WatchedTable]++;
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
 * tables' change counts, at once) or by any other connection or process (SQLite's data_version,
 * which moves on any commit of theirs; seen within `OTHER_WRITERS_WINDOW_MS`). Lets hot paths (every REST request reads settings and tokens)
 * skip the queries, also right after an order, which writes neither table.
 *
 * Inside a transaction a changed value is computed and not kept: what it reads may yet be rolled back.
 */
export function cacheUntilChange<T>(context: ServiceContext, tables: readonly WatchedTable[], compute: () => T): () => T {
  const { db } = context;
  const versions = tableVersions(db);
  const localVersion = () => {
    let sum = 0;
    for (const table of tables) sum += versions[table];
    return sum;
  };
  let version = -1;
  let local = -1;
  let value: T;
  return () => {
    const nowVersion = otherWritersVersion(db);
    const nowLocal = localVersion();
    // Unchanged since it was kept: still true, also inside a transaction (one that had written
    // these tables would have moved their counts).
    if (nowVersion === version && nowLocal === local) return value;
    const computed = compute();
    if (!db.inTransaction) {
      value = computed;
      version = nowVersion;
      local = nowLocal;
    }
    return computed;
  };
}
