import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_OPTIONS, startBrowserHost, type BenchHost } from './browser-host';

/** The checkout the benchmarks run from (its browser host, its `petstore` command). */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** The renderer build to serve: `dir` (one's own `electron-vite build --outDir`), else out/renderer; refused unless built. */
export function rendererBuild(dir?: string): string {
  const renderer = dir ? resolve(dir) : join(ROOT, 'out', 'renderer');
  if (!existsSync(join(renderer, 'index.html'))) throw new Error('Build the renderer first: npm run build');
  return renderer;
}

/** Seeds `db` with the CLI's demo data (`petstore seed --pets N`) and prints what it made. */
export function seedDemoPets(db: string, pets: number | string): string {
  const seeded = spawnSync(process.execPath, [join(ROOT, 'bin', 'petstore.mjs'), 'seed', '--db', db, '--pets', String(pets)], { encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  console.log(seeded.stdout.trim());
  return db;
}

export interface BenchStore {
  /** The run's temp folder, removed at the end. */
  dir: string;
  /** The browser host serving `renderer` on the seeded store. */
  host: BenchHost;
  /** A page of Debian's Chromium, 1280 × 800. */
  page: Page;
  /** Another host on the same store, serving a copy of another build (stopped at the end too). */
  serve(renderer: string): Promise<BenchHost>;
}

export interface BenchStoreOptions {
  /** Names the temp folder: petstore-bench-<name>-…. */
  name: string;
  /** The build to serve (rendererBuild). */
  renderer: string;
  /** Makes the store (in `dir`, the run's temp folder, or elsewhere) and answers its file. */
  seed(dir: string): string;
}

/**
 * What every renderer benchmark sets up before it measures: a private copy of the build (a rebuild
 * meanwhile cannot change what is measured), a seeded store, its browser host and a Chromium page.
 * Everything started is stopped, and the temp folder removed, however `measure` ends.
 */
export async function withBenchStore(options: BenchStoreOptions, measure: (store: BenchStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `petstore-bench-${options.name}-`));
  const cleanup: (() => void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  let copies = 0;
  const copyOf = (renderer: string) => {
    const copy = join(dir, `renderer-${copies++}`);
    cpSync(renderer, copy, { recursive: true });
    return copy;
  };
  try {
    // Copied before the seeding, which can take a while: a build made meanwhile is not the one measured.
    const first = copyOf(options.renderer);
    const db = options.seed(dir);
    const start = async (copy: string): Promise<BenchHost> => {
      const host = await startBrowserHost(ROOT, db, copy);
      cleanup.unshift(() => host.stop());
      return host;
    };
    const serve = (renderer: string) => start(copyOf(renderer));
    const host = await start(first);
    const browser = await chromium.launch(CHROMIUM_OPTIONS);
    cleanup.unshift(() => void browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await measure({ dir, host, page, serve });
  } finally {
    for (const step of cleanup) step();
  }
}
