import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ApiResult } from '../../../src-shared/api-result';
import { SECRET_HEADER, SECRET_PARAM } from '../../../src-main/browser-host/secret';
import { hostCommand } from '../../helpers/host-command';

export interface RunningHost {
  /** The address the host printed, with its secret: what a clerk opens (`${url}#/pets` opens a screen). */
  url: string;
  /** The secret alone (part of `url`). */
  secret: string;
  /** Calls an operation through the host's bridge endpoint (what the page's window.petstore does). */
  call<T = unknown>(operation: string, input: unknown): Promise<ApiResult<T>>;
  stop(): Promise<void>;
}

/**
 * The worker's host process (`--test-stores`, src-main/browser-host/main.ts): it answers each line
 * it is sent with one line, in order. It ends when this worker does (its stdin closes).
 */
class HostProcess {
  private readonly waiting: ((line: string) => void)[] = [];
  private output = '';

  constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      this.output = `${this.output}${line}\n`.slice(-4000);
      this.waiting.shift()?.(line);
    });
    child.on('exit', (code) => {
      for (const answer of this.waiting.splice(0)) answer(`exited with ${code}`);
    });
    // Neither the process nor its pipes keep the worker alive: its stdin closing ends the process.
    child.unref();
    for (const stream of [child.stdin, child.stdout] as const) (stream as unknown as { unref?(): void }).unref?.();
  }

  /** Sends `command` and resolves with the line that answers it. */
  ask(command: string): Promise<string> {
    return new Promise((resolve, reject) => {
      // A start takes 0.1–0.3 s on an idle machine; a busy one is given far more.
      const timer = setTimeout(() => reject(new Error(`browser host did not answer "${command}": ${this.output}`)), 20_000);
      this.waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
      this.child.stdin!.write(`${command}\n`);
    });
  }
}

let worker: HostProcess | undefined;
function hostProcess(): HostProcess {
  const { command, args } = hostCommand(['--test-stores']);
  worker ??= new HostProcess(spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] }));
  return worker;
}

/**
 * A browser host on a fresh database in a temp dir, served by this worker's host process: its own
 * store, port and secret, as a start of `npm run host` would have. stop() closes it and removes the dir.
 */
export async function startHost(): Promise<RunningHost> {
  return hostFrom(await hostProcess().ask('open'));
}

/** A browser host serving a till connected to the shop server at `server` (no database of its own). */
export async function startConnectedHost(server: string, token: string, name: string): Promise<RunningHost> {
  return hostFrom(await hostProcess().ask(`connect ${server} ${token} ${name}`));
}

/** The host the worker's process answered with, or why it did not start. */
function hostFrom(answer: string): RunningHost {
  const hosts = hostProcess();
  const match = /^(\d+) on (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+)\s/.exec(answer);
  if (!match) throw new Error(`browser host did not start: ${answer}`);
  const [, id, url] = match;
  const secret = new URL(url).searchParams.get(SECRET_PARAM)!;
  return {
    url,
    secret,
    async call(operation, input) {
      const response = await fetch(new URL(`__petstore/invoke/${operation}`, url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
        body: JSON.stringify(input),
      });
      return (await response.json()) as ApiResult<never>;
    },
    async stop() {
      const answer = await hosts.ask(`close ${id}`);
      if (answer !== `closed ${id}`) throw new Error(`browser host did not stop ${id}: ${answer}`);
    },
  };
}

/** The data of a successful call, or a failure with the Error object. */
export async function must<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(`call failed: ${JSON.stringify(settled.error)}`);
  return settled.data;
}
