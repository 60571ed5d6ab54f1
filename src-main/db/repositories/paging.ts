import { hash } from 'node:crypto';
import { StoreError } from '../../../src-shared/errors';
import { CURSOR_MAX_LENGTH, isWellFormedText } from '../../../src-shared/schemas/common';
import { PetStatus } from '../../../src-shared/schemas/pet';

/**
 * Keyset cursors, tied to the query they continue (docs/decisions.md#a-cursor-names-the-query-it-continues):
 * base64url of `[1, list, sort, filterKey, id]`, or `[…, id, value]` for a list sorted by a value
 * (`{"h": digest}` for a value too long for a cursor), accepted only as this module would issue them.
 */

export type ListName = 'pets' | 'categories' | 'orders' | 'inventory' | 'customers' | 'movements' | 'sales' | 'refunds';

/** What a list sorted by this carries besides the id: nothing, a text (a sort key), a pet status, a count (digits). */
type ValueKind = 'none' | 'text' | 'status' | 'count';

/** Each list's sorts (as `CursorScope.sort` names them) and what their positions carry. */
const SORTS: Record<ListName, Readonly<Record<string, ValueKind>>> = {
  pets: {
    id: 'none',
    '-id': 'none',
    name: 'text',
    '-name': 'text',
    status: 'status',
    '-status': 'status',
    stock: 'count',
    '-stock': 'count',
    category: 'text',
    '-category': 'text',
  },
  categories: { name: 'text' },
  orders: { '-id': 'none', id: 'none' },
  inventory: { petId: 'none' },
  customers: { name: 'text' },
  movements: { '-id': 'none' },
  sales: { '-createdAt': 'text' },
  refunds: { id: 'none' },
};

const VERSION = 1;
const FILTER_KEY_LENGTH = 8;
const VALUE_DIGEST_LENGTH = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const STATUSES: readonly string[] = PetStatus.options;

/** The query a cursor continues. */
export interface CursorScope {
  list: ListName;
  sort: string;
  /**
   * The filter values in one canonical form (JSON-able): sets sorted and without repeats, texts as
   * they are compared (`nameSortKey`), absent filters as null, so requests that select the same
   * rows share a key. A scope is built only when a cursor is issued or read, so this is a value.
   */
  filters: unknown;
  /** Sorts by a text: the row's current sort value (for a cursor that carries only its digest). */
  sortValueOf?: (id: number) => string | undefined;
}

/** A keyset position: the last row's id and, unless the list is sorted by id, its sort value. */
export interface Position {
  id: number;
  value?: string;
}

/** Sorted values without repeats, or null for a filter not given: `[2, 1, 2]` and `[1, 2]` select the same rows. */
export function canonicalSet<T extends string | number>(values: readonly T[] | undefined): T[] | null {
  if (!values?.length) return null;
  const set = [...new Set(values)];
  return typeof set[0] === 'number' ? (set as number[]).sort((a, b) => a - b) as T[] : set.sort();
}

const MAX_KEPT_KEYS = 256;
const filterKeys = new Map<string, string>();

/** 48 bits of SHA-256: built into Node, one-shot (about 0.4 µs), stable across processes and versions. */
function filterKey(scope: CursorScope): string {
  const canonical = JSON.stringify(scope.filters);
  let key = filterKeys.get(canonical);
  if (key === undefined) {
    key = digest(canonical, FILTER_KEY_LENGTH);
    if (filterKeys.size >= MAX_KEPT_KEYS) filterKeys.clear();
    filterKeys.set(canonical, key);
  }
  return key;
}

function digest(text: string, length: number): string {
  return hash('sha256', text, 'base64url').slice(0, length);
}

const toBase64url = (fields: unknown[]) => Buffer.from(JSON.stringify(fields)).toString('base64url');

/** The cursor of the page after `position`, in the query `scope` names. */
export function encodeCursor(scope: CursorScope, position: Position): string {
  const fields: unknown[] = [VERSION, scope.list, scope.sort, filterKey(scope), position.id];
  if (position.value === undefined) return toBase64url(fields);
  const cursor = toBase64url([...fields, position.value]);
  return cursor.length <= CURSOR_MAX_LENGTH ? cursor : toBase64url([...fields, { h: digest(position.value, VALUE_DIGEST_LENGTH) }]);
}

/**
 * The position `cursor` continues from, once it is known to be one this service issued for the
 * query `scope` names; otherwise VALIDATION_FAILED on `cursor`, saying what is wrong.
 */
export function decodeCursor(cursor: string, scope: CursorScope): Position {
  const fields = parse(cursor);
  if (!fields) throw cursorError('not a cursor this service issued (it is damaged, truncated or made by hand); start again without a cursor');
  const [, list, sort, key, id, value] = fields;
  if (list !== scope.list) {
    throw cursorError(`this cursor belongs to the ${list} list, not the ${scope.list} list; start again without a cursor`);
  }
  if (sort !== scope.sort) {
    throw cursorError(
      `this cursor belongs to another query (sort=${sort}, not sort=${scope.sort}); keep the sort of the walk or start again without a cursor`,
    );
  }
  if (key !== filterKey(scope)) {
    throw cursorError(
      'this cursor belongs to another query (different filters); keep the filters of the walk (the limit may change) or start again without a cursor',
    );
  }
  if (value === undefined || typeof value === 'string') return { id, value };
  const current = scope.sortValueOf?.(id);
  if (current === undefined || digest(current, VALUE_DIGEST_LENGTH) !== value.h) {
    throw cursorError('the row this cursor stopped at has been renamed or deleted since; start again without a cursor');
  }
  return { id, value: current };
}

type Fields = [version: number, list: ListName, sort: string, key: string, id: number, value?: string | { h: string }];

/** The cursor's fields if it is exactly what `encodeCursor` would issue for them; else undefined. */
function parse(cursor: string): Fields | undefined {
  if (cursor.length > CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length < 5 || fields.length > 6) return undefined;
  const [version, list, sort, key, id, value] = fields as unknown[];
  if (version !== VERSION || typeof list !== 'string' || !Object.hasOwn(SORTS, list)) return undefined;
  const sorts = SORTS[list as ListName];
  if (typeof sort !== 'string' || !Object.hasOwn(sorts, sort)) return undefined;
  if (typeof key !== 'string' || key.length !== FILTER_KEY_LENGTH || !BASE64URL.test(key)) return undefined;
  if (!Number.isSafeInteger(id) || (id as number) < 1) return undefined;
  const kind = sorts[sort];
  if (kind === 'none' ? fields.length !== 5 : fields.length !== 6) return undefined;
  if (kind === 'status' && !STATUSES.includes(value as string)) return undefined;
  if (kind === 'text' && !isTextPosition(value)) return undefined;
  if (kind === 'count' && !(typeof value === 'string' && /^(0|[1-9]\d{0,6})$/.test(value))) return undefined;
  // One spelling only: no spaces, escapes, `1e3` or stray bits, nothing a client made differently.
  if (toBase64url(fields) !== cursor) return undefined;
  return fields as Fields;
}

function isTextPosition(value: unknown): boolean {
  if (typeof value === 'string') return isWellFormedText(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const h = (value as { h?: unknown }).h;
  return keys.length === 1 && typeof h === 'string' && h.length === VALUE_DIGEST_LENGTH && BASE64URL.test(h);
}

function cursorError(message: string): StoreError {
  return new StoreError('VALIDATION_FAILED', `Invalid input: cursor: ${message}`, [{ path: 'cursor', message }]);
}

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(n: number): string {
  return new Array(n).fill('?').join(', ');
}
