import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface BenchHost {
  url: string;
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
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) done(match[1]);
    });
    host.once('exit', (code) => fail(new Error(`browser host exited (${code}): ${output}`)));
  });
  return { url, stop: () => host.kill('SIGTERM') };
}

/** Chromium as every renderer benchmark launches it: Debian's, with its background work off. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
