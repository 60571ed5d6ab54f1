import type { z } from './zod-setup';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Stability = 'stable' | 'beta' | 'experimental';

/** How an operation is reached over REST. Everything the listener and the OpenAPI document need. */
export interface HttpBinding {
  method: HttpMethod;
  /** Path under the `/v1` base, with `{param}` segments naming input fields. */
  path: string;
  /** Status of a successful answer. */
  success: 200 | 201 | 204;
  /**
   * Where the request body goes in the input: `'*'` means the whole input is the body (no path
   * params then); a field name means that input field is the body. Absent: no body.
   */
  body?: '*' | string;
  /** `none` for public endpoints; otherwise GET needs `read`, anything else `write`. */
  auth?: 'none';
  /** Output is a page: the body is `items`, with `Link` and `X-Total-Count` headers. */
  paged?: boolean;
  /** The answer is a Server-Sent Events stream of `output` items. */
  stream?: 'sse';
  /** The domain errors this operation can answer with (transport errors are added by the listener). */
  errors: ErrorCode[];
  /**
   * A create a client may retry safely: a request carrying an `Idempotency-Key` header it sent
   * before (same token, same request, within 24 hours) gets the first answer again, not a second resource.
   */
  idempotencyKey?: true;
  /**
   * The body (the `body` field, whose schema is `Bytes`) is a file of one of these types, not
   * JSON: in process a Uint8Array, over REST the raw bytes (another Content-Type is 415, more than
   * `maxBytes` is 413).
   */
  bodyMedia?: BinaryMedia;
  /** The answer is a file of one of these types: the output is a `BinaryFile`, over REST its bytes with its Content-Type. */
  answerMedia?: BinaryMedia;
}

/** Bytes in place of JSON, in a body or an answer: the media types they travel as, and how large they get. */
export interface BinaryMedia {
  types: readonly [string, ...string[]];
  maxBytes: number;
}

export interface Deprecation {
  /** When it was deprecated (`YYYY-MM-DD`, UTC): the `Deprecation` header's date. */
  since: string;
  /** The successor, as a URL template under the base, e.g. `/v1/pets?id={petId}`. */
  successor: string;
}

export interface OperationDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One line for the OpenAPI summary and the docs. */
  summary: string;
  description?: string;
  /** OpenAPI tag and UI grouping. */
  tag: 'Pets' | 'Categories' | 'Store' | 'Inventory' | 'Events' | 'Service' | 'Settings' | 'Customers' | 'Sales' | 'Reports';
  input: I;
  output: O;
  stability: Stability;
  deprecated?: Deprecation;
  /** Absent: the operation exists in-process only (IPC, CLI), never over REST. */
  http?: HttpBinding;
  /** True when the operation changes data; read-only operations may run on read-scoped tokens. */
  mutates: boolean;
  /**
   * Who may call it when clerk logins are on (docs/decisions.md#clerk-logins): `anyone` also before a
   * clerk signs in (what a locked till needs), `owner` an owner only (a clerk gets 403 FORBIDDEN on
   * every transport); absent: any signed-in clerk. With logins off every caller is the owner.
   */
  access?: Access;
}

export type Access = 'anyone' | 'owner';

/** Declares an operation; the identity function keeps each entry's precise types (schemas, binding). */
export function defineOperation<const D extends OperationDef>(def: D): D {
  return def;
}
