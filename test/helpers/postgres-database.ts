import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { POSTGRES_INSTALL_HINT } from './postgres-cluster';
import { ensureMigratedTemplate } from './postgres-template';

/** The test cluster's superuser URL, or null where PostgreSQL is not installed (its tests skip). */
export const postgresServerUrl: string | null = inject('postgresUrl');

/** `describe` for PostgreSQL tests: skipped, saying how to install it, where PostgreSQL is missing. */
export function describePostgres(name: string, body: () => void): void {
  if (postgresServerUrl) describe(name, body);
  else describe.skip(`${name} (skipped: ${POSTGRES_INSTALL_HINT})`, body);
}

/** Runs `sql` on the cluster's `postgres` database (CREATE and DROP DATABASE cannot run inside one). */
export async function onServer<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string): Promise<T[]> {
  if (!postgresServerUrl) throw new Error(POSTGRES_INSTALL_HINT);
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of `database` on the test cluster. */
export function databaseUrl(database: string): string {
  const url = new URL(postgresServerUrl ?? 'postgres://unavailable');
  url.pathname = `/${database}`;
  return url.toString();
}

/** A name no other test file's database has: the file's name and random letters, within PostgreSQL's 63 bytes. */
function uniqueName(): string {
  const file = basename(expect.getState().testPath ?? 'test').replace(/\.test\.ts$/, '');
  return `t_${file.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 40)}_${randomBytes(5).toString('hex')}`;
}

export interface DatabaseOptions {
  /** Copied from the run's database migrated to the latest version (faster than migrating each), instead of empty. */
  migrated?: boolean;
  /** More of CREATE DATABASE (`TEMPLATE template0 LOCALE_PROVIDER icu …`); not with `migrated`. */
  createOptions?: string;
}

export interface PostgresDatabases {
  /** The file's own database (created before its tests): empty, or migrated when asked. */
  readonly url: string;
  /** Another database, for a test that needs one of its own; dropped with the file's. */
  another(options?: DatabaseOptions): Promise<string>;
}

/**
 * Databases of this test file's own on the test cluster: one made before its tests (migrated, from
 * the run's template, when asked), more on request, all dropped after them (FORCE: a pool a failed
 * test left open does not keep one).
 * Call at the top of a `describePostgres` body.
 */
export function freshPostgresDatabase(options: { migrated?: boolean } = {}): PostgresDatabases {
  const made: string[] = [];
  let url = '';
  const another = async ({ migrated = false, createOptions = '' }: DatabaseOptions = {}) => {
    const name = uniqueName();
    const template = migrated ? `TEMPLATE ${await ensureMigratedTemplate(postgresServerUrl!)}` : '';
    await onServer(`CREATE DATABASE ${name} ${template} ${createOptions}`);
    made.push(name);
    return databaseUrl(name);
  };
  beforeAll(async () => {
    url = await another(options);
  });
  afterAll(async () => {
    for (const name of made.splice(0)) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return {
    get url() {
      return url;
    },
    another,
  };
}

/**
 * A database of its own on the test cluster (migrated from the run's template when asked), made now
 * and dropped by `drop()`: for fixtures that make one inside a hook (the REST suite's PostgreSQL run).
 */
export async function createPostgresDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresServerUrl) throw new Error(POSTGRES_INSTALL_HINT);
  const name = uniqueName();
  const template = migrated ? `TEMPLATE ${await ensureMigratedTemplate(postgresServerUrl)}` : '';
  await onServer(`CREATE DATABASE ${name} ${template}`);
  return { url: databaseUrl(name), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) };
}
