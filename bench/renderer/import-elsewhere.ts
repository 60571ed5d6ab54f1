/**
 * Renderer benchmark: how long the clerk's open windows stop answering while another program (the
 * CLI) imports a large file into their store. Five windows on the store (Dashboard, Pets,
 * Inventory, Orders, Categories), in Debian's Chromium through the browser host; then
 * `petstore import` of N new pets (2 events each), and for the next seconds, in every window:
 *   - the longest a 50-ms timer in the page fired late (how long a click would have waited);
 *   - the page's long tasks (over 50 ms) added up (how much of that time it was busy);
 * and how long after the import's end the Pets window showed the new total. `--categories N`
 * seeds the store with N categories (default 10): the Categories window counts the pets of each.
 * `--baseline DIR` measures another checkout (built, with node_modules) in the same invocation,
 * rounds interleaved, on the same data.
 *
 *   npm run build && npm run bench:import-elsewhere [-- --rounds 5 --pets 20000 --categories 200 --baseline /tmp/old]
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright';
import { median } from '../rest/stats';
import { CHROMIUM_OPTIONS, startBrowserHost } from './browser-host';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    pets: { type: 'string', default: '20000' },
    baseline: { type: 'string' },
    watch: { type: 'string', default: '10000' },
    categories: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const IMPORTED = Number(values.pets);
const WATCH_MS = Number(values.watch);
const SCREENS = ['dashboard', 'pets', 'inventory', 'orders', 'categories'] as const;
const STORE_PETS = 1000;

interface Build {
  label: string;
  root: string;
  rendererDir: string;
  template: string;
}
interface Round {
  /** Per window: the longest lateness of a 50-ms timer, ms. */
  lateness: number[];
  /** Per window: long tasks added up, ms. */
  busy: number[];
  /** From the import's end to the Pets window showing the new total, ms. */
  petsShown: number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-import-'));
  const browser = await chromium.launch(CHROMIUM_OPTIONS);
  try {
    const roots = [['this checkout', resolve(import.meta.dirname, '..', '..')], ...(values.baseline ? [['baseline', resolve(values.baseline)]] : [])];
    const builds = roots.map(([label, root], index) => prepare(dir, index, label, root));
    const csv = join(dir, 'import.csv');
    writeFileSync(csv, ['name,category,status,stock', ...Array.from({ length: IMPORTED }, (_, i) => `Imported pet ${i + 1},Dogs,available,${(i % 9) + 1}`)].join('\n'));
    const results = new Map<Build, Round[]>(builds.map((build) => [build, []]));
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const result = await measureRound(browser, build, dir, csv);
        if (round > 0) results.get(build)!.push(result); // round 0 warms up
        console.log(`round ${round}${round ? '' : ' (warm-up)'} ${build.label}: worst lateness ${Math.max(...result.lateness).toFixed(0)} ms, busy ${sum(result.busy).toFixed(0)} ms, Pets total shown after ${result.petsShown.toFixed(0)} ms`);
      }
    }
    console.log(`\n${IMPORTED.toLocaleString('en')} pets imported by the CLI into a store of ${STORE_PETS.toLocaleString('en')} pets in ${values.categories ?? 10} categories, ${SCREENS.length} windows open; medians of ${ROUNDS} rounds (ms):`);
    console.log(`build            worst lateness (any window)   busy (all windows)   ${SCREENS.map((screen) => screen.padStart(11)).join('')}   Pets total shown`);
    for (const build of builds) {
      const rounds = results.get(build)!;
      const perWindow = SCREENS.map((_, w) => median(rounds.map((round) => round.lateness[w])));
      console.log(
        `${build.label.padEnd(16)} ${fmt(median(rounds.map((round) => Math.max(...round.lateness)))).padStart(27)} ${fmt(median(rounds.map((round) => sum(round.busy)))).padStart(20)}   ${perWindow.map((ms) => fmt(ms).padStart(11)).join('')}   ${fmt(median(rounds.map((round) => round.petsShown))).padStart(16)}`,
      );
    }
    console.log('(per-window columns: the worst lateness of each window)');
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A private copy of a checkout's renderer build and a store seeded with its own CLI. */
function prepare(dir: string, index: number, label: string, root: string): Build {
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) throw new Error(`Build ${root} first: npm run build`);
  const rendererDir = join(dir, `renderer-${index}`);
  cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
  const template = join(dir, `template-${index}.db`);
  // With --categories (which a baseline's CLI may predate) every build gets a copy of one store
  // seeded by this checkout's CLI: the builds must then share a schema.
  if (values.categories === undefined) petstore(root, ['seed', '--pets', String(STORE_PETS), '--db', template]);
  else copyFileSync(sharedTemplate(dir), template);
  return { label, root, rendererDir, template };
}

/** One store seeded with --categories by this checkout's CLI. */
function sharedTemplate(dir: string): string {
  const file = join(dir, 'template-shared.db');
  if (!existsSync(file)) petstore(resolve(import.meta.dirname, '..', '..'), ['seed', '--pets', String(STORE_PETS), '--categories', values.categories!, '--db', file]);
  return file;
}

function petstore(root: string, args: string[]): void {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'petstore.mjs'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`petstore ${args[0]} failed: ${run.stderr}`);
}

async function measureRound(browser: Browser, build: Build, dir: string, csv: string): Promise<Round> {
  const db = join(dir, 'round.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  copyFileSync(build.template, db);
  const host = await startBrowserHost(build.root, db, build.rendererDir);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const pages: Page[] = [];
    for (const screen of SCREENS) {
      const page = await context.newPage();
      await page.goto(`${host.url}#/${screen}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      pages.push(page);
    }
    await pages[1].getByText(`${STORE_PETS.toLocaleString('en')} pets`).waitFor();
    await new Promise((done) => setTimeout(done, 1000)); // the screens' first loads settle
    await Promise.all(pages.map((page) => page.evaluate(MONITOR)));
    const started = Date.now();
    // Noted by the DOM change itself: no timer or frame of the busy page in between.
    await pages[1].evaluate(`(() => {
      const count = document.querySelector('.pets__count');
      new MutationObserver(() => {
        if (count.textContent.trim() === ${JSON.stringify(`${(STORE_PETS + IMPORTED).toLocaleString('en')} pets`)}) window.__importBench.petsShownAt ??= Date.now();
      }).observe(count, { characterData: true, childList: true, subtree: true });
    })()`);
    petstore(build.root, ['import', csv, '--db', db]);
    const imported = Date.now();
    await new Promise((done) => setTimeout(done, Math.max(0, WATCH_MS - (imported - started))));
    const readings = await Promise.all(pages.map((page) => page.evaluate<{ lateness: number; busy: number; petsShownAt?: number }>('window.__importBench')));
    if (readings[1].petsShownAt === undefined) throw new Error(`the Pets window did not show the new total within ${WATCH_MS} ms`);
    return { lateness: readings.map((reading) => reading.lateness), busy: readings.map((reading) => reading.busy), petsShown: readings[1].petsShownAt - imported };
  } finally {
    await context.close();
    host.stop();
  }
}

// In-page monitors, as plain JavaScript text (tsx would wrap a compiled function in helpers the page lacks).
const MONITOR = `(() => {
  const reading = (window.__importBench = { lateness: 0, busy: 0 });
  new PerformanceObserver((list) => { for (const task of list.getEntries()) reading.busy += task.duration; }).observe({ type: 'longtask' });
  let expected = performance.now() + 50;
  setInterval(() => {
    const now = performance.now();
    reading.lateness = Math.max(reading.lateness, now - expected);
    expected = now + 50;
  }, 50);
})()`;

const sum = (numbers: number[]) => numbers.reduce((total, n) => total + n, 0);
const fmt = (ms: number) => ms.toFixed(0);

await main();
