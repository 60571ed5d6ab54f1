import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiResult } from '../../../src-shared/api-result';

export interface RunningHost {
  url: string;
  /** Calls an operation through the host's bridge endpoint (what the page's window.petstore does). */
  call<T = unknown>(operation: string, input: unknown): Promise<ApiResult<T>>;
  stop(): Promise<void>;
}

/** Starts `npm run host` on a fresh database in a temp dir and waits for its address. */
export async function startHost(): Promise<RunningHost> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/browser-host/main.ts', '--db', join(dir, 'store.db'), '--port', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`browser host did not start: ${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited with ${code}: ${output}`)));
  });
  return {
    url,
    async call(operation, input) {
      const response = await fetch(new URL(`__petstore/invoke/${operation}`, url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      return (await response.json()) as ApiResult<never>;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The data of a successful call, or a failure with the Error object. */
export async function must<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(`call failed: ${JSON.stringify(settled.error)}`);
  return settled.data;
}
