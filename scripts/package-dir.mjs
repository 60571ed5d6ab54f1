#!/usr/bin/env node
/**
 * A directory build of the packaged app that needs no network: electron-builder `--linux dir`
 * against a stand-in Electron folder (the real binary cannot be downloaded here), without the
 * native rebuild (it needs Electron's headers). test/packaging/ checks what it packs; the installers
 * are built by the release workflow. Run `npm run build` first (it packs out/).
 * `node scripts/package-dir.mjs [FOLDER]` builds into FOLDER (default: a temp folder) and prints the size.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Electron's fuse wire as v45 ships it (@electron/fuses finds it by the sentinel): nine fuses. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_45_WIRE = '101100011';

/** The Electron version package.json pins exactly (the stand-in claims to be it). */
export function pinnedElectronVersion() {
  const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return devDependencies.electron;
}

/**
 * A folder electron-builder accepts as Electron's: an executable named `electron` (a shell script
 * carrying a fuse wire, so the afterPack hook flips real fuse bytes) and a `version` file.
 */
export function makeStandInElectron(dir) {
  mkdirSync(dir, { recursive: true });
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "A stand-in for Electron: packaging checks only." >&2\nexit 1\n# '),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, ELECTRON_45_WIRE.length]),
    Buffer.from(`${ELECTRON_45_WIRE}\n`),
  ]);
  writeFileSync(join(dir, 'electron'), script);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), pinnedElectronVersion());
  return dir;
}

/** Bytes under `path` (a file or a folder). */
export function sizeOf(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/**
 * Packs the app into `outDir`/linux-unpacked (electron-builder's name for a Linux directory build)
 * and answers that folder. Rejects with electron-builder's output when it fails.
 */
export async function packageDir(outDir) {
  const electronDist = makeStandInElectron(join(outDir, 'stand-in-electron'));
  const cli = require.resolve('electron-builder/cli.js');
  const args = [cli, '--linux', 'dir', '--publish', 'never', `-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.output=${outDir}`];
  // Not spawnSync: a test worker that waits on it stays responsive to its runner.
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`electron-builder failed (${code}):\n${output}`);
  return join(outDir, 'linux-unpacked');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? mkdtempSync(join(tmpdir(), 'petstore-package-')));
  const started = Date.now();
  const appDir = await packageDir(outDir);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`Packed ${appDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`resources/: ${mb(sizeOf(join(appDir, 'resources')))} (app.asar ${mb(sizeOf(join(appDir, 'resources', 'app.asar')))})`);
}
