/**
 * Numbers in JSON text (a REST body, an import file) that JSON.parse would misread: this reads the
 * number literals of text that already parsed and names those whose written value is not the whole
 * number JSON.parse made of them (docs/decisions.md#numbers-are-taken-as-written).
 */

export interface InexactNumber {
  /** Where the number is, as Zod names paths: `categoryId`, `items.0.quantity`. */
  path: string;
  message: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MAX_PATH_PART = 60;
/** A path deeper than this is shown by its first and last parts (`a.b.….y.z`): its length is bounded whatever the nesting. */
const MAX_PATH_PARTS = 8;
const MAX_LITERAL_SHOWN = 40;
/** How many numbers are named by default: enough to act on, and a bounded answer for any body. */
export const MAX_INEXACT_NAMED = 10;

/** Cheap test first: a body without a fraction, an exponent or 16 digits in a row has nothing to misread. */
const MAYBE_INEXACT = /\d[.eE]|\d{16}/;

/**
 * The first `limit` numbers of `text` (valid JSON) that JSON.parse did not read exactly as a whole
 * number; none for most bodies. One pass over the text, whatever its nesting.
 */
export function inexactNumbers(text: string, limit = MAX_INEXACT_NAMED): InexactNumber[] {
  if (!MAYBE_INEXACT.test(text)) return [];
  const found: InexactNumber[] = [];
  // One entry per open container: an object's current key, or an array's current index.
  const path: (string | number)[] = [];
  const kinds: ('object' | 'array')[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const end = endOfString(text, i);
      // A string followed by a colon is a key: it names what comes next.
      if (kinds.at(-1) === 'object' && text[skipSpace(text, end)] === ':') path[path.length - 1] = JSON.parse(text.slice(i, end)) as string;
      i = end;
    } else if (char === '{' || char === '[') {
      kinds.push(char === '{' ? 'object' : 'array');
      path.push(char === '{' ? '' : 0);
      i++;
    } else if (char === '}' || char === ']') {
      kinds.pop();
      path.pop();
      i++;
    } else if (char === ',') {
      if (kinds.at(-1) === 'array') path[path.length - 1] = (path.at(-1) as number) + 1;
      i++;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)![0];
      const problem = misreading(literal);
      if (problem) {
        found.push({ path: pathText(path), message: problem });
        if (found.length >= limit) return found;
      }
      i += literal.length;
    } else {
      i++;
    }
  }
  return found;
}

/** The index just past the string literal that starts at `start`. */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t') i++;
  return i;
}

/**
 * Why JSON.parse misreads this literal as a whole number a schema would accept, or undefined. A
 * fraction (1.5) or a whole number beyond ±(2^53−1) is left to the schema, which refuses it in its
 * own words; Infinity is named here, as a schema can only call it "not a number".
 */
export function misreading(literal: string): string | undefined {
  const value = Number(literal);
  const shown = literal.length > MAX_LITERAL_SHOWN ? `${literal.slice(0, MAX_LITERAL_SHOWN)}…` : literal;
  if (!Number.isFinite(value)) return `${shown} is too large: whole numbers go up to 9,007,199,254,740,991`;
  if (!Number.isSafeInteger(value)) return undefined;
  const written = exactWholeValue(literal);
  if (written === BigInt(value)) return undefined;
  return written === undefined
    ? `${shown} is not a whole number`
    : `${shown} is too large: whole numbers go up to 9,007,199,254,740,991`;
}

/** The literal's exact value if it is a whole number (`1.0`, `1e0`, `10e-1` are), else undefined. */
function exactWholeValue(literal: string): bigint | undefined {
  const [, sign, whole, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal)!;
  const digits = (whole! + fraction).replace(/^0+/, '');
  if (digits === '') return 0n;
  const scale = Number(exponent) - fraction.length;
  let magnitude: bigint;
  if (scale >= 0) {
    // A finite double is below 10^309: a larger scale made Infinity above, or has digits === ''.
    magnitude = BigInt(digits) * 10n ** BigInt(scale);
  } else {
    const kept = digits.length + scale;
    if (kept <= 0 || !/^0*$/.test(digits.slice(kept))) return undefined;
    magnitude = BigInt(digits.slice(0, kept));
  }
  return sign ? -magnitude : magnitude;
}

function pathText(path: (string | number)[]): string {
  const shown = path.length <= MAX_PATH_PARTS ? path : [...path.slice(0, MAX_PATH_PARTS / 2), '…', ...path.slice(-MAX_PATH_PARTS / 2)];
  return shown
    .map((part) => (typeof part === 'string' && part.length > MAX_PATH_PART ? `${part.slice(0, MAX_PATH_PART)}…` : String(part)))
    .join('.');
}
