#!/usr/bin/env node
/**
 * Bundles the `petstore` command (and so `petstore serve`, the headless server) into one JavaScript
 * file, out/cli/petstore.mjs, and the browser host (its tests' start) into out/host/browser-host.mjs,
 * so that a start does not compile TypeScript first. node_modules stay outside them (better-sqlite3
 * is native; the rest is JavaScript already). Beside each, the sources it holds and when the build
 * started: a start runs the TypeScript instead once one is newer (bin/cli-bundle.mjs).
 * `node scripts/build-cli.mjs [FOLDER]` builds only the CLI, into another folder (the launcher test's).
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_DIR, BUNDLE_FILE, HOST_BUNDLE_DIR, HOST_BUNDLE_FILE, SOURCES_FILE } from '../bin/cli-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles `entry` into `dir`/`file` and lists its sources beside it. */
async function bundle(entry, dir, file) {
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, SOURCES_FILE), { force: true }); // until this build is whole, starts use the TypeScript
  const startedAt = Date.now();
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(dir, file),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
  });
  // Paths from the project folder, as esbuild names its inputs (absWorkingDir).
  const sources = Object.keys(metafile.inputs).sort();
  writeFileSync(join(dir, SOURCES_FILE), `${JSON.stringify({ startedAt, sources }, null, 2)}\n`);
  console.log(`Bundle: ${join(dir, file)} (${sources.length} sources)`);
}

if (process.argv[2]) {
  await bundle('src-main/cli/main.ts', resolve(process.argv[2]), BUNDLE_FILE);
} else {
  await Promise.all([
    bundle('src-main/cli/main.ts', join(root, BUNDLE_DIR), BUNDLE_FILE),
    // The host finds the renderer from its own place: out/host/ is as deep as src-main/browser-host/.
    bundle('src-main/browser-host/main.ts', join(root, HOST_BUNDLE_DIR), HOST_BUNDLE_FILE),
  ]);
}
