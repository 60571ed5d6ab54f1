import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU accounting from /proc (Linux): how much CPU a server process used during a run, and how
 * busy its core was with anything else. On a shared machine the second number says whether a run
 * was disturbed; CPU time per request is the figure least affected by such neighbours.
 */
export const TICKS_PER_SECOND = (() => {
  const probe = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(probe.stdout) || 100;
})();

export const cpuAccounting = process.platform === 'linux';

/** User + system CPU seconds of a process, all its threads. */
export function processCpuSeconds(pid: number): number {
  if (!cpuAccounting) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return Number.NaN;
  }
}

/**
 * Busy and total CPU seconds of one core since boot. "Busy" is time spent running processes
 * (user, nice, system) plus time the hypervisor gave to other machines (steal); interrupt and
 * softirq time is left out: much of it is the kernel carrying the benchmark's own loopback traffic.
 */
export function coreSeconds(core: number): { busy: number; total: number } {
  if (!cpuAccounting) return { busy: Number.NaN, total: Number.NaN };
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`cpu${core} `));
  if (!line) return { busy: Number.NaN, total: Number.NaN };
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  void irq;
  void softirq;
  return { busy: (user + nice + system + steal) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/** Every core's busy share (0–1) over `ms` milliseconds. */
export async function coreBusyShares(cores: number, ms: number): Promise<number[]> {
  const before = Array.from({ length: cores }, (_, core) => coreSeconds(core));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return before.map((start, core) => {
    const end = coreSeconds(core);
    return (end.busy - start.busy) / (end.total - start.total);
  });
}
