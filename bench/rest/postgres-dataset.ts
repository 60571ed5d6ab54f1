/**
 * The PostgreSQL column's data: a throwaway cluster (test/helpers/postgres-cluster.ts: `initdb -N`,
 * `pg_ctl`, as the postgres user), pinned to the servers' core, with the store seeded as the SQLite
 * one is (`petstore seed`, the rate limit raised, the ordered pets restocked) in one database, then
 * copied byte for byte (CREATE DATABASE … TEMPLATE) for petstore-pg and bare-pg.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBin, POSTGRES_INSTALL_HINT, reapAbandonedClusters, startCluster, type Cluster } from '../../test/helpers/postgres-cluster';
import { openPostgresStore } from '../../src-main/service/postgres-store';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import type { Handlers } from '../../src-main/service/handler-types';
import { RATE_LIMIT_MAX, STOCK_MAX } from './dataset';

/** The databases of the cluster: the store for petstore serve, and its copy for the bare server. */
export type PostgresDatabase = 'petstore' | 'bare';

export interface PostgresDataset {
  /** The superuser's URL of the cluster's `postgres` database. */
  adminUrl: string;
  /** The database `petstore serve --db` is given. */
  petstoreUrl: string;
  /** A copy of it for the bare node:http + pg server. */
  bareUrl: string;
  /** The cluster's postmaster: its CPU and its children's is the servers' too. */
  postmasterPid: number;
  /** Stops the cluster at once and removes its folder (synchronous: safe in an exit handler). */
  stop(): void;
}

/** Whether this machine can run the PostgreSQL column, and if not, why. */
export function postgresAvailable(): { bin: string } | { why: string } {
  const bin = findPostgresBin();
  return bin ? { bin } : { why: POSTGRES_INSTALL_HINT };
}

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/** One statement on the cluster's `postgres` database (CREATE DATABASE cannot run in a pool's transaction). */
async function admin(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The postmaster's pid: the parent of a backend the cluster gives us. */
async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]); // ppid
  } finally {
    await client.end();
  }
}

/** The live children of a process (Linux). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The postmaster and every process it runs on `core`; the backends it forks later inherit it. */
function pinCluster(postmasterPid: number, core: number): void {
  for (const pid of [postmasterPid, ...childrenOf(postmasterPid)]) {
    const result = spawnSync('taskset', ['-a', '-c', '-p', String(core), String(pid)], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`taskset could not pin PostgreSQL's process ${pid}: ${result.stderr}`);
  }
}

/**
 * Starts the cluster and seeds it. `serverCore` pins it beside the servers (undefined: unpinned),
 * so that the database's work is the server side's, as SQLite's is inside its process.
 * `started` is told how to stop the cluster as soon as it runs (a Ctrl-C while seeding stops it too).
 */
export async function preparePostgresDataset(
  root: string,
  bin: string,
  options: { pets: number; orderPetIds: number[]; serverCore: number | undefined; started: (stop: () => void) => void },
): Promise<PostgresDataset> {
  const { pets, orderPetIds, serverCore } = options;
  reapAbandonedClusters(bin); // a bench or test run killed before its cleanup left its cluster running
  const cluster: Cluster = await startCluster(bin);
  options.started(cluster.stop);
  try {
    const postmasterPid = await postmasterOf(cluster.url);
    const master = withDatabase(cluster.url, 'master');
    await admin(cluster.url, ['CREATE DATABASE master']);
    const seeded = spawnSync(process.execPath, [join(root, 'bin/petstore.mjs'), 'seed', '--db', master, '--pets', String(pets)], { cwd: root, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`petstore seed on PostgreSQL failed:\n${seeded.stdout}${seeded.stderr}`);

    const store = await openPostgresStore(master, { maxConnections: 2 });
    try {
      const handlers = store.handlers as unknown as Partial<Handlers>;
      const call = async (name: string, input: unknown) => {
        const result = await invokeOperationAsync(handlers, name, input);
        if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
      };
      await call('settings.update', { rateLimitPerMinute: RATE_LIMIT_MAX });
      for (const petId of orderPetIds) await call('inventory.set', { petId, update: { quantity: STOCK_MAX } });
    } finally {
      await store.close();
    }
    // The planner's statistics before the copies, so both start with the same plans (autovacuum would in time).
    await admin(master, ['VACUUM (ANALYZE)']);
    await admin(cluster.url, ['CREATE DATABASE petstore TEMPLATE master', 'CREATE DATABASE bare TEMPLATE master']);
    // Pinned once seeded (seeding needs no core of its own); the backends it forks from now on inherit it.
    if (serverCore !== undefined) pinCluster(postmasterPid, serverCore);
    return { adminUrl: cluster.url, petstoreUrl: withDatabase(cluster.url, 'petstore'), bareUrl: withDatabase(cluster.url, 'bare'), postmasterPid, stop: cluster.stop };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

/**
 * CPU seconds of the cluster: the postmaster, its live children (backends, WAL writer, checkpointer…)
 * and the children it has reaped (cutime, cstime: a backend that ended within a run counts too).
 */
export function clusterCpuSeconds(postmasterPid: number, ticksPerSecond: number): number {
  const own = (pid: number, withReaped: boolean) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
      // utime, stime, cutime, cstime are fields 14–17 of stat(5), 11–14 after the name
      return (fields[11]! + fields[12]! + (withReaped ? fields[13]! + fields[14]! : 0)) / ticksPerSecond;
    } catch {
      return 0; // ended meanwhile: the postmaster's cutime has it now
    }
  };
  return own(postmasterPid, true) + childrenOf(postmasterPid).reduce((sum, pid) => sum + own(pid, false), 0);
}

/** For a message: the cluster's server version. */
export function postgresVersion(bin: string): string {
  return execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
}
