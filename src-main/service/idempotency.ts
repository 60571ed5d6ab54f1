import { createHash } from 'node:crypto';
import { StoreError } from '../../src-shared/errors';
import type { IdempotentAnswer } from '../db/repositories/idempotency-keys';
import { runNow, type Step } from '../db/step';
import type { ServiceContext } from './context';
import { sqliteHandlerContextOf, type HandlerContext } from './handler-context';

/** How long the first answer to a key is kept for retries. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Printable ASCII, spaces included, 1–255 characters: a UUID, an order number from the client's own system. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x20-\\x7e]{1,255}$';
export const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);
export const IDEMPOTENCY_KEY_MESSAGE = 'Must be 1–255 characters: letters, digits, spaces or ASCII punctuation';
/** Whose keys the app's own windows (IPC, the browser host) send: no token's (REST tokens are 0 and up). */
export const APP_WINDOWS_TOKEN_ID = -1;

export interface IdempotentRequest {
  tokenId: number;
  key: string;
  /** The operation that creates: kept with the answer, so that forgetting a customer finds the answers that hold them. */
  operation: string;
  /** The request in a canonical form (operation and parsed input): a retry must ask the same. */
  request: string;
  /** The status the first answer had. */
  status: number;
}

/**
 * Runs a create once per key: the first request with a key runs `create` and keeps its answer, in
 * the same transaction (a crash cannot keep one without the other); a retry with the same key and
 * the same request gets that answer back (`replay`) and creates nothing; the same key with another
 * request is refused. Refusals are not kept: they changed nothing, so a retry simply runs again.
 */
export function runOnceStep<T>(
  ctx: HandlerContext,
  { tokenId, key, operation, request, status }: IdempotentRequest,
  create: () => Step<T>,
): Step<{ data: T } | { replay: IdempotentAnswer }> {
  const fingerprint = createHash('sha256').update(request).digest('hex');
  return ctx.write(function* () {
    const now = Date.now();
    const kept = yield* ctx.idempotencyKeys.find(tokenId, key);
    if (kept && Date.parse(kept.createdAt) > now - IDEMPOTENCY_WINDOW_MS) {
      if (kept.fingerprint !== fingerprint) {
        throw new StoreError(
          'IDEMPOTENCY_KEY_REUSED',
          `Idempotency-Key "${key}" was sent with another request (${kept.createdAt}); a new request needs a new key`,
        );
      }
      return { replay: kept };
    }
    const data = yield* create();
    yield* ctx.idempotencyKeys.purge(new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString());
    yield* ctx.idempotencyKeys.put(tokenId, key, { operation, fingerprint, status, body: JSON.stringify(data), createdAt: new Date(now).toISOString() });
    return { data };
  });
}

/** `runOnceStep` on SQLite, around a handler that answers at once. */
export function runOnce<T>(context: ServiceContext, once: IdempotentRequest, create: () => T): { data: T } | { replay: IdempotentAnswer } {
  return runNow(runOnceStep(sqliteHandlerContextOf(context), once, function* () {
    return create();
  }));
}
