#!/usr/bin/env node
/**
 * `npm start` and `npm run dev` run this first: where the Electron binary is missing and cannot be
 * downloaded, one paragraph says so and points to `npm run app:browser`, instead of the build trace
 * the steps after it would print. Electron 42+ downloads its binary on first use, not at `npm ci`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the electron package under `from` says its binary is, without downloading it; undefined if it does not know yet. */
function knownBinary(electronDir, env) {
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
  return executable ? join(electronDir, 'dist', executable) : undefined;
}

/**
 * Why Electron cannot start from the project at `from` (a short reason), or null when its binary is
 * there. A missing binary is downloaded first, as `require('electron')` does, in a child process.
 */
export function electronProblem(from = ROOT, env = process.env) {
  const electronDir = dirname(createRequire(join(from, 'package.json')).resolve('electron/package.json'));
  let binary = knownBinary(electronDir, env);
  if (!binary || !existsSync(binary)) {
    if (!env.ELECTRON_OVERRIDE_DIST_PATH) {
      console.log('The Electron binary is not installed yet: downloading it (once)…');
      const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require(process.argv[1]))', electronDir], { env, encoding: 'utf8' });
      if (child.status !== 0) {
        const cause = child.stderr.split('\n').find((line) => /^\w*Error: /.test(line)) ?? `exit code ${child.status}`;
        return `it is not installed and could not be downloaded (${cause.trim()})`;
      }
      binary = child.stdout.trim().split('\n').pop(); // after the download's own line
    }
    if (!existsSync(binary)) return `there is no Electron binary at ${binary}`;
  }
  return null;
}

/** The paragraph printed instead of a build trace, wrapped at 100 columns. */
export function missingElectronMessage(problem, version) {
  const text =
    `Pet Store Clerk cannot start as a desktop app: it needs Electron ${version}, and ${problem}. ` +
    'The same app runs in a browser without Electron: `npm run app:browser`, then open the address it prints. ' +
    'To get Electron, run `npm start` again where github.com can be reached, or set ELECTRON_MIRROR to a mirror of ' +
    `Electron's releases, or ELECTRON_OVERRIDE_DIST_PATH to a folder holding Electron ${version}. ` +
    'A shop installs the packaged app instead (README.md, "Install").';
  return text.replace(/(.{1,100})(?: |$)/g, '$1\n').trimEnd();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = electronProblem();
  if (problem) {
    const { version } = createRequire(import.meta.url)('electron/package.json');
    console.error(missingElectronMessage(problem, version));
    process.exit(1);
  }
}
