import type { Statement } from 'better-sqlite3';
import type { Db } from '../connection';

/** Distinct statements kept at once; beyond it the cache starts over. */
export const MAX_KEPT_STATEMENTS = 512;

/**
 * Dynamic queries (filters that come and go) produce a handful of distinct SQL strings;
 * preparing each once keeps list requests off SQLite's parser. Bounded: a client sending every
 * count of repeated ids (1 to 500) with every other filter could otherwise make tens of thousands.
 */
export function statementCache(db: Db): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (cache.size >= MAX_KEPT_STATEMENTS) cache.clear();
      cache.set(sql, statement);
    }
    return statement;
  };
}
