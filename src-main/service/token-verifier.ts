import { timingSafeEqual } from 'node:crypto';
import type { StoredTokenScope } from '../../src-shared/schemas/token';
import { hashSecret } from './tokens';

export interface VerifiedToken {
  id: number;
  /** `till`: a paired till's token, which may write (its requests run as the till and its clerk). */
  scope: StoredTokenScope;
}

/** An active token as the verifier compares it: its SHA-256 as bytes. */
export interface ActiveToken {
  id: number;
  scope: StoredTokenScope;
  hash: Buffer;
}

/** Where a verifier finds the active tokens and records their use: each engine's (sqlite-token-verifier.ts, rest/postgres-rest-store.ts). */
export interface TokenSource {
  /** The active tokens: the same array until they change, here or in another process. */
  active(): readonly ActiveToken[];
  /** Records that token `id` was used at `at`; false when it could not now (tried again at a later request). */
  touch(id: number, at: string): boolean;
}

/** The preset secret (PETSTORE_API_TOKEN): a write token that lives in memory only. */
const PRESET: VerifiedToken = Object.freeze({ id: 0, scope: 'write' });

/** A token's use is recorded at most this often, so that reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Checks bearer secrets against every active hash in constant time; the active set is the source's,
 * kept until the tokens table changes, here or in another process (docs/decisions.md#api-tokens).
 */
export function tokenVerifierOver(source: TokenSource, preset?: string) {
  const presetHash = preset ? hashSecret(preset) : undefined;
  const lastTouched = new Map<number, number>();

  function touch(id: number): void {
    const now = Date.now();
    if (now - (lastTouched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    if (source.touch(id, new Date(now).toISOString())) lastTouched.set(id, now);
  }

  /** The token whose hash is `presented` among `tokens`, comparing with every one of them. */
  function match(presented: Buffer, tokens: readonly ActiveToken[]): VerifiedToken | undefined {
    let found: VerifiedToken | undefined;
    if (presetHash && timingSafeEqual(presented, presetHash)) found = PRESET;
    for (const token of tokens) {
      if (timingSafeEqual(presented, token.hash) && !found) found = { id: token.id, scope: token.scope };
    }
    return found;
  }

  /** The token whose hash is `presented` (the SHA-256 of a presented secret), if it is active. */
  function verifyHash(presented: Buffer): VerifiedToken | undefined {
    const found = match(presented, source.active());
    if (found && found.id > 0) touch(found.id);
    return found;
  }

  /**
   * What each connection presented last, and what that proved against which set of active tokens.
   * A keep-alive client sends the same secret with every request: it is hashed and compared once,
   * and again only when the active set changes (a revocation, a new token). Comparing a secret with
   * the one the same connection sent before tells that client nothing it did not send itself.
   */
  const lastOnConnection = new WeakMap<object, { secret: string; hash: Buffer; tokens: readonly ActiveToken[]; found: VerifiedToken | undefined }>();

  /** `verify` for a request on `connection` (its socket). */
  function verifyOnConnection(connection: object, secret: string): VerifiedToken | undefined {
    const tokens = source.active();
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
    isActive: (id: number): boolean => id === PRESET.id || source.active().some((token) => token.id === id),
  };
}
export type TokenVerifier = ReturnType<typeof tokenVerifierOver>;

/** The active-token rows of either engine's repository, as the verifier compares them. */
export const activeTokensOf = (rows: readonly { id: number; scope: StoredTokenScope; hash: string }[]): ActiveToken[] =>
  rows.map((row) => ({ id: row.id, scope: row.scope, hash: Buffer.from(row.hash, 'hex') }));
