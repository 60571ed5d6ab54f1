/**
 * Pairing a till on the real service (docs/decisions.md#pairing-a-till): a code pairs once, within
 * 10 minutes, over the server's own certificate; the till's token writes; a revoked till stays
 * revoked, also after a restore.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createHostHandlers } from '../../src-main/host/shell-handlers';
import type { ServiceContext } from '../../src-main/service/context';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { normalisePairingCode, serverProof, tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer, type ServedStore } from '../../src-main/service/shop-server';
import { createTokenVerifier } from '../../src-main/service/sqlite-token-verifier';
import { hashSecret } from '../../src-main/service/tokens';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { rawSql } from './support/around-the-service';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';
const OTHER_FINGERPRINT = '01:23:'.repeat(15) + '01:23';

const served = (ctx: ServedStore, listener = { running: true, host: '0.0.0.0', port: 8787 }) =>
  provideShopServer(ctx, { fingerprint: () => FINGERPRINT, listener: () => listener });

/**
 * The active token a bearer secret proves, if any. SQLite: the REST server's verifier. PostgreSQL,
 * whose store has no verifier of its own: the active token rows holding the secret's hash.
 */
async function verified(t: EngineStore, secret: string): Promise<{ id: number; scope: string } | undefined> {
  if (t.engine === 'sqlite') return createTokenVerifier(t.served as ServiceContext).verify(secret);
  const rows = await rawSql<{ id: number; scope: string }>(t, 'SELECT id, scope FROM api_tokens WHERE hash = ? AND revoked_at IS NULL', [
    hashSecret(secret).toString('hex'),
  ]);
  return rows[0];
}

describeOnEngines('pairing a till', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
    served(t.served!);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const pair = (code: string, name = 'Counter 2', fingerprint = FINGERPRINT) => t.call('tills.pair', { name, proof: tillProof(code, fingerprint, name) });

  test('a code pairs a till once: its token writes, the server proves the same code, the till is listed', async () => {
    const made = await t.ok('tills.pairingCode');
    expect(made.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(made.fingerprint).toBe(FINGERPRINT);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(made.addresses.every((address) => /^https:\/\/.+:8787$/.test(address))).toBe(true);

    // Typed as a person might: lower case, no dash, O for 0 and L for 1 (the code has none of O, L, I).
    const typed = made.code.toLowerCase().replace('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
    expect(normalisePairingCode(typed)).toBe(made.code.replace('-', ''));
    const paired = await pair(typed);
    if (!paired.ok) throw new Error(JSON.stringify(paired.error));
    const { till, secret } = paired.data;
    expect(till).toMatchObject({ name: 'Counter 2', revokedAt: null });
    expect(paired.data.serverProof).toBe(serverProof(made.code, FINGERPRINT, till.id));
    expect(await verified(t, secret)).toEqual({ id: expect.any(Number), scope: 'till' });
    // The verifier recorded the use; PostgreSQL's store has none yet (REST on PostgreSQL is to come), so none is recorded.
    expect(await t.ok('tills.list')).toEqual([{ ...till, lastUsedAt: t.engine === 'sqlite' ? expect.any(String) : null }]);
    // A till's token is listed as the till, not among the API tokens, and is revoked as the till.
    expect(await t.ok('tokens.list', { includeRevoked: true })).toEqual([]);

    expect(await pair(made.code, 'Counter 3')).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID', status: 403 } });
  });

  test('a wrong code, a proof over another certificate and an expired code are each refused alike', async () => {
    const made = await t.ok('tills.pairingCode');
    expect(await pair('ABCDE-FGHJK')).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });
    expect(await pair(made.code, 'Counter 2', OTHER_FINGERPRINT)).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(made.expiresAt) });
    expect(await pair(made.code)).toMatchObject({ ok: false, error: { code: 'PAIRING_CODE_INVALID' } });
    vi.setSystemTime(Date.parse(made.expiresAt) - 1);
    expect(await pair(made.code)).toMatchObject({ ok: true });
    expect(await t.ok('tills.list')).toHaveLength(1);
  });

  test('a revoked till is refused at once', async () => {
    const paired = await pair((await t.ok('tills.pairingCode')).code);
    if (!paired.ok) throw new Error(JSON.stringify(paired.error));
    expect(await verified(t, paired.data.secret)).toBeDefined();
    expect(await t.ok('tills.revoke', { tillId: paired.data.till.id })).toMatchObject({ revokedAt: expect.any(String) });
    expect(await verified(t, paired.data.secret)).toBeUndefined();
    expect(await t.ok('tills.list')).toEqual([]);
    expect(await t.ok('tills.list', { includeRevoked: true })).toHaveLength(1);
  });

  test('a till is revoked as a till, not as a token; unknown tills are 404', async () => {
    const paired = await pair((await t.ok('tills.pairingCode')).code);
    if (!paired.ok) throw new Error(JSON.stringify(paired.error));
    const tokenId = (await verified(t, paired.data.secret))!.id;
    expect(await t.fail('tokens.revoke', { tokenId })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.fail('tills.revoke', { tillId: paired.data.till.id + 100 })).toMatchObject({ code: 'NOT_FOUND' });
    // Only pairing makes a till's token: tokens.create offers read and write alone.
    expect(await t.fail('tokens.create', { label: 'Sneaky', scope: 'till' })).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  test('the addresses a till enters, or why there are none', async () => {
    served(t.served!, { running: false, host: '0.0.0.0', port: 8787 });
    expect(await t.ok('tills.pairingCode')).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/listener is off/) });
    served(t.served!, { running: true, host: '127.0.0.1', port: 8787 });
    expect(await t.ok('tills.pairingCode')).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/this machine only/) });
    served(t.served!, { running: true, host: '192.168.1.20', port: 9000 });
    expect(await t.ok('tills.pairingCode')).toMatchObject({ addresses: ['https://192.168.1.20:9000'], addressNote: null });
  });
});

// SQLite-only: a backup and restore of the database file (PostgreSQL's are its own tools').
describe('a revoked till after a restore', () => {
  let s: TestStore;
  beforeEach(() => {
    s = openTestStore();
    served(s.store.context);
  });
  afterEach(() => s.close());

  test('a revoked till is refused at once, and a restore of a backup from before does not let it back in', async () => {
    // The host serves the certificate beside the database: the till proves the code over that one.
    const { handlers } = createHostHandlers(s.store, 'browser-host');
    const made = s.ok('tills.pairingCode');
    const paired = s.call('tills.pair', { name: 'Counter 2', proof: tillProof(made.code, made.fingerprint, 'Counter 2') });
    if (!paired.ok) throw new Error(JSON.stringify(paired.error));
    const verifier = createTokenVerifier(s.store.context);
    expect(verifier.verify(paired.data.secret)).toBeDefined();

    const file = join(s.dir, 'backups', 'with-the-till.db');
    expect(await invokeOperationAsync(handlers, 'backup.create', { file })).toMatchObject({ ok: true });
    expect(s.ok('tills.revoke', { tillId: paired.data.till.id })).toMatchObject({ revokedAt: expect.any(String) });
    expect(verifier.verify(paired.data.secret)).toBeUndefined();
    expect(s.ok('tills.list')).toEqual([]);
    expect(s.ok('tills.list', { includeRevoked: true })).toHaveLength(1);

    expect(await invokeOperationAsync(handlers, 'backup.restore', { file })).toMatchObject({ ok: true });
    expect(verifier.verify(paired.data.secret)).toBeUndefined();
    expect(s.ok('tills.list', { includeRevoked: true })).toEqual([expect.objectContaining({ revokedAt: expect.any(String) })]);
  });
});
