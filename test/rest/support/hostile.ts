/**
 * fast-check arbitraries for hostile REST input: values that are invalid by construction for a
 * given kind of field (so a test never has to guess whether the service should accept them),
 * JSON text with number literals JSON.stringify cannot write (-0, 1e400, 2^53+1), and path or
 * query text that is not a positive safe integer.
 */
import fc from 'fast-check';

/** A number literal written into JSON text as is. */
export class Raw {
  constructor(readonly text: string) {}
}
export const raw = (text: string) => new Raw(text);

/** JSON text for a value that may contain Raw literals (anywhere). */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const PET_STATUSES = ['available', 'pending', 'sold'];
/** The reasons a clerk gives a change of stock (src-shared/schemas/inventory.ts). */
export const STOCK_REASONS = ['received', 'correction', 'lost', 'died'];
export const PET_SORTS = ['id', '-id', 'name', '-name', 'status', '-status', 'stock', '-stock', 'category', '-category'];

/** Names of Object.prototype members: as input keys they trip code that indexes plain objects. */
export const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

export const encodable = (text: string) => {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false; // lone surrogates
  }
};

/** How the REST layer reads numbers from path and query text (request-input.ts): digits only. */
const NUMBER_TEXT = /^-?\d{1,30}$/;
/**
 * Text the service legitimately reads as a positive safe integer ("7", "07"): never generated as
 * a "bad id". ("7e0", "7.0" and "6.99999999999999999999" are bad ids, and are generated.)
 */
export const readsAsPositiveId = (text: string) => NUMBER_TEXT.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= 1;

/** Repeats one character `min`–`max` times; mostly short, sometimes up to 100k characters. */
export const longString = (min: number, max = 100_000, chars = ['x', 'é', '🐶', '名', '"', '\\', '\u0000']) =>
  fc
    .tuple(fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 400) }), weight: 4 }, fc.integer({ min, max })), fc.constantFrom(...chars))
    .map(([n, char]) => char.repeat(n));

const smallJson = fc.jsonValue({ maxDepth: 2 });
export const nonString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(smallJson, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), smallJson, { maxKeys: 3 }),
);
export const nonNumber = fc.oneof(
  fc.string({ maxLength: 20 }), // "1" included: JSON bodies are not coerced
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 6 }), smallJson, { maxKeys: 2 }),
);
const fraction = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d));
const unsafe = fc.oneof(fc.double({ min: 2 ** 53, noNaN: true }), fc.constantFrom(2 ** 53, 1e308, Number.MAX_VALUE));
const hugeLiterals = ['1e400', '-1e400', '9007199254740992', '9007199254740993', '18446744073709551616', '1E1000'];

export type FieldKind =
  | 'name' | 'description' | 'id' | 'quantity' | 'stock' | 'delta' | 'stockReason' | 'status' | 'boolean' | 'datetime' | 'clearableDatetime' | 'phone' | 'email'
  | 'amount' | 'handover' | 'payments' | 'saleLines' | 'refundLines';

/** An amount's bound (src-shared/money.ts AMOUNT_MAX). */
const AMOUNT_MAX = 200_000_000_000_000;
/** A list of at most `max` items, each broken by `bad` (or not an object at all), or too long, or not a list. */
const badList = (bad: fc.Arbitrary<unknown>, valid: unknown, max: number) =>
  fc.oneof(
    fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null), fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 2 })),
    fc.array(bad, { minLength: 1, maxLength: 3 }),
    fc.tuple(fc.constant(valid), bad).map(([first, second]) => [first, second]),
    fc.constant(Array.from({ length: max + 1 }, () => valid)),
  );

/** C0 controls and DEL, placed mid-string so that trimming cannot remove them. */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

/** Values a field of this kind must refuse, whatever the rest of the input. */
export const invalidValue: Record<FieldKind, fc.Arbitrary<unknown>> = {
  name: fc.oneof(
    nonString,
    fc.stringMatching(/^[ \t\n\r\u00a0\u2028\ufeff]{0,8}$/), // empty once trimmed
    longString(101),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 20 }))
      .map(([a, control, b]) => `R${a}${control}${b}x`),
  ),
  description: fc.oneof(nonString.filter((value) => typeof value !== 'string'), longString(501)),
  id: fc.oneof(
    nonNumber,
    fc.integer({ min: -(2 ** 31), max: 0 }),
    fraction,
    unsafe,
    fc.constantFrom(...['-0', '0.0', '-1', '1.5', ...hugeLiterals].map(raw)),
  ),
  quantity: fc.oneof(
    nonNumber,
    fc.integer({ min: -(2 ** 31), max: 0 }),
    fc.integer({ min: 1001, max: 2 ** 31 }),
    fraction,
    unsafe,
    fc.constantFrom(...['-0', '1000.5', ...hugeLiterals].map(raw)),
  ),
  // -0 is a valid stock (it is 0), so it is not here.
  stock: fc.oneof(nonNumber, fc.integer({ min: -(2 ** 31), max: -1 }), fc.integer({ min: 1_000_001, max: 2 ** 31 }), fraction, unsafe, fc.constantFrom(...hugeLiterals.map(raw))),
  // A change of stock: never 0 (-0 is 0), at most 1,000,000 either way.
  delta: fc.oneof(nonNumber, fc.constantFrom(0, raw('-0')), fc.integer({ min: 1_000_001, max: 2 ** 31 }), fc.integer({ min: -(2 ** 31), max: -1_000_001 }), fraction, unsafe, fc.constantFrom(...hugeLiterals.map(raw))),
  stockReason: fc.oneof(nonString, fc.string({ maxLength: 12 }).filter((s) => !STOCK_REASONS.includes(s)), fc.constantFrom('Received', 'order', 'opening', 'cancelled', 'returned', ' lost')),
  status: fc.oneof(nonString, fc.string({ maxLength: 12 }).filter((s) => !PET_STATUSES.includes(s)), fc.constantFrom('Available', 'SOLD', ' pending')),
  boolean: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.array(fc.boolean(), { maxLength: 2 }), fc.constantFrom('true', 0, 1)),
  datetime: fc.oneof(
    nonString,
    fc.string({ maxLength: 40 }).filter((s) => !/^\d{4}-\d{2}-\d{2}T/.test(s)),
    longString(30),
    fc.constantFrom('2026-13-01T00:00:00Z', '2026-11-22T25:00:00Z', '2026-11-22T10:00:00', '2026-11-22', '9999-12-31T23:59:59-01:00', '+002026-11-22T10:00:00Z'),
  ),
  // A customer's phone: digits (at least 3), spaces, hyphens, parentheses, one leading + (empty is none).
  phone: fc.oneof(nonString, fc.constantFrom('12', '+', '(1)-2', '06+12345', 'call me', '0612x345', '555 1234 ext 2', '1'.repeat(33), '+'.repeat(5)), longString(33)),
  // A customer's email: an address of at most 254 characters (empty is none).
  email: fc.oneof(
    nonString,
    fc.constantFrom('al', 'al@', '@example.com', 'al@localhost', 'al example@x.com', 'al@@example.com', 'al@example..com'),
    fc.integer({ min: 243, max: 400 }).map((n) => `${'a'.repeat(n)}@example.com`),
  ),
  // An amount of money: a whole number 0–AMOUNT_MAX.
  amount: fc.oneof(nonNumber, fc.integer({ min: -(2 ** 31), max: -1 }), fc.constant(AMOUNT_MAX + 1), fraction, unsafe, fc.constantFrom(...hugeLiterals.map(raw))),
  handover: fc.oneof(nonString, fc.string({ maxLength: 12 }).filter((s) => s !== 'now' && s !== 'later'), fc.constantFrom('Now', ' later', 'ship')),
  // Payments: at most 20 of {method, amount ≥ 1}.
  payments: badList(
    fc.oneof(
      fc.record({ method: fc.constantFrom('cheque', 'CASH', ''), amount: fc.constant(100) }),
      fc.record({ method: fc.constant('cash'), amount: fc.oneof(fc.constant(0), fc.constant(-1), fraction, fc.constant('100')) }),
      fc.constant({ method: 'cash' }),
      fc.constant({ method: 'card', amount: 1, extra: true }),
    ),
    { method: 'cash', amount: 1 },
    20,
  ),
  // A sale's lines: 1–1000 of {petId, quantity?, unitPrice?}, one per pet; empty is refused too.
  saleLines: fc.oneof(
    fc.constant([]),
    fc.constant([{ petId: 1 }, { petId: 1 }]),
    badList(
      fc.oneof(
        fc.constant({}),
        fc.record({ petId: fc.constantFrom(0, -1, 1.5, '1') }),
        fc.record({ petId: fc.constant(2), quantity: fc.constantFrom(0, 1001, 1.5) }),
        fc.record({ petId: fc.constant(3), unitPrice: fc.constantFrom(-1, 100_000_001, 0.5, '9') }),
        fc.constant({ petId: 4, price: 100 }),
      ),
      { petId: 1 },
      1000,
    ),
  ),
  // A refund's lines: 1–1000 of {orderId, quantity?}, one per order.
  refundLines: fc.oneof(
    fc.constant([]),
    fc.constant([{ orderId: 1 }, { orderId: 1 }]),
    badList(
      fc.oneof(fc.constant({}), fc.record({ orderId: fc.constantFrom(0, -1, 1.5, '1') }), fc.record({ orderId: fc.constant(2), quantity: fc.constantFrom(0, 1001, 1.5) }), fc.constant({ orderId: 3, total: 1 })),
      { orderId: 1 },
      1000,
    ),
  ),
  get clearableDatetime() {
    // A date that null clears (an order's PATCH): every other bad value still refused.
    return this.datetime.filter((value) => value !== null);
  },
};

/** Any value at all, as JSON (including huge strings and literals JSON.stringify cannot write). */
export const anyJson = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 6 },
  { arbitrary: longString(1000), weight: 1 },
  { arbitrary: fc.constantFrom(...['-0', ...hugeLiterals].map(raw)), weight: 1 },
);

/** Text with the Content-Type of JSON that is not JSON. */
export const notJsonText = fc
  .oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('{', '{"name":', "{'name':'x'}", '[1,]', 'NaN', 'undefined', '{"a":1}{', '\u0000', '{"name":"x",}'))
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Path or query text that is not a positive safe integer (and no near-integer decimal). */
export const badIdText = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    fc.integer({ min: -1e9, max: 0 }).map(String),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map(String),
    fraction.map(String),
    fc.constantFrom(
      '-0', '0', '00', '-1', '1.5', '0.5', 'Infinity', '-Infinity', 'NaN', '0x1', '0b1', '1_0', 'null', 'true', '[1]', '{}',
      '1,2', ' 1', '1 ', '\t1', '१', '１', '1e-7', '%', '?', '#', '/', '\\', '\u0000', '9007199254740992', ...hugeLiterals,
    ),
  )
  .filter((text) => text !== '.' && text !== '..' && encodable(text) && !readsAsPositiveId(text));

/** Query keys no operation knows, Object.prototype's member names among them. */
export const unknownQueryKey = (known: string[]) =>
  fc
    .oneof({ arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 5 }, fc.constantFrom(...PROTOTYPE_NAMES))
    .filter((key) => !known.includes(key) && encodable(key));

export const queryValue = fc
  .oneof(
    { arbitrary: fc.string({ unit: 'binary', maxLength: 50 }), weight: 5 },
    { arbitrary: fc.integer().map(String), weight: 2 },
    { arbitrary: longString(100, 3000, ['x', 'é', '%', '&', '=']), weight: 1 },
  )
  .filter(encodable);

export function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}` : '';
}
