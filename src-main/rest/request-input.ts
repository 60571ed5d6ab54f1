import type { z } from 'zod';
import type { OperationDef } from '../../src-shared/contract-types';
import { StoreError } from '../../src-shared/errors';
import { BROKEN_ENCODING, type ParsedQuery } from './query-string';
import { refuseBodyOfOtherKind } from './binary-body';

type Kind = 'number' | 'boolean' | 'string' | 'other';

/**
 * Strips optional/default/nullable wrappers to the schema that says what a value is; a schema
 * with a transform (a pipe) is read by what it takes in.
 */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } };
  for (;;) {
    const { type, innerType } = current._zod.def;
    if (['optional', 'default', 'nullable', 'prefault'].includes(type) && innerType) current = innerType as typeof current;
    else if (type === 'pipe' && current._zod.def.in) current = current._zod.def.in as typeof current;
    else return current;
  }
}

function kindOf(schema: z.ZodType): Kind {
  const type = (unwrap(schema) as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  if (type === 'number' || type === 'int') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' || type === 'enum') return 'string';
  return 'other';
}

/** What a field's schema says about its text: an array or not, and of which kind (worked out once per schema). */
const fieldKinds = new WeakMap<z.ZodType, { array: boolean; kind: Kind }>();
function fieldKind(field: z.ZodType): { array: boolean; kind: Kind } {
  let known = fieldKinds.get(field);
  if (!known) {
    const inner = unwrap(field) as unknown as { _zod: { def: { type: string; element?: z.ZodType } } };
    known = inner._zod.def.type === 'array' ? { array: true, kind: kindOf(inner._zod.def.element!) } : { array: false, kind: kindOf(field) };
    fieldKinds.set(field, known);
  }
  return known;
}

/** What a parameter's text must look like, said the way a client can act on it. */
const EXPECTED: Partial<Record<Kind, string>> = { number: 'must be a whole number', boolean: 'must be true or false' };

/**
 * Numbers in paths and queries are whole (ids, limits): digits only, so that `1.0000000000000001`
 * or `1e0` can never be read as another id. Beyond 2^53−1 the schema refuses the number.
 */
export const WHOLE_NUMBER_PARAMETER = /^-?\d{1,30}$/;

function coerce(key: string, value: string, kind: Kind): unknown {
  if (kind === 'number' && WHOLE_NUMBER_PARAMETER.test(value)) return Number(value);
  if (kind === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  const expected = EXPECTED[kind];
  if (expected) {
    const name = key.slice(0, 100);
    throw new StoreError('VALIDATION_FAILED', `Invalid input: ${name}: ${expected}`, [{ path: name, message: expected }]);
  }
  return value; // text: the schema judges it
}

/**
 * Turns path and query strings into the typed fields the operation's input schema expects:
 * numbers and booleans by the schema's field type; repeated or comma-separated values for arrays.
 * Nothing is validated here; the contract's schema does that afterwards.
 */
export function coerceParameters(
  shape: Record<string, z.ZodType>,
  raw: Record<string, string | string[] | undefined>,
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  // Filled in place rather than through Object.entries/fromEntries (both allocate per request).
  for (const key in raw) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = raw[key];
    if (value === undefined) continue;
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    let coerced: unknown = value;
    if (field) {
      const { array, kind } = fieldKind(field);
      if (array) {
        const items: unknown[] = [];
        let empty = false;
        for (const text of Array.isArray(value) ? value : [value]) {
          if (!text.includes(',')) {
            if (text !== '') items.push(coerce(key, text, kind));
            else empty = true;
            continue;
          }
          for (const item of text.split(',')) {
            if (item !== '') items.push(coerce(key, item, kind));
            else empty = true;
          }
        }
        // `id=1,,2`, `id=1,` or `id=1&id=&id=2`: a value went missing (a script joined an empty one);
        // say so rather than drop it. Nothing at all (`id=`) is the schema's "at least one".
        if (empty && items.length > 0) throw emptyListItem(key);
        coerced = items;
      } else if (Array.isArray(value)) {
        // `?limit=1&limit=2`: which one was meant is a guess; ask instead of reading "not a number".
        const name = key.slice(0, 100);
        throw new StoreError('VALIDATION_FAILED', `Invalid input: ${name}: must be given once`, [{ path: name, message: 'must be given once' }]);
      } else {
        coerced = coerce(key, value, kind);
      }
    }
    setOwn(into, key, coerced);
  }
  return into;
}

/**
 * Sets an own data property, as Object.fromEntries would: keys such as `__proto__` stay ordinary
 * unknown fields that the strict schema names in its refusal (an assignment would set the prototype).
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The names of `{param}` segments in a contract path. */
export const pathParameters = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/** The input fields that travel in the query string: all but path parameters and the body field. */
export function queryFields(def: OperationDef): string[] {
  const http = def.http!;
  if (http.body === '*') return [];
  const shape = (def.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const inPath = new Set(pathParameters(http.path));
  return Object.keys(shape).filter((key) => !inPath.has(key) && key !== http.body);
}

/** Assembles an operation's raw input from an HTTP request's parts, as the contract binding says. */
export function rawInput(
  def: OperationDef,
  parts: { params: Record<string, string>; query: ParsedQuery; body: unknown },
): unknown {
  const http = def.http!;
  const broken = parts.query[BROKEN_ENCODING];
  if (broken !== undefined) {
    const problem = 'Broken percent-encoding: encode text as UTF-8 (ä is %C3%A4) and a literal % as %25';
    throw new StoreError('VALIDATION_FAILED', `Invalid input: ${broken}: ${problem}`, [{ path: broken, message: problem }]);
  }
  if (!http.body && parts.body !== undefined) {
    throw new StoreError('VALIDATION_FAILED', 'Invalid input: this operation takes no request body', [{ path: 'body', message: 'Send no body' }]);
  }
  refuseBodyOfOtherKind(def, parts.body);
  if (http.body && parts.body === undefined) {
    if (http.bodyMedia) throw new StoreError('VALIDATION_FAILED', 'The request body is empty; send the file', [{ path: 'body', message: 'Send the file' }]);
    throw new StoreError('MALFORMED_JSON', 'The request body is empty; send a JSON object');
  }
  if (http.body === '*') {
    // The whole input is the body: a query string has nowhere to go, and is refused, not ignored.
    const stray = Object.keys(parts.query)[0];
    if (stray !== undefined) {
      throw new StoreError('VALIDATION_FAILED', `Invalid input: unknown query parameter "${stray.slice(0, 100)}"; this operation takes its input in the body`, [
        // Named as every query parameter is, by its name alone (docs/errors.md).
        { path: stray.slice(0, 100), message: `Unknown query parameter "${stray.slice(0, 100)}"` },
      ]);
    }
    return parts.body;
  }
  const shape = (def.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  // Path parameters win over query fields of the same name.
  const input = coerceParameters(shape, parts.params, coerceParameters(shape, parts.query));
  if (http.body) input[http.body] = parts.body;
  return input;
}

/** A list (comma-separated or repeated) with an empty item in it. */
function emptyListItem(key: string): StoreError {
  const name = key.slice(0, 100);
  const message = 'has an empty item (between commas, or a repeated parameter without a value): give each value, or leave the filter out';
  return new StoreError('VALIDATION_FAILED', `Invalid input: ${name}: ${message}`, [{ path: name, message }]);
}
