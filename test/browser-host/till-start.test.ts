/**
 * The browser host started as a till (src-main/browser-host/main.ts): `--pair CODE --name NAME
 * --server URL --till FILE` pairs with a real HTTPS shop server, keeps the pairing and serves the
 * till; `--till FILE` serves it again later. Its page's calls then go to the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { SECRET_HEADER } from '../../src-main/browser-host/secret';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { shopCertificate } from '../../src-main/rest/tls/shop-certificate';
import { provideShopServer } from '../../src-main/service/shop-server';
import { hostCommand } from '../helpers/host-command';
import { openTestStore, type TestStore } from '../helpers/temp-store';

// A start through tsx takes about 1 s on an idle machine, pairing a few hundred ms more.
const START_MS = 30_000;

let dir: string;
let shop: TestStore;
let listener: RunningListener;
let origin: string;
let child: ChildProcess | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'petstore-till-start-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  shop = openTestStore();
  const certificate = shopCertificate(shop.file);
  provideShopServer(shop.store.context, { fingerprint: () => certificate.fingerprint });
  listener = await startListener({ store: shop.store, host: '127.0.0.1', port: 0, tls: { key: certificate.key, cert: certificate.cert } });
  origin = `https://127.0.0.1:${listener.port}`;
});
afterEach(async () => {
  await stopHost();
  await listener.close();
  shop.close();
  rmSync(dir, { recursive: true, force: true });
});

async function stopHost(): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
}

/** Starts the host and resolves with its lines up to the one that gives its address. */
function startHost(args: string[]): Promise<{ lines: string[]; url: string }> {
  const { command, args: all } = hostCommand([...args, '--port', '0']);
  child = spawn(command, all, { env: { ...process.env, PETSTORE_RENDERER_DIR: join(dir, 'renderer') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within ${START_MS} ms: ${lines.join('\n')} ${stderr}`)), START_MS);
    child!.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      lines.push(line);
      const url = /on (http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]+)/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ lines, url });
      }
    });
  });
}

async function call(url: string, operation: string, input: unknown) {
  const secret = new URL(url).searchParams.get('secret')!;
  const response = await fetch(new URL(`/__petstore/invoke/${operation}`, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
    body: JSON.stringify(input),
  });
  return response.json();
}

test('--pair pairs with the shop server, keeps the pairing privately, and serves the till; --till serves it again', { timeout: 2 * START_MS }, async () => {
  const { code } = shop.ok('tills.pairingCode');
  const file = join(dir, 'till.json');
  const paired = await startHost(['--pair', code, '--name', 'Counter 2', '--server', origin, '--till', file]);
  expect(paired.lines[0]).toBe(`Paired as "Counter 2" with ${origin}; kept in ${file}`);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await call(paired.url, 'app.info', {})).toMatchObject({ ok: true, data: { connection: { server: origin, tillName: 'Counter 2' } } });
  const created = await call(paired.url, 'categories.create', { name: 'Dogs' });
  expect(created).toMatchObject({ ok: true, data: { name: 'Dogs' } });
  expect(shop.ok('categories.list', {}).items.map((category) => category.name)).toEqual(['Dogs']);
  await stopHost();

  const again = await startHost(['--till', file]);
  expect(await call(again.url, 'categories.list', {})).toMatchObject({ ok: true, data: { total: 1 } });
  expect(await call(again.url, 'backup.create', { file: join(dir, 'b.db') })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
});
