/**
 * `petstore serve` off loopback speaks HTTPS only, with the shop certificate kept beside the
 * database, and says its fingerprint; `--https` does the same on loopback. Clients on 127.0.0.1.
 */
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { pinnedDispatcher, readFingerprint } from '../../src-main/remote/tls-pin';
import { startPetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir('petstore-serve-https-')));
afterEach(() => stopAllPetstores());
afterAll(() => cleanup());

/** Serves `file` with `args`; answers the printed address, port and fingerprint. */
async function serve(file: string, args: string[]) {
  const serving = startPetstore(['serve', '--db', file, '--port', '0', ...args], { env: {} });
  const [, url, port] = await serving.waitForOutput(/listening on (https:\/\/127\.0\.0\.1:(\d+))\/v1/);
  const [, fingerprint] = await serving.waitForOutput(/Certificate SHA-256 fingerprint: ([0-9A-F:]{95})\n/);
  return { serving, origin: url!, port: Number(port), fingerprint: fingerprint! };
}

/** What a plain-HTTP request to the port gets: an answer's status, or the connection's error code. */
const plainHttp = (port: number) =>
  new Promise<string>((resolve) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: '/v1/health', agent: false }, (response) => resolve(`status ${response.statusCode}`));
    sent.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    sent.end();
  });

test('--host 0.0.0.0 answers HTTPS with the certificate it prints, refuses plain HTTP, and names the addresses tills enter', async () => {
  const file = join(dir, 'network.db');
  const { serving, origin, port, fingerprint } = await serve(file, ['--host', '0.0.0.0']);
  expect(await readFingerprint(origin)).toBe(fingerprint);
  const health = await fetch(`${origin}/v1/health`, { dispatcher: pinnedDispatcher(fingerprint) });
  expect(health.status).toBe(200);
  expect(await plainHttp(port)).toBe('ECONNRESET');
  expect(serving.stdout).toMatch(new RegExp(`Tills enter one of: .*https://[^ ]+:${port}`));
  expect(statSync(`${file}.server-key.pem`).mode & 0o777).toBe(0o600);
  expect(statSync(`${file}.server-cert.pem`).isFile()).toBe(true);
});

test('the certificate is made once: serving the same database again presents the same one', async () => {
  const file = join(dir, 'again.db');
  const first = await serve(file, ['--https']);
  await first.serving.stop();
  const second = await serve(file, ['--host', '0.0.0.0']);
  expect(second.fingerprint).toBe(first.fingerprint);
  expect(await readFingerprint(second.origin)).toBe(first.fingerprint);
});

test('loopback without --https stays plain HTTP and prints no fingerprint', async () => {
  const serving = startPetstore(['serve', '--db', join(dir, 'plain.db'), '--port', '0'], { env: {} });
  const [, url] = await serving.waitForOutput(/listening on (\S+)\/v1/);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  expect(serving.stdout).not.toMatch(/fingerprint/);
});
