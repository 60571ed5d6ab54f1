#!/usr/bin/env node
/**
 * Builds better-sqlite3 for Electron into native/electron/, leaving npm's Node build in
 * node_modules for tests and the headless server. The app passes the Electron build as
 * `nativeBinding` (src-main/db/native-binding.ts). Needs Electron's headers, so it needs the
 * network the first time; it is skipped when the build is already there for this Electron.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const electronVersion = require('electron/package.json').version;
const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
const sqliteVersion = require('better-sqlite3/package.json').version;
const outDir = join(root, 'native', 'electron');
const stamp = join(outDir, 'build.json');
const wanted = { electron: electronVersion, betterSqlite3: sqliteVersion };

if (existsSync(stamp) && JSON.stringify(JSON.parse(readFileSync(stamp, 'utf8'))) === JSON.stringify(wanted)) {
  console.log(`better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}: already built`);
  process.exit(0);
}

// Build in a copy so npm's Node build in node_modules is never replaced.
const work = mkdtempSync(join(tmpdir(), 'petstore-electron-sqlite-'));
cpSync(sqliteDir, work, { recursive: true, filter: (path) => !path.includes(`${join('build', '')}`) });
const env = { ...process.env };
// npm passes nodedir on; with it node-gyp silently builds against Node's headers instead.
for (const key of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl)$/i.test(key)) delete env[key];
console.log(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (first start only)…`);
try {
  execFileSync(
    process.execPath,
    [
      require.resolve('node-gyp/bin/node-gyp.js'),
      'rebuild',
      '--release',
      `--target=${electronVersion}`,
      '--runtime=electron',
      '--dist-url=https://electronjs.org/headers',
    ],
    { cwd: work, env, stdio: 'inherit' },
  );
} catch {
  rmSync(work, { recursive: true, force: true });
  console.error('Could not build better-sqlite3 for Electron (it needs Electron\'s headers from the network once).');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), join(outDir, 'better_sqlite3.node'));
writeFileSync(stamp, JSON.stringify(wanted));
rmSync(work, { recursive: true, force: true });
console.log(`better-sqlite3 for Electron is in ${outDir}`);
