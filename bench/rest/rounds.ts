/**
 * Variants side by side in short interleaved rounds: every variant's server runs at once (all on
 * the server core), and each round loads them one after another for `--seconds`, in an order
 * that alternates from round to round. This machine's speed drifts in phases of seconds to
 * minutes; rounds this short put every variant in the same phases, so the per-round ratios
 * (req/s against the reference variant, CPU per answer against the first variant, each within
 * one round) keep what the code changes and lose most of what the machine does.
 *
 *   node --import tsx bench/rest/rounds.ts [--variants petstore,bare-sqlite] [--reference bare-sqlite]
 *        [--scenario pet-by-id] [--rounds 30 --seconds 1] [--between none|scenarios|ID,…] [--idle-ms 0]
 *
 * `--between scenarios` sends every server the other two scenarios after each round, as
 * `npm run bench:rest` does between its runs (or only those named: `--between place-order`);
 * `--idle-ms` then leaves them all idle. `--warm-all` warms every server up with every scenario,
 * not only the measured one.
 *
 * Variants are written as probe-setup.ts's parseVariant reads them (`petstore@CHECKOUT`,
 * `petstore+--max-semi-space-size=32`); the database is probe-setup.ts's. A write scenario
 * (place-order) changes that database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { detectPinning, pinSelf } from './cpu-pinning';
import { processCpuSeconds } from './cpu-usage';
import { runLoad } from './load';
import { probeDataset, probeLoadContext, startVariant } from './probe-setup';
import { killAllStarted, type ServerProcess } from './processes';
import { loadRequest, SCENARIOS, type ScenarioId } from './scenarios';
import { median } from './stats';

const { values } = parseArgs({
  options: {
    variants: { type: 'string', default: 'petstore,bare-sqlite' },
    reference: { type: 'string', default: 'bare-sqlite' },
    scenario: { type: 'string', default: 'pet-by-id' },
    rounds: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '1' },
    between: { type: 'string', default: 'none' },
    'warm-all': { type: 'boolean', default: false },
    'idle-ms': { type: 'string', default: '0' },
  },
});
const [rounds, seconds, idleMs] = [values.rounds, values.seconds, values['idle-ms']].map(Number);
const scenario = values.scenario as ScenarioId;
const variants = values.variants.split(',');
if (!variants.includes(values.reference)) throw new Error(`--reference ${values.reference} is not one of --variants`);
const SCENARIO_IDS = SCENARIOS.map(({ id }) => id);
const between =
  values.between === 'none' ? [] : values.between === 'scenarios' ? SCENARIO_IDS.filter((id) => id !== scenario) : (values.between.split(',') as ScenarioId[]);
for (const id of [scenario, ...between]) {
  if (!SCENARIO_IDS.includes(id)) throw new Error(`unknown scenario ${id} (one of ${SCENARIO_IDS.join(', ')})`);
}

const data = probeDataset();
const pinning = detectPinning(2);
pinSelf(pinning);
process.on('exit', killAllStarted);
const context = probeLoadContext(data);

const servers = new Map<string, ServerProcess>();
for (const variant of variants) servers.set(variant, await startVariant(variant, pinning, data));
const request = loadRequest(scenario, 'v1', context);

/** The scenarios not measured, once on every server (their answers are not checked). */
async function otherScenarios(): Promise<void> {
  for (const other of between) {
    for (const server of servers.values()) await runLoad(server.origin, loadRequest(other, 'v1', context), seconds, 10);
  }
}

const warmUp = values['warm-all'] ? SCENARIO_IDS : [scenario];
for (const server of servers.values()) {
  for (const id of warmUp) await runLoad(server.origin, loadRequest(id, 'v1', context), 2, 10);
}

/** CPU µs per answer and answers per second, per variant, one entry per round. */
const figures = new Map(variants.map((variant) => [variant, { cpu: [] as number[], rate: [] as number[] }]));
try {
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) await otherScenarios();
    if (round > 1 && idleMs > 0) await sleep(idleMs);
    for (const variant of round % 2 ? variants : [...variants].reverse()) {
      const server = servers.get(variant)!;
      const before = processCpuSeconds(server.pid);
      const run = await runLoad(server.origin, request, seconds, 10);
      const cpu = processCpuSeconds(server.pid) - before;
      if (run.failures) throw new Error(`${variant}: ${JSON.stringify(run.statusCodes)}`);
      figures.get(variant)!.cpu.push((cpu * 1e6) / (run.requestsPerSecond * run.durationSeconds));
      figures.get(variant)!.rate.push(run.requestsPerSecond);
    }
    const line = variants.map((variant) => `${variant} ${figures.get(variant)!.cpu.at(-1)!.toFixed(1)}`).join(', ');
    console.log(`round ${round}: CPU µs per answer: ${line}`);
  }
} finally {
  await Promise.all([...servers.values()].map((server) => server.stop()));
}

const reference = figures.get(values.reference)!;
const first = figures.get(variants[0]!)!;
/** The median and interquartile range of per-round ratios, as percentages. */
const ratioSpread = (ratios: number[]) => {
  const sorted = [...ratios].sort((a, b) => a - b);
  const at = (share: number) => (sorted[Math.floor(share * (sorted.length - 1))]! * 100).toFixed(1);
  return `${at(0.5)}% (${at(0.25)}–${at(0.75)})`;
};
console.log(`${scenario}: ${rounds} interleaved rounds of ${seconds} s, between rounds: ${values.between}, idle ${idleMs} ms; ratios: median (interquartile range) of per-round ratios`);
console.log(
  'variant'.padEnd(36),
  'CPU µs/answer'.padStart(14),
  'req/s'.padStart(8),
  `req/s vs ${values.reference}`.padStart(26),
  `CPU vs ${variants[0]}`.padStart(26),
);
for (const [variant, { cpu, rate }] of figures) {
  console.log(
    variant.padEnd(36),
    median(cpu).toFixed(1).padStart(14),
    median(rate).toFixed(0).padStart(8),
    ratioSpread(rate.map((value, round) => value / reference.rate[round]!)).padStart(26),
    ratioSpread(cpu.map((value, round) => value / first.cpu[round]!)).padStart(26),
  );
}
