/**
 * A throwaway PostgreSQL cluster for a test run: `initdb` into a fresh temp dir and `pg_ctl start`
 * on a free loopback port, as the `postgres` user when we are root (PostgreSQL refuses root).
 * Durability stays at the server's defaults: the crash tests need fsync as a shop's server has it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

export const POSTGRES_INSTALL_HINT =
  "PostgreSQL is not installed here: install Debian's (apt-get install -y --no-install-recommends postgresql) to run its tests.";

/** The folder holding initdb and pg_ctl: Debian's newest /usr/lib/postgresql/<n>/bin, else the PATH's; null when neither has them. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return found ? join(found, '..') : null;
}

export interface Cluster {
  /** The superuser's URL of the cluster's `postgres` database. */
  url: string;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function run(bin: string, program: string, args: string[]): void {
  const command = join(bin, program);
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

/** The uid and gid of the postgres user, for the cluster's folder. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

const PREFIX = 'petstore-pg-';
/** The file in a cluster's folder naming the process that runs the tests on it. */
const OWNER = 'owner.pid';

/** Stops the server of a cluster folder, if one runs there, and removes the folder. */
function stopAndRemove(bin: string, dir: string): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone: the folder goes all the same.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Stops and removes the clusters of test runs that died without their teardown (killed): their
 * servers run on, detached. A cluster whose run is alive is left alone, as is a folder made a
 * moment ago that names no run yet.
 */
export function reapAbandonedClusters(bin: string): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    try {
      const owner = join(dir, OWNER);
      if (existsSync(owner) ? alive(Number(readFileSync(owner, 'utf8'))) : Date.now() - statSync(dir).mtimeMs < 60_000) continue;
      stopAndRemove(bin, dir);
    } catch {
      // Another run reaped it meanwhile.
    }
  }
}

export async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, OWNER), String(process.pid));
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  const stop = () => stopAndRemove(bin, dir);
  try {
    run(bin, 'initdb', ['-N', '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    run(bin, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
  } catch (error) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
    stop();
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`The test PostgreSQL cluster did not start: ${(error as Error).message}\n${output}\n${serverLog}`, { cause: error });
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
