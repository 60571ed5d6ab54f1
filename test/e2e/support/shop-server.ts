import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../helpers/ports';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The write token the server accepts for its run (PETSTORE_API_TOKEN): what the tills connect with. */
const TOKEN = 'e2e-shop-server-token-0123456789abcdef';

export interface ShopServer {
  /** http://127.0.0.1:<port> (no /v1). */
  origin: string;
  token: string;
  /** Its database (a file, or the URL it was given), for what only the server's machine does (`petstore settings set`). */
  databaseFile: string;
  /** A REST call with the token: the JSON answer (null for 204). */
  rest<T = any>(method: string, path: string, json?: unknown): Promise<T>;
  /** Kills the process at once (SIGKILL): no request finishes, as if the machine lost power. */
  kill(): Promise<void>;
  /** Starts it again on the same port and database. */
  start(): Promise<void>;
  /** Stops it and removes its database. */
  close(): Promise<void>;
}

/**
 * A real `petstore serve` on a fresh database in a temp dir (or on `database`, a postgres:// URL), on
 * 127.0.0.1 (plain HTTP on loopback), as the shop's back-office computer runs it; the tests kill it and start it again.
 */
export async function startShopServer(database?: string): Promise<ShopServer> {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-e2e-server-'));
  const db = database ?? join(dir, 'shop.db');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const started = spawn(process.execPath, [join(ROOT, 'bin', 'petstore.mjs'), 'serve', '--db', db, '--port', String(port)], {
      env: { ...process.env, PETSTORE_API_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = started;
    // Started through tsx when the bundle is stale: 1–3 s here, far more on a busy machine.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('petstore serve did not start within 30 s')), 30_000);
      createInterface({ input: started.stdout! }).on('line', (line) => {
        if (line.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.on('exit', (code) => reject(new Error(`petstore serve exited with ${code}`)));
    });
  }

  async function stopWith(signal: NodeJS.Signals): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.on('exit', () => resolve());
      running.kill(signal);
    });
  }

  await start();
  return {
    origin,
    token: TOKEN,
    databaseFile: db,
    async rest(method, path, json) {
      const response = await fetch(`${origin}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text === '' ? null : JSON.parse(text);
    },
    kill: () => stopWith('SIGKILL'),
    start,
    async close() {
      await stopWith('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
