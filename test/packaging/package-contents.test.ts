/**
 * What the packaged app holds (electron-builder.yml), checked on a directory build made offline
 * against a stand-in Electron (scripts/package-dir.mjs): the entry points resolve inside app.asar,
 * better-sqlite3's binary sits unpacked beside it, nothing a shop's app never runs slipped in, the
 * fuses are flipped, and the whole stays within a size budget. Needs `npm run build` first (out/).
 */
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_FUSES } from '../../src-main/app/hardening/fuses';
import { electronAbi, packedNativeProblems } from '../../scripts/check-packed-native.mjs';
import { packageDir, ROOT, sizeOf } from '../../scripts/package-dir.mjs';

/** resources/ measured at 16.4 MiB (2026-11-28), plus about 15%: more is a reason to look. */
const SIZE_BUDGET = 19 * 1024 * 1024;
/** The directory build took 10–18 s on a 2-core machine (alone, and beside other work); over 6× that for a busy CI. */
const PACK_TIMEOUT_MS = 120_000;

const outDir = mkdtempSync(join(tmpdir(), 'petstore-package-'));
let appDir: string;
let asar: string;
let files: Set<string>;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'out', 'main', 'index.js'))) throw new Error('Build the app first (npm run build): out/ is missing');
  appDir = await packageDir(outDir);
  asar = join(appDir, 'resources', 'app.asar');
  // listPackage answers paths from the archive's root, each with a leading separator.
  files = new Set(listPackage(asar, { isPack: false }).map((file) => file.replace(/^[/\\]/, '')));
}, PACK_TIMEOUT_MS);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const read = (file: string) => extractFile(asar, file).toString('utf8');
/** The packages an import names (`@scope/name` or `name`), without a subpath. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('the entry points resolve inside app.asar', () => {
  it('package.json names out/main/index.js, which is packed', () => {
    const pkg = JSON.parse(read('package.json')) as { main: string };
    expect(pkg.main).toBe('out/main/index.js');
    expect(files.has(pkg.main)).toBe(true);
  });

  it('every package the main process imports is packed, with its package.json', () => {
    const main = read('out/main/index.js');
    // The bundle's import statements, each at the start of a line (rolldown's output).
    const specifiers = [...main.matchAll(/^import\s(?:[^;"]*?\sfrom\s*)?"([^"./][^"]*)";/gm)].map((match) => match[1]!);
    const packages = [...new Set(specifiers.map(packageOf))].filter((name) => name !== 'electron' && !name.startsWith('node:') && !builtinModules.includes(name));
    expect(packages).toContain('better-sqlite3');
    expect(packages.filter((name) => !files.has(`node_modules/${name}/package.json`))).toEqual([]);
  });

  it('the preload is packed and requires nothing but electron', () => {
    const preload = read('out/preload/index.cjs');
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(['electron']);
  });

  it('the renderer’s page and every script and style it names are packed', () => {
    const html = read('out/renderer/index.html');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => `out/renderer/${match[1]}`);
    expect(assets.length).toBeGreaterThan(1);
    expect(assets.filter((asset) => !files.has(asset))).toEqual([]);
  });
});

describe('the native module', () => {
  const binary = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

  it('is marked unpacked in the archive and lies in app.asar.unpacked, where Electron loads it from', () => {
    expect(statFile(asar, binary)).toMatchObject({ unpacked: true });
    expect(existsSync(join(appDir, 'resources', 'app.asar.unpacked', binary))).toBe(true);
    expect(files.has('node_modules/better-sqlite3/lib/index.js')).toBe(true);
  });
});

describe('the release workflow’s check of the packed native module (scripts/check-packed-native.mjs)', () => {
  it('refuses this offline build’s better-sqlite3, built for Node, not Electron', () => {
    const nodeAbi = Number(process.versions.modules);
    expect(electronAbi()).not.toBe(nodeAbi);
    expect(packedNativeProblems(outDir)).toEqual([
      `${join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')} is built for ABI ${nodeAbi}, not Electron's ${electronAbi()}`,
    ]);
  });

  it('passes a module built for the ABI it wants', () => {
    expect(packedNativeProblems(outDir, Number(process.versions.modules))).toEqual([]);
  });

  it('refuses a folder with no packed module', () => {
    const standIn = join(outDir, 'stand-in-electron');
    expect(packedNativeProblems(standIn, 1)).toEqual([`no better_sqlite3.node in an app.asar.unpacked under ${standIn}`]);
  });
});

describe('nothing the app never runs slipped in', () => {
  it('no TypeScript, source maps, or the project’s sources, tests, docs, scripts or benchmarks', () => {
    const all = [...files];
    expect(all.filter((file) => /\.(ts|mts|cts|tsx|map)$/.test(file))).toEqual([]);
    const top = new Set(all.map((file) => file.split(/[/\\]/)[0]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json']);
    expect(all.filter((file) => /^out[/\\](cli|host)[/\\]/.test(file))).toEqual([]);
  });

  it('no sources or build intermediates of better-sqlite3: only its binary and its JavaScript', () => {
    const sqlite = [...files].filter((file) => file.startsWith('node_modules/better-sqlite3/'));
    expect(sqlite.filter((file) => /^node_modules\/better-sqlite3\/(deps|src|build\/(deps|Release\/(obj|\.deps)))/.test(file))).toEqual([]);
    expect(sqlite.filter((file) => /\.(gyp|gypi|mk|a|c|cc|h|o)$|Makefile$/.test(file))).toEqual([]);
    expect(sqlite.filter((file) => file.endsWith('.node'))).toEqual(['node_modules/better-sqlite3/build/Release/better_sqlite3.node']);
  });

  it('no TypeScript runner, bundler, test tool, Electron or electron-builder', () => {
    const named = ['tsx', 'esbuild', '@esbuild', 'typescript', 'vite', 'vitest', 'playwright', '@playwright', 'electron', 'electron-builder', 'app-builder-lib'];
    expect(named.filter((name) => [...files].some((file) => file.startsWith(`node_modules/${name}/`)))).toEqual([]);
  });

  it('no package npm installed for development only', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages).filter(([path, entry]) => path && entry.dev).map(([path]) => path);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.filter((path) => files.has(`${path}/package.json`))).toEqual([]);
  });
});

describe('the packed Electron binary', () => {
  it('has the fuses of src-main/app/hardening/fuses.ts flipped by the afterPack hook', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'pet-store-clerk'));
    const on = '1'.charCodeAt(0);
    const fuses = Object.values(FuseV1Options).filter((value): value is FuseV1Options => typeof value === 'number');
    for (const fuse of fuses) expect(wire[fuse] === on, FuseV1Options[fuse]).toBe(APP_FUSES[fuse as keyof typeof APP_FUSES]);
  });
});

describe('the size', () => {
  it(`resources/ stays within ${SIZE_BUDGET / 1024 / 1024} MiB`, () => {
    const size = sizeOf(join(appDir, 'resources'));
    console.log(`The packaged app's resources/: ${(size / 1024 / 1024).toFixed(1)} MiB (budget ${SIZE_BUDGET / 1024 / 1024} MiB)`);
    expect(size).toBeLessThanOrEqual(SIZE_BUDGET);
  });
});

describe('the icons electron-builder makes the installers’ icons from', () => {
  for (const size of [512, 256]) {
    it(`build/icons/${size}x${size}.png is a PNG of that size`, () => {
      const png = readFileSync(join(ROOT, 'build', 'icons', `${size}x${size}.png`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]); // IHDR's width, height
    });
  }
});
