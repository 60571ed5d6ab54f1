import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from './error-catalogue';
import { MAX_INEXACT_NAMED } from './exact-numbers';
import { z } from './zod-setup';

export { ERROR_CATALOGUE, ERROR_CODES, errorBody, type ErrorCode } from './error-catalogue';

export const ErrorDetail = z.object({
  path: z
    .string()
    .describe('Which field: a body field by its place in the body (`categoryId`), a path or query parameter by its name (`limit`); empty when the input as a whole is wrong.'),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

const MAX_DETAILS = 50;
const MAX_PATH_PART = 100;
/** The most `details` an answer holds: the schema's (detailsFromZod) after a body's inexact numbers (REST). */
const MOST_DETAILS = MAX_DETAILS + MAX_INEXACT_NAMED;

/** What every failure looks like on every transport (REST body, IPC result, CLI output). */
export const ErrorBody = z
  .object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).describe('Machine-readable error code.'),
    message: z.string().describe('Human-readable description of the error.'),
    status: z.int().describe('The HTTP status code.'),
    details: z.array(ErrorDetail).max(MOST_DETAILS).optional().describe('Per-field problems, for VALIDATION_FAILED.'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A failure raised by the service or a transport; it carries its catalogue code. The renderer's
 * client rejects with one too, made from the Error object the store sent (`fromBody`).
 */
export class StoreError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[], status: number = ERROR_CATALOGUE[code].status) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** The Error object another side sent, as it came (its status too). */
  static fromBody({ code, message, details, status }: ErrorBody): StoreError {
    return new StoreError(code, message, details, status);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message, status: this.status };
    if (this.details?.length) body.details = this.details;
    return body;
  }
}

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

/** One problem as a line: `categoryId: Must be …`, or the message alone when it is about the whole input. */
export const detailLine = ({ path, message }: ErrorDetail): string => (path ? `${path}: ${message}` : message);

/** A VALIDATION_FAILED error whose message names the first problem, so a one-line toast is useful. */
export function validationFailed(details: ErrorDetail[]): StoreError {
  return new StoreError('VALIDATION_FAILED', details[0] ? `Invalid input: ${detailLine(details[0])}` : 'Invalid input', details);
}

/** The VALIDATION_FAILED error for what a schema refused. */
export function validationError(error: z.ZodError, paths: DetailPaths = {}): StoreError {
  return validationFailed(detailsFromZod(error, paths));
}
