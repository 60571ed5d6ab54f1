import { StoreError } from '../../../src-shared/errors';

/** A keyset position: the sort value of the last row seen and its id (the tiebreaker). */
export type Keyset = [value: string | number, id: number];

/** Cursors are opaque to clients: base64url of the last row's keyset. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify(keyset)).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === 'string' || typeof value[0] === 'number') &&
      Number.isSafeInteger(value[1])
    ) {
      return value as Keyset;
    }
  } catch {
    // fall through to the error below
  }
  throw new StoreError('VALIDATION_FAILED', 'Invalid input: cursor: not a cursor this service issued', [
    { path: 'cursor', message: 'Not a cursor this service issued' },
  ]);
}

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(n: number): string {
  return new Array(n).fill('?').join(', ');
}
