import type { ServiceContext } from './context';

/**
 * A value computed from the database and kept until the database changes: a commit on this
 * connection (writeCount) or by any other connection or process (SQLite's data_version).
 * Lets hot paths (every REST request reads settings and tokens) skip the queries.
 */
export function cacheUntilChange<T>(ctx: ServiceContext, compute: () => T): () => T {
  let version = '';
  let value: T;
  return () => {
    const now = `${ctx.db.pragma('data_version', { simple: true })}:${ctx.writeCount()}`;
    if (now !== version) {
      value = compute();
      version = now;
    }
    return value;
  };
}
