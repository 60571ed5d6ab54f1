#!/usr/bin/env node
/**
 * Bundles the `petstore` command (and so `petstore serve`, the headless server) into one JavaScript
 * file, out/cli/petstore.mjs, so that a start does not compile TypeScript first. node_modules stay
 * outside it (better-sqlite3 is native; the rest is JavaScript already). Beside it, the sources it
 * holds and when the build started: bin/petstore.mjs runs the TypeScript instead once one is newer.
 * `node scripts/build-cli.mjs [FOLDER]` builds into another folder (the launcher test's).
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_DIR, BUNDLE_FILE, SOURCES_FILE } from '../bin/cli-bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ? resolve(process.argv[2]) : join(root, BUNDLE_DIR);
mkdirSync(dir, { recursive: true });
rmSync(join(dir, SOURCES_FILE), { force: true }); // until this build is whole, starts use the TypeScript

const startedAt = Date.now();
const { metafile } = await build({
  absWorkingDir: root,
  entryPoints: ['src-main/cli/main.ts'],
  outfile: join(dir, BUNDLE_FILE),
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
console.log(`CLI bundle: ${join(dir, BUNDLE_FILE)} (${sources.length} sources)`);
