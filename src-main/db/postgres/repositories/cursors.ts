import { decodeCursor, type CursorScope, type Position } from '../../repositories/paging';
import type { Step } from '../../step';

/** Told to decodeCursor's `sortValueOf` to stop it: the value must be read from the database first. */
const VALUE_NEEDED = Symbol('value needed');

/**
 * decodeCursor on PostgreSQL: a cursor carrying its sort value's digest needs the row's current
 * value, which paging.ts asks for synchronously; it is read here first (only for such a cursor).
 */
export function* decodeCursorStep(cursor: string, scope: CursorScope, valueOf: (id: number) => Step<string | undefined>): Step<Position> {
  let asked: number | undefined;
  try {
    return decodeCursor(cursor, {
      ...scope,
      sortValueOf: (id) => {
        asked = id;
        throw VALUE_NEEDED;
      },
    });
  } catch (error) {
    if (error !== VALUE_NEEDED) throw error;
  }
  const current = yield* valueOf(asked!);
  return decodeCursor(cursor, { ...scope, sortValueOf: () => current });
}
