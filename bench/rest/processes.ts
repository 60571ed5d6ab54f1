import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server process the benchmark started; every one is stopped before the benchmark exits. */
export interface ServerProcess {
  name: string;
  pid: number;
  origin: string;
  /** The last output lines, shown when the server fails. */
  output(): string;
  stop(): Promise<void>;
}

const started = new Set<ChildProcess>();

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process and waits until it answers HTTP on 127.0.0.1:port (any status counts:
 * the server is up). Fails with the server's own output if it exits or does not answer in time.
 */
export async function startServer(spec: {
  name: string;
  command: string;
  args: string[];
  port: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  readyPath?: string;
  readyTimeoutMs?: number;
  /** Every piece of the server's output as it comes (stdout and stderr). */
  onOutput?: (text: string) => void;
}): Promise<ServerProcess> {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-4000);
    spec.onOutput?.(text);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      started.delete(child);
      resolve();
    }),
  );
  child.once('error', (error) => {
    log += `\n${error.message}`;
  });

  const origin = `http://127.0.0.1:${spec.port}`;
  const server: ServerProcess = {
    name: spec.name,
    pid: child.pid ?? -1,
    origin,
    output: () => log,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killed = await Promise.race([exitedPromise.then(() => true), sleep(5000).then(() => false)]);
      if (!killed && !exited) {
        child.kill('SIGKILL');
        await exitedPromise;
      }
    },
  };

  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) throw new Error(`${spec.name} exited before it was ready:\n${log}`);
    try {
      await fetch(origin + (spec.readyPath ?? '/'), { signal: AbortSignal.timeout(2000) });
      return server;
    } catch {
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`${spec.name} did not answer on ${origin} in time:\n${log}`);
      }
      await sleep(100);
    }
  }
}

/** Last resort (exit, signals, a crash): kills every server still running, synchronously. */
export function killAllStarted(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  started.clear();
}
