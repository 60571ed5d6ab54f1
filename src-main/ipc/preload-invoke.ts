/**
 * The preload's `window.petstore.invoke`, kept free of Electron so that the IPC tests run this very
 * code over their stand-in for ipcRenderer (src-main/app/preload.ts passes the real one).
 */
import type { ApiResult } from '../../src-shared/api-result';
import { OPERATION_NAME_PATTERN, operationChannel, type InvokeOptions, type PetstoreBridge } from '../../src-shared/bridge';
import { errorBody } from '../../src-shared/error-catalogue';

/** Sends one message on an IPC channel and resolves with the main process's answer (ipcRenderer.invoke). */
export type InvokeChannel = (channel: string, input: unknown, options?: InvokeOptions) => Promise<unknown>;

const notFound = (operation: string): ApiResult<never> => ({
  ok: false,
  error: errorBody('NOT_FOUND', `There is no operation named ${JSON.stringify(operation).slice(0, 80)}`),
});

/** Builds `invoke` on top of `invokeChannel`: it never rejects, every failure is an Error object. */
export function createInvoke(invokeChannel: InvokeChannel): PetstoreBridge['invoke'] {
  return async (operation, input, options) => {
    if (typeof operation !== 'string' || !OPERATION_NAME_PATTERN.test(operation)) return notFound(String(operation));
    try {
      // Only a key crosses as the third argument: nothing else of the page's object does.
      const keyed = options?.idempotencyKey === undefined ? [] : [{ idempotencyKey: options.idempotencyKey }];
      return (await invokeChannel(operationChannel(operation), input, ...keyed)) as ApiResult<unknown>;
    } catch (error) {
      // No handler for that channel: not an operation of the contract.
      if (String(error).includes('No handler registered')) return notFound(operation);
      // Anything else is an input that cannot cross the bridge (functions, DOM nodes…).
      return { ok: false, error: errorBody('VALIDATION_FAILED', 'The input cannot be sent to the store: plain data only') };
    }
  };
}
