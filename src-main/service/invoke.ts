import type { ApiResult } from '../../src-shared/api-result';
import { contract, isOperationName, operationDef, type CallableOperationName } from '../../src-shared/contract';
import { StoreError, validationError, validationFailed } from '../../src-shared/errors';
import { admit, type CallerNow } from './access';
import { runAs, type Actor } from './actor';
import { askUntilAnswered } from './busy-wait';
import { runForCaller, type Caller } from './caller';
import type { ServiceContext } from './context';
import type { Handlers } from './handler-types';
import { toErrorBody } from './errors';
import { APP_WINDOWS_TOKEN_ID, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE, runOnce } from './idempotency';

/**
 * An Idempotency-Key sent by the app's own windows (the bridge's `invoke` option), with the context
 * its answers are kept in: a create the contract marks `idempotencyKey` runs once per key, as over
 * REST (docs/decisions.md#a-till-sale-is-sent-once).
 */
export interface WindowKey {
  context: ServiceContext;
  key: unknown;
}

/** Runs a create once per window key: a retry with the same key and input gets the first answer again. */
function runKeyed({ context, key }: WindowKey, name: CallableOperationName, input: unknown, handler: (input: unknown) => unknown): unknown {
  const http = operationDef(name).http;
  if (!http?.idempotencyKey) throw validationFailed([{ path: 'idempotencyKey', message: `${name} takes no Idempotency-Key` }]);
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw validationFailed([{ path: 'idempotencyKey', message: IDEMPOTENCY_KEY_MESSAGE }]);
  const once = { tokenId: APP_WINDOWS_TOKEN_ID, key, operation: name, request: JSON.stringify([name, input]), status: http.success };
  const done = runOnce(context, once, () => handler(input));
  return 'replay' in done ? (JSON.parse(done.replay.body) as unknown) : done.data;
}

const ACCESS_REFUSALS = new Set(['SIGN_IN_REQUIRED', 'FORBIDDEN']);

/**
 * The one way in for in-process transports (IPC, the browser host, the CLI): the operation name
 * is checked against the contract, the caller against its access (`who`: a desk's windows; none:
 * the owner, as the CLI is), the raw input parsed with its schema, the handler run as the caller,
 * and any failure turned into an Error object. Nothing is thrown back to the caller.
 */
export function invokeOperation(handlers: Partial<Handlers>, name: unknown, rawInput: unknown, keyed?: WindowKey, who?: CallerNow): ApiResult<unknown> {
  try {
    if (!isOperationName(name) || !(name in handlers)) {
      throw new StoreError('NOT_FOUND', `There is no operation named ${JSON.stringify(String(name)).slice(0, 80)}`);
    }
    // Who may call it comes first, as over REST; a fault while asking (the database gone) comes
    // after the input's own problems, which need no database.
    let admitted: { caller: Caller; actor: Actor } | undefined;
    let fault: unknown;
    try {
      const now = who?.();
      if (now) admitted = { caller: now.caller, actor: admit(contract[name], now.caller, now.clerkLogins) };
    } catch (error) {
      if (error instanceof StoreError && ACCESS_REFUSALS.has(error.code)) throw error;
      fault = error;
    }
    const parsed = contract[name].input.safeParse(rawInput ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    if (fault !== undefined) throw fault;
    const handler = handlers[name as CallableOperationName] as (input: unknown) => unknown;
    const run = () => (keyed && keyed.key !== undefined ? runKeyed(keyed, name as CallableOperationName, parsed.data, handler) : handler(parsed.data));
    return { ok: true, data: admitted ? runForCaller(admitted.caller, () => runAs(admitted.actor, run)) : run() };
  } catch (error) {
    return { ok: false, error: toErrorBody(error) };
  }
}

/** How a long-running host waits for another process's write lock without stopping (the store's group commit). */
export interface LockWait {
  /** Runs work with SQLite's own (blocking) busy wait off. */
  withoutWaiting<T>(work: () => T): T;
  /** How long to keep asking before the caller is told SERVICE_BUSY. */
  readonly busyTimeoutMs: number;
}

/**
 * As `invokeOperation`, also awaiting handlers that answer later (the listener's). With `lockWait`,
 * a database locked by another process is asked again after pauses of 2 to 50 ms until the busy
 * timeout, the event loop going on meanwhile (docs/architecture.md#failures).
 */
export async function invokeOperationAsync(
  handlers: Partial<Handlers>,
  name: unknown,
  rawInput: unknown,
  lockWait?: LockWait,
  keyed?: WindowKey,
  who?: CallerNow,
): Promise<ApiResult<unknown>> {
  const result = lockWait ? await invokeWhenFree(handlers, name, rawInput, lockWait, keyed, who) : invokeOperation(handlers, name, rawInput, keyed, who);
  if (!result.ok || !(result.data instanceof Promise)) return result;
  try {
    return { ok: true, data: await result.data };
  } catch (error) {
    return { ok: false, error: toErrorBody(error) };
  }
}

async function invokeWhenFree(
  handlers: Partial<Handlers>,
  name: unknown,
  rawInput: unknown,
  lockWait: LockWait,
  keyed?: WindowKey,
  who?: CallerNow,
): Promise<ApiResult<unknown>> {
  let last!: ApiResult<unknown>;
  const settled = await askUntilAnswered(() => {
    last = lockWait.withoutWaiting(() => invokeOperation(handlers, name, rawInput, keyed, who));
    return last.ok || last.error.code !== 'SERVICE_BUSY' ? last : undefined;
  }, lockWait.busyTimeoutMs);
  return settled ?? last;
}
