/**
 * `petstore <args>` run in the test's own process through `run(argv, io)`: what it prints, its exit
 * code, and for `serve` a stop signal the test sends. What only a real process shows (the `#!` line,
 * exit codes at the shell, real signals, stdin pipes, a closed stdout) is in the spawn tests
 * (test/rest/support/processes.ts).
 */
import { Readable } from 'node:stream';
import type { StopSignal, StopSignals } from '../../src-main/cli/io';
import { run } from '../../src-main/cli/run';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Where relative paths are read from (default: this process's folder). */
  cwd?: string;
  /** The run's whole environment (default: none, so nothing of the test's own leaks in). */
  env?: Record<string, string | undefined>;
  /** What `import -` reads (default: an empty, ended input). */
  stdin?: string | Readable;
}

/** Stop signals a test sends; a run that would end its process on one (backup, import) is a spawn test's job. */
class TestSignals implements StopSignals {
  private readonly listeners = { SIGINT: new Set<(signal: StopSignal) => void>(), SIGTERM: new Set<(signal: StopSignal) => void>() };

  watch(listener: (signal: StopSignal) => void): () => void {
    // Once per signal, as process.once for each.
    const forInterrupt = (signal: StopSignal) => listener(signal);
    const forTerminate = (signal: StopSignal) => listener(signal);
    this.listeners.SIGINT.add(forInterrupt);
    this.listeners.SIGTERM.add(forTerminate);
    return () => {
      this.listeners.SIGINT.delete(forInterrupt);
      this.listeners.SIGTERM.delete(forTerminate);
    };
  }

  end(signal: StopSignal): never {
    throw new Error(`the run would end its process on ${signal} here: test that with a real process`);
  }

  send(signal: StopSignal): void {
    const listening = [...this.listeners[signal]];
    this.listeners[signal].clear();
    for (const listener of listening) listener(signal);
  }
}

export interface RunningCli {
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once stdout or stderr matches; rejects if the run ends first. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
  /** Sends a stop signal (SIGTERM unless told) and resolves with the run's end. */
  stop(signal?: StopSignal): Promise<CliResult>;
  done: Promise<CliResult>;
}

const running = new Set<RunningCli>();

/** Starts `petstore <args>` in this process; it runs until it ends or is stopped (`serve`). */
export function startPetstore(args: string[], options: CliOptions = {}): RunningCli {
  let stdout = '';
  let stderr = '';
  const changed = new Set<() => void>();
  const signals = new TestSignals();
  const stdin = typeof options.stdin === 'string' ? Readable.from([Buffer.from(options.stdin)]) : (options.stdin ?? Readable.from([]));
  let ended = false;
  const done = run(args, {
    stdout: { write: (text: string) => ((stdout += text), changed.forEach((check) => check())) },
    stderr: { write: (text: string) => ((stderr += text), changed.forEach((check) => check())) },
    stdin,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    signals,
  }).then((code) => {
    ended = true;
    running.delete(handle);
    changed.forEach((check) => check());
    return { code, stdout, stderr };
  });
  const handle: RunningCli = {
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitForOutput(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = pattern.exec(stdout) ?? pattern.exec(stderr);
          if (!found && !ended) return;
          changed.delete(check);
          if (found) resolve(found);
          else reject(new Error(`petstore ${args.join(' ')} ended before printing ${pattern}\nstdout: ${stdout}\nstderr: ${stderr}`));
        };
        changed.add(check);
        check();
      });
    },
    stop(signal = 'SIGTERM') {
      signals.send(signal);
      return done;
    },
    done,
  };
  running.add(handle);
  return handle;
}

/** Runs `petstore <args>` in this process to its end. */
export function petstore(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startPetstore(args, options).done;
}

export interface ServingCli extends RunningCli {
  /** http://127.0.0.1:<port>/v1, as printed. */
  url: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
}

/** `petstore serve --db <file> --port 0`, in this process, once it has said where it listens. */
export async function servePetstore(file: string, env: Record<string, string | undefined> = {}, extraArgs: string[] = []): Promise<ServingCli> {
  const serving = startPetstore(['serve', '--db', file, '--port', '0', ...extraArgs], { env });
  const [, url, port] = await serving.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/);
  return Object.assign(serving, { url: url!, origin: url!.replace(/\/v1$/, ''), port: Number(port) });
}

/** Stops every run started here that is still going (a server), and waits until each has ended. */
export async function stopAllPetstores(): Promise<void> {
  await Promise.all([...running].map((cli) => cli.stop('SIGTERM')));
}
