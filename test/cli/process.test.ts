/**
 * What only a real `petstore` process shows (node bin/petstore.mjs): exit codes as a shell sees
 * them, output on the real stdout and stderr, standard input piped in, and a stdout that is closed
 * early or cannot be written.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { MAX_IMPORT_MIB } from '../../src-shared/schemas/data';
import { petstore } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';
import { BIN, killAll, runCli } from '../rest/support/processes';

let dir: string;
let cleanup: () => void;
let db: string;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir('petstore-cli-process-'));
  db = join(dir, 'store.db');
  const seeded = await petstore(['seed', '--db', db, '--pets', '30']);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterEach(async () => {
  await killAll();
  for (const child of stdinImports) child.kill('SIGKILL');
  stdinImports.clear();
  cleanup();
});

const stdinImports = new Set<ReturnType<typeof spawn>>();

/** `petstore import <file> …args` with a pipe for its standard input, which `input` writes (or leaves open). */
function importFromStdin(file: string, args: string[], input: (stdin: NodeJS.WritableStream) => void) {
  const child = spawn(process.execPath, [BIN, 'import', file, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  stdinImports.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdin.on('error', () => {}); // the CLI may stop reading first: an endless writer then meets a closed pipe
  input(child.stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

const petNames = (file: string) => {
  const raw = new Database(file, { readonly: true });
  try {
    return raw.prepare('SELECT name FROM pets ORDER BY id').pluck().all() as string[];
  } finally {
    raw.close();
  }
};

test('the exit code reaches the shell: 0 for an answer, 2 for a usage mistake, 1 for a refusal; each on its stream', async () => {
  const [help, bare, refused] = await Promise.all([runCli(['help']), runCli([]), runCli(['token', 'list', '--db', join(dir, 'missing.db')])]);
  expect(help).toMatchObject({ code: 0, signal: null, stderr: '' });
  expect(help.stdout).toMatch(/^Usage: petstore <command>/);
  expect(bare).toMatchObject({ code: 2, signal: null, stdout: '' });
  expect(bare.stderr).toMatch(/^Usage: petstore <command>/);
  expect(refused).toMatchObject({ code: 1, signal: null, stdout: '' });
  expect(refused.stderr).toMatch(/^No database at .*missing\.db: this command does not create one/);
});

test('an import from standard input (- or /dev/stdin) reads it, tells JSON by its start, and refuses one that never ends at the size limit', async () => {
  const pipeInto = (file: string, input: (stdin: NodeJS.WritableStream) => void) => importFromStdin(file, ['--db', db], input);
  const csv = await pipeInto('/dev/stdin', (stdin) => stdin.end(`name,category,status,stock\n${Array.from({ length: 5 }, (_, i) => `Piped in ${i},Dogs,available,1`).join('\n')}\n`));
  expect(csv.code, csv.stderr).toBe(0);
  expect(csv.stdout).toBe('Imported 5 pets; skipped 0 invalid rows.\n');
  expect(petNames(db).filter((name) => name.startsWith('Piped in '))).toHaveLength(5);

  // No file name to tell the format by: a JSON array is read as JSON.
  const json = await pipeInto('-', (stdin) => stdin.end(JSON.stringify([{ name: 'Piped JSON', category: 'Dogs', status: 'available', stock: 1 }])));
  expect(json.code, json.stderr).toBe(0);
  expect(json.stdout).toBe('Imported 1 pet; skipped 0 invalid rows.\n');

  // Without a limit on the read, this would be read until memory ran out.
  const line = Buffer.from(`${'y'.repeat(1023)}\n`);
  const block = Buffer.concat(Array.from({ length: 64 }, () => line));
  const endless = await pipeInto('-', (stdin) => {
    const write = () => {
      while (stdin.write(block));
      stdin.once('drain', write);
    };
    stdin.write('name,category,status,stock\n');
    write();
  });
  expect(endless.code).toBe(1);
  expect(endless.stderr.trim()).toBe(`standard input is larger than ${MAX_IMPORT_MIB} MiB: split it into smaller files`);
  expect(petNames(db)).toHaveLength(36);
}, 60_000); // measured: at most 10.9 s through tsx, 2.2 s through the bundle (the 2-core machine at load 6–11)

test('an import from standard input names a --db it cannot use at once, without waiting for the input to end', async () => {
  const missing = join(dir, 'missing.db');
  for (const [args, said] of [
    [['--dry-run', '--db', missing], `No database at ${missing}: this command does not create one`],
    [['--db', join(dir, 'no-such-folder', 'new.db')], `Cannot open ${join(dir, 'no-such-folder', 'new.db')}: the folder ${join(dir, 'no-such-folder')} does not exist.`],
  ] as const) {
    // stdin stays open and empty: a command that read it first would wait until the test's timeout.
    const { code, stderr } = await importFromStdin('-', [...args], () => {});
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(said);
    expect(existsSync(missing)).toBe(false);
  }
});

test('an import whose output is cut off (`| head`) still imports, and still exits 1 when it skipped rows', async () => {
  const file = join(dir, 'piped.csv');
  writeFileSync(file, `name,category,status,stock\n${Array.from({ length: 50 }, (_, i) => `Piped ${i},Dogs,available,1`).join('\n')}\n,Dogs,available,1\n`);
  const child = spawn(process.execPath, [BIN, 'import', file, '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy(); // the reader has gone before the first line: every write meets a closed pipe
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  expect(code, stderr).toBe(1);
  expect(stderr).not.toMatch(/cannot write the output/);
  expect(petNames(db).filter((name) => name.startsWith('Piped '))).toHaveLength(50);
});

test('output that cannot be written (a full disk) is a failure in one line, exit 1', async () => {
  const full = openSync('/dev/full', 'w');
  try {
    const child = spawn(process.execPath, [BIN, 'export', '--db', db], { stdio: ['ignore', full, 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/^petstore export: cannot write the output: .*ENOSPC.*\n$/);
  } finally {
    closeSync(full);
  }
});

test('`npx petstore help` runs in the project, as the README says (npm checks the project before it runs a bin)', async () => {
  const root = join(BIN, '..', '..');
  // As from a user's shell: not the settings of the npm that started these tests.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const npx = spawn('npx', ['--no-install', 'petstore', 'help'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  npx.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  npx.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((done) => npx.on('close', done));
  expect({ code, stderr: stderr.split('\n').filter((line) => line.startsWith('npm error')) }).toEqual({ code: 0, stderr: [] });
  expect(stdout).toMatch(/^Usage: petstore <command>/);
});

test('the project has no install script of its own: with strict-allow-scripts, npx would refuse to run the command', () => {
  const manifest = JSON.parse(readFileSync(join(BIN, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(Object.keys(manifest.scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name))).toEqual([]);
});
