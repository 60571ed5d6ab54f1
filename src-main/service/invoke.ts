import type { ApiResult } from '../../src-shared/api-result';
import { contract, isOperationName, type CallableOperationName } from '../../src-shared/contract';
import { StoreError, validationError } from '../../src-shared/errors';
import type { Handlers } from './handler-types';
import { toErrorBody } from './errors';

/**
 * The one way in for in-process transports (IPC, the browser host, the CLI): the operation name
 * is checked against the contract, the raw input parsed with its schema, the handler run, and
 * any failure turned into an Error object. Nothing is thrown back to the caller.
 */
export function invokeOperation(handlers: Partial<Handlers>, name: unknown, rawInput: unknown): ApiResult<unknown> {
  try {
    if (!isOperationName(name) || !(name in handlers)) {
      throw new StoreError('NOT_FOUND', `There is no operation named ${JSON.stringify(String(name)).slice(0, 80)}`);
    }
    const parsed = contract[name].input.safeParse(rawInput ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const handler = handlers[name as CallableOperationName] as (input: unknown) => unknown;
    return { ok: true, data: handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toErrorBody(error) };
  }
}

/** As `invokeOperation`, also awaiting handlers that answer later (the listener's). */
export async function invokeOperationAsync(handlers: Partial<Handlers>, name: unknown, rawInput: unknown): Promise<ApiResult<unknown>> {
  const result = invokeOperation(handlers, name, rawInput);
  if (!result.ok || !(result.data instanceof Promise)) return result;
  try {
    return { ok: true, data: await result.data };
  } catch (error) {
    return { ok: false, error: toErrorBody(error) };
  }
}
