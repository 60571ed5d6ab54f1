/**
 * The shop server's HTTPS: the certificate kept beside the database, the tills' pinned client,
 * and the desktop app's listener switching to HTTPS when it serves the network. On 127.0.0.1.
 */
import { X509Certificate } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreError } from '../../src-shared/errors';
import { createListenerControl } from '../../src-main/host/listener-control';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { shopCertificate, shopCertFile, shopKeyFile } from '../../src-main/rest/tls/shop-certificate';
import { pinnedDispatcher, readFingerprint, tillCallFailure } from '../../src-main/remote/tls-pin';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { openStore, type Store } from '../../src-main/service/store';
import { freePort } from '../helpers/ports';
import { tempDir } from '../helpers/temp-store';

let dir: string;
let cleanup: () => void;
let store: Store;
let file: string;
beforeAll(() => {
  ({ dir, cleanup } = tempDir('petstore-tls-'));
  file = join(dir, 'shop.db');
  store = openStore(file);
});
afterAll(() => {
  store.close();
  cleanup();
});

describe('the shop certificate', () => {
  test('made at first use beside the database: key private, 10 years, names this machine and loopback', () => {
    const made = shopCertificate(file);
    expect(statSync(shopKeyFile(file)).mode & 0o777).toBe(0o600);
    const x509 = new X509Certificate(made.cert);
    expect(x509.fingerprint256).toBe(made.fingerprint);
    expect(made.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const years = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 24 * 3600_000);
    expect(years).toBeGreaterThan(9.9);
    const names = x509.subjectAltName!;
    for (const name of ['DNS:localhost', `DNS:${hostname().toLowerCase()}.local`, 'IP Address:127.0.0.1']) expect(names).toContain(name);
    // Self-made: issued to and by the shop, signed with its own key.
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
  });

  test('kept: the next use reads the same certificate', () => {
    const first = shopCertificate(file);
    expect(shopCertificate(file)).toEqual(first);
  });

  test('a restore keeps it: it is beside the database, not in it', async () => {
    const before = shopCertificate(file).fingerprint;
    const backup = join(dir, 'backup.db');
    await createBackup(store, backup);
    await restoreBackup(store, backup);
    expect(shopCertificate(file).fingerprint).toBe(before);
  });

  test('a key that is not the certificate\'s is a clear error, not a new certificate the tills do not know', () => {
    const other = join(dir, 'other.db');
    shopCertificate(other);
    const mixed = join(dir, 'mixed.db');
    writeFileSync(shopKeyFile(mixed), shopCertificate(other).key, { mode: 0o600 });
    writeFileSync(shopCertFile(mixed), shopCertificate(file).cert);
    expect(() => shopCertificate(mixed)).toThrow(/cannot be used: the key is not the certificate's\. Remove both/);
  });
});

describe('the pinned client', () => {
  let secure: RunningListener;
  let plain: RunningListener;
  let origin: string;
  beforeAll(async () => {
    const { key, cert } = shopCertificate(file);
    secure = await startListener({ store, host: '127.0.0.1', port: 0, tls: { key, cert } });
    plain = await startListener({ store, host: '127.0.0.1', port: 0 });
    origin = `https://127.0.0.1:${secure.port}`;
    expect(secure.url).toBe(`${origin}/v1`);
  });
  afterAll(async () => {
    await secure?.close();
    await plain?.close();
  });

  test('reads the fingerprint of the certificate served, and a call pinned to it is answered', async () => {
    const { fingerprint } = shopCertificate(file);
    expect(await readFingerprint(origin)).toBe(fingerprint);
    const health = await fetch(`${origin}/v1/health`, { dispatcher: pinnedDispatcher(fingerprint) });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  test('another certificate: SERVER_CERTIFICATE_CHANGED before the request is sent', async () => {
    const otherFingerprint = shopCertificate(join(dir, 'other.db')).fingerprint;
    const seen: string[] = [];
    const { subscribe, unsubscribe } = await import('node:diagnostics_channel');
    const note = (message: unknown) => seen.push((message as { request: { url: string } }).request.url);
    subscribe('http.server.request.start', note);
    try {
      const failure = await fetch(`${origin}/v1/pets`, { method: 'POST', dispatcher: pinnedDispatcher(otherFingerprint), body: '{}' }).then(
        () => null,
        (error: unknown) => tillCallFailure(error, origin),
      );
      expect(failure).toBeInstanceOf(StoreError);
      expect(failure!.toBody()).toMatchObject({ code: 'SERVER_CERTIFICATE_CHANGED', status: 502 });
      expect(failure!.message).toContain(otherFingerprint);
    } finally {
      unsubscribe('http.server.request.start', note);
    }
    expect(seen, 'requests the server received').toEqual([]);
  });

  test('a server without TLS is refused the same way: a pinned till never speaks plain HTTP', async () => {
    const error = await fetch(`http://127.0.0.1:${plain.port}/v1/health`, { dispatcher: pinnedDispatcher(shopCertificate(file).fingerprint) }).then(
      () => null,
      (failure: unknown) => tillCallFailure(failure, 'plain'),
    );
    expect(error?.code).toBe('SERVER_CERTIFICATE_CHANGED');
  });

  test('nothing listening: SERVER_UNREACHABLE; an address that is not https: VALIDATION_FAILED', async () => {
    const gone = await startListener({ store, host: '127.0.0.1', port: 0, tls: shopCertificate(file) });
    const port = gone.port;
    await gone.close();
    await expect(readFingerprint(`https://127.0.0.1:${port}`)).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE', status: 503 });
    const call = await fetch(`https://127.0.0.1:${port}/v1/health`, { dispatcher: pinnedDispatcher(shopCertificate(file).fingerprint) }).then(
      () => null,
      (failure: unknown) => tillCallFailure(failure, `https://127.0.0.1:${port}`),
    );
    expect(call?.code).toBe('SERVER_UNREACHABLE');
    await expect(readFingerprint(`http://127.0.0.1:${plain.port}`)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(readFingerprint('not an address')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe("the desktop app's listener", () => {
  test('serving the network (0.0.0.0) switches to HTTPS with the shop certificate and says where tills connect; loopback goes back to HTTP', async () => {
    const control = createListenerControl(store);
    // Stopped, a move only saves the address; the start serves it.
    await control.handlers['listener.move']({ listenerHost: '0.0.0.0', listenerPort: await freePort() });
    const status = await control.handlers['listener.start']({});
    try {
      expect(status.lastError).toBeNull();
      expect(status).toMatchObject({ running: true, https: true, fingerprint: shopCertificate(file).fingerprint });
      expect(status.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(status.tillAddresses.length).toBeGreaterThan(0);
      for (const address of status.tillAddresses) expect(address).toMatch(new RegExp(`^https://.+:${status.port}$`));
      expect(await readFingerprint(status.url!.replace(/\/v1$/, ''))).toBe(status.fingerprint);

      const back = await control.handlers['listener.move']({ listenerHost: '127.0.0.1' });
      expect(back).toMatchObject({ running: true, https: false, fingerprint: null, tillAddresses: [] });
      expect(back.url).toMatch(/^http:\/\//);
    } finally {
      await control.stop();
    }
  });
});
