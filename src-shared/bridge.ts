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
  /**
   * The link to the shop server of a connected till: called with the state now, then with each
   * change; a till with its own store is always `local`. Returns the unsubscribe function.
   */
  onLink(listener: (status: LinkStatus) => void): () => void;
}

/** A connected till's link to its shop server (`local`: the store is on this machine). */
export interface LinkStatus {
  state: 'local' | 'connecting' | 'up' | 'down';
  /** The shop server's address (connected tills). */
  server?: string;
  /** Why it is down: the Error object's code (SERVER_UNREACHABLE, SERVER_CERTIFICATE_CHANGED, UNAUTHORIZED). */
  reason?: string;
}

/** What a connected till's call answers when its shop server did not (SERVER_UNREACHABLE). */
export const unreachableMessage = (server: string, timedOut = false) => `The shop server at ${server} ${timedOut ? 'did not answer in time' : 'cannot be reached'}`;
/** What a connected till's call answers (UNAUTHORIZED) once the shop server refuses the till's own token. */
export const REVOKED_TILL_MESSAGE = 'This till was revoked on the shop server: pair it again';
/** Whether a message is one of those answers: the page's link banner says it once, so no toast repeats it per call. */
export const isUnreachableMessage = (text: unknown) =>
  typeof text === 'string' && (/^The shop server at \S+ (cannot be reached|did not answer in time)$/.test(text) || text.startsWith(REVOKED_TILL_MESSAGE));

/** IPC channel of an operation: one channel per contract operation. */
export const operationChannel = (operation: string) => `petstore:op:${operation}`;
/** Carries arrays of store events, in log order (src-main/host/event-batches.ts). */
export const EVENT_CHANNEL = 'petstore:event';
export const COMMAND_CHANNEL = 'petstore:command';
/** Carries the link's LinkStatus to the windows of a connected till. */
export const LINK_CHANNEL = 'petstore:link';
/** Operation names are dotted identifiers; anything else never reaches the main process. */
export const OPERATION_NAME_PATTERN = /^[a-z]+\.[a-zA-Z]+$/;
