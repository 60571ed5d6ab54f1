/**
 * How the `petstore` command starts Node: `npx petstore …` runs bin/petstore.mjs through its
 * `#!/usr/bin/env -S node …` line, `npm run serve`/`npm run petstore` through their scripts. Every
 * way gives the process the same V8 flags (the headless server runs without the memory reducer and
 * with a young generation of at least 4 MiB: docs/decisions.md#node-flags-for-the-server).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, BUNDLE_FILE, freshBundle, SOURCES_FILE } from '../../bin/cli-bundle.mjs';
import { BIN, killAll, ROOT, spawnNode } from './support/processes';

const shebang = readFileSync(BIN, 'utf8').split('\n', 1)[0]!;
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const dir = mkdtempSync(join(tmpdir(), 'petstore-launcher-'));
afterEach(() => killAll());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the petstore command’s Node flags', () => {
  it('the #! line runs node without the memory reducer and with a young generation of at least 4 MiB', () => {
    expect(shebang).toBe('#!/usr/bin/env -S node --no-memory-reducer --min-semi-space-size=4');
  });

  it('npm run serve and npm run petstore start the file under the same flags as its #! line', () => {
    const flags = shebang.replace('#!/usr/bin/env -S ', '');
    expect(scripts.serve).toBe(`${flags} bin/petstore.mjs serve`);
    expect(scripts.petstore).toBe(`${flags} bin/petstore.mjs`);
  });

  it.skipIf(process.platform === 'win32')('run as a program (as npx does), the process has the flag and the command works', () => {
    // A preload (NODE_OPTIONS reaches the node that env starts) reports the flags that process got.
    const preload = join(dir, 'report-flags.cjs');
    writeFileSync(preload, "process.stderr.write('execArgv=' + JSON.stringify(process.execArgv) + '\\n');\n");
    const run = spawnSync(BIN, ['help'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--require ${preload}` } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Usage: petstore <command>');
    expect(run.stderr).toContain('execArgv=["--no-memory-reducer","--min-semi-space-size=4"]');
  });
});

describe('the bundle a start runs (out/cli, from npm run build)', () => {
  /** A copy of the project's layout: bin/ copied, the sources and node_modules linked, its own out/cli. */
  function projectCopy(): string {
    const root = mkdtempSync(join(dir, 'project-'));
    mkdirSync(join(root, 'bin'));
    for (const file of ['petstore.mjs', 'cli-bundle.mjs']) copyFileSync(join(ROOT, 'bin', file), join(root, 'bin', file));
    for (const linked of ['node_modules', 'src-main', 'src-shared', 'package.json']) symlinkSync(join(ROOT, linked), join(root, linked));
    return root;
  }
  const build = (root: string) => {
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs'), join(root, BUNDLE_DIR)], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  };
  const manifest = (root: string) => join(root, BUNDLE_DIR, SOURCES_FILE);

  it('is one JavaScript file that runs every command, the server too, with node_modules outside it', async () => {
    const root = projectCopy();
    build(root);
    const bundle = join(root, BUNDLE_DIR, BUNDLE_FILE);
    expect(freshBundle(root)).toBe(bundle);
    const { sources } = JSON.parse(readFileSync(manifest(root), 'utf8')) as { sources: string[] };
    expect(sources).toContain('src-main/cli/main.ts');
    expect(sources.filter((source) => source.includes('node_modules'))).toEqual([]);

    const db = join(root, 'shop.db');
    const node = (args: string[]) => spawnSync(process.execPath, [bundle, ...args], { cwd: root, encoding: 'utf8' });
    expect(node(['help']).stdout).toMatch(/^Usage: petstore <command>/);
    const created = node(['token', 'create', '--scope', 'read', '--db', db]);
    expect(created.status, created.stderr).toBe(0);
    expect(node(['token', 'list', '--db', db]).stdout).toMatch(/^ +1 {2}read /);
    expect(node(['token', 'revoke', 'x', '--db', db])).toMatchObject({ status: 2, stderr: '"x" is not a token id (see `petstore token list`)\n' });

    const server = spawnNode([bundle, 'serve', '--db', db, '--port', '0']);
    const [, url] = await server.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stdout).toMatch(/SIGTERM: finishing in-flight requests…\nStopped; database closed\.\n$/);
  });

  it('bin/petstore.mjs runs the bundle while it is newer than every source it holds, else the TypeScript', () => {
    const root = projectCopy();
    const run = () => spawnSync(join(root, 'bin', 'petstore.mjs'), ['help'], { cwd: root, encoding: 'utf8' });
    expect(run().stdout, 'no bundle: the TypeScript').toMatch(/^Usage: petstore <command>/);

    build(root);
    writeFileSync(join(root, BUNDLE_DIR, BUNDLE_FILE), "console.log('the bundle ran');\n");
    expect(run().stdout).toBe('the bundle ran\n');

    // A source changed after the build began (here: the build said to start before every source's last change).
    const built = JSON.parse(readFileSync(manifest(root), 'utf8')) as { startedAt: number };
    writeFileSync(manifest(root), JSON.stringify({ ...built, startedAt: 0 }));
    expect(freshBundle(root)).toBeUndefined();
    expect(run().stdout).toMatch(/^Usage: petstore <command>/);
  });

  it('a bundle counts as stale when a source it holds is newer, gone, or its list is missing', () => {
    const root = mkdtempSync(join(dir, 'fake-'));
    const bundleDir = join(root, BUNDLE_DIR);
    mkdirSync(bundleDir, { recursive: true });
    writeFileSync(join(root, 'a.ts'), '');
    writeFileSync(join(root, 'b.ts'), '');
    writeFileSync(join(bundleDir, BUNDLE_FILE), '');
    const startedAt = Date.now();
    const past = new Date(startedAt - 60_000);
    for (const source of ['a.ts', 'b.ts']) utimesSync(join(root, source), past, past);
    expect(freshBundle(root), 'no list of sources: a build that did not finish').toBeUndefined();

    writeFileSync(join(bundleDir, SOURCES_FILE), JSON.stringify({ startedAt, sources: ['a.ts', 'b.ts'] }));
    expect(freshBundle(root)).toBe(join(bundleDir, BUNDLE_FILE));
    const later = new Date(startedAt + 1_000);
    utimesSync(join(root, 'b.ts'), later, later);
    expect(freshBundle(root), 'b.ts changed since').toBeUndefined();
    utimesSync(join(root, 'b.ts'), past, past);
    rmSync(join(root, 'a.ts'));
    expect(freshBundle(root), 'a.ts is gone').toBeUndefined();
    writeFileSync(join(root, 'a.ts'), '');
    utimesSync(join(root, 'a.ts'), past, past);
    rmSync(join(bundleDir, BUNDLE_FILE));
    expect(freshBundle(root), 'no bundle').toBeUndefined();
  });
});
