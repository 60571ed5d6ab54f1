import { z } from './zod-setup';

/**
 * The error catalogue: every code any transport can answer with, its HTTP status, and when.
 * docs/errors.md is the long form of this table; a test keeps the two in step.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, when: 'The input breaks a schema: wrong type, out of bounds, unknown field, id beyond 2^53−1.' },
  MALFORMED_JSON: { status: 400, when: 'The request body is not valid JSON.' },
  MALFORMED_REQUEST: { status: 400, when: 'The request is not valid HTTP/1.1 (a broken request line or header line).' },
  UNAUTHORIZED: { status: 401, when: 'No bearer token, or a token that is unknown or revoked.' },
  FORBIDDEN: { status: 403, when: 'A read-scoped token on a write operation, or a Host header that is not the bound address.' },
  NOT_FOUND: { status: 404, when: 'No such pet, category, order or inventory entry, or no such route.' },
  METHOD_NOT_ALLOWED: { status: 405, when: 'The route exists but not with this HTTP method.' },
  INSUFFICIENT_STOCK: { status: 409, when: 'An order asks for more units than the pet has in stock, whatever its status, or a stock adjustment would take away more than there are.' },
  PET_NOT_AVAILABLE: { status: 409, when: 'An order for a pet that is sold, or pending with enough stock (held by a clerk).' },
  PET_HAS_OPEN_ORDERS: { status: 409, when: 'Deleting a pet, or marking it sold, while it has open orders.' },
  CATEGORY_IN_USE: { status: 409, when: 'Deleting a category that pets still belong to.' },
  CATEGORY_NAME_TAKEN: { status: 409, when: 'Creating or renaming a category to a name another category has (case-insensitive).' },
  ORDER_COMPLETE: { status: 409, when: 'Cancelling or changing an order that is already complete.' },
  FILE_EXISTS: { status: 409, when: 'A backup would replace an existing file, and replacing it was not asked for.' },
  REQUEST_TIMEOUT: { status: 408, when: 'The client did not finish sending its request in time.' },
  OPERATION_SUNSET: { status: 410, when: 'A deprecated operation called after its sunset date.' },
  PAYLOAD_TOO_LARGE: { status: 413, when: 'A request body over 64 KiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, when: 'A request body that is not application/json.' },
  REFERENCE_NOT_FOUND: { status: 422, when: 'A body names a pet or category that does not exist.' },
  RATE_LIMITED: { status: 429, when: 'A token went over its request budget; Retry-After says when to try again.' },
  HEADERS_TOO_LARGE: { status: 431, when: 'The request line and headers exceed 16 KiB (e.g. a very long query string).' },
  INTERNAL: { status: 500, when: 'An unexpected fault; the message is generic and no stack trace is sent.' },
  SERVICE_BUSY: { status: 503, when: 'The database stayed locked by another process beyond the busy timeout, or the server is shutting down; retry shortly.' },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export const ErrorDetail = z.object({
  path: z
    .string()
    .describe('Which field: a body field by its place in the body (`categoryId`), a path or query parameter by its name (`limit`); empty when the input as a whole is wrong.'),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** What every failure looks like on every transport (REST body, IPC result, CLI output). */
export const ErrorBody = z
  .object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).describe('Machine-readable error code.'),
    message: z.string().describe('Human-readable description of the error.'),
    status: z.int().describe('The HTTP status code.'),
    details: z.array(ErrorDetail).optional().describe('Per-field problems, for VALIDATION_FAILED.'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A failure raised by the service or a transport; it carries its catalogue code. */
export class StoreError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = details;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, status: this.status };
    if (this.details?.length) body.details = this.details;
    return body;
  }
}

const MAX_DETAILS = 50;
const MAX_PATH_PART = 100;

/** Where `details` paths start: under a `prefix`, or inside the input field `within` (dropped from the path). */
export interface DetailPaths {
  prefix?: string;
  within?: string;
}

/**
 * Turns Zod issues into the Error object's `details`, with dotted paths; one entry per unknown
 * field. Bounded (50 entries, path parts cut at 100 characters) so hostile input cannot make
 * the answer huge.
 */
export function detailsFromZod(error: z.ZodError, { prefix = '', within }: DetailPaths = {}): ErrorDetail[] {
  const cut = (part: PropertyKey) => {
    const text = String(part);
    return text.length > MAX_PATH_PART ? `${text.slice(0, MAX_PATH_PART)}…` : text;
  };
  const join = (...parts: PropertyKey[]) => parts.map(cut).filter(Boolean).join('.');
  const pathOf = (issue: z.core.$ZodIssue) => (within !== undefined && issue.path[0] === within ? issue.path.slice(1) : issue.path);
  return error.issues
    .filter((issue) => !outdoneBound(issue, error.issues))
    .flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: join(prefix, ...pathOf(issue), key), message: `Unknown field "${cut(key)}"` }))
        : [{ path: join(prefix, ...pathOf(issue)), message: issue.message }],
    )
    .slice(0, MAX_DETAILS);
}

/**
 * Whether `issue` is the integers' safe-range bound (±9,007,199,254,740,991, which `z.int()` checks
 * first) while the field's own bound on the same side was broken too: "at most 1,000,000" is the
 * limit to tell, not the safe range.
 */
function outdoneBound(issue: z.core.$ZodIssue, all: z.core.$ZodIssue[]): boolean {
  const isSafeBound = (candidate: z.core.$ZodIssue) =>
    (candidate.code === 'too_big' && Number(candidate.maximum) === Number.MAX_SAFE_INTEGER) ||
    (candidate.code === 'too_small' && Number(candidate.minimum) === -Number.MAX_SAFE_INTEGER);
  if (!isSafeBound(issue)) return false;
  const path = issue.path.join('\u0000');
  return all.some((other) => other.code === issue.code && !isSafeBound(other) && other.path.join('\u0000') === path);
}

/** A VALIDATION_FAILED error whose message names the first problem, so a one-line toast is useful. */
export function validationError(error: z.ZodError, paths: DetailPaths = {}): StoreError {
  const details = detailsFromZod(error, paths);
  const first = details[0];
  const message = first ? `Invalid input: ${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid input';
  return new StoreError('VALIDATION_FAILED', message, details);
}
