/**
 * Child processes for the CLI and headless-server tests: the real `node bin/petstore.mjs …`,
 * with captured output, a parsed listening address, and a registry so that `killAll()` in
 * afterEach/afterAll never leaves a process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForOutput } from '../../helpers/wait-for-output';
import { HTTPS, placeTestCertificate } from './transport';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = join(ROOT, 'bin', 'petstore.mjs');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Spawned {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<Exit>;
  /** Resolves once stdout or stderr matches, rejects on exit or timeout first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit, or rejects when the process is still running after `timeoutMs`. */
  exitWithin(timeoutMs: number): Promise<Exit & { ms: number }>;
}

const running = new Set<ChildProcess>();

/** Starts `node <args>` in the project folder; `env` is added to this process's environment. */
export function spawnNode(args: string[], env: Record<string, string | undefined> = {}): Spawned {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    listeners.forEach((listener) => listener());
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    listeners.forEach((listener) => listener());
  });
  let exitedAt = 0;
  let exitInfo: Exit | undefined;
  const exited = new Promise<Exit>((done) => {
    child.once('close', (code, signal) => {
      exitedAt = Date.now();
      exitInfo = { code, signal };
      running.delete(child);
      listeners.forEach((listener) => listener());
      done(exitInfo);
    });
    child.once('error', () => {
      exitInfo = { code: null, signal: null };
      running.delete(child);
      done(exitInfo);
    });
  });

  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    exited,
    waitForOutput(pattern, timeoutMs = 20_000) {
      const output = () => `\nstdout: ${stdout}\nstderr: ${stderr}`;
      return waitForOutput({
        checks: listeners,
        find: () => pattern.exec(stdout) ?? pattern.exec(stderr) ?? undefined,
        gone: () => (exitInfo ? `process exited (${JSON.stringify(exitInfo)}) before printing ${pattern}${output()}` : undefined),
        timedOut: () => `no ${pattern} within ${timeoutMs} ms${output()}`,
        timeoutMs,
      });
    },
    async exitWithin(timeoutMs) {
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`process still running ${timeoutMs} ms later\nstdout: ${stdout}\nstderr: ${stderr}`)),
          timeoutMs,
        );
      });
      try {
        const exit = await Promise.race([exited, timeout]);
        return { ...exit, ms: (exitedAt || Date.now()) - started };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Runs `petstore <args>` to completion. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 30_000) {
  const proc = spawnNode([BIN, ...args], env);
  const exit = await proc.exitWithin(timeoutMs);
  return { ...exit, stdout: proc.stdout, stderr: proc.stderr };
}

export interface ServeProcess extends Spawned {
  /** http://127.0.0.1:<port> (https:// in the REST suite's HTTPS run) */
  origin: string;
  /** http://127.0.0.1:<port>/v1, as printed. */
  url: string;
  port: number;
}

/**
 * Starts `petstore serve --db <file> --port 0` and waits for its "listening on" line; in the REST
 * suite's HTTPS run with `--https` and the run's certificate beside the file (the one clients pin).
 */
export async function startServe(file: string, env: Record<string, string | undefined> = {}, extraArgs: string[] = []): Promise<ServeProcess> {
  if (HTTPS) placeTestCertificate(file);
  const proc = spawnNode([BIN, 'serve', '--db', file, '--port', '0', ...(HTTPS ? ['--https'] : []), ...extraArgs], env);
  const match = await proc.waitForOutput(/listening on (https?:\/\/127\.0\.0\.1:(\d+)\/v1)/);
  const url = match[1];
  return Object.assign(proc, { url, origin: url.replace(/\/v1$/, ''), port: Number(match[2]) });
}

/** Kills every process spawned here that is still running, and waits until they are gone. */
export async function killAll(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('close', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
}
