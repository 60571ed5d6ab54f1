/**
 * Pairing a till on the real service (docs/decisions.md#pairing-a-till): a code pairs once, within
 * 10 minutes, over the server's own certificate; the till's token writes; a revoked till stays
 * revoked, also after a restore.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { normalisePairingCode, serverProof, tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer } from '../../src-main/service/shop-server';
import { createTokenVerifier } from '../../src-main/service/tokens';
import { openTestStore, type TestStore } from '../helpers/temp-store';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';
const OTHER_FINGERPRINT = '01:23:'.repeat(15) + '01:23';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: true, host: '0.0.0.0', port: 8787 }) });
});
afterEach(() => {
  vi.useRealTimers();
  t.close();
});

const pair = (code: string, name = 'Counter 2', fingerprint = FINGERPRINT) => t.call('tills.pair', { name, proof: tillProof(code, fingerprint, name) });

test('a code pairs a till once: its token writes, the server proves the same code, the till is listed', () => {
  const made = t.ok('tills.pairingCode');
  expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  expect(made.fingerprint).toBe(FINGERPRINT);
  expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
  expect(made.addresses.every((address) => /^https:\/\/.+:8787$/.test(address))).toBe(true);

  // Typed as a person might: lower case, no dash, O for 0 and L for 1 (the code has none of O, L, I).
  const typed = made.code.toLowerCase().replace('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
  expect(normalisePairingCode(typed)).toBe(made.code.replace('-', ''));
  const paired = pair(typed);
  if (!paired.ok) throw new Error(JSON.stringify(paired.error));
  const { till, secret } = paired.data;
  expect(till).toMatchObject({ name: 'Counter 2', revokedAt: null });
  expect(paired.data.serverProof).toBe(serverProof(made.code, FINGERPRINT, till.id));
  expect(createTokenVerifier(t.store.context).verify(secret)).toEqual({ id: expect.any(Number), scope: 'till' });
  expect(t.ok('tills.list')).toEqual([{ ...till, lastUsedAt: expect.any(String) }]);
  // A till's token is listed as the till, not among the API tokens, and is revoked as the till.
  expect(t.ok('tokens.list', { includeRevoked: true })).toEqual([]);

  expect(pair(made.code, 'Counter 3')).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID', status: 403 } });
});

test('a wrong code, a proof over another certificate and an expired code are each refused alike', () => {
  const made = t.ok('tills.pairingCode');
  expect(pair('ABCDE-FGHJK')).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });
  expect(pair(made.code, 'Counter 2', OTHER_FINGERPRINT)).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });

  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(made.expiresAt) });
  expect(pair(made.code)).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });
  vi.setSystemTime(Date.parse(made.expiresAt) - 1);
  expect(pair(made.code)).toMatchObject({ ok: true });
  expect(t.ok('tills.list')).toHaveLength(1);
});

test('a revoked till is refused at once, and a restore of a backup from before does not let it back in', async () => {
  // The host serves the certificate beside the database: the till proves the code over that one.
  const { handlers } = createHostHandlers(t.store, 'browser-host');
  const made = t.ok('tills.pairingCode');
  const paired = pair(made.code, 'Counter 2', made.fingerprint);
  if (!paired.ok) throw new Error(JSON.stringify(paired.error));
  const verifier = createTokenVerifier(t.store.context);
  expect(verifier.verify(paired.data.secret)).toBeDefined();

  const file = join(t.dir, 'backups', 'with-the-till.db');
  expect(await invokeOperationAsync(handlers, 'backup.create', { file })).toMatchObject({ ok: true });
  expect(t.ok('tills.revoke', { tillId: paired.data.till.id })).toMatchObject({ revokedAt: expect.any(String) });
  expect(verifier.verify(paired.data.secret)).toBeUndefined();
  expect(t.ok('tills.list')).toEqual([]);
  expect(t.ok('tills.list', { includeRevoked: true })).toHaveLength(1);

  expect(await invokeOperationAsync(handlers, 'backup.restore', { file })).toMatchObject({ ok: true });
  expect(verifier.verify(paired.data.secret)).toBeUndefined();
  expect(t.ok('tills.list', { includeRevoked: true })).toEqual([expect.objectContaining({ revokedAt: expect.any(String) })]);
});

test('a till is revoked as a till, not as a token; unknown tills are 404', () => {
  const paired = pair(t.ok('tills.pairingCode').code);
  if (!paired.ok) throw new Error(JSON.stringify(paired.error));
  const tokenId = createTokenVerifier(t.store.context).verify(paired.data.secret)!.id;
  expect(t.fail('tokens.revoke', { tokenId })).toMatchObject({ code: 'NOT_FOUND' });
  expect(t.fail('tills.revoke', { tillId: paired.data.till.id + 100 })).toMatchObject({ code: 'NOT_FOUND' });
  // Only pairing makes a till's token: tokens.create offers read and write alone.
  expect(t.fail('tokens.create', { label: 'Sneaky', scope: 'till' })).toMatchObject({ code: 'VALIDATION_FAILED' });
});

test('the addresses a till enters, or why there are none', () => {
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: false, host: '0.0.0.0', port: 8787 }) });
  expect(t.ok('tills.pairingCode')).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/listener is off/) });
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: true, host: '127.0.0.1', port: 8787 }) });
  expect(t.ok('tills.pairingCode')).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/this machine only/) });
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: true, host: '192.168.1.20', port: 9000 }) });
  expect(t.ok('tills.pairingCode')).toMatchObject({ addresses: ['https://192.168.1.20:9000'], addressNote: null });
});
