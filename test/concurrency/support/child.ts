/**
 * Child processes and worker threads running the real service from TypeScript sources (through
 * tsx), for the concurrency, crash and migration-race suites. Every process started here is
 * registered so that `killAll()` in afterEach never leaves one behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { waitForOutput } from '../../helpers/wait-for-output';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixture = (relative: string) => join(ROOT, 'test', relative);

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process (usually Node on TypeScript sources) with its output collected. */
export interface TsChild {
  child: ChildProcess;
  /** Complete lines printed to stdout so far (a line cut short by a kill is not included). */
  readonly lines: string[];
  readonly stderr: string;
  exited: Promise<Exit>;
  /** Resolves with the first complete stdout line matching, rejects on exit or timeout first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Writes a line to the child's stdin. */
  send(line: string): void;
  /** Closes the child's stdin. */
  endInput(): void;
}

const running = new Set<ChildProcess>();

/** Starts `node --import tsx <script> <args…>` in the project folder with piped stdio. */
export const spawnTs = (script: string, args: string[]): TsChild => spawnChild(process.execPath, ['--import', 'tsx', script, ...args]);

/** Starts any command in the project folder with piped stdio (strace running the CLI, say). */
export function spawnChild(command: string, args: string[]): TsChild {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let exit: Exit | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    notify();
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  // A child killed before it reads its stdin must not fail the parent with EPIPE.
  child.stdin!.on('error', () => {});
  const exited = new Promise<Exit>((done) => {
    child.once('close', (code, signal) => {
      exit = { code, signal };
      running.delete(child);
      notify();
      done(exit);
    });
  });
  return {
    child,
    lines,
    get stderr() {
      return stderr;
    },
    exited,
    send(line) {
      child.stdin!.write(`${line}\n`);
    },
    endInput() {
      child.stdin!.end();
    },
    waitForLine(pattern, timeoutMs = 20_000) {
      let seen = 0;
      const output = () => `\nstdout: ${lines.join('\n')}\nstderr: ${stderr}`;
      return waitForOutput({
        checks: listeners,
        find: () => {
          for (; seen < lines.length; seen++) if (pattern.test(lines[seen])) return lines[seen];
          return undefined;
        },
        gone: () => (exit ? `child exited ${JSON.stringify(exit)} before printing ${pattern}${output()}` : undefined),
        timedOut: () => `no ${pattern} within ${timeoutMs} ms${output()}`,
        timeoutMs,
      });
    },
  };
}

/** Kills (SIGKILL) every child started here that still runs, and waits until each is gone. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('close', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** A worker thread running a TypeScript module (through tsx) with the given workerData. */
export function startTsWorker(script: string, workerData: Record<string, unknown>): Worker {
  return new Worker(fixture('concurrency/fixtures/ts-worker.mjs'), { workerData: { ...workerData, script } });
}
