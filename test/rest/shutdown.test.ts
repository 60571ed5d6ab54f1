/**
 * The real headless server (`node bin/petstore.mjs serve`) as a separate process: startup,
 * the preset token, and a graceful stop on SIGTERM/SIGINT with a request in flight and an event
 * stream open; afterwards the database file is intact and holds every acknowledged write.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { killAll, runCli, startServe, type ServeProcess } from './support/processes';
import { openSse, sleep } from './support/sse';
import { SCHEME, connectRaw, rawAgent, rawRequest } from './support/transport';

const SECRET = 'shutdown-test-preset-secret';
const SEEDED_PETS = 50_000;
const auth = { authorization: `Bearer ${SECRET}` };

let dir: string;
let cleanup: () => void;
let seeded: string;
let counter = 0;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir('petstore-shutdown-'));
  seeded = join(dir, 'seeded.db');
  const result = await runCli(['seed', '--db', seeded, '--pets', String(SEEDED_PETS)], {}, 60_000);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(new RegExp(`Seeded 10 categories and ${SEEDED_PETS} pets`));
}, 90_000);
afterEach(() => killAll());
afterAll(async () => {
  await killAll();
  cleanup?.();
});

/** A fresh copy of the seeded database (seed leaves no -wal behind: it closed cleanly). */
function seededCopy(): string {
  const file = join(dir, `store-${++counter}.db`);
  copyFileSync(seeded, file);
  return file;
}

const serve = (file: string) => startServe(file, { PETSTORE_API_TOKEN: SECRET });

async function placeOrder(server: ServeProcess, petId: number) {
  const response = await fetch(`${server.url}/store/orders`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ petId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; petId: number };
}

/**
 * A request whose headers are sent now and whose body is held back until `finish()`: once the
 * server has the headers, the request is in flight and stays so for as long as the test wants.
 */
function heldRequest(server: ServeProcess, method: string, path: string, body: unknown, agent: http.Agent | false = false) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = rawRequest({
    ...urlToHttpOptions(new URL(`${server.url}${path}`)),
    method,
    agent,
    headers: { ...auth, 'content-type': 'application/json', 'content-length': payload.length },
  });
  const answer = new Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : undefined, headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(payload.subarray(0, 5));
  return { answer, finish: () => request.end(payload.subarray(5)) };
}

/** What a clean stop leaves: an intact file, no unmerged WAL, every acknowledged write. */
function inspect(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      journalMode: db.pragma('journal_mode', { simple: true }),
      orders: db.prepare('SELECT id, pet_id AS petId, quantity FROM orders ORDER BY id').all() as { id: number; petId: number; quantity: number }[],
      pets: (db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

describe('petstore serve', () => {
  test('prints its address, serves /health without a token and /v1 with the preset token only', async () => {
    const server = await serve(seededCopy());
    expect(server.url).toMatch(new RegExp(`^${SCHEME}://127\\.0\\.0\\.1:\\d+/v1$`));
    expect(server.port).toBeGreaterThan(0);

    for (const path of ['/health', '/v1/health']) {
      const health = await fetch(server.origin + path);
      expect(health.status, path).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
    }
    expect((await fetch(`${server.url}/pets`)).status).toBe(401);
    expect((await fetch(`${server.url}/pets`, { headers: { authorization: 'Bearer not-the-secret' } })).status).toBe(401);

    const page = await fetch(`${server.url}/pets?limit=500`, { headers: auth });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe(String(SEEDED_PETS));
    expect(page.headers.get('link')).toMatch(/rel="next"/);
    expect(await page.json()).toHaveLength(500);

    server.child.kill('SIGTERM');
    expect((await server.exitWithin(5000)).code).toBe(0);
  });

  test('SIGTERM: in-flight requests finish, the event stream ends, new connections are refused, exit 0, the database is intact', async () => {
    const file = seededCopy();
    const server = await serve(file);
    // Pets 1–3 of the demo data are available with stock.
    const placed = [await placeOrder(server, 1), await placeOrder(server, 2)];

    const stream = await openSse(`${server.url}/events`, { token: SECRET, lastEventId: 0 });
    expect(stream.response.status).toBe(200);
    await stream.waitFor((items) => items.filter((item) => item.kind === 'event' && item.event === 'order.placed').length === 2, 5000);

    // Two requests in flight: their headers are in, their bodies are not.
    const order = heldRequest(server, 'POST', '/store/orders', { petId: 3, quantity: 1 });
    const restock = heldRequest(server, 'PUT', '/store/inventory/5', { quantity: 42 });
    // Meanwhile the server keeps answering, large pages included.
    const bigPage = await fetch(`${server.url}/pets?limit=500&sort=-name`, { headers: auth });
    expect(bigPage.status).toBe(200);
    expect(await bigPage.json()).toHaveLength(500);
    await sleep(300); // the held requests' headers have surely arrived

    server.child.kill('SIGTERM');
    await server.waitForOutput(/SIGTERM/, 5000);
    await stream.ended(3000); // the server ends open streams instead of waiting for their clients
    await sleep(200);
    expect(server.child.exitCode, 'the server must wait for the in-flight requests').toBeNull();
    await expect(fetch(`${server.origin}/health`), 'a new connection while stopping').rejects.toThrow();

    order.finish();
    restock.finish();
    const [orderAnswer, restockAnswer] = await Promise.all([order.answer, restock.answer]);
    expect(orderAnswer.status).toBe(201);
    expect(orderAnswer.body).toMatchObject({ petId: 3, quantity: 1, complete: false });
    expect(restockAnswer.status).toBe(200);
    expect(restockAnswer.body).toEqual({ petId: 5, quantity: 42, status: 'available' });

    const exit = await server.exitWithin(5000);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(server.stdout).toMatch(/database closed/i);
    expect(server.stderr).not.toMatch(/error/i);

    // A clean close merges the write-ahead log into the file: nothing is left only in -wal.
    expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0, 'an unmerged -wal file is left behind').toBe(true);
    const after = inspect(file);
    expect(after.integrity).toBe('ok');
    expect(after.journalMode).toBe('wal');
    expect(after.pets).toBe(SEEDED_PETS);
    expect(after.orders.map((o) => o.id)).toEqual([...placed.map((o) => o.id), orderAnswer.body.id]);
    expect(after.orders.map((o) => o.petId)).toEqual([1, 2, 3]);

    const store = openStore(file);
    try {
      expect(store.handlers['inventory.get']({ petId: 5 })).toEqual({ petId: 5, quantity: 42, status: 'available' });
      const types = store.handlers['events.list']({ after: 0, limit: 1000 }).map((event) => event.type);
      expect(types.filter((type) => type === 'order.placed')).toHaveLength(3);
    } finally {
      store.close();
    }
  });

  test('SIGINT stops it the same way', async () => {
    const file = seededCopy();
    const server = await serve(file);
    const order = await placeOrder(server, 1);
    server.child.kill('SIGINT');
    const exit = await server.exitWithin(5000);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(server.stdout).toMatch(/SIGINT/);
    expect(server.stdout).toMatch(/database closed/i);
    const after = inspect(file);
    expect(after.integrity).toBe('ok');
    expect(after.orders.map((o) => o.id)).toEqual([order.id]);
  });

  test('an idle kept-alive connection does not hold up the stop', async () => {
    const server = await serve(seededCopy());
    const agent = rawAgent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      rawRequest({ ...urlToHttpOptions(new URL(`${server.origin}/health`)), agent }, (response) => response.resume().on('end', resolve)).on('error', reject).end(),
    );
    server.child.kill('SIGTERM');
    const exit = await server.exitWithin(5000);
    agent.destroy();
    expect(exit.code).toBe(0);
  });

  test('a request in flight on a kept-alive connection completes, and its connection does not hold up the stop', async () => {
    // fetch, browsers and most HTTP clients keep connections alive between requests.
    const file = seededCopy();
    const server = await serve(file);
    const agent = rawAgent({ keepAlive: true });
    try {
      const restock = heldRequest(server, 'PUT', '/store/inventory/5', { quantity: 7 }, agent);
      await sleep(300);
      server.child.kill('SIGTERM');
      await server.waitForOutput(/SIGTERM/, 5000);
      restock.finish();
      const answer = await restock.answer;
      expect(answer.status).toBe(200);
      const exit = await server.exitWithin(5000);
      expect(exit.code).toBe(0);
      expect(inspect(file).integrity).toBe('ok');
    } finally {
      agent.destroy();
    }
  });

  test('a request that arrives on an open connection while the server stops is refused with 503 SERVICE_BUSY, an Error object', async () => {
    const file = seededCopy();
    const server = await serve(file);
    const restock = heldRequest(server, 'PUT', '/store/inventory/5', { quantity: 7 }); // keeps the stop waiting
    const socket = connectRaw(server.port);
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      await sleep(300);
      server.child.kill('SIGTERM');
      await server.waitForOutput(/SIGTERM/, 5000);
      await sleep(100);
      let raw = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
      const ended = new Promise((resolve) => socket.once('end', resolve));
      socket.write(`GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${SECRET}\r\n\r\n`);
      await ended; // Connection: close
      const [head, body] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 /);
      expect(head).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(head).toMatch(/\r\nconnection: close\r\n/i);
      expect(head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(JSON.parse(body)).toEqual({ code: 'SERVICE_BUSY', status: 503, message: 'The server is shutting down; retry shortly' });

      restock.finish();
      expect((await restock.answer).status).toBe(200); // the request in flight still completes
      expect((await server.exitWithin(5000)).code).toBe(0);
    } finally {
      socket.destroy();
    }
  });

  test('a connection that never sends a request does not hold up the stop', async () => {
    // Browsers and HTTP clients open spare connections ahead of time (fetch does after an abort).
    const server = await serve(seededCopy());
    const socket = connectRaw(server.port);
    await new Promise((resolve) => socket.once('connect', resolve));
    await sleep(200);
    try {
      server.child.kill('SIGTERM');
      const exit = await server.exitWithin(5000);
      expect(exit.code).toBe(0);
      expect(server.stdout).toMatch(/database closed/i);
    } finally {
      socket.destroy();
    }
  });

  test('a port already in use: exits non-zero with a clear message and leaves nothing listening', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const file = join(dir, 'in-use.db');
      const result = await runCli(['serve', '--db', file, '--port', String(port)], { PETSTORE_API_TOKEN: SECRET }, 20_000);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toMatch(new RegExp(`${port}.*already in use`, 'i'));
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(result.stdout).not.toMatch(/listening on/);
      // The database it had just created for this run is not left behind.
      expect(existsSync(file)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  test('a port that is not a number is a usage error (exit 2)', async () => {
    const result = await runCli(['serve', '--db', join(dir, 'usage.db'), '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--port/);
  });
});
