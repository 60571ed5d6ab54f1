/**
 * How the `petstore` command starts Node: `npx petstore …` runs bin/petstore.mjs through its
 * `#!/usr/bin/env -S node …` line, `npm run serve`/`npm run petstore` through their scripts. Every
 * way gives the process the same V8 flags (the headless server runs without the memory reducer and
 * with a young generation of at least 4 MiB: docs/decisions.md, "The headless server's process").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './support/processes';

const shebang = readFileSync(BIN, 'utf8').split('\n', 1)[0]!;
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const dir = mkdtempSync(join(tmpdir(), 'petstore-launcher-'));
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
