import { hash, randomBytes } from 'node:crypto';
import { StoreError } from '../../src-shared/errors';
import type { ApiToken, StoredTokenScope, TokenScope } from '../../src-shared/schemas/token';
import type { TokenRow } from '../db/repositories/tokens';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';

const SECRET_PREFIX = 'psk_';

/** SHA-256 of the secret's UTF-8 bytes (the one-shot `crypto.hash`: no Hash object per request). */
export const hashSecret = (secret: string): Buffer => hash('sha256', secret, 'buffer');

const toModel = ({ hash: _hash, scope, ...token }: TokenRow): ApiToken => ({ ...token, scope: scope as TokenScope });

/**
 * Stores a new token of `scope` inside the caller's write transaction; its secret is in this
 * answer only (a till's token is made by pairing, tills.ts).
 */
export function* insertToken(ctx: HandlerContext, label: string, scope: StoredTokenScope): Step<{ id: number; secret: string }> {
  const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
  const id = yield* ctx.tokens.insert(label, scope, hashSecret(secret).toString('hex'), secret.slice(0, 10));
  return { id, secret };
}

/**
 * The API tokens' handlers. Recording a token's use is the verifier's (token-verifier.ts), machinery
 * the handlers never see.
 */
export const tokenHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'tokens'> => ({
  'tokens.create': ({ label, scope }) =>
    ctx.write(function* () {
      const { id, secret } = yield* insertToken(ctx, label, scope);
      return { token: toModel((yield* ctx.tokens.find(id))!), secret };
    }),
  *'tokens.list'({ includeRevoked }) {
    return (yield* ctx.tokens.all()).filter((token) => includeRevoked || token.revokedAt === null).map(toModel);
  },
  'tokens.revoke': ({ tokenId }) =>
    ctx.write(function* () {
      const token = yield* ctx.tokens.find(tokenId);
      if (!token) throw new StoreError('NOT_FOUND', `Token ${tokenId} does not exist`);
      // A till's token is listed and revoked as that till (tills.revoke).
      if (token.scope === 'till') throw new StoreError('NOT_FOUND', `Token ${tokenId} is a till's: revoke the till instead`);
      yield* ctx.tokens.revoke(tokenId);
      return toModel((yield* ctx.tokens.find(tokenId))!);
    }),
}));
