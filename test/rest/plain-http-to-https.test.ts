/**
 * Plain HTTP sent to the HTTPS listener is answered, not reset: a 400 Error object naming the
 * https:// address, then the connection closes; TLS clients are served as before. On 127.0.0.1.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pinnedDispatcher } from '../../src-main/remote/tls-pin';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { shopCertificate } from '../../src-main/rest/tls/shop-certificate';
import { openStore, type Store } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';

let cleanup: () => void;
let store: Store;
let listener: RunningListener;
let fingerprint: string;
beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir('petstore-plain-to-https-'));
  store = openStore(join(dir, 'shop.db'));
  const certificate = shopCertificate(store.db.name);
  fingerprint = certificate.fingerprint;
  // A short request deadline, so a silent connection's close is seen quickly.
  listener = await startListener({ store, host: '127.0.0.1', port: 0, tls: certificate, presetToken: 'preset-token', requestTimeoutMs: 500 });
});
afterAll(async () => {
  await listener?.close();
  store?.close();
  cleanup?.();
});

interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A plain-HTTP request to the HTTPS port, through node:http (which would report a reset as ECONNRESET). */
function plainHttp(options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port: listener.port, path: '/v1/health', agent: false, method: options.method, headers: options.headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text) }));
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** Writes `bytes` on a raw TCP connection and collects everything until the server closes it. */
function rawExchange(bytes: Buffer): Promise<{ text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(listener.port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, socket }));
  });
}

const pinned = () => pinnedDispatcher(fingerprint);

test('a plain-HTTP request gets 400 MALFORMED_REQUEST saying to use https://, as JSON, and the connection closes', async () => {
  const answer = await plainHttp();
  expect(answer.status).toBe(400);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection).toBe('close');
  expect(answer.body).toEqual({ code: 'MALFORMED_REQUEST', status: 400, message: `This server speaks HTTPS: use https://127.0.0.1:${listener.port}` });
});

test('the address named is the one the client used (its Host), on this port; a Host that is no host name is not repeated', async () => {
  expect((await plainHttp({ headers: { host: 'shop.local:80' } })).body.message).toBe(`This server speaks HTTPS: use https://shop.local:${listener.port}`);
  expect((await plainHttp({ headers: { host: '[::1]' } })).body.message).toBe(`This server speaks HTTPS: use https://[::1]:${listener.port}`);
  expect((await plainHttp({ headers: { host: 'evil<script>' } })).body.message).toBe(`This server speaks HTTPS: use https://127.0.0.1:${listener.port}`);
});

test('a plain-HTTP write with a body is answered too, not reset while the client is still sending', async () => {
  const body = JSON.stringify({ name: 'x'.repeat(60_000) });
  const answer = await plainHttp({ method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, body });
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe('MALFORMED_REQUEST');
});

test('a first byte that is neither TLS nor HTTP gets the same 400 and a closed connection', async () => {
  const { text } = await rawExchange(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0a]));
  const [head, body] = text.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(JSON.parse(body!)).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400 });
});

test('HTTPS is served as before: several requests on one connection, a write with a body', async () => {
  const dispatcher = pinned();
  try {
    for (let i = 0; i < 3; i++) {
      const health = await fetch(`https://127.0.0.1:${listener.port}/v1/health`, { dispatcher });
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
    }
    const created = await fetch(`https://127.0.0.1:${listener.port}/v1/categories`, {
      method: 'POST',
      dispatcher,
      headers: { authorization: 'Bearer preset-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dogs' }),
    });
    expect(created.status).toBe(201);
  } finally {
    await dispatcher.close();
  }
});

test('a connection that sends nothing is closed after the request deadline; one reset at once harms nobody', async () => {
  const silent = connect(listener.port, '127.0.0.1');
  silent.on('error', () => undefined);
  await new Promise((resolve) => silent.on('close', resolve));

  const reset = connect(listener.port, '127.0.0.1', () => reset.resetAndDestroy());
  await new Promise((resolve) => reset.on('close', resolve));
  const health = await fetch(`https://127.0.0.1:${listener.port}/v1/health`, { dispatcher: pinned() });
  expect(health.status).toBe(200);
});

test('a stopping listener cuts a connection that never sent a byte, rather than wait for its deadline', async () => {
  // A deadline past the test's own 30 s: a stop that waited for it would fail the test.
  const stopping = await startListener({ store, host: '127.0.0.1', port: 0, tls: shopCertificate(store.db.name), requestTimeoutMs: 60_000 });
  const silent = connect(stopping.port, '127.0.0.1');
  silent.on('error', () => undefined);
  await new Promise((resolve) => silent.on('connect', resolve));
  const closed = new Promise((resolve) => silent.on('close', resolve));
  await stopping.close();
  await closed;
});
