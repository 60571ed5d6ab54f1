import { z } from '../zod-setup';

/**
 * Ids are int64 in the document, but JavaScript numbers are exact only up to 2^53−1.
 * Anything larger is refused rather than silently rounded.
 */
export const Id = z
  .int() // z.int() is the safe-integer range: up to 2^53−1
  .min(1)
  .meta({ format: 'int64', example: 1 });

/**
 * Text without unpaired UTF-16 surrogate halves (JSON's `"\ud800"`): SQLite would store them as
 * bytes that are not UTF-8 and give back U+FFFD, so the text read back would not be the text sent.
 */
export const isWellFormedText = (text: string): boolean => !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
export const ILL_FORMED_TEXT = 'Must be valid Unicode text (it holds half of a surrogate pair)';

/**
 * Whether a text shows something: a letter, digit, punctuation or symbol other than the letters
 * and symbols that print as blanks (Hangul fillers, the blank Braille pattern). A name of only
 * joiners, combining marks, variation selectors or tag characters would print as nothing.
 */
export const hasVisibleCharacter = (text: string): boolean => /[\p{L}\p{N}\p{P}\p{S}]/u.test(text.replace(/[\u115f\u1160\u3164\uffa0\u2800]/g, ''));

/** The longest name, in characters after trimming. */
export const NAME_MAX = 100;

/**
 * A trimmed display name: 1–100 characters after trimming, at least one of them visible, no control
 * or invisible characters but the zero-width (non-)joiners (docs/decisions.md#names-hold-no-invisible-characters).
 */
export const Name = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(NAME_MAX, `Must be at most ${NAME_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, 'Must not contain control characters or line breaks')
  .regex(
    /^[^\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/,
    'Must not contain invisible characters (zero-width spaces, direction marks)',
  )
  .refine(isWellFormedText, ILL_FORMED_TEXT)
  // Only when nothing else is wrong: an empty name is "Must not be empty", not this as well.
  .refine(hasVisibleCharacter, { message: 'Must contain a visible character', when: (payload) => payload.issues.length === 0 });

/**
 * A search in names (the `q` of the lists): the text anywhere in the name, case and accents aside
 * (src-shared/name-keys.ts). A control character can be in no name, so a search holding one is
 * refused rather than run (PostgreSQL cannot even be sent a NUL).
 */
export const NameSearch = z
  .string()
  .trim()
  .max(100)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, 'Must not contain control characters or line breaks')
  .refine(isWellFormedText, ILL_FORMED_TEXT);

/** The longest free text (a category's description, a customer's note), in characters after trimming. */
export const DESCRIPTION_MAX = 500;

/** Free text of at most `max` characters after trimming: line breaks and tabs are fine, other control characters are not. */
export const freeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max.toLocaleString('en-US')} characters`)
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'Must not contain control characters other than line breaks and tabs')
    .refine(isWellFormedText, ILL_FORMED_TEXT);

/** Free text: line breaks and tabs are fine, other control characters are not. */
export const Description = freeText(DESCRIPTION_MAX);

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;
/**
 * A cursor's longest spelling. Room for the sort key of any 100-character name of letters, emoji
 * or CJK (up to about 1,500 bytes), so a walk by name survives renames of the row it stopped at; a
 * longer key (rare foldings: U+FDFA is 18 letters) travels as a digest (db/repositories/paging.ts).
 */
export const CURSOR_MAX_LENGTH = 2048;

/** Paging inputs shared by every list operation. */
export const PageQuery = {
  limit: z
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT)
    .describe(`Page size, 1–${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT}).`),
  cursor: z
    .string()
    // `?cursor=` is a mistake (a template left unfilled), as `?id=` is: not a silent first page.
    .min(1, 'Give the cursor of a Link header, or leave it out for the first page')
    .max(CURSOR_MAX_LENGTH)
    .optional()
    .describe('Opaque cursor from the previous page\'s `Link: rel="next"` header.'),
};

/** A page's items: at most `PAGE_LIMIT_MAX`, the largest `limit`. */
export const pageItems = <T extends z.ZodType>(item: T) => z.array(item).max(PAGE_LIMIT_MAX);

/** How many items match a list's filters, across all pages (`X-Total-Count` over HTTP). */
export const PageTotal = z.int().min(0);

/**
 * What a list operation returns to in-process callers (IPC, tests): `items` is the list's array
 * schema (a named one, such as the seed's `Pets`, is a component of the OpenAPI document).
 * Over HTTP the body is the bare `items` array; `nextCursor` becomes the `Link` header and
 * `total` the `X-Total-Count` header.
 */
export function page<T extends z.ZodType>(items: z.ZodArray<T>) {
  return z.object({
    items,
    nextCursor: z.string().nullable(),
    total: PageTotal,
  });
}

/** ISO 8601 date-time with an offset, e.g. 2026-11-22T10:00:00Z. */
export const DateTime = z.iso
  .datetime({ offset: true, message: 'Must be an ISO 8601 date and time with an offset, e.g. 2026-11-22T10:00:00Z' })
  // Stored in UTC: an offset must not push the date out of the years 0000–9999. Checked only for
  // a well-formed date-time (`when`), so "tomorrow" gets one message, not two.
  .refine(
    (value) => {
      const instant = new Date(value);
      return !Number.isNaN(instant.getTime()) && /^\d{4}-/.test(instant.toISOString());
    },
    { message: 'Must fall within the years 0000–9999 in UTC', when: (payload) => payload.issues.length === 0 },
  )
  // Parsed as the instant in UTC, as it is stored: one instant is one value whatever its offset or
  // precision, for every comparison made on parsed input (an Idempotency-Key retry, a changed field).
  .overwrite((value) => {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
  })
  .meta({ id: 'DateTime', description: 'ISO 8601 date-time with an offset.', example: '2026-11-22T10:00:00Z' });

/**
 * The rule of a PATCH body: at least one known field (an empty change is a mistake), as
 * `.refine(hasSomeField, message)`; the schema's `meta` says it in JSON Schema too (`minProperties: 1`).
 */
export const hasSomeField = (patch: object): boolean => Object.keys(patch).length > 0;

/**
 * The message for `hasSomeField`, said only when nothing else is wrong: a body holding just an
 * unknown field is "Unknown field", not that and "at least one field" too.
 */
export const someFieldRequired = (message: string) => ({ message, when: (payload: { issues: unknown[] }) => payload.issues.length === 0 });
