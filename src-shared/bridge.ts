/**
 * The API the preload exposes on `window.petstore`, and nothing else. Both the Electron preload
 * and the browser host implement it; the renderer's typed client is built on top of it.
 */
import type { ApiResult } from './api-result';
import type { StoreEvent } from './schemas/event';
import type { CommandName } from './commands';

/** How a call is made, beyond its input. */
export interface InvokeOptions {
  /**
   * For a create the contract marks `idempotencyKey`: a retry with the same key and input gets the
   * first answer again instead of a second record, as REST's Idempotency-Key header.
   */
  idempotencyKey?: string;
}

export interface PetstoreBridge {
  /** Runs a contract operation in the main process. Never rejects: failures are Error objects. */
  invoke(operation: string, input: unknown, options?: InvokeOptions): Promise<ApiResult<unknown>>;
  /** Live change events; returns the unsubscribe function. */
  onEvent(listener: (event: StoreEvent) => void): () => void;
  /** Commands chosen in the native menus (see commands.ts); returns the unsubscribe function. */
  onCommand(listener: (command: CommandName) => void): () => void;
}

/** IPC channel of an operation: one channel per contract operation. */
export const operationChannel = (operation: string) => `petstore:op:${operation}`;
/** Carries arrays of store events, in log order (src-main/host/event-batches.ts). */
export const EVENT_CHANNEL = 'petstore:event';
export const COMMAND_CHANNEL = 'petstore:command';
/** Operation names are dotted identifiers; anything else never reaches the main process. */
export const OPERATION_NAME_PATTERN = /^[a-z]+\.[a-zA-Z]+$/;
