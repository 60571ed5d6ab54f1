/**
 * How the CPU time per pet by id moves between server processes and across the rounds of one
 * process: each trial starts a fresh server, warms it up, then measures pet by id `--runs` times.
 * Between runs it can send the other two scenarios (`--between scenarios`, as `npm run bench:rest`
 * does) and then leave the server idle (`--idle-ms`, as the benchmark's interleaving does while
 * the other servers are measured). Variants are measured in alternating order, trial by trial.
 *
 *   node --import tsx bench/rest/per-process.ts [--trials 4 --runs 4 --seconds 3]
 *        [--between none|scenarios] [--idle-ms 0] [--variants petstore,bare-sqlite]
 *
 * Variants are written as probe-setup.ts's parseVariant reads them (`petstore@CHECKOUT`,
 * `petstore+--max-semi-space-size=32`); the database is probe-setup.ts's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { detectPinning, pinSelf } from './cpu-pinning';
import { processCpuSeconds } from './cpu-usage';
import { runLoad } from './load';
import { probeDataset, probeLoadContext, startVariant } from './probe-setup';
import { killAllStarted } from './processes';
import { loadRequest } from './scenarios';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '4' },
    runs: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    between: { type: 'string', default: 'none' },
    'idle-ms': { type: 'string', default: '0' },
    variants: { type: 'string', default: 'petstore,bare-sqlite' },
  },
});
const [trials, runs, seconds, idleMs] = [values.trials, values.runs, values.seconds, values['idle-ms']].map(Number);

const data = probeDataset();
const pinning = detectPinning(2);
pinSelf(pinning);
process.on('exit', killAllStarted);
const context = probeLoadContext(data);

/** One fresh server process: its CPU µs per pet by id in each run. */
async function measureProcess(variant: string): Promise<number[]> {
  const process_ = await startVariant(variant, pinning, data);
  try {
    const petById = loadRequest('pet-by-id', 'v1', context);
    await runLoad(process_.origin, petById, 2, 10);
    const perRun: number[] = [];
    for (let run = 1; run <= runs; run++) {
      if (run > 1 && values.between === 'scenarios') {
        await runLoad(process_.origin, loadRequest('page-of-50', 'v1', context), seconds, 10);
        await runLoad(process_.origin, loadRequest('place-order', 'v1', context), seconds, 10);
      }
      if (run > 1 && idleMs > 0) await sleep(idleMs);
      const before = processCpuSeconds(process_.pid);
      const figures = await runLoad(process_.origin, petById, seconds, 10);
      const cpu = processCpuSeconds(process_.pid) - before;
      if (figures.failures) throw new Error(`${variant}: ${JSON.stringify(figures.statusCodes)}`);
      perRun.push((cpu * 1e6) / (figures.requestsPerSecond * figures.durationSeconds));
    }
    return perRun;
  } finally {
    await process_.stop();
  }
}

const variants = values.variants.split(',');
const medians = new Map<string, number[]>(variants.map((variant) => [variant, []]));
console.log(`pet by id, CPU µs per answer; ${runs} runs of ${seconds} s per process, between runs: ${values.between}, idle ${idleMs} ms`);
for (let trial = 1; trial <= trials; trial++) {
  for (const variant of trial % 2 ? variants : [...variants].reverse()) {
    const perRun = await measureProcess(variant);
    medians.get(variant)!.push(median(perRun));
    console.log(`trial ${trial}  ${variant.padEnd(28)} runs ${perRun.map((x) => x.toFixed(1)).join(' ')}  median ${median(perRun).toFixed(1)}`);
  }
}
for (const [variant, perProcess] of medians) {
  console.log(`${variant.padEnd(28)} per process ${perProcess.map((x) => x.toFixed(1)).join(' ')}  median ${median(perProcess).toFixed(1)}`);
}
