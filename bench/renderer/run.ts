/**
 * Renderer benchmark: the Pets screen on 100,000 pets, in Debian's Chromium, against the real
 * service through the browser host (the preload's API over HTTP on 127.0.0.1).
 *
 * Measures, in the page (performance.now(), from the clerk's action to the frame that shows the
 * result):
 *   - open:   from clicking "Pets" in the navigation (app already loaded) to the first rows shown;
 *   - cold:   from the start of a page load of #/pets to the first rows shown;
 *   - search: from a keystroke that completes a search text to the matching rows shown.
 * Warm-up first, then several runs; prints medians, p90 and extremes.
 *
 *   npm run build && npm run bench:renderer [-- --runs 15 --pets 100000]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { median, percentileOfSorted } from '../rest/stats';
import { rendererBuild, seedDemoPets, withBenchStore } from './bench-store';
import type { BenchHost } from './browser-host';

const percentile = (samples: number[], p: number) => percentileOfSorted([...samples].sort((a, b) => a - b), p);

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, pets: { type: 'string', default: '100000' } } });
const RUNS = Number(values.runs);
const WARMUP = 3;
const renderer = rendererBuild();

async function main(): Promise<void> {
  await withBenchStore({ name: 'renderer', renderer, seed: (dir) => seedDemoPets(join(dir, 'pets.db'), values.pets!) }, async ({ host, page }) => {
    const { url } = host;
    const results = { open: [] as number[], cold: [] as number[], search: [] as number[] };
    const queries = ['luna', 'little max', 'bärli', 'shy oscar', 'zoé', 'brave rex', 'happy pepper', 'kiki'];

    for (let run = 0; run < WARMUP + RUNS; run++) {
      const measured = run >= WARMUP;
      const cold = await coldOpen(page, url);
      const open = await openFromDashboard(page, url);
      const search = await searchFor(page, host, queries[run % queries.length]);
      if (measured) {
        results.cold.push(cold);
        results.open.push(open);
        results.search.push(search);
      }
    }

    console.log(`\nPets screen, ${Number(values.pets).toLocaleString('en')} pets, ${RUNS} runs after ${WARMUP} warm-up (ms):`);
    console.log('measure                          median     p90     min     max   goal');
    const row = (label: string, samples: number[], goal: number) =>
      console.log(
        `${label.padEnd(32)} ${fmt(median(samples))} ${fmt(percentile(samples, 90))} ${fmt(Math.min(...samples))} ${fmt(Math.max(...samples))}   < ${goal} ${median(samples) < goal ? 'met' : 'NOT met'}`,
      );
    row('open Pets → first rows', results.open, 300);
    row('page load of #/pets → first rows', results.cold, 300);
    row('search keystroke → results shown', results.search, 100);
  });
}

function fmt(ms: number): string {
  return ms.toFixed(1).padStart(7);
}

// The in-page measurements are plain JavaScript text: tsx would wrap compiled functions in
// helpers the page does not have. Each resolves with the first frame in which its result shows.
const FIRST_ROW = `!!document.querySelector('.pets__table td[data-col-key="name"]')`;
const untilFrame = (condition: string, since = '0') => `new Promise((done) => {
  const tick = () => (${condition} ? done(performance.now() - ${since}) : requestAnimationFrame(tick));
  tick();
})`;

async function coldOpen(page: Page, url: string): Promise<number> {
  await page.goto(`${url}#/dashboard`);
  await page.goto('about:blank');
  await page.goto(`${url}#/pets`, { waitUntil: 'commit' });
  return page.evaluate<number>(untilFrame(FIRST_ROW)); // performance.now() counts from the navigation
}

async function openFromDashboard(page: Page, url: string): Promise<number> {
  // A fresh page on the Dashboard: the Pets screen's code and data are not loaded yet.
  await page.goto('about:blank');
  await page.goto(`${url}#/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
  return page.evaluate<number>(`(() => {
    const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent.trim() === 'Pets');
    const started = performance.now();
    link.click();
    return ${untilFrame(FIRST_ROW, 'started')};
  })()`);
}

/** The names of the service's first results for a search text. */
async function firstResults(host: BenchHost, text: string): Promise<string[]> {
  const response = await fetch(new URL('__petstore/invoke/pets.list', host.url), {
    method: 'POST',
    headers: host.callHeaders,
    body: JSON.stringify({ q: text, limit: 10 }),
  });
  return ((await response.json()) as { data: { items: { name: string }[] } }).data.items.map((pet) => pet.name);
}

/**
 * Types all but the last character, lets that settle, then times the last keystroke until the
 * first rows are exactly the service's first results for the full text. Where the shorter text
 * already shows those rows ("rex " and "rex 1" can), it ends instead in a character no name holds,
 * so that the measured keystroke must change what is shown and can never time nothing.
 */
async function searchFor(page: Page, host: BenchHost, text: string): Promise<number> {
  const expected = await firstResults(host, text);
  let before = text.slice(0, -1);
  if (JSON.stringify(await firstResults(host, before)) === JSON.stringify(expected)) before += '#';
  if (JSON.stringify(await firstResults(host, before)) === JSON.stringify(expected)) throw new Error(`search "${text}" cannot be timed`);
  const input = page.getByLabel('Search pets by name or id');
  await input.fill(before);
  await page.waitForTimeout(300);
  return page.evaluate<number>(`(() => {
    const expected = ${JSON.stringify(expected)};
    const field = document.querySelector('input[aria-label="Search pets by name or id"]');
    const shows = () => {
      const names = [...document.querySelectorAll('.pets__table td[data-col-key="name"]')].slice(0, expected.length).map((cell) => cell.textContent.trim());
      return names.length === expected.length && names.every((name, i) => name === expected[i]);
    };
    const started = performance.now();
    field.value = ${JSON.stringify(text)};
    field.dispatchEvent(new InputEvent('input', { bubbles: true, data: ${JSON.stringify(text.at(-1))} }));
    return ${untilFrame('shows()', 'started')};
  })()`);
}

await main();
