/**
 * Reports benchmark: the sales reports and the end-of-day report over 100,000 and 1,000,000 sale
 * lines spread over three years (bench/reports/seed.ts), side by side in one run, in process
 * (`invokeOperation`, as IPC calls the service: input parsed, the report built; no HTTP). Each
 * report is warmed up, then timed `--runs` times (the day report on a different day each run);
 * prints medians and p95 in ms, the growth from the smaller store to the larger, and the issue's
 * goals: at 1,000,000 lines the day report under 50 ms, a year by category under 300 ms, each
 * growing less than linearly (under 10× for 10× the lines).
 *
 *   npm run bench:reports [-- --runs 15 --sizes 100000,1000000 --dir /tmp/reports-bench]
 *
 * The seeded stores are kept in `--dir` (a temp folder unless given) and reused while their line
 * count matches; seeding 1,000,000 lines takes about 30 s.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';
import { median, percentileOfSorted } from '../rest/stats';
import { seedReportsStore } from './seed';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    sizes: { type: 'string', default: '100000,1000000' },
    dir: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const WARMUP = 3;
const SIZES = values.sizes!.split(',').map(Number);

interface Scenario {
  label: string;
  /** The operation and its input for run `i` (the day report walks the days of 2026). */
  call(i: number): { name: 'reports.sales' | 'reports.day' | 'data.export'; input: Record<string, unknown> };
  goalMs?: number;
  once?: boolean;
}

const dayOf2026 = (i: number) => new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 365) * 86_400_000).toISOString().slice(0, 10);
const SCENARIOS: Scenario[] = [
  { label: 'end-of-day report (a day of 2026)', call: (i) => ({ name: 'reports.day', input: { date: dayOf2026(i) } }), goalMs: 50 },
  { label: 'one year by category (2025)', call: () => ({ name: 'reports.sales', input: { from: '2025-01-01', to: '2025-12-31', by: 'category' } }), goalMs: 300 },
  { label: 'one year by day (2025)', call: () => ({ name: 'reports.sales', input: { from: '2025-01-01', to: '2025-12-31', by: 'day' } }) },
  { label: 'one year by pet (2025)', call: () => ({ name: 'reports.sales', input: { from: '2025-01-01', to: '2025-12-31', by: 'pet' } }) },
  { label: 'one year by payment method (2025)', call: () => ({ name: 'reports.sales', input: { from: '2025-01-01', to: '2025-12-31', by: 'paymentMethod' } }) },
  { label: 'three years by category', call: () => ({ name: 'reports.sales', input: { from: '2024-01-01', to: '2026-12-31', by: 'category' } }) },
  { label: 'one month by day (June 2026)', call: () => ({ name: 'reports.sales', input: { from: '2026-06-01', to: '2026-06-30', by: 'day' } }) },
  { label: 'sales CSV export, every line (once)', call: () => ({ name: 'data.export', input: { format: 'csv', resource: 'sales' } }), once: true },
];

function time(store: Store, scenario: Scenario): number[] {
  const samples: number[] = [];
  const runs = scenario.once ? 1 : WARMUP + RUNS;
  for (let i = 0; i < runs; i++) {
    const { name, input } = scenario.call(i);
    const started = performance.now();
    const result = invokeOperation(store.handlers, name, input);
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(`${scenario.label}: ${result.error.message}`);
    if (scenario.once || i >= WARMUP) samples.push(elapsed);
  }
  return samples.sort((a, b) => a - b);
}

function main(): void {
  const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'petstore-bench-reports-'));
  const results = new Map<number, Map<string, number[]>>();
  try {
    for (const lines of SIZES) {
      const file = join(dir, `reports-${lines}.db`);
      const marker = `${file}.seeded`;
      if (!existsSync(marker) || !existsSync(file)) {
        const seeded = seedReportsStore(file, lines);
        rmSync(marker, { force: true });
        // The marker says the seeding finished; a store cut short is seeded again.
        writeFileSync(marker, JSON.stringify(seeded));
        console.log(`Seeded ${seeded.lines.toLocaleString('en-US')} lines in ${seeded.sales.toLocaleString('en-US')} sales (${seeded.refunds.toLocaleString('en-US')} refunds) in ${(seeded.ms / 1000).toFixed(1)} s.`);
      }
      console.log(`${lines.toLocaleString('en-US')} lines: ${(statSync(file).size / 1_048_576).toFixed(0)} MiB`);
      const store = openStore(file);
      try {
        const timings = new Map<string, number[]>();
        for (const scenario of SCENARIOS) timings.set(scenario.label, time(store, scenario));
        results.set(lines, timings);
      } finally {
        store.close();
      }
    }
  } finally {
    if (!values.dir) rmSync(dir, { recursive: true, force: true });
  }

  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  const header = ['report', ...SIZES.flatMap((size) => [`${size.toLocaleString('en-US')}: median ms`, 'p95 ms']), ...(SIZES.length === 2 ? ['growth'] : []), 'goal'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map((_, i) => (i ? ' ---: ' : ' --- ')).join('|')}|`);
  const largest = SIZES.at(-1)!;
  for (const scenario of SCENARIOS) {
    const cells = SIZES.flatMap((size) => {
      const samples = results.get(size)!.get(scenario.label)!;
      return scenario.once ? [ms(samples[0]), '—'] : [ms(median(samples)), ms(percentileOfSorted(samples, 95))];
    });
    const medians = SIZES.map((size) => median(results.get(size)!.get(scenario.label)!));
    const growth = SIZES.length === 2 ? [`${(medians[1] / medians[0]).toFixed(1)}×`] : [];
    const at = median(results.get(largest)!.get(scenario.label)!);
    const goal = scenario.goalMs === undefined ? '—' : `< ${scenario.goalMs} ms: ${at < scenario.goalMs ? 'met' : 'NOT met'}`;
    console.log(`| ${[scenario.label, ...cells, ...growth, goal].join(' | ')} |`);
  }
}

main();
