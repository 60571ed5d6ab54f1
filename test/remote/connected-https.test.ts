import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectTill } from '../../src-main/remote/connected-till';
import { createRestInvoker } from '../../src-main/remote/rest-client';
import { pinnedDispatcher } from '../../src-main/remote/tls-pin';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { shopCertificate } from '../../src-main/rest/tls/shop-certificate';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/** A till on the shop server's HTTPS, through the pinned dispatcher: its certificate, or none at all. */
let shop: TestStore;
let listener: RunningListener;
let origin: string;
let secret: string;
let fingerprint: string;
/** Another certificate's fingerprint: what a machine in between would show. */
const OTHER = Array.from({ length: 32 }, () => 'AB').join(':');

beforeAll(async () => {
  shop = openTestStore();
  secret = shop.ok('tokens.create', { label: 'till', scope: 'write' }).secret;
  const certificate = shopCertificate(shop.file);
  fingerprint = certificate.fingerprint;
  listener = await startListener({ store: shop.store, host: '127.0.0.1', port: 0, tls: { key: certificate.key, cert: certificate.cert } });
  origin = `https://127.0.0.1:${listener.port}`;
});
afterAll(async () => {
  await listener?.close();
  shop?.close();
});

describe('a connected till over HTTPS', () => {
  test('the pinned certificate: calls and the event stream work', async () => {
    const till = connectTill({ server: origin, secret, tillName: 'Till 1', dispatcher: pinnedDispatcher(fingerprint), runtime: 'browser-host' });
    const events: unknown[] = [];
    till.subscribe((batch) => events.push(...batch));
    try {
      await expect.poll(() => till.link.current.state).toBe('up');
      const created = await till.invoke('categories.create', { name: 'Dogs' });
      expect(created.ok, JSON.stringify(created)).toBe(true);
      await expect.poll(() => events.length).toBe(1);
    } finally {
      till.stop();
    }
  });

  test('another certificate: SERVER_CERTIFICATE_CHANGED, nothing sent, and the link says why', async () => {
    const before = shop.ok('categories.list', {}).total;
    const invoke = createRestInvoker({ origin, secret, dispatcher: pinnedDispatcher(OTHER) });
    const result = await invoke('categories.create', { name: 'Cats' });
    expect(result.ok ? undefined : result.error).toMatchObject({ code: 'SERVER_CERTIFICATE_CHANGED', status: 502 });
    expect(shop.ok('categories.list', {}).total).toBe(before);

    const till = connectTill({ server: origin, secret, tillName: 'Till 2', dispatcher: pinnedDispatcher(OTHER), runtime: 'browser-host' });
    try {
      await expect.poll(() => till.link.current).toEqual({ state: 'down', server: origin, reason: 'SERVER_CERTIFICATE_CHANGED' });
      // A sale is not sent again to a server that is not the shop's.
      const sale = await till.invoke('sales.create', { lines: [{ petId: 1 }], payments: [] }, { idempotencyKey: 'https-sale-1' });
      expect(sale.ok ? undefined : sale.error.code).toBe('SERVER_CERTIFICATE_CHANGED');
    } finally {
      till.stop();
    }
  });
});
