import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiResult } from '../../../src-shared/api-result';
import { SECRET_HEADER, SECRET_PARAM } from '../../../src-main/browser-host/secret';

export interface RunningHost {
  /** The address the host printed, with its secret: what a clerk opens (`${url}#/pets` opens a screen). */
  url: string;
  /** The secret alone (part of `url`). */
  secret: string;
  /** Calls an operation through the host's bridge endpoint (what the page's window.petstore does). */
  call<T = unknown>(operation: string, input: unknown): Promise<ApiResult<T>>;
  stop(): Promise<void>;
}

/** Starts `npm run host` on a fresh database in a temp dir and waits for the address it prints (with its secret). */
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
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+)\s/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`browser host exited with ${code}: ${output}`)));
  });
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
