import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { StoreError } from '../../src-shared/errors';
import type { ApiToken, StoredTokenScope, TokenScope } from '../../src-shared/schemas/token';
import type { TokenRow } from '../db/repositories/tokens';
import type { Step } from '../db/step';
import type { ServiceContext } from './context';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { cacheUntilChange } from './change-cache';

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
 * The API tokens' handlers. Recording a token's use (`touch`, batched with the group commit) is the
 * verifier's below, SQLite machinery the handlers never see.
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

export interface VerifiedToken {
  id: number;
  /** `till`: a paired till's token, which may write (the caller of a call is a till today; clerk logins come later). */
  scope: StoredTokenScope;
}

/** The preset secret (PETSTORE_API_TOKEN): a write token that lives in memory only. */
const PRESET: VerifiedToken = Object.freeze({ id: 0, scope: 'write' });

/**
 * Checks bearer secrets against every active hash in constant time; the active set is kept until
 * the tokens table changes, here or in another process (docs/decisions.md#api-tokens).
 */
export function createTokenVerifier(context: ServiceContext, preset?: string) {
  const presetHash = preset ? hashSecret(preset) : undefined;
  const activeTokens = cacheUntilChange(context, ['api_tokens'], () =>
    context.tokens.active().map((row) => ({ id: row.id, scope: row.scope, hash: Buffer.from(row.hash, 'hex') })),
  );
  const lastTouched = new Map<number, number>();

  /** Records use at most once a minute per token, so reads do not turn into writes. */
  function touch(id: number): void {
    const now = Date.now();
    if (now - (lastTouched.get(id) ?? 0) < 60_000) return;
    // Bookkeeping only: with this turn's writes if a batch is open, else alone if the write lock is
    // free now. While another process holds it, it is skipped, not waited for: the next request
    // tries again. A failing database must not fail the request for this.
    const record = () => context.write(() => context.tokens.touch(id, new Date(now).toISOString()));
    try {
      if (context.commits.isOpen) context.commits.join(true, record);
      else context.commits.withoutWaiting(record);
      lastTouched.set(id, now);
    } catch {
      // Tried again at the next request.
    }
  }

  type ActiveTokens = ReturnType<typeof activeTokens>;

  /** The token whose hash is `presented` among `tokens`, comparing with every one of them. */
  function match(presented: Buffer, tokens: ActiveTokens): VerifiedToken | undefined {
    let found: VerifiedToken | undefined;
    if (presetHash && timingSafeEqual(presented, presetHash)) found = PRESET;
    for (const token of tokens) {
      if (timingSafeEqual(presented, token.hash) && !found) found = { id: token.id, scope: token.scope };
    }
    return found;
  }

  /** The token whose hash is `presented` (the SHA-256 of a presented secret), if it is active. */
  function verifyHash(presented: Buffer): VerifiedToken | undefined {
    const found = match(presented, activeTokens());
    if (found && found.id > 0) touch(found.id);
    return found;
  }

  /**
   * What each connection presented last, and what that proved against which set of active tokens.
   * A keep-alive client sends the same secret with every request: it is hashed and compared once,
   * and again only when the active set changes (a revocation, a new token). Comparing a secret with
   * the one the same connection sent before tells that client nothing it did not send itself.
   */
  const lastOnConnection = new WeakMap<object, { secret: string; hash: Buffer; tokens: ActiveTokens; found: VerifiedToken | undefined }>();

  /** `verify` for a request on `connection` (its socket). */
  function verifyOnConnection(connection: object, secret: string): VerifiedToken | undefined {
    const tokens = activeTokens();
    let last = lastOnConnection.get(connection);
    if (!last || last.secret !== secret) {
      const hash = hashSecret(secret);
      last = { secret, hash, tokens, found: match(hash, tokens) };
      lastOnConnection.set(connection, last);
    } else if (last.tokens !== tokens) {
      last.tokens = tokens;
      last.found = match(last.hash, tokens);
    }
    if (last.found && last.found.id > 0) touch(last.found.id);
    return last.found;
  }

  return {
    verify: (secret: string): VerifiedToken | undefined => verifyHash(hashSecret(secret)),
    verifyOnConnection,
    /** Whether a verified token is still active (not revoked since); the preset one always is. */
    isActive: (id: number): boolean => id === PRESET.id || activeTokens().some((token) => token.id === id),
  };
}
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
