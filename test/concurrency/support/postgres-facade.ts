/**
 * The service on a PostgreSQL store of this process, called as IPC calls it (the contract parses the
 * input): the concurrency suites' checker beside the child processes that make the calls.
 */
import type { ApiResult } from '../../../src-shared/api-result';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../../src-shared/contract';
import type { ErrorBody } from '../../../src-shared/errors';
import type { Handlers } from '../../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import type { PostgresStore } from '../../../src-main/service/postgres-store';

type Input<K extends CallableOperationName> = OperationInput<K> | Record<string, unknown>;

export interface StoreCalls {
  call<K extends CallableOperationName>(name: K, input?: Input<K>): Promise<ApiResult<OperationOutput<K>>>;
  /** Calls and expects success: the data, or a throw with the Error object. */
  ok<K extends CallableOperationName>(name: K, input?: Input<K>): Promise<OperationOutput<K>>;
  /** Calls and expects failure: the Error object, or a throw. */
  fail<K extends CallableOperationName>(name: K, input?: Input<K>): Promise<ErrorBody>;
}

export function facadeOf(store: PostgresStore): StoreCalls {
  const call = ((name: CallableOperationName, input: unknown = {}) =>
    invokeOperationAsync(store.handlers as unknown as Partial<Handlers>, name, input)) as StoreCalls['call'];
  return {
    call,
    async ok(name, input) {
      const result = await call(name, input);
      if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
      return result.data;
    },
    async fail(name, input) {
      const result = await call(name, input);
      if (result.ok) throw new Error(`${name} succeeded unexpectedly: ${JSON.stringify(result.data)}`);
      return result.error;
    },
  };
}
