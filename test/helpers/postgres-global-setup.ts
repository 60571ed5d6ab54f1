import type { TestProject } from 'vitest/node';
import { findPostgresBin, POSTGRES_INSTALL_HINT, startCluster, type Cluster } from './postgres-cluster';

/**
 * One throwaway PostgreSQL cluster for the whole Vitest run, its URL provided to every project
 * (`inject('postgresUrl')`; null when PostgreSQL is missing here). Vitest calls a root globalSetup
 * once for the root and once for each project, in one process: they share the cluster, and the
 * last teardown stops it. On CI a missing PostgreSQL fails the run: CI runs both engines.
 */
interface Shared {
  cluster: Promise<Cluster | null>;
  users: number;
}
const KEY = Symbol.for('petstore.postgres-cluster');
const holder = globalThis as { [KEY]?: Shared };

function begin(): Promise<Cluster | null> {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error(`CI runs the tests on both engines, but ${POSTGRES_INSTALL_HINT}`);
    console.warn(`\n${POSTGRES_INSTALL_HINT} They are skipped.\n`);
    return Promise.resolve(null);
  }
  const started = performance.now();
  return startCluster(bin).then((cluster) => {
    console.log(`PostgreSQL test cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
    // A run that ends without its teardown (an uncaught error) still leaves no server behind.
    process.once('exit', cluster.stop);
    return cluster;
  });
}

export default async function setup(project: TestProject) {
  const shared = (holder[KEY] ??= { cluster: begin(), users: 0 });
  shared.users += 1;
  const cluster = await shared.cluster;
  project.provide('postgresUrl', cluster?.url ?? null);
  return () => {
    shared.users -= 1;
    if (shared.users > 0 || !cluster) return;
    cluster.stop();
    process.off('exit', cluster.stop);
    delete holder[KEY];
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's superuser URL (its `postgres` database), or null where PostgreSQL is not installed. */
    postgresUrl: string | null;
  }
}
