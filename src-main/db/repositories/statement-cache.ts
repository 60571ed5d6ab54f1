import type { Statement } from 'better-sqlite3';
import type { Db } from '../connection';

/**
 * Dynamic queries (filters that come and go) produce a handful of distinct SQL strings;
 * preparing each once keeps list requests off SQLite's parser.
 */
export function statementCache(db: Db): (sql: string) => Statement {
  const cache = new Map<string, Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
