/**
 * `petstore till pair|list|revoke` on the shop server's machine (in this process, a real database
 * file): the code it prints pairs a till over the certificate beside the database, list shows the
 * till, revoke stops its token.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openStoreFile } from '../../src-main/host/open-store';
import { shopCertFile, shopKeyFile } from '../../src-main/rest/tls/shop-certificate';
import { invokeOperation } from '../../src-main/service/invoke';
import { tillProof } from '../../src-main/service/pairing-proof';
import { createTokenVerifier } from '../../src-main/service/sqlite-token-verifier';
import { tempDir } from '../helpers/temp-store';
import { petstore } from '../helpers/cli-in-process';

let cleanup: () => void;
let db: string;

beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir('petstore-cli-till-'));
  db = join(dir, 'store.db');
  expect((await petstore(['seed', '--db', db, '--pets', '1'])).code).toBe(0);
});
afterEach(() => cleanup());

test('pair prints a code, the addresses and the fingerprint; the code pairs a till; list and revoke follow it', async () => {
  expect((await petstore(['settings', 'set', 'listenerHost=0.0.0.0', 'listenerPort=8788', '--db', db])).code).toBe(0);
  const shown = await petstore(['till', 'pair', '--db', db]);
  expect(shown.code, shown.stderr).toBe(0);
  const code = /^Pairing code: ([0-9A-Z]{5}-[0-9A-Z]{5}) /m.exec(shown.stdout)![1];
  const fingerprint = /^Certificate fingerprint \(SHA-256\): ([0-9A-F:]{95})$/m.exec(shown.stdout)![1];
  expect(shown.stdout).toMatch(/^Server address: https:\/\/.+:8788$/m);
  expect(shown.stderr).toMatch(/petstore serve/); // where it listens by the settings: serve must run
  // The certificate a till will see was made beside the database, its key private.
  expect(statSync(shopKeyFile(db)).mode & 0o777).toBe(0o600);
  expect(statSync(shopCertFile(db)).isFile()).toBe(true);

  const store = openStoreFile(db, 'must-exist');
  let secret: string;
  try {
    const paired = invokeOperation(store.handlers, 'tills.pair', { name: 'Counter 2', proof: tillProof(code, fingerprint, 'Counter 2') });
    if (!paired.ok) throw new Error(JSON.stringify(paired.error));
    secret = (paired.data as { secret: string }).secret;
  } finally {
    store.close();
  }

  const listed = await petstore(['till', 'list', '--db', db]);
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toMatch(/^ +1 {2}Counter 2 {2}\(paired .+, last used never\)$/m);
  expect(JSON.parse((await petstore(['till', 'list', '--json', '--db', db])).stdout)).toEqual([expect.objectContaining({ id: 1, name: 'Counter 2' })]);

  const revoked = await petstore(['till', 'revoke', '1', '--db', db]);
  expect(revoked.code, revoked.stderr).toBe(0);
  expect(revoked.stdout).toBe('Till 1 (Counter 2) revoked.\n');
  expect((await petstore(['till', 'revoke', '1', '--db', db])).stdout).toMatch(/^Till 1 was already revoked/);
  expect((await petstore(['till', 'list', '--db', db])).stdout).toBe('No tills.\n');
  expect((await petstore(['till', 'list', '--all', '--db', db])).stdout).toMatch(/Counter 2 .*revoked/);

  const after = openStoreFile(db, 'must-exist');
  try {
    expect(createTokenVerifier(after.context).verify(secret)).toBeUndefined();
  } finally {
    after.close();
  }
});

test('pair says when the listener serves this machine only; refusals exit 1 or 2', async () => {
  const shown = await petstore(['till', 'pair', '--json', '--db', db]);
  expect(shown.code, shown.stderr).toBe(0);
  expect(JSON.parse(shown.stdout)).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/^By the saved settings, the REST listener serves this machine only .*already running prints the addresses/) });
  expect(await petstore(['till', 'revoke', '7', '--db', db])).toMatchObject({ code: 1, stderr: 'NOT_FOUND: Till 7 does not exist\n' });
  expect(await petstore(['till', 'revoke', 'x', '--db', db])).toMatchObject({ code: 2 });
  expect(await petstore(['till', 'open', '--db', db])).toMatchObject({ code: 2 });
  expect(await petstore(['till', 'pair', '--db', join(db, '..', 'none.db')])).toMatchObject({ code: 1 });
});
