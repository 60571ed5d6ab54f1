/**
 * What a connected till answers its page with: every operation with an `http` binding on the shop
 * server through the REST client; a sale retried with its Idempotency-Key until the server answers;
 * the owner's work refused (it is done on the server's machine); `app.info` saying where it is connected.
 */
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { ApiResult } from '../../src-shared/api-result';
import type { InvokeOptions } from '../../src-shared/bridge';
import { isOperationName, operationDef } from '../../src-shared/contract';
import { StoreError } from '../../src-shared/errors';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { Handlers } from '../service/handler-types';
import { invokeOperationAsync } from '../service/invoke';
import { APP_VERSION } from '../service/version';
import type { LinkState } from './link-state';
import { createRestInvoker } from './rest-client';
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

/** Answers that say the link is down: no server, another certificate, or this till's token refused (revoked). */
const LINK_DOWN = new Set(['SERVER_UNREACHABLE', 'SERVER_CERTIFICATE_CHANGED', 'UNAUTHORIZED']);
/** Answers that mean nothing was done and the same request may go again (with its key). */
const SEND_AGAIN = new Set(['SERVER_UNREACHABLE', 'SERVICE_BUSY']);

export function createRemoteHandlers(options: RemoteHandlersOptions): { invoke: Invoke; stop(): void } {
  const { server, tillName, link, local = {}, firstRetryMs = 500, maxRetryMs = 5_000 } = options;
  const rest = createRestInvoker({ origin: server, secret: options.secret, dispatcher: options.dispatcher });
  let stopped = false;

  /** One call to the server; what it shows of the link goes to the link state. */
  async function call(operation: string, input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    const result = await rest(operation, input, callOptions);
    if (!result.ok && LINK_DOWN.has(result.error.code)) {
      link.report({ state: 'down', server, reason: result.error.code });
    } else if (link.current.state !== 'up') {
      link.report({ state: 'up', server });
    }
    return result;
  }

  /** A sale is never lost nor doubled: sent again with one key until the server answers it (docs/decisions.md#when-the-link-drops). */
  async function sell(input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    const keyed = { idempotencyKey: callOptions?.idempotencyKey ?? randomUUID() };
    let pause = firstRetryMs;
    for (;;) {
      const result = await call('sales.create', input, keyed);
      if (result.ok || !SEND_AGAIN.has(result.error.code) || stopped) return result;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, maxRetryMs);
    }
  }

  async function invoke(operation: string, input: unknown, callOptions?: InvokeOptions): Promise<ApiResult<unknown>> {
    if (!isOperationName(operation)) return { ok: false, error: new StoreError('NOT_FOUND', `There is no operation named ${JSON.stringify(String(operation)).slice(0, 80)}`).toBody() };
    if (operation === 'sales.create') return sell(input, callOptions);
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
