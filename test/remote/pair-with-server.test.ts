/**
 * A till pairs with a real HTTPS listener (the shop certificate beside the database) through
 * `pairWithServer`: it pins the certificate it saw, and its token then works; a machine in between
 * with another certificate is refused (the server finds no code for it), and a server that cannot
 * prove the code (a forged serverProof) is refused before anything is kept.
 */
import { statSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect, createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { pairWithServer } from '../../src-main/remote/pair-with-server';
import { readTillFile, writeTillFile } from '../../src-main/remote/till-file';
import { pinnedDispatcher } from '../../src-main/remote/tls-pin';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { makeShopCertificate, shopCertificate } from '../../src-main/rest/tls/shop-certificate';
import { provideShopServer } from '../../src-main/service/shop-server';
import { openTestStore, type TestStore } from '../helpers/temp-store';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store served over HTTPS on 127.0.0.1 with its own shop certificate. */
async function httpsShop(): Promise<{ t: TestStore; listener: RunningListener; origin: string; fingerprint: string }> {
  const t = openTestStore();
  cleanups.push(() => t.close());
  const certificate = shopCertificate(t.file);
  provideShopServer(t.store.context, { fingerprint: () => certificate.fingerprint });
  const listener = await startListener({ store: t.store, host: '127.0.0.1', port: 0, tls: { key: certificate.key, cert: certificate.cert } });
  cleanups.push(() => listener.close());
  return { t, listener, origin: `https://127.0.0.1:${listener.port}`, fingerprint: certificate.fingerprint };
}

/** Starts a server on 127.0.0.1 and answers its https origin. */
async function listen(server: HttpsServer | TlsServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('a till pairs over HTTPS, pins the certificate it saw, keeps the pairing privately, and its token works', async () => {
  const shop = await httpsShop();
  const code = shop.t.ok('tills.pairingCode').code;
  const pairing = await pairWithServer({ server: `${shop.origin}/`, code: code.toLowerCase(), name: ' Counter 2 ' });
  expect(pairing).toMatchObject({ server: shop.origin, fingerprint: shop.fingerprint, tillName: 'Counter 2', tillId: 1 });

  const file = join(shop.t.dir, 'till.json');
  writeTillFile(file, pairing);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readTillFile(file)).toEqual(pairing);

  const answer = await fetch(`${shop.origin}/v1/pets`, { headers: { authorization: `Bearer ${pairing.secret}` }, dispatcher: pinnedDispatcher(pairing.fingerprint) });
  expect(answer.status).toBe(200);
});

test('through a machine in between (another certificate) the server finds no code: 403, and the code still pairs directly', async () => {
  const shop = await httpsShop();
  const code = shop.t.ok('tills.pairingCode').code;
  // A TLS proxy with a certificate of its own, passing the bytes on to the shop server.
  const proxy = createTlsServer(makeShopCertificate(), (inbound) => {
    const outbound = tlsConnect({ host: '127.0.0.1', port: shop.listener.port, rejectUnauthorized: false });
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  const proxied = await listen(proxy);
  await expect(pairWithServer({ server: proxied, code, name: 'Counter 2' })).rejects.toMatchObject({ code: 'PAIRING_CODE_INVALID' });
  expect(shop.t.ok('tills.list')).toEqual([]);
  await expect(pairWithServer({ server: shop.origin, code, name: 'Counter 2' })).resolves.toMatchObject({ fingerprint: shop.fingerprint });
});

test('a server that cannot prove the code (a forged serverProof) is refused', async () => {
  const forged = createHttpsServer(makeShopCertificate(), (_request, response) => {
    const till = { id: 1, name: 'Counter 2', pairedAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ till, secret: 'psk_forged', serverProof: 'A'.repeat(43) }));
  });
  const origin = await listen(forged);
  await expect(pairWithServer({ server: origin, code: 'ABCDE-FGHJK', name: 'Counter 2' })).rejects.toMatchObject({
    code: 'PAIRING_CODE_INVALID',
    message: expect.stringMatching(/could not prove/),
  });
});

test('an address that is not https, and a server that is not there, are said', async () => {
  await expect(pairWithServer({ server: 'http://127.0.0.1:1', code: 'ABCDE-FGHJK', name: 'Counter 2' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  await expect(pairWithServer({ server: 'https://127.0.0.1:1', code: 'ABCDE-FGHJK', name: 'Counter 2' })).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE' });
});
