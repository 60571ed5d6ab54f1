/**
 * Renderer benchmark: the Reports screen over 1,000,000 sale lines (three years, bench/reports/seed.ts),
 * in Debian's Chromium, against the real service through the browser host.
 *
 * Measures, in the page (performance.now(), to the frame that shows the result):
 *   - open:  from clicking "Reports" in the navigation (app loaded on the Dashboard) to today's
 *            end-of-day figures shown (the goal: under 500 ms, measured as open Pets is), and to
 *            the last month's table;
 *   - cold:  from the start of a page load of #/reports to the same.
 * Each also times the screen drawn without figures (its heading): what the app itself costs.
 * Warm-up first, then several runs; prints medians, p90 and extremes.
 *
 *   npm run build && npm run bench:reports-screen [-- --runs 15 --lines 1000000 --dir /tmp/reports-bench]
 *
 * The seeded store is kept in `--dir` (a temp folder unless given) and reused while its line count
 * matches, under the name bench/reports/run.ts gives it, so the two benchmarks can share one.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { seedReportsStore } from '../reports/seed';
import { median, percentileOfSorted } from '../rest/stats';
import { rendererBuild, withBenchStore } from './bench-store';

const percentile = (samples: number[], p: number) => percentileOfSorted([...samples].sort((a, b) => a - b), p);

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, lines: { type: 'string', default: '1000000' }, dir: { type: 'string' } } });
const RUNS = Number(values.runs);
const LINES = Number(values.lines);
const WARMUP = 3;
const GOAL_MS = 500;
const renderer = rendererBuild();

// In-page measurements are plain JavaScript text (tsx would wrap compiled functions in helpers the
// page does not have). Each resolves with the first frame in which its result shows.
const HEADING = `!!document.querySelector('#reports-heading')`;
const FIGURES = `!!document.querySelector('[data-testid="day-figures"] dd')`;
const TABLE = `!!document.querySelector('.report-rows td')`;
const untilFrame = (condition: string, since = '0') => `new Promise((done) => {
  const tick = () => (${condition} ? done(performance.now() - ${since}) : requestAnimationFrame(tick));
  tick();
})`;
/** Three times from one start: the screen drawn (its heading, no figures yet), the figures, the table. */
const both = (since: string) => `(async () => [await ${untilFrame(HEADING, since)}, await ${untilFrame(FIGURES, since)}, await ${untilFrame(TABLE, since)}])()`;

async function cold(page: Page, url: string): Promise<number[]> {
  await page.goto('about:blank');
  await page.goto(`${url}#/reports`, { waitUntil: 'commit' });
  return page.evaluate<number[]>(both('0')); // performance.now() counts from the navigation
}

async function open(page: Page, url: string): Promise<number[]> {
  // A fresh page on the Dashboard: the Reports screen's code and data are not loaded yet.
  await page.goto('about:blank');
  await page.goto(`${url}#/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
  return page.evaluate<number[]>(`(() => {
    const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Reports');
    const started = performance.now();
    link.click();
    return ${both('started')};
  })()`);
}

/** The store of `--dir` when it holds one of LINES lines already, else seeded there (or in the run's temp folder). */
function reportsStore(work: string): string {
  const dir = values.dir ?? work;
  mkdirSync(dir, { recursive: true });
  const db = join(dir, `reports-${LINES}.db`);
  const marker = `${db}.seeded`;
  if (!existsSync(marker)) {
    const seeded = seedReportsStore(db, LINES);
    writeFileSync(marker, JSON.stringify(seeded));
    console.log(`Seeded ${seeded.lines.toLocaleString('en-US')} lines in ${seeded.sales.toLocaleString('en-US')} sales in ${(seeded.ms / 1000).toFixed(1)} s.`);
  }
  return db;
}

async function main(): Promise<void> {
  await withBenchStore({ name: 'reports-screen', renderer, seed: reportsStore }, async ({ host, page }) => {
    const results = { openHeading: [] as number[], openFigures: [] as number[], openTable: [] as number[], coldHeading: [] as number[], coldFigures: [] as number[], coldTable: [] as number[] };
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const [coldHeading, coldFigures, coldTable] = await cold(page, host.url);
      const [openHeading, openFigures, openTable] = await open(page, host.url);
      if (run < WARMUP) continue;
      results.coldHeading.push(coldHeading);
      results.coldFigures.push(coldFigures);
      results.coldTable.push(coldTable);
      results.openHeading.push(openHeading);
      results.openFigures.push(openFigures);
      results.openTable.push(openTable);
    }

    console.log(`\nReports screen, ${LINES.toLocaleString('en-US')} sale lines, ${RUNS} runs after ${WARMUP} warm-up (ms):`);
    console.log('measure                                   median     p90     min     max   goal');
    const row = (label: string, samples: number[], goal?: number) =>
      console.log(
        `${label.padEnd(41)} ${fmt(median(samples))} ${fmt(percentile(samples, 90))} ${fmt(Math.min(...samples))} ${fmt(Math.max(...samples))}` +
          (goal === undefined ? '' : `   < ${goal} ${median(samples) < goal ? 'met' : 'NOT met'}`),
      );
    row('open Reports → the screen drawn', results.openHeading);
    row('open Reports → first figures', results.openFigures, GOAL_MS);
    row('open Reports → 30 days by day shown', results.openTable);
    row('page load of #/reports → the app drawn', results.coldHeading);
    row('page load of #/reports → first figures', results.coldFigures);
    row('page load of #/reports → 30 days shown', results.coldTable);
  });
}

function fmt(ms: number): string {
  return ms.toFixed(1).padStart(7);
}

await main();
