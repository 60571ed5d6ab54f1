/**
 * A till's clerk sessions (docs/decisions.md#clerk-sessions-on-a-till): signing in sends the PIN with
 * the till's token and keeps the answer's secret in this host's memory (the page gets the session,
 * not the secret); signing out ends it on the server and goes back to the till's token.
 */
import type { ApiResult } from '../../src-shared/api-result';
import type { InvokeOptions } from '../../src-shared/bridge';
import type { SignInState, StartedSession } from '../../src-shared/schemas/clerk';
import type { KeptSession } from './kept-session';

type Send = (operation: string, input: unknown, options: InvokeOptions | undefined, bearer: string) => Promise<ApiResult<unknown>>;

export interface SessionHandlerOptions {
  kept: KeptSession;
  tillToken: string;
  /** A call as whoever is signed in (a session the server ended is forgotten). */
  call(operation: string, input: unknown): Promise<ApiResult<unknown>>;
  send: Send;
}

export function sessionHandlers({ kept, tillToken, call, send }: SessionHandlerOptions) {
  /** Ends the kept session on the server; forgotten here whatever the server says (this till is locked either way). */
  async function endKept(): Promise<void> {
    const bearer = kept.bearer();
    if (bearer === tillToken) return;
    kept.forget(bearer);
    // Unreachable: the session ends at its expiry; its secret is gone from this host already.
    await send('sessions.end', {}, undefined, bearer);
  }

  return {
    async 'sessions.start'(input: unknown): Promise<ApiResult<unknown>> {
      await endKept(); // another clerk signing in takes the place of the one before
      const started = await send('sessions.start', input, undefined, tillToken);
      if (!started.ok) return started;
      const { session, secret } = started.data as StartedSession;
      kept.keep(secret, session);
      // The page never holds the secret: this host sends it with each call.
      return { ok: true, data: { session, secret: '' } satisfies StartedSession };
    },

    async 'sessions.end'(): Promise<ApiResult<unknown>> {
      await endKept();
      return { ok: true, data: null };
    },

    async 'sessions.current'(input: unknown): Promise<ApiResult<unknown>> {
      const bearer = kept.bearer();
      const state = await call('sessions.current', input);
      // The server no longer knows the session (logins switched off, say): nobody is signed in here.
      if (state.ok && (state.data as SignInState).session === null) kept.forget(bearer);
      return state;
    },
  };
}
