import { cacheUntilChange } from './change-cache';
import type { ServiceContext } from './context';
import { activeTokensOf, tokenVerifierOver, type TokenVerifier } from './token-verifier';

/**
 * The token verifier on SQLite: the active set kept until the tokens table changes (change-cache.ts),
 * a token's use recorded with the open group-commit batch, else alone when the write lock is free now.
 */
export function createTokenVerifier(context: ServiceContext, preset?: string): TokenVerifier {
  const active = cacheUntilChange(context, ['api_tokens'], () => activeTokensOf(context.tokens.active()));
  return tokenVerifierOver(
    {
      active,
      touch(id, at) {
        // Bookkeeping only: while another process holds the write lock it is skipped, not waited
        // for; a failing database must not fail the request for this.
        const record = () => context.write(() => context.tokens.touch(id, at));
        try {
          if (context.commits.isOpen) context.commits.join(true, record);
          else context.commits.withoutWaiting(record);
          return true;
        } catch {
          return false;
        }
      },
    },
    preset,
  );
}
