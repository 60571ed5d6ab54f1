import { spawnSync } from 'node:child_process';

/**
 * Server and load generator on separate cores: by default the servers run on core 0 and this
 * process (the load generator, autocannon) on core 1, so they never compete for the same CPU.
 */
export interface Pinning {
  /** Whether `taskset` exists and this machine has at least two cores. */
  available: boolean;
  /** Why pinning is off, when it is. */
  reason?: string;
  serverCore: number;
  loadCore: number;
}

export function detectPinning(cores: number, serverCore = 0, loadCore = 1): Pinning {
  const off = (reason: string): Pinning => ({ available: false, reason, serverCore, loadCore });
  if (process.platform !== 'linux') return off(`taskset is Linux-only (platform ${process.platform})`);
  if (cores < 2) return off(`only ${cores} core(s)`);
  if (serverCore === loadCore || Math.max(serverCore, loadCore) >= cores) return off(`cores ${serverCore} and ${loadCore} are not two cores of ${cores}`);
  const probe = spawnSync('taskset', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return off('taskset is not installed (util-linux)');
  return { available: true, serverCore, loadCore };
}

/** Pins every thread of this process (the load generator) to its core. */
export function pinSelf(pinning: Pinning): void {
  if (!pinning.available) return;
  const result = spawnSync('taskset', ['-a', '-c', '-p', String(pinning.loadCore), String(process.pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin the load generator: ${result.stderr}`);
}

/** The command line that starts `command args` on the server core (or unpinned). */
export function onServerCore(pinning: Pinning, command: string, args: string[]): [string, string[]] {
  return pinning.available ? ['taskset', ['-c', String(pinning.serverCore), command, ...args]] : [command, args];
}
