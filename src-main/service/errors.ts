import { z } from 'zod';
import { StoreError, validationError, type ErrorBody } from '../../src-shared/errors';
import { isStorageFull, storageFull } from './storage-full';

/** SQLite's "database is locked" family, raised once the busy timeout has run out. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Every failure, whatever threw it, becomes an Error object. Unknown faults are reported as
 * INTERNAL with a generic message: the details go to the log, never to the caller. A full disk is
 * STORAGE_FULL (service/storage-full.ts).
 */
export function toErrorBody(error: unknown, log: (error: unknown) => void = defaultLog): ErrorBody {
  if (error instanceof StoreError) return error.toBody();
  if (error instanceof z.ZodError) return validationError(error).toBody();
  if (isBusy(error)) {
    return new StoreError('SERVICE_BUSY', 'The database is busy with another program; try again in a moment').toBody();
  }
  // Not a fault of the service: said to the caller, and logged once while the disk stays full.
  if (isStorageFull(error)) return storageFull();
  log(error);
  return new StoreError('INTERNAL', 'Something went wrong inside the service; it has been logged').toBody();
}

function defaultLog(error: unknown): void {
  console.error('[petstore] internal error:', error);
}
