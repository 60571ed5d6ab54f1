import type { TestProject } from 'vitest/node';
import { findPostgresBin, POSTGRES_INSTALL_HINT, reapAbandonedClusters, startCluster, type Cluster } from './postgres-cluster';

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
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Stops the cluster when the run ends without its teardown (an uncaught error, a signal), the
 * signal then doing what it would have done; a run killed outright leaves it to the next run's
 * reaping. Answers the cluster with a stop that also takes these hooks away.
 */
function stoppedOnExit(cluster: Cluster): Cluster {
  const onSignal = (signal: NodeJS.Signals) => {
    cluster.stop();
    process.kill(process.pid, signal);
  };
  process.once('exit', cluster.stop);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return {
    url: cluster.url,
    stop() {
      process.off('exit', cluster.stop);
      for (const signal of SIGNALS) process.off(signal, onSignal);
      cluster.stop();
    },
  };
}

async function begin(): Promise<Cluster | null> {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error(`CI runs the tests on both engines, but ${POSTGRES_INSTALL_HINT}`);
    console.warn(`\n${POSTGRES_INSTALL_HINT} They are skipped.\n`);
    return null;
  }
  reapAbandonedClusters(bin);
  const started = performance.now();
  const cluster = stoppedOnExit(await startCluster(bin));
  console.log(`PostgreSQL test cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);
  return cluster;
}

export default async function setup(project: TestProject) {
  const shared = (holder[KEY] ??= { cluster: begin(), users: 0 });
  shared.users += 1;
  const cluster = await shared.cluster;
  project.provide('postgresUrl', cluster?.url ?? null);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    cluster?.stop();
    delete holder[KEY];
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's superuser URL (its `postgres` database), or null where PostgreSQL is not installed. */
    postgresUrl: string | null;
  }
}
