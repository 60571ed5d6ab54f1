import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SECRET_HEADER, SECRET_PARAM } from '../../src-main/browser-host/secret';

export interface BenchHost {
  /** The address the host printed (with its secret, where the checkout's host has one). */
  url: string;
  /** The headers of a call to the store (`/__petstore/invoke/<operation>`). */
  callHeaders: Record<string, string>;
  stop(): void;
}

/**
 * Starts the browser host of the checkout at `root` (the real service under Node, the preload's
 * API over HTTP on 127.0.0.1) on `db`, serving the renderer build in `rendererDir`.
 */
export async function startBrowserHost(root: string, db: string, rendererDir: string): Promise<BenchHost> {
  const host = spawn(process.execPath, ['--import', 'tsx', join(root, 'src-main', 'browser-host', 'main.ts'), '--db', db, '--port', '0'], {
    cwd: root,
    env: { ...process.env, PETSTORE_RENDERER_DIR: rendererDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    host.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      // A --baseline checkout's host may predate the secret.
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/(?:\?secret=[\w-]+)?)\s/.exec(output);
      if (match) done(match[1]);
    });
    host.once('exit', (code) => fail(new Error(`browser host exited (${code}): ${output}`)));
  });
  const secret = new URL(url).searchParams.get(SECRET_PARAM);
  return {
    url,
    callHeaders: { 'Content-Type': 'application/json', ...(secret === null ? {} : { [SECRET_HEADER]: secret }) },
    stop: () => host.kill('SIGTERM'),
  };
}

/** Chromium as every renderer benchmark launches it: Debian's, with its background work off. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
