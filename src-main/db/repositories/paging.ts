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

/** Case folding used for case-insensitive name search and uniqueness; stored beside the name. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US');
}

/**
 * The key names sort and are searched by: case-folded, accents dropped (é → e, Ä → a), so that a
 * list reads in alphabetical order as a person expects and "emile" finds "Émile"; equal keys
 * ("Emile", "Émile") fall back to the id. Letters without a base letter (ß, æ, ø) stay themselves
 * (and sort after z).
 */
export function nameSortKey(name: string): string {
  return fold(name).normalize('NFD').replace(/\p{M}+/gu, '');
}
