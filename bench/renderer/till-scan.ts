/**
 * Till benchmark: a scanned SKU's Enter to its line on screen, on 100,000 pets, in Debian's
 * Chromium, against the real service through the browser host (as bench/renderer/run.ts).
 *
 * The scanner's characters are typed into the scan field first; the time runs in the page
 * (performance.now()) from the Enter to the first frame that shows the line with that SKU. The
 * basket starts afresh every 10 scans (a long basket is not a counter's usual one). Warm-up first.
 *
 *   npm run build && npm run bench:till [-- --runs 30 --pets 100000]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { median, percentileOfSorted } from '../rest/stats';
import { rendererBuild, seedDemoPets, withBenchStore } from './bench-store';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, pets: { type: 'string', default: '100000' } } });
const RUNS = Number(values.runs);
const PETS = Number(values.pets);
const WARMUP = 5;
const GOAL_MS = 50;
const BASKET = 10;
const renderer = rendererBuild();

/** The seed's SKU of its n-th pet (docs/decisions.md#demo-pets-have-prices-and-skus). */
const skuOf = (n: number) => `DEMO-${String(n).padStart(7, '0')}`;

async function main(): Promise<void> {
  await withBenchStore({ name: 'till', renderer, seed: (dir) => seedDemoPets(join(dir, 'pets.db'), PETS) }, async ({ host, page }) => {
    await page.goto(`${host.url}#/till`);
    await page.getByRole('textbox', { name: 'Scan a barcode or type a name' }).waitFor();

    const samples: number[] = [];
    const lookups: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      if (run % BASKET === 0) await newBasket(page);
      // Pets spread over the whole table: each scan finds another row.
      const sku = skuOf(1 + ((run * 7919) % PETS));
      const ms = await scanOnce(page, sku);
      const lookup = await lookupOnce(page, skuOf(1 + ((run * 104729) % PETS)));
      if (run >= WARMUP) {
        samples.push(ms);
        lookups.push(lookup);
      }
    }
    const fmt = (ms: number) => ms.toFixed(1).padStart(7);
    const row = (label: string, values: number[], goal?: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const verdict = goal === undefined ? '' : `   < ${goal} ${median(values) < goal ? 'met' : 'NOT met'}`;
      console.log(`${label.padEnd(32)} ${fmt(median(values))} ${fmt(percentileOfSorted(sorted, 90))} ${fmt(sorted[0])} ${fmt(sorted.at(-1)!)}${verdict}`);
    };
    console.log(`\nTill, ${PETS.toLocaleString('en')} pets, ${RUNS} scans after ${WARMUP} warm-up (ms):`);
    console.log('measure                          median     p90     min     max   goal');
    row('scan Enter → its line shown', samples, GOAL_MS);
    row('the SKU lookup alone (bridge)', lookups);
  });
}

async function newBasket(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'New basket' });
  if (await button.isEnabled()) {
    await button.click();
    await page.getByRole('button', { name: 'Drop the basket' }).click(); // its confirmation
  }
  await page.getByText('The basket is empty').waitFor();
  await page.getByRole('textbox', { name: 'Scan a barcode or type a name' }).focus();
}

/** Types the SKU as a scanner would, then times its Enter until a line shows that SKU. */
async function scanOnce(page: Page, sku: string): Promise<number> {
  await page.keyboard.type(sku);
  // Plain JavaScript text: tsx would wrap a compiled function in helpers the page does not have.
  return page.evaluate<number>(`new Promise((done) => {
    const field = document.querySelector('input[aria-label="Scan a barcode or type a name"]');
    const shown = () => [...document.querySelectorAll('.till-lines__sku')].some((cell) => cell.textContent.trim() === ${JSON.stringify(sku)});
    const started = performance.now();
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
    const tick = () => (shown() ? done(performance.now() - started) : requestAnimationFrame(tick));
    tick();
  })`);
}

/** The scan's first call alone, from the page through the bridge: what the screen adds is the rest. */
async function lookupOnce(page: Page, sku: string): Promise<number> {
  return page.evaluate<number>(`(async () => {
    const started = performance.now();
    await window.petstore.invoke('pets.list', { sku: ${JSON.stringify(sku)}, limit: 1 });
    return performance.now() - started;
  })()`);
}

await main();
