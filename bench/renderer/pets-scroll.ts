/**
 * Scrolling the Pets screen at 100,000 pets against a plain HTML table of the same rows, side by
 * side in one run, in Debian's Chromium through the browser host (the real service).
 *
 * Each run: 100 wheel steps of 400 px over the table, each step followed by the next frame; the
 * page records every frame's time (requestAnimationFrame, the performance timeline's clock) and
 * the long animation frames Chromium reports. Measured: the total time of the 100 steps, the p95
 * gap between frames while scrolling, and the frames over 50 ms. The plain table holds the first
 * 5,000 pets (more than 100 steps reach) with the same columns, drawn once, nothing virtual.
 * Goal (issue 35): Pets at most 1.25× the plain table, both for the p95 gap and the total time.
 *
 *   npm run build && npm run bench:pets-scroll [-- --runs 5 --pets 100000 --renderer out/renderer]
 *   `--compare DIR`: a second build's Pets screen, alternated in the same runs (its own host, same data).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { median } from '../rest/stats';
import { rendererBuild, seedDemoPets, withBenchStore } from './bench-store';
import type { BenchHost } from './browser-host';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, pets: { type: 'string', default: '100000' }, renderer: { type: 'string' }, compare: { type: 'string' } },
});
const RUNS = Number(values.runs);
const STEPS = 100;
const STEP_PX = 400;
const PLAIN_ROWS = 5000;
const GOAL = 1.25;
// `--renderer DIR`: a build of one's own (electron-vite build --outDir), where others share the checkout's out/.
const renderer = rendererBuild(values.renderer);
const compare = values.compare ? rendererBuild(values.compare) : undefined;

interface Sample {
  totalMs: number;
  p95GapMs: number;
  over50: number;
  frames: number;
}

async function main(): Promise<void> {
  // Seeded as bench/renderer/run.ts seeds: the CLI's demo data.
  await withBenchStore({ name: 'scroll', renderer, seed: (dir) => seedDemoPets(join(dir, 'pets.db'), values.pets!) }, async ({ host, page, serve }) => {
    const other: BenchHost | undefined = compare ? await serve(compare) : undefined;
    const plainHtml = await plainTable(host);

    const pets: Sample[] = [];
    const plain: Sample[] = [];
    const compared: Sample[] = [];
    for (let run = 0; run <= RUNS; run++) {
      // Alternated, so a busy moment of the machine falls on both alike; run 0 warms up.
      const a = await scrollPets(page, host.url);
      const b = await scrollPlain(page, plainHtml);
      const c = other && (await scrollPets(page, other.url));
      if (run > 0) {
        pets.push(a);
        plain.push(b);
        if (c) compared.push(c);
      }
    }

    console.log(`\nScrolling, ${Number(values.pets).toLocaleString('en')} pets, ${STEPS} wheel steps of ${STEP_PX} px, ${RUNS} runs after a warm-up (medians):`);
    console.log('                      total ms   p95 gap ms   frames > 50 ms   frames');
    const line = (label: string, samples: Sample[]) =>
      console.log(
        `${label.padEnd(20)} ${fmt(median(samples.map((s) => s.totalMs)), 9)} ${fmt(median(samples.map((s) => s.p95GapMs)), 12)} ${fmt(median(samples.map((s) => s.over50)), 16, 0)} ${fmt(median(samples.map((s) => s.frames)), 8, 0)}`,
      );
    line('Pets screen', pets);
    line(`plain table (${PLAIN_ROWS.toLocaleString('en')})`, plain);
    if (compared.length) line('Pets, --compare', compared);
    const ratios = (label: string, samples: Sample[]) => {
      const ratio = (pick: (s: Sample) => number) => median(samples.map(pick)) / median(plain.map(pick));
      const total = ratio((s) => s.totalMs);
      const gap = ratio((s) => s.p95GapMs);
      console.log(`${label} / plain: total ${total.toFixed(2)}× (goal ≤ ${GOAL}×: ${total <= GOAL ? 'met' : 'NOT met'}), p95 gap ${gap.toFixed(2)}× (goal ≤ ${GOAL}×: ${gap <= GOAL ? 'met' : 'NOT met'})`);
    };
    console.log('');
    ratios('Pets', pets);
    if (compared.length) ratios('Pets, --compare', compared);
    console.log(`each run (Pets total/p95 | plain total/p95${compared.length ? ' | --compare total/p95' : ''}):`);
    pets.forEach((s, i) => {
      const c = compared[i];
      console.log(`  ${fmt(s.totalMs, 7)} / ${fmt(s.p95GapMs, 5)} | ${fmt(plain[i]!.totalMs, 7)} / ${fmt(plain[i]!.p95GapMs, 5)}${c ? ` | ${fmt(c.totalMs, 7)} / ${fmt(c.p95GapMs, 5)}` : ''}`);
    });
  });
}

const fmt = (n: number, width: number, digits = 1) => n.toFixed(digits).padStart(width);

/** The first pets as the Pets screen lists them, as one plain HTML table page. */
async function plainTable(host: BenchHost): Promise<string> {
  const rows: string[] = [];
  let cursor: string | undefined;
  const categories = new Map<number, string>();
  const cats = await invoke<{ items: { id: number; name: string }[] }>(host, 'categories.list', { limit: 500 });
  for (const category of cats.items) categories.set(category.id, category.name);
  while (rows.length < PLAIN_ROWS) {
    const page = await invoke<{ items: { id: number; name: string; categoryId: number; status: string; price?: number; sku?: string }[]; nextCursor: string | null }>(
      host,
      'pets.list',
      { limit: 500, cursor },
    );
    const stock = await invoke<{ items: { petId: number; quantity: number }[] }>(host, 'inventory.list', { petId: page.items.map((pet) => pet.id), limit: 500 });
    const byPet = new Map(stock.items.map((item) => [item.petId, item.quantity]));
    for (const pet of page.items) {
      const cells = [pet.id, pet.name, categories.get(pet.categoryId) ?? '', pet.status, byPet.get(pet.id) ?? '', pet.price ?? '–', pet.sku ?? '', 'Edit Order Delete'];
      rows.push(`<tr>${cells.map((cell) => `<td>${escape(String(cell))}</td>`).join('')}</tr>`);
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return `<!doctype html><html><body style="margin:0;font:14px system-ui"><table id="plain" style="border-collapse:collapse;width:100%">
<thead><tr><th>Id</th><th>Name</th><th>Category</th><th>Status</th><th>Stock</th><th>Price</th><th>SKU</th><th>Actions</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function invoke<T>(host: BenchHost, name: string, input: unknown): Promise<T> {
  const response = await fetch(new URL(`__petstore/invoke/${name}`, host.url), { method: 'POST', headers: host.callHeaders, body: JSON.stringify(input) });
  const answer = (await response.json()) as { ok: boolean; data: T; error?: unknown };
  if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

async function scrollPets(page: Page, url: string): Promise<Sample> {
  await page.goto('about:blank');
  await page.goto(`${url}#/pets`);
  await page.locator('.pets__table td[data-col-key="name"]').first().waitFor();
  await page.waitForTimeout(500); // the first page's stock and the categories settle
  const box = (await page.locator('.pets__table').boundingBox())!;
  return wheel(page, box.x + box.width / 2, box.y + box.height / 2);
}

async function scrollPlain(page: Page, html: string): Promise<Sample> {
  await page.goto('about:blank');
  await page.setContent(html);
  await page.waitForTimeout(500);
  return wheel(page, 640, 400);
}

// Plain JavaScript text for the page (tsx would wrap compiled functions in helpers the page lacks).
const START = `(() => {
  window.__frames = [];
  window.__long = 0;
  const tick = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(tick); };
  window.__recording = true;
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.duration > 50) window.__long++; }).observe({ type: 'long-animation-frame' });
  } catch {}
})()`;
const NEXT_FRAME = 'new Promise((done) => requestAnimationFrame(() => done()))';

/** 100 wheel steps at (x, y), each waited for until its frame; the frames' gaps meanwhile. */
async function wheel(page: Page, x: number, y: number): Promise<Sample> {
  await page.mouse.move(x, y);
  await page.evaluate(START);
  const started = Date.now();
  for (let step = 0; step < STEPS; step++) {
    await page.mouse.wheel(0, STEP_PX);
    await page.evaluate(NEXT_FRAME);
  }
  const totalMs = Date.now() - started;
  const frames = await page.evaluate<number[]>('(window.__recording = false, window.__frames)');
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!).sort((a, b) => a - b);
  const p95GapMs = gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * 0.95))] ?? 0;
  return { totalMs, p95GapMs, over50: gaps.filter((gap) => gap > 50).length, frames: frames.length };
}

await main();
