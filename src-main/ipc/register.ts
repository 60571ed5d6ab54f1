import type { ApiResult } from '../../src-shared/api-result';
import { operationChannel } from '../../src-shared/bridge';
import { OPERATION_NAMES, operationDef, type OperationName } from '../../src-shared/contract';
import { StoreError } from '../../src-shared/errors';
import { createDeskSession } from '../service/desk-session';
import type { Handlers } from '../service/handler-types';
import type { ServiceContext } from '../service/context';
import { invokeOperationAsync, type LockWait } from '../service/invoke';

/** The part of Electron's ipcMain this module needs; tests pass a stand-in. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, input: unknown, options?: unknown) => unknown): void;
  removeHandler(channel: string): void;
}
export interface IpcInvokeEventLike {
  senderFrame?: { url: string } | null;
}

export interface RegisterOptions {
  /** Whether a message comes from our own renderer; anything else is refused. */
  isTrustedSender(event: IpcInvokeEventLike): boolean;
  /** Waits for another process's write lock without blocking the main process (the store's group commit). */
  lockWait?: LockWait;
  /**
   * The store's context: where the answers to the windows' Idempotency-Keys are kept, and the desk's
   * clerk session (desk-session.ts). Without it a key is refused and every call is the owner's (tests).
   */
  context?: ServiceContext;
  /** Told what the windows may call now, at once and after each sign-in and sign-out (the native menu follows it). */
  onAccessChange?: (mayCall: (name: OperationName) => boolean) => void;
}

/**
 * Registers one IPC handler per callable contract operation, in one loop. Each handler checks
 * the sender, parses the input with the operation's schema and answers with an ApiResult:
 * a failure is an Error object the renderer can read, never a thrown error.
 */
export function registerStoreIpc(ipcMain: IpcMainLike, handlers: Partial<Handlers>, options: RegisterOptions): () => void {
  const desk = options.context && createDeskSession(options.context);
  const deskHandlers = desk ? desk.withDesk(handlers) : handlers;
  if (desk && options.onAccessChange) {
    const tell = options.onAccessChange;
    desk.onChange(() => tell(desk.mayCall));
    tell(desk.mayCall);
  }
  return registerInvokeIpc(ipcMain, (name, input, key) => {
    if (key !== undefined && !options.context) return Promise.resolve({ ok: false, error: new StoreError('VALIDATION_FAILED', 'This window cannot send an Idempotency-Key').toBody() });
    return invokeOperationAsync(deskHandlers, name, input, options.lockWait, key === undefined ? undefined : { context: options.context!, key }, desk?.who);
  }, options);
}

/** Runs one operation for a window; never rejects (a connected till's remote-handlers.ts, or the store's). */
export type WindowInvoke = (name: string, input: unknown, idempotencyKey: unknown) => Promise<ApiResult<unknown>>;

/** The same channels, each answered by `invoke`: a connected till's calls go to its shop server. */
export function registerInvokeIpc(ipcMain: IpcMainLike, invoke: WindowInvoke, options: Pick<RegisterOptions, 'isTrustedSender'>): () => void {
  const channels: string[] = [];
  for (const name of OPERATION_NAMES) {
    if (operationDef(name).http?.stream) continue; // streams reach the renderer as pushed events
    const channel = operationChannel(name);
    ipcMain.handle(channel, async (event, input, callOptions): Promise<ApiResult<unknown>> => {
      if (!options.isTrustedSender(event)) {
        return { ok: false, error: new StoreError('FORBIDDEN', 'This window may not call the store').toBody() };
      }
      return invoke(name, input, (callOptions as { idempotencyKey?: unknown } | undefined)?.idempotencyKey);
    });
    channels.push(channel);
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
