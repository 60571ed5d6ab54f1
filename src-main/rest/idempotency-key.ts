import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../../src-shared/contract-types';
import { validationFailed, type StoreError } from '../../src-shared/errors';
import type { IdempotentAnswer } from '../db/repositories/idempotency-keys';
import { IDEMPOTENCY_KEY as KEY, IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '../service/idempotency';
import type { RestStore } from './rest-store';

export { IDEMPOTENCY_KEY_PATTERN };
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The first answer to a key, given again to a retry: sent as it was, with `Idempotent-Replayed: true`. */
export class ReplayedAnswer {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {}
}

/**
 * A create's handler as the request asks for it: as it is without an `Idempotency-Key`; with one,
 * run once per key and token (service/idempotency.ts), a retry answering with a ReplayedAnswer. A
 * key that is no key is refused before anything runs.
 */
export function idempotentHandler(
  store: Pick<RestStore, 'runOnce'>,
  name: string,
  def: OperationDef,
  request: FastifyRequest,
  handler: (input: unknown) => unknown,
): ((input: unknown) => unknown) | StoreError {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return handler;
  if (typeof key !== 'string' || !KEY.test(key)) {
    return validationFailed([{ path: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MESSAGE }]);
  }
  // Writes need a write token, so one is always there; the request is the operation and its parsed input.
  return (parsed) => {
    const once = { tokenId: request.token!.id, key, operation: name, request: JSON.stringify([name, parsed]), status: def.http!.success };
    const done = store.runOnce(once, handler, parsed);
    return isThenable(done) ? done.then(answerOf) : answerOf(done);
  };
}

const answerOf = (done: { data: unknown } | { replay: IdempotentAnswer }) =>
  'replay' in done ? new ReplayedAnswer(done.replay.status, done.replay.body) : done.data;

const isThenable = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown }).then === 'function';
