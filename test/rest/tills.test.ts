/**
 * Pairing a till over real HTTP (docs/decisions.md#pairing-a-till): `POST /v1/tills/pair` takes no
 * token; a right proof gets the till's token, which then reads and writes; a wrong, used or expired
 * code and a proof over another certificate are each 403 PAIRING_CODE_INVALID; failures count in
 * the address's auth throttle; a revoked till is 401 at its next call.
 */
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { AUTH_FAILURES_ALLOWED } from '../../src-main/rest/auth-throttle';
import { tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer } from '../../src-main/service/shop-server';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';
const OTHER_FINGERPRINT = '01:23:'.repeat(15) + '01:23';

const s = useHttpSuite();
beforeAll(() => provideShopServer(s.t.served, { fingerprint: () => FINGERPRINT }));
afterEach(() => vi.useRealTimers());

const newCode = async () => (await s.t.call('tills.pairingCode', {})).code;
/** A till's pairing: its proof over the name as the server reads it (trimmed). */
const pair = (code: string, name = 'Counter 2', fingerprint = FINGERPRINT): Promise<Answer> =>
  s.call('POST', '/v1/tills/pair', { token: null, json: { name, proof: tillProof(code, fingerprint, name.trim()) } });

test('a till pairs without a token; its token reads and writes; then it is revoked and refused at its next call', async () => {
  const paired = await pair(await newCode(), '  Counter 2 ');
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  expect(paired.body.till).toMatchObject({ name: 'Counter 2', revokedAt: null });
  const { secret } = paired.body;

  expect((await s.call('GET', '/v1/pets?limit=1', { token: secret })).status).toBe(200);
  const created = await s.call('POST', '/v1/categories', { token: secret, json: { name: 'Made by a till' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await s.t.call('tills.revoke', { tillId: paired.body.till.id });
  expectError(await s.call('GET', '/v1/pets?limit=1', { token: secret }), 'UNAUTHORIZED', 401);
});

test('a wrong code, a used code, an expired code and a proof over another certificate: each 403 PAIRING_CODE_INVALID', async () => {
  const code = await newCode();
  expectError(await pair('ABCDE-FGHJK'), 'PAIRING_CODE_INVALID', 403);
  expectError(await pair(code, 'Counter 3', OTHER_FINGERPRINT), 'PAIRING_CODE_INVALID', 403);
  expect((await pair(code, 'Counter 3')).status).toBe(200);
  expectError(await pair(code, 'Counter 4'), 'PAIRING_CODE_INVALID', 403);

  const late = await newCode();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
  expectError(await pair(late, 'Counter 5'), 'PAIRING_CODE_INVALID', 403);
});

test('failed pairings are throttled per address: after the allowed failures even the right code waits (429 AUTH_THROTTLED)', async () => {
  // This file's earlier tests failed 4 times from this address; fill the rest of the allowance.
  const code = await newCode();
  let answer: Answer;
  for (let i = 0; ; i++) {
    answer = await pair('ZZZZZ-ZZZZZ', `Guess ${i}`);
    if (answer.status !== 403) break;
    expect(i).toBeLessThan(AUTH_FAILURES_ALLOWED);
  }
  expectError(answer, 'AUTH_THROTTLED', 429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expectError(await pair(code), 'AUTH_THROTTLED', 429);
  // The code was never tried: it still pairs once the address may try again (in process here).
  expect((await s.t.call('tills.pair', { name: 'Counter 6', proof: tillProof(code, FINGERPRINT, 'Counter 6') })).till.name).toBe('Counter 6');
});
