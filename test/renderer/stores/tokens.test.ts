import { afterEach, expect, test } from 'vitest';
import { StoreError } from '../../../src-shared/errors';
import { useTokensStore } from '../../../src-renderer/stores/tokens';
import { createTokenVerifier } from '../../../src-main/service/sqlite-token-verifier';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('create answers the secret once; the list shows the token without it, and the secret verifies', async () => {
  h = useRealApi();
  const tokens = useTokensStore();
  const created = await tokens.create({ label: 'web shop sync', scope: 'write' });
  expect(created.secret).toMatch(/^psk_[\w-]{40,}$/);
  expect(created.token).toMatchObject({ label: 'web shop sync', scope: 'write', prefix: created.secret.slice(0, 10), revokedAt: null, lastUsedAt: null });

  expect(tokens.items.map((token) => token.label)).toEqual(['web shop sync']);
  expect(JSON.stringify(tokens.items)).not.toContain(created.secret);
  const verifier = createTokenVerifier(h.store.context);
  expect(verifier.verify(created.secret)).toEqual({ id: created.token.id, scope: 'write' });
});

test('revoke stops the token at once and keeps it listed as revoked', async () => {
  h = useRealApi();
  const tokens = useTokensStore();
  const kept = await tokens.create({ label: 'label printer', scope: 'read' });
  const doomed = await tokens.create({ label: 'old script', scope: 'write' });
  await tokens.revoke(doomed.token.id);

  expect(tokens.items.map((token) => [token.label, token.revokedAt === null])).toEqual([
    ['old script', false],
    ['label printer', true],
  ]);
  expect(tokens.active.map((token) => token.label)).toEqual(['label printer']);
  const verifier = createTokenVerifier(h.store.context);
  expect(verifier.verify(doomed.secret)).toBeUndefined();
  expect(verifier.verify(kept.secret)).toMatchObject({ scope: 'read' });
});

test('refusals reject with the service’s Error object and change nothing', async () => {
  h = useRealApi();
  const tokens = useTokensStore();
  const blank = await tokens.create({ label: '   ', scope: 'read' }).catch((error: unknown) => error);
  expect(blank).toBeInstanceOf(StoreError);
  expect(blank).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  const missing = await tokens.revoke(999).catch((error: unknown) => error);
  expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  await tokens.load();
  expect(tokens.items).toEqual([]);
});
