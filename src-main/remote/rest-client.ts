/**
 * A contract operation called on a shop server over REST, answering exactly as the in-process call
 * would (the same ApiResult), built only from the operations' `http` bindings: the request is
 * assembled as src-main/rest/request-input.ts takes it apart, the answer as operation-routes.ts sends it.
 */
import { fetch, type Dispatcher } from 'undici';
import type { ApiResult } from '../../src-shared/api-result';
import { unreachableMessage, type InvokeOptions } from '../../src-shared/bridge';
import { isOperationName, operationDef } from '../../src-shared/contract';
import type { OperationDef } from '../../src-shared/contract-types';
import { ERROR_CODES, StoreError, validationError, type ErrorBody } from '../../src-shared/errors';
import { imageTypeOf } from '../../src-shared/image-types';
import { pathParameters, queryFields } from '../rest/request-input';
import { API_PREFIX } from '../rest/operation-routes';

export interface RestInvokerOptions {
  /** The shop server, `http(s)://host:port` (no /v1). */
  origin: string;
  /** The till's (or any) API token, sent as `Authorization: Bearer` unless a call names another bearer. */
  secret: string;
  /** undici's dispatcher: the pinned one (tls-pin.ts) for a paired server's HTTPS. */
  dispatcher?: Dispatcher;
  /** How long a call waits for the server's answer before it is SERVER_UNREACHABLE. */
  timeoutMs?: number;
}

/** Runs one operation on the server (as `bearer`, default the token); never rejects: failures are Error objects, as in process. */
export type RestInvoker = (operation: string, input: unknown, options?: InvokeOptions, bearer?: string) => Promise<ApiResult<unknown>>;

/** Long enough for the largest report on a busy server; a link that is down fails at once anyway. */
const DEFAULT_TIMEOUT_MS = 30_000;

export function createRestInvoker({ origin, secret, dispatcher, timeoutMs = DEFAULT_TIMEOUT_MS }: RestInvokerOptions): RestInvoker {
  const base = origin.replace(/\/+$/, '') + API_PREFIX;
  return async (operation, rawInput, options, bearer = secret) => {
    if (!isOperationName(operation) || !operationDef(operation).http || operationDef(operation).http!.stream) {
      return failure(new StoreError('NOT_FOUND', `There is no operation named ${JSON.stringify(String(operation)).slice(0, 80)} on the shop server`));
    }
    const def = operationDef(operation);
    const input = rawInput ?? {};
    // Checked here with the schema the server uses, so a refusal reads as the in-process one (paths in the input, not the URL).
    const parsed = def.input.safeParse(input);
    if (!parsed.success) return failure(validationError(parsed.error));
    const request = buildRequest(def, input as Record<string, unknown>, bearer, options);
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(base + request.path, {
        method: def.http!.method,
        headers: request.headers,
        body: request.body,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return failure(linkFailure(error, origin));
    }
    try {
      return await readAnswer(def, response);
    } catch (error) {
      // The answer broke off halfway (the server stopped while sending it).
      return failure(linkFailure(error, origin));
    }
  };
}

interface BuiltRequest {
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** The request the listener reads back into `input`: path parameters, query fields, the body ('*' or one field). */
function buildRequest(def: OperationDef, input: Record<string, unknown>, secret: string, options?: InvokeOptions): BuiltRequest {
  const http = def.http!;
  const headers: Record<string, string> = { authorization: `Bearer ${secret}`, accept: 'application/json' };
  if (options?.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  const path = http.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input[name])));
  if (http.body === '*') {
    headers['content-type'] = 'application/json';
    return { path, headers, body: JSON.stringify(input) };
  }
  const query = new URLSearchParams();
  const inPath = new Set(pathParameters(http.path));
  for (const field of queryFields(def)) {
    const value = input[field];
    if (value === undefined || inPath.has(field)) continue;
    // Arrays as repeated parameters: the listener reads `status=a&status=b` as the list.
    for (const item of Array.isArray(value) ? value : [value]) query.append(field, String(item));
  }
  const search = query.size > 0 ? `?${query}` : '';
  if (!http.body) return { path: path + search, headers };
  const body = input[http.body];
  if (http.bodyMedia && body instanceof Uint8Array) {
    // The file's own type when it is one the route takes; else the first, and the server judges the bytes.
    const type = imageTypeOf(body);
    headers['content-type'] = type && http.bodyMedia.types.includes(type) ? type : http.bodyMedia.types[0];
    return { path: path + search, headers, body };
  }
  headers['content-type'] = 'application/json';
  return { path: path + search, headers, body: JSON.stringify(body) };
}

/** The server's answer in the in-process shape: a page, a file, `null` for 204, or its Error object. */
async function readAnswer(def: OperationDef, response: Awaited<ReturnType<typeof fetch>>): Promise<ApiResult<unknown>> {
  const http = def.http!;
  if (!response.ok) return { ok: false, error: await errorOf(response) };
  if (response.status === 204) {
    await response.arrayBuffer();
    return { ok: true, data: null };
  }
  if (http.answerMedia) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { ok: true, data: { contentType: response.headers.get('content-type') ?? '', bytes } };
  }
  const body: unknown = await response.json();
  if (!http.paged) return { ok: true, data: body };
  return {
    ok: true,
    data: { items: body, total: Number(response.headers.get('x-total-count') ?? 0), nextCursor: nextCursorOf(response.headers.get('link')) },
  };
}

/** The `cursor` of the Link header's rel="next" address, or null on the last page. */
function nextCursorOf(link: string | null): string | null {
  const next = link?.split(',').find((part) => /;\s*rel="?next"?/.test(part));
  const address = next?.match(/<([^>]*)>/)?.[1];
  return address ? new URL(address, 'http://server').searchParams.get('cursor') : null;
}

/** The server's Error object as it sent it; anything else (a proxy's page) said as what it is. */
async function errorOf(response: Awaited<ReturnType<typeof fetch>>): Promise<ErrorBody> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.code === 'string' && (ERROR_CODES as string[]).includes(body.code) && typeof body.message === 'string') {
      return { ...(body as ErrorBody), status: typeof body.status === 'number' ? body.status : response.status };
    }
  } catch {
    // not JSON: below
  }
  const code = response.status >= 502 && response.status <= 504 ? 'SERVER_UNREACHABLE' : 'INTERNAL';
  return new StoreError(code, `The shop server answered ${response.status} without an Error object`).toBody();
}

/**
 * Why no answer came: the pinned dispatcher's SERVER_CERTIFICATE_CHANGED (somewhere in undici's
 * chain of causes) as it is, anything else (refused, reset, timed out) SERVER_UNREACHABLE.
 */
export function linkFailure(error: unknown, origin: string): StoreError {
  for (let cause = error, depth = 0; cause && depth < 8; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (cause instanceof StoreError) return cause;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'SERVER_CERTIFICATE_CHANGED') return new StoreError('SERVER_CERTIFICATE_CHANGED', String(message));
  }
  const timedOut = (error as { name?: string })?.name === 'TimeoutError';
  return new StoreError('SERVER_UNREACHABLE', unreachableMessage(origin, timedOut));
}

const failure = (error: StoreError): ApiResult<never> => ({ ok: false, error: error.toBody() });
