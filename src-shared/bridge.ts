/**
 * The API the preload exposes on `window.petstore`, and nothing else. Both the Electron preload
 * and the browser host implement it; the renderer's typed client is built on top of it.
 */
import type { ApiResult } from './api-result';
import type { StoreEvent } from './schemas/event';
import type { CommandName } from './commands';

export interface PetstoreBridge {
  /** Runs a contract operation in the main process. Never rejects: failures are Error objects. */
  invoke(operation: string, input: unknown): Promise<ApiResult<unknown>>;
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
