/**
 * Version 16 (tills): api_tokens is made again to allow the scope `till`; the tokens a store had keep
 * their ids, secrets and revocations, and the next token's id goes on after the highest ever given.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { createTokenVerifier } from '../../src-main/service/sqlite-token-verifier';
import { hashSecret } from '../../src-main/service/tokens';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok: call } = upgradeTestKit();

test('tokens keep their ids, secrets and revocations; new ids go on after the highest ever given', () => {
  const { dir, cleanup } = tempDir('petstore-v16-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: 15 });
  const secret = 'psk_kept-across-the-upgrade';
  const hash = hashSecret(secret).toString('hex');
  db.exec(`INSERT INTO api_tokens (id, label, scope, hash, prefix, created_at) VALUES
      (3, 'web shop', 'write', '${hash}', 'psk_kept-a', '2025-03-01T10:00:00.000Z'),
      (9, 'old', 'read', 'ff', 'psk_old', '2025-03-01T10:00:00.000Z');
    UPDATE api_tokens SET revoked_at = '2025-04-01T10:00:00.000Z' WHERE id = 9;
    DELETE FROM api_tokens WHERE id = 9;`);
  db.close();

  const store = open(file);
  expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
  expect(call(store, 'tokens.list', { includeRevoked: true })).toEqual([expect.objectContaining({ id: 3, label: 'web shop', scope: 'write' })]);
  expect(createTokenVerifier(store.context).verify(secret)).toEqual({ id: 3, scope: 'write' });
  // Id 9 was given once: it is never given again.
  expect(call(store, 'tokens.create', { label: 'next', scope: 'read' }).token.id).toBe(10);
});
