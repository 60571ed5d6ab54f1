/**
 * The browser host's starts (src-main/browser-host/main.ts, as its bundle or through tsx): `--db`
 * and `--port` serve one store; `--test-stores`, the browser tests' start, serves a fresh store per
 * `open`, each with its own port, secret and temp folder, so no test sees another's data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { hostCommand } from '../helpers/host-command';

// A start takes 0.3 s from the bundle and about 1 s through tsx on an idle machine.
const START_MS = 20_000;

let dir: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-host-start-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the host with `args`; `next()` resolves with its next line of output. */
function start(args: string[]) {
  const { command, args: all } = hostCommand(args);
  child = spawn(command, all, { env: { ...process.env, PETSTORE_RENDERER_DIR: join(dir, 'renderer') }, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  const exit = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  // Once the process is gone, each line still awaited is that news (with what it said).
  void exit.then((code) => {
    for (const answer of waiting.splice(0)) answer(`(exited with ${code}: ${stderr.trim()})`);
  });
  return {
    child: child!,
    exit,
    stderr: () => stderr,
    next: () => (lines.length || child!.exitCode !== null ? Promise.resolve(lines.shift() ?? `(exited: ${stderr.trim()})`) : new Promise<string>((resolve) => waiting.push(resolve))),
    send: (line: string) => child!.stdin!.write(`${line}\n`),
  };
}

async function call(url: string, operation: string, input: unknown) {
  const secret = new URL(url).searchParams.get('secret')!;
  const response = await fetch(new URL(`__petstore/invoke/${operation}`, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; data?: unknown } };
}

describe('the browser host’s start options', () => {
  it('--db and --port 0 serve that file on a free port at an address with a secret; SIGTERM ends it', { timeout: START_MS * 2 }, async () => {
    const db = join(dir, 'shop.db');
    const host = start(['--db', db, '--port', '0']);
    const line = await host.next();
    const url = /on (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]{43}) {2}database: (.+)$/.exec(line);
    expect(url?.[2], line).toBe(db);
    expect(existsSync(db)).toBe(true);
    expect((await call(url![1], 'categories.create', { name: 'Dogs' })).body).toMatchObject({ ok: true });
    host.child.kill('SIGTERM');
    expect(await host.exit).toBe(0);
  });

  it('a --port that is not a port is said with the usage, exit 2', { timeout: START_MS }, async () => {
    const host = start(['--port', 'eighty']);
    expect(await host.exit).toBe(2);
    expect(host.stderr()).toContain('--port must be a whole number from 0 to 65535, not "eighty"');
    expect(host.stderr()).toContain('Usage: npm run app:browser');
  });

  it('--test-stores: each open is a fresh store with its own port, secret and folder; close and stdin’s end remove them', { timeout: START_MS * 2 }, async () => {
    const host = start(['--test-stores']);
    const opened = async (n: number) => {
      host.send('open');
      const line = await host.next();
      const match = new RegExp(`^${n} on (http://127\\.0\\.0\\.1:(\\d+)/\\?secret=[\\w-]{43})  database: (.+)$`).exec(line);
      expect(match, line).not.toBeNull();
      return { url: match![1], port: match![2], db: match![3] };
    };
    const first = await opened(1);
    expect((await call(first.url, 'categories.create', { name: 'Dogs' })).body).toMatchObject({ ok: true });
    const second = await opened(2);
    expect(second.port).not.toBe(first.port);
    expect(new URL(second.url).searchParams.get('secret')).not.toBe(new URL(first.url).searchParams.get('secret'));
    expect(dirname(second.db)).not.toBe(dirname(first.db));
    // The second store is fresh: the first one's category is not in it, and its secret is refused.
    expect((await call(second.url, 'categories.list', {})).body).toMatchObject({ ok: true, data: { items: [] } });
    const crossed = `${new URL(second.url).origin}/?secret=${new URL(first.url).searchParams.get('secret')}`;
    expect((await call(crossed, 'categories.list', {})).status).toBe(401);

    host.send('close 1');
    expect(await host.next()).toBe('closed 1');
    expect(existsSync(dirname(first.db))).toBe(false);
    await expect(fetch(first.url)).rejects.toThrow();
    expect((await call(second.url, 'categories.list', {})).status).toBe(200);

    host.send('what');
    expect(await host.next()).toBe('unknown command: what');
    host.child.stdin!.end();
    expect(await host.exit).toBe(0);
    expect(existsSync(dirname(second.db))).toBe(false);
  });
});
