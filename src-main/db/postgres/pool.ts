import pg from 'pg';

export interface PostgresPoolOptions {
  /** Connections the pool keeps at most (pg's default: 10). */
  max?: number;
  /** Told when an idle connection breaks (the server restarted): the pool drops it and opens another when asked. */
  onIdleError?: (error: Error) => void;
}

const { INT8, NUMERIC } = pg.types.builtins;

/** How long opening a connection may take before it fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Integers come back as numbers, as better-sqlite3 gives them: bigint columns, count(*), and
 * sum() of bigint (numeric). Ids and amounts stay far below 2^53. Set on each pool, not in pg's
 * global parsers, so that other code in the process keeps pg's defaults.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && (oid === INT8 || oid === NUMERIC)) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Whether `location` names a PostgreSQL database (a `postgres://` or `postgresql://` URL) rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The URL without its password, to name the database in messages and logs. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL database';
  }
}

/** A pool of connections to the database at `url` (`postgres://user:password@host:port/database?…`). */
export function openPostgresPool(url: string, options: PostgresPoolOptions = {}): pg.Pool {
  if (!isPostgresUrl(url)) throw new Error('Not a PostgreSQL URL: it begins postgres:// or postgresql:// (postgres://user@host:port/database).');
  const pool = new pg.Pool({
    connectionString: url,
    // The URL's own application_name, if it has one, wins: pg lets the connection string override.
    application_name: 'pet-store-clerk',
    max: options.max,
    // A server that drops packets (not one that refuses) would otherwise keep a command waiting for the OS's TCP timeout.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types,
  });
  // Without a listener a broken idle connection would end the whole process.
  pool.on('error', options.onIdleError ?? ((error) => console.warn(`PostgreSQL: an idle connection broke (${error.message}); the next query opens another.`)));
  return pool;
}
