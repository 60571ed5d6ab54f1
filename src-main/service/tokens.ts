import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { StoreError } from '../../src-shared/errors';
import type { ApiToken, TokenScope } from '../../src-shared/schemas/token';
import type { TokenRow } from '../db/repositories/tokens';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { cacheUntilChange } from './change-cache';

const SECRET_PREFIX = 'psk_';

/** SHA-256 of the secret's UTF-8 bytes (the one-shot `crypto.hash`: no Hash object per request). */
export const hashSecret = (secret: string): Buffer => hash('sha256', secret, 'buffer');

const toModel = ({ hash: _hash, ...token }: TokenRow): ApiToken => token;

export function tokenHandlers(ctx: ServiceContext): HandlersFor<'tokens'> {
  return {
    'tokens.create': ({ label, scope }) =>
      ctx.write(() => {
        const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
        const id = ctx.tokens.insert(label, scope, hashSecret(secret).toString('hex'), secret.slice(0, 10));
        return { token: toModel(ctx.tokens.find(id)!), secret };
      }),
    'tokens.list': ({ includeRevoked }) =>
      ctx.tokens
        .all()
        .filter((token) => includeRevoked || token.revokedAt === null)
        .map(toModel),
    'tokens.revoke': ({ tokenId }) =>
      ctx.write(() => {
        if (!ctx.tokens.find(tokenId)) throw new StoreError('NOT_FOUND', `Token ${tokenId} does not exist`);
        ctx.tokens.revoke(tokenId);
        return toModel(ctx.tokens.find(tokenId)!);
      }),
  };
}

export interface VerifiedToken {
  id: number;
  scope: TokenScope;
}

/**
 * Checks bearer secrets against the stored hashes. Every active hash is compared in constant time
 * (no early exit on the first differing byte, nor on the first match). The active set is cached and
 * re-read whenever the tokens table changed: in this process, whatever code wrote it, or by another
 * process such as the CLI (SQLite's data_version). A `preset` secret (PETSTORE_API_TOKEN) is a
 * write token held in memory.
 */
export function createTokenVerifier(ctx: ServiceContext, preset?: string) {
  const presetHash = preset ? hashSecret(preset) : undefined;
  const activeTokens = cacheUntilChange(ctx, ['api_tokens'], () =>
    ctx.tokens.active().map((row) => ({ id: row.id, scope: row.scope, hash: Buffer.from(row.hash, 'hex') })),
  );
  const lastTouched = new Map<number, number>();

  /** Records use at most once a minute per token, so reads do not turn into writes. */
  function touch(id: number): void {
    const now = Date.now();
    if (now - (lastTouched.get(id) ?? 0) < 60_000) return;
    lastTouched.set(id, now);
    try {
      ctx.write(() => ctx.tokens.touch(id, new Date(now).toISOString()));
    } catch {
      // Bookkeeping only: a busy database must not fail the request.
    }
  }

  /** The token whose hash is `presented` (the SHA-256 of a presented secret), if it is active. */
  function verifyHash(presented: Buffer): VerifiedToken | undefined {
    let found: VerifiedToken | undefined;
    if (presetHash && timingSafeEqual(presented, presetHash)) found = { id: 0, scope: 'write' };
    for (const token of activeTokens()) {
      if (timingSafeEqual(presented, token.hash) && !found) found = { id: token.id, scope: token.scope };
    }
    if (found && found.id > 0) touch(found.id);
    return found;
  }

  return {
    verify: (secret: string): VerifiedToken | undefined => verifyHash(hashSecret(secret)),
    verifyHash,
  };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
