import pg from 'pg';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';

/** The run's migrated database that test databases are copied from (the cluster is new each run, so never stale). */
export const MIGRATED_TEMPLATE = 'petstore_migrated';
/** The advisory lock under which the first test file to ask makes it; the others wait, then find it. */
const TEMPLATE_LOCK = 0x50657454;

/** Makes the migrated template on the cluster at `serverUrl` unless it is there already; answers its name. */
export async function ensureMigratedTemplate(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await client.query<{ ready: boolean }>('SELECT datistemplate AS ready FROM pg_database WHERE datname = $1', [MIGRATED_TEMPLATE]);
    if (rows[0]?.ready) return MIGRATED_TEMPLATE;
    // Left half made by a test process that died: made again.
    if (rows[0]) await client.query(`DROP DATABASE ${MIGRATED_TEMPLATE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    const url = new URL(serverUrl);
    url.pathname = `/${MIGRATED_TEMPLATE}`;
    const pool = openPostgresPool(url.toString(), { max: 1 });
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      await client.query(`DROP DATABASE ${MIGRATED_TEMPLATE} WITH (FORCE)`);
      throw error;
    } finally {
      if (!pool.ended) await pool.end();
    }
    // A copy needs its template without connections: none may be made to it from now on.
    await client.query(`ALTER DATABASE ${MIGRATED_TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return MIGRATED_TEMPLATE;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}
