/**
 * What happens inside one server process from run to run: CPU µs per pet by id (user and system),
 * minor page faults, context switches, resident memory and, from the server's own `--trace-gc`
 * output, scavenges per 1,000 answers and how long they paused the main thread per answer. Between
 * runs the server answers page-of-50 and place-order and then sits idle (`--idle-ms`), as in
 * `npm run bench:rest`'s interleaving.
 *
 *   node --import tsx bench/rest/heap-probe.ts [--variant petstore] [--runs 5 --seconds 3 --idle-ms 20000]
 *
 * The variant is written as probe-setup.ts's parseVariant reads it (`bare-sqlite`,
 * `petstore+--min-semi-space-size=16`); the database is probe-setup.ts's.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { detectPinning, pinSelf } from './cpu-pinning';
import { TICKS_PER_SECOND } from './cpu-usage';
import { runLoad } from './load';
import { probeDataset, probeLoadContext, startVariant } from './probe-setup';
import { killAllStarted } from './processes';
import { loadRequest } from './scenarios';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'petstore' },
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    'idle-ms': { type: 'string', default: '20000' },
  },
});
const [runs, seconds, idleMs] = [values.runs, values.seconds, values['idle-ms']].map(Number);
const data = probeDataset();
const pinning = detectPinning(2);
pinSelf(pinning);
process.on('exit', killAllStarted);
const context = probeLoadContext(data);

/** The process's counters from /proc. */
function counters(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]);
  return {
    user: Number(fields[11]) / TICKS_PER_SECOND,
    system: Number(fields[12]) / TICKS_PER_SECOND,
    minorFaults: Number(fields[7]),
    voluntary: field('voluntary_ctxt_switches'),
    involuntary: field('nonvoluntary_ctxt_switches'),
    rssKb: field('VmRSS'),
  };
}

// `--trace-gc` prints a line per collection; a line may arrive split over two pieces of output.
let scavenges = 0;
let scavengeMs = 0;
let partialLine = '';
const countScavenges = (text: string) => {
  const lines = (partialLine + text).split('\n');
  partialLine = lines.pop()!;
  for (const line of lines.filter((line) => line.includes('Scavenge'))) {
    scavenges++;
    // "… MB, 0.31 / 0.00 ms …": the pause in the main thread.
    scavengeMs += Number(/MB, ([\d.]+) \//.exec(line)?.[1] ?? 0);
  }
};

const probed = await startVariant(values.variant, pinning, data, { extraNodeFlags: ['--trace-gc'], onOutput: countScavenges });

const petById = loadRequest('pet-by-id', 'v1', context);
await runLoad(probed.origin, petById, 2, 10);
console.log(`${values.variant}: ${runs} runs of ${seconds} s, other scenarios and ${idleMs} ms idle between runs`);
for (let run = 1; run <= runs; run++) {
  if (run > 1) {
    await runLoad(probed.origin, loadRequest('page-of-50', 'v1', context), seconds, 10);
    await runLoad(probed.origin, loadRequest('place-order', 'v1', context), seconds, 10);
    await sleep(idleMs);
  }
  const [before, scavengedBefore, scavengeMsBefore] = [counters(probed.pid), scavenges, scavengeMs];
  const figures = await runLoad(probed.origin, petById, seconds, 10);
  const [after, scavengedAfter, scavengeMsAfter] = [counters(probed.pid), scavenges, scavengeMs];
  if (figures.failures) throw new Error(`${values.variant}: ${JSON.stringify(figures.statusCodes)}`);
  const answers = figures.requestsPerSecond * figures.durationSeconds;
  const micros = (secondsSpent: number) => ((secondsSpent * 1e6) / answers).toFixed(1);
  const perThousand = (count: number) => ((count * 1000) / answers).toFixed(2);
  console.log(
    `run ${run}: CPU ${micros(after.user + after.system - before.user - before.system)} µs/answer ` +
      `(user ${micros(after.user - before.user)}, system ${micros(after.system - before.system)}); per 1,000 answers: ` +
      `scavenges ${perThousand(scavengedAfter - scavengedBefore)} (${micros((scavengeMsAfter - scavengeMsBefore) / 1000)} µs/answer in pauses), minor faults ${perThousand(after.minorFaults - before.minorFaults)}, ` +
      `context switches ${perThousand(after.voluntary - before.voluntary)} voluntary, ${perThousand(after.involuntary - before.involuntary)} involuntary; RSS ${after.rssKb} kB`,
  );
}
await probed.stop();
