/**
 * What a connected till answers its page with: every operation with an `http` binding on the shop
 * server through the REST client, as the clerk signed in here (remote-sessions.ts) or the till; a
 * sale retried with its Idempotency-Key until the server answers; the owner's work refused (it is
 * done on the server's machine); `app.info` saying where it is connected.
 */
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { ApiResult } from '../../src-shared/api-result';
import { REVOKED_TILL_MESSAGE, type InvokeOptions } from '../../src-shared/bridge';
import { isOperationName, operationDef } from '../../src-shared/contract';
import { StoreError } from '../../src-shared/errors';
import type { SignInState } from '../../src-shared/schemas/clerk';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { Handlers } from '../service/handler-types';
import { invokeOperationAsync } from '../service/invoke';
import { APP_VERSION } from '../service/version';
import type { LinkState } from './link-state';
import { keepSessions } from './kept-session';
import { createRestInvoker } from './rest-client';
import { sessionHandlers } from './remote-sessions';
import { petCountsOverRest, settingsFromShop } from './composed-reads';

/** The page's way in (the bridge's `invoke`): never rejects; failures are Error objects. */
export type Invoke = (operation: string, input: unknown, options?: InvokeOptions) => Promise<ApiResult<unknown>>;

export interface RemoteHandlersOptions {
  server: string;
  secret: string;
  tillName: string;
  dispatcher?: Dispatcher;
  link: LinkState;
  runtime: AppInfo['runtime'];
  /** What this machine does itself on a till (the desktop's printing and dialogs). */
  local?: Partial<Handlers>;
  /** The pauses between a sale's sends while the server is not answering: 0.5 s doubling to 5 s. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** Answers that say the link is down: no server, another certificate (and the till's own token refused: revoked). */
const LINK_DOWN = new Set(['SERVER_UNREACHABLE', 'SERVER_CERTIFICATE_CHANGED']);
/** Answers that mean nothing was done and the same request may go again (with its key). */
const SEND_AGAIN = new Set(['SERVER_UNREACHABLE', 'SERVICE_BUSY']);
/** A session's secret refused: the server ended the session (sign-out elsewhere, a new PIN, logins off, the till revoked). */
const SESSION_ENDED = new Set(['UNAUTHORIZED', 'SIGN_IN_REQUIRED']);

/** What a sale waiting for the server answers when it is stopped (docs/decisions.md#a-revoked-till-stops). */
const REVOKED_SALE = `${REVOKED_TILL_MESSAGE}. The sale that was waiting was stopped: look for it in the shop server's Sales before selling it again`;
const SESSION_ENDED_SALE = "The clerk's session ended on the shop server while this sale waited for it: sign in and sell it again";
const refusal = (code: 'UNAUTHORIZED' | 'SIGN_IN_REQUIRED', message: string): ApiResult<never> => ({ ok: false, error: new StoreError(code, message).toBody() });

export function createRemoteHandlers(options: RemoteHandlersOptions): { invoke: Invoke; stop(): void } {
  const { server, tillName, link, local = {}, firstRetryMs = 500, maxRetryMs = 5_000 } = options;
  const tillToken = options.secret;
  const rest = createRestInvoker({ origin: server, secret: tillToken, dispatcher: options.dispatcher });
  const kept = keepSessions(tillToken);
  let stopped = false;

  /** One call to the server as `bearer`; what it shows of the link goes to the link state; the till's token refused says the till was revoked. */
  async function send(operation: string, input: unknown, callOptions: InvokeOptions | undefined, bearer: string): Promise<ApiResult<unknown>> {
    const result = await rest(operation, input, callOptions, bearer);
    const revoked = !result.ok && result.error.code === 'UNAUTHORIZED' && bearer === tillToken;
    if (revoked || (!result.ok && LINK_DOWN.has(result.error.code))) {
      link.report({ state: 'down', server, reason: result.ok ? undefined : result.error.code });
    } else if (link.current.state !== 'up') {
      link.report({ state: 'up', server });
    }
    return revoked ? { ok: false, error: new StoreError('UNAUTHORIZED', REVOKED_TILL_MESSAGE).toBody() } : result;
  }

  /**
   * A call as whoever is signed in here. A session the server ended is forgotten (the page then
   * shows its sign-in screen) and the call asked again as the till: a 401 did nothing, and the
   * till's answer says whether to sign in (SIGN_IN_REQUIRED) or that the till was revoked.
   */
  async function call(operation: string, input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    const bearer = kept.bearer();
    const result = await send(operation, input, callOptions, bearer);
    if (bearer === tillToken || result.ok || !SESSION_ENDED.has(result.error.code)) return result;
    kept.forget(bearer);
    return send(operation, input, callOptions, tillToken);
  }

  /**
   * A sale is never lost nor doubled: sent again with one key, in the session it was made in, until
   * the server answers it (docs/decisions.md#when-the-link-drops); a revoked till or a session
   * ended meanwhile stops it (docs/decisions.md#clerk-sessions-on-a-till).
   */
  async function sell(input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    const keyed = { idempotencyKey: callOptions?.idempotencyKey ?? randomUUID() };
    let bearer = kept.bearer();
    let waited = false;
    let pause = firstRetryMs;
    for (;;) {
      const result = await send('sales.create', input, keyed, bearer);
      if (!result.ok && bearer !== tillToken && SESSION_ENDED.has(result.error.code)) {
        kept.forget(bearer);
        const stop = waited ? await whyWaitingSaleStops() : undefined;
        if (stop) return stop;
        bearer = tillToken; // a 401 did nothing: asked again as the till, as any call is
        continue;
      }
      if (!result.ok && result.error.code === 'UNAUTHORIZED' && waited) return refusal('UNAUTHORIZED', REVOKED_SALE);
      if (result.ok || !SEND_AGAIN.has(result.error.code) || stopped) return result;
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, maxRetryMs);
    }
  }

  /** A waiting sale's session ended on the server: the till revoked, or sign in again; none when logins were switched off (it goes on as the till). */
  async function whyWaitingSaleStops(): Promise<ApiResult<unknown> | undefined> {
    const asTill = await send('sessions.current', {}, undefined, tillToken);
    if (!asTill.ok && asTill.error.code === 'UNAUTHORIZED') return refusal('UNAUTHORIZED', REVOKED_SALE);
    if (asTill.ok && !(asTill.data as SignInState).clerkLogins) return undefined;
    return refusal('SIGN_IN_REQUIRED', SESSION_ENDED_SALE);
  }

  const sessions = sessionHandlers({ kept, tillToken, call, send });

  async function invoke(operation: string, input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    if (!isOperationName(operation)) return { ok: false, error: new StoreError('NOT_FOUND', `There is no operation named ${JSON.stringify(String(operation)).slice(0, 80)}`).toBody() };
    if (operation === 'sales.create') return sell(input, callOptions);
    if (operation in sessions) return sessions[operation as keyof typeof sessions](input);
    if (operationDef(operation).http && !operationDef(operation).http!.stream) return call(operation, input, callOptions);
    if (operation === 'settings.get') return settingsFromShop(call);
    if (operation === 'categories.petCounts') return petCountsOverRest(call);
    if (operation === 'app.info') {
      const info: AppInfo = { version: APP_VERSION, databaseFile: '', dataFolder: '', backupFolder: '', runtime: options.runtime, connection: { server, tillName } };
      return { ok: true, data: info };
    }
    if (operation in local) return invokeOperationAsync(local, operation, input);
    return { ok: false, error: new StoreError('FORBIDDEN', `This is done on the shop server's machine (${operation})`).toBody() };
  }

  return {
    invoke,
    stop: () => {
      stopped = true;
    },
  };
}
