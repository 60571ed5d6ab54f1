/**
 * `npm start` where Electron's binary is missing (as on the machines without network that run these
 * tests): scripts/check-electron.mjs prints one paragraph pointing to `npm run app:browser` and
 * stops the start, instead of the build trace of the steps after it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronProblem } from '../../scripts/check-electron.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const CHECK = join(ROOT, 'scripts', 'check-electron.mjs');
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const electronVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
const dir = mkdtempSync(join(tmpdir(), 'petstore-check-electron-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check as `npm start` does, with Electron's binary looked for in `distPath`. */
function check(distPath: string) {
  return spawnSync(process.execPath, [CHECK], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: distPath } });
}

describe('npm start without the Electron binary', () => {
  it('prints one paragraph (what failed, npm run app:browser, how to get Electron) and stops', () => {
    const empty = mkdtempSync(join(dir, 'no-electron-'));
    const run = check(empty);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const paragraph = run.stderr.trimEnd();
    expect(paragraph).toMatch(/^Pet Store Clerk cannot start as a desktop app: it needs Electron \d+\.\d+\.\d+, and there is no Electron/);
    expect(paragraph).toContain(`Electron ${electronVersion}`);
    expect(paragraph).toContain(join(empty, 'electron'));
    expect(paragraph).toContain('`npm run app:browser`');
    expect(paragraph).toContain('ELECTRON_MIRROR');
    expect(paragraph.split('\n').length).toBeLessThanOrEqual(7);
    expect(paragraph.split('\n').every((line) => line.length <= 100)).toBe(true);
    expect(paragraph).not.toMatch(/^\s+at /m); // no stack trace
  });

  it('passes silently where the binary is there', () => {
    const dist = mkdtempSync(join(dir, 'electron-'));
    writeFileSync(join(dist, 'electron'), '#!/bin/sh\n');
    chmodSync(join(dist, 'electron'), 0o755);
    const run = check(dist);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });

  it('a binary that cannot be downloaded is named so, with the download’s error in one line', () => {
    // A copy of the electron package without its binary, downloading from a closed local port.
    const project = mkdtempSync(join(dir, 'project-'));
    const electronDir = join(project, 'node_modules', 'electron');
    mkdirSync(electronDir, { recursive: true });
    for (const file of ['package.json', 'index.js', 'install.js', 'checksums.json']) copyFileSync(join(ROOT, 'node_modules', 'electron', file), join(electronDir, file));
    writeFileSync(join(project, 'package.json'), '{}');
    const env = {
      ...process.env,
      NODE_PATH: join(ROOT, 'node_modules'), // the copy's install.js finds @electron/get there
      // A closed port, under both names @electron/get reads (npm's config name wins when both are set).
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      npm_config_electron_mirror: 'http://127.0.0.1:9/',
      electron_config_cache: mkdtempSync(join(dir, 'cache-')),
      ELECTRON_OVERRIDE_DIST_PATH: '',
    };
    const problem = electronProblem(project, env);
    expect(problem).toMatch(/^it is not installed and could not be downloaded \(\w*Error: .+\)$/);
    expect(problem).not.toContain('\n');
  });

  it('a first start downloads the binary as require(\'electron\') does, then passes', () => {
    // The electron package's own loader, with an install.js that "downloads" as the real one lays out.
    const project = mkdtempSync(join(dir, 'first-start-'));
    const electronDir = join(project, 'node_modules', 'electron');
    mkdirSync(electronDir, { recursive: true });
    for (const file of ['package.json', 'index.js']) copyFileSync(join(ROOT, 'node_modules', 'electron', file), join(electronDir, file));
    writeFileSync(
      join(electronDir, 'install.js'),
      "const fs = require('fs'), path = require('path');\n" +
        "fs.mkdirSync(path.join(__dirname, 'dist'));\n" +
        "fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '');\n" +
        "fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');\n",
    );
    writeFileSync(join(project, 'package.json'), '{}');
    expect(electronProblem(project, { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '' })).toBeNull();
    expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
  });

  it('npm start and npm run dev check for Electron before anything else', () => {
    expect(scripts.start).toMatch(/^node scripts\/check-electron\.mjs && /);
    expect(scripts.dev).toMatch(/^node scripts\/check-electron\.mjs && /);
  });
});
