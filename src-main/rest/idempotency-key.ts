import type { FastifyRequest } from 'fastify';
import type { OperationDef } from '../../src-shared/contract-types';
import { validationFailed, type StoreError } from '../../src-shared/errors';
import type { ServiceContext } from '../service/context';
import { runOnce } from '../service/idempotency';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Printable ASCII, spaces included, 1–255 characters: a UUID, an order number from the client's own system. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x20-\\x7e]{1,255}$';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

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
  ctx: ServiceContext,
  name: string,
  def: OperationDef,
  request: FastifyRequest,
  handler: (input: unknown) => unknown,
  input: unknown,
): ((input: unknown) => unknown) | StoreError {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return handler;
  if (typeof key !== 'string' || !KEY.test(key)) {
    return validationFailed([{ path: IDEMPOTENCY_KEY_HEADER, message: 'Must be 1–255 characters: letters, digits, spaces or ASCII punctuation' }]);
  }
  // Writes need a write token, so one is always there; the request is the operation and its parsed input.
  const once = { tokenId: request.token!.id, key, operation: name, request: JSON.stringify([name, input]), status: def.http!.success };
  return (parsed) => {
    const done = runOnce(ctx, once, () => handler(parsed));
    return 'replay' in done ? new ReplayedAnswer(done.replay.status, done.replay.body) : done.data;
  };
}
