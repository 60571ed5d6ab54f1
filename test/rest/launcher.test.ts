/**
 * `petstore serve` as a launcher (bin/server-node-flags.mjs): it runs the server in a child Node
 * process with the server's own flags, passes stop signals on, ends the way the server ends, and
 * the server stops by itself when the launcher is killed outright. Linux only: the process tree
 * is read from /proc.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp-store';
import { BIN, killAll, spawnNode, startServe, type Spawned } from './support/processes';
import { sleep } from './support/sse';

const SECRET = 'launcher-test-preset-secret';
const auth = { authorization: `Bearer ${SECRET}` };

let dir: string;
let cleanup: () => void;
let counter = 0;

beforeAll(() => {
  ({ dir, cleanup } = tempDir('petstore-launcher-'));
});
afterEach(() => killAll());
afterAll(async () => {
  await killAll();
  cleanup?.();
});

const freshFile = () => join(dir, `store-${++counter}.db`);

/** The process's children (every thread's list). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

/** The server process under a launcher: its only child. */
function serverUnder(launcher: Spawned): number {
  const children = childrenOf(launcher.child.pid!);
  expect(children).toHaveLength(1);
  return children[0]!;
}

const commandLineOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const isRunning = (pid: number) => existsSync(`/proc/${pid}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) if (!isRunning(pid)) return true;
  return !isRunning(pid);
}

/** Whether anything accepts connections on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

async function placeOrderForNewPet(url: string): Promise<number> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const category = (await (await post('/categories', { name: 'Dogs' })).json()) as { id: number };
  const pet = (await (await post('/pets', { name: 'Rex', categoryId: category.id })).json()) as { id: number };
  const order = await post('/store/orders', { petId: pet.id });
  expect(order.status, await order.clone().text()).toBe(201);
  return ((await order.json()) as { id: number }).id;
}

/** What a clean stop leaves: an intact file, its WAL merged and removed, the acknowledged order. */
function expectCleanlyClosed(file: string, orderId: number) {
  expect(existsSync(`${file}-wal`)).toBe(false);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT id FROM orders').pluck().all()).toEqual([orderId]);
  } finally {
    db.close();
  }
}

describe.skipIf(process.platform !== 'linux')('petstore serve: the launcher and its server process', () => {
  test('the server runs in a child process with --min-semi-space-size=16, and answers', async () => {
    const launcher = await startServe(freshFile(), { PETSTORE_API_TOKEN: SECRET });
    const server = serverUnder(launcher);
    expect(commandLineOf(server)).toEqual([process.execPath, '--min-semi-space-size=16', BIN, 'serve', '--db', expect.any(String), '--port', '0']);
    expect((await fetch(`${launcher.url}/health`)).status).toBe(200);

    launcher.child.kill('SIGTERM');
    expect(await launcher.exitWithin(5000)).toMatchObject({ code: 0, signal: null });
    expect(launcher.stdout).toMatch(/SIGTERM: finishing in-flight requests…\nStopped; database closed\./);
    expect(isRunning(server)).toBe(false);
  });

  test('node flags the user gave keep the launcher out: one process serves, with their value', async () => {
    const proc = spawnNode(['--min-semi-space-size=4', BIN, 'serve', '--db', freshFile(), '--port', '0']);
    const [, url] = await proc.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    expect(childrenOf(proc.child.pid!)).toEqual([]);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    proc.child.kill('SIGINT');
    expect(await proc.exitWithin(5000)).toMatchObject({ code: 0, signal: null });
  });

  test('the launcher killed outright (SIGKILL): the server stops by itself, frees the port and closes the database cleanly', async () => {
    const file = freshFile();
    const launcher = await startServe(file, { PETSTORE_API_TOKEN: SECRET });
    const server = serverUnder(launcher);
    const orderId = await placeOrderForNewPet(launcher.url);

    launcher.child.kill('SIGKILL');
    expect(await goneWithin(server, 10_000)).toBe(true);
    expect(launcher.stdout).toMatch(/The launching process ended: finishing in-flight requests…\nStopped; database closed\./);
    expect(await listening(launcher.port)).toBe(false);
    expectCleanlyClosed(file, orderId);
  });

  test('Ctrl-C in a terminal (SIGINT to the launcher and the server alike): one clean stop, exit 0', async () => {
    const file = freshFile();
    const launcher = await startServe(file, { PETSTORE_API_TOKEN: SECRET });
    const server = serverUnder(launcher);
    const orderId = await placeOrderForNewPet(launcher.url);

    process.kill(server, 'SIGINT');
    launcher.child.kill('SIGINT'); // which passes it on: the server has it twice
    expect(await launcher.exitWithin(5000)).toMatchObject({ code: 0, signal: null });
    expect(launcher.stdout.match(/finishing in-flight requests/g)).toHaveLength(1);
    expect(launcher.stdout).toMatch(/SIGINT: finishing in-flight requests…\nStopped; database closed\./);
    expectCleanlyClosed(file, orderId);
  });

  test('SIGHUP (its terminal closed) stops it cleanly too', async () => {
    const file = freshFile();
    const launcher = await startServe(file, { PETSTORE_API_TOKEN: SECRET });
    const orderId = await placeOrderForNewPet(launcher.url);

    launcher.child.kill('SIGHUP');
    expect(await launcher.exitWithin(5000)).toMatchObject({ code: 0, signal: null });
    expect(launcher.stdout).toMatch(/SIGHUP: finishing in-flight requests…\nStopped; database closed\./);
    expectCleanlyClosed(file, orderId);
  });

  test('the server killed by a signal: the launcher ends by the same signal, as a supervisor should see it', async () => {
    const launcher = await startServe(freshFile());
    process.kill(serverUnder(launcher), 'SIGKILL');
    expect(await launcher.exitWithin(5000)).toMatchObject({ code: null, signal: 'SIGKILL' });
  });
});
