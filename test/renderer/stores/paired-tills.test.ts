import { afterEach, expect, test } from 'vitest';
import { usePairedTillsStore } from '../../../src-renderer/stores/paired-tills';
import { shopCertificate } from '../../../src-main/rest/tls/shop-certificate';
import { tillProof } from '../../../src-main/service/pairing-proof';
import { createTokenVerifier } from '../../../src-main/service/sqlite-token-verifier';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('a code made here pairs a till over the certificate beside the database; refresh lists it, revoke stops it', async () => {
  h = useRealApi();
  const tills = usePairedTillsStore();
  const made = await tills.makeCode();
  expect(tills.code).toEqual(made);
  expect(made.fingerprint).toBe(shopCertificate(h.store.db.name).fingerprint);
  // The host's listener is off: no address yet, and the note says what to switch on.
  expect(made).toMatchObject({ addresses: [], addressNote: expect.stringMatching(/listener is off/) });

  const paired = h.store.handlers['tills.pair']({ name: 'Counter 2', proof: tillProof(made.code, made.fingerprint, 'Counter 2') });
  await tills.refresh();
  expect(tills.items.map((till) => till.name)).toEqual(['Counter 2']);
  expect(tills.active).toHaveLength(1);

  await tills.revoke(paired.till.id);
  expect(tills.items).toEqual([expect.objectContaining({ name: 'Counter 2', revokedAt: expect.any(String) })]);
  expect(tills.active).toEqual([]);
  expect(createTokenVerifier(h.store.context).verify(paired.secret)).toBeUndefined();
});

test('refusals reject with the service’s Error object', async () => {
  h = useRealApi();
  const tills = usePairedTillsStore();
  await expect(tills.revoke(999)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  await tills.load();
  expect(tills.items).toEqual([]);
});
