import type { z } from 'zod';
import { API_VERSION } from '../../../src-shared/api-result';
import { OPERATION_NAMES, operationDef } from '../../../src-shared/contract';
import type { BinaryMedia, OperationDef } from '../../../src-shared/contract-types';
import { sizeShown } from '../binary-body';
import { ERROR_CATALOGUE, ErrorBody, type ErrorCode } from '../../../src-shared/errors';
import { PAGE_LIMIT_MAX } from '../../../src-shared/schemas/common';
import { BEARER_CHALLENGE } from '../auth';
import { deprecationDate, startOfDayUtc } from '../deprecation';
import { MAX_STREAMS_PER_TOKEN, SSE_HEARTBEAT_MS, SSE_RETRY_MS } from '../events-stream';
import { DEFAULT_SETTINGS } from '../../../src-shared/schemas/settings';
import { pathParameters, queryFields } from '../request-input';
import { createSchemaConverter } from './json-schema';
import { createHeaders, deprecationHeaders as deprecationHeaderObjects, location, nextPageLink } from './headers';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../idempotency-key';
import { IDEMPOTENCY_WINDOW_MS } from '../../service/idempotency';
import { ENTITY_TAG_DOCS, isSingleResourceRead } from '../entity-tag';

type Json = Record<string, unknown>;

/** Errors of the request itself, which any operation can answer with (a strict client validator expects each declared). */
const REQUEST_ERRORS: ErrorCode[] = ['MALFORMED_REQUEST', 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE'];
/** Errors any authenticated operation can answer with, besides its own (SIGN_IN_REQUIRED: a till whose clerk is not signed in). */
const TRANSPORT_ERRORS: ErrorCode[] = ['VALIDATION_FAILED', 'UNAUTHORIZED', 'SIGN_IN_REQUIRED', 'FORBIDDEN', 'RATE_LIMITED', 'AUTH_THROTTLED', 'INTERNAL', 'SERVICE_BUSY', ...REQUEST_ERRORS];
const BODY_ERRORS: ErrorCode[] = ['MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

const header = (description: string, schema: Json) => ({ description, schema });

/** The operationId is the operation name in camel case: `pets.list` → `petsList`. */
const operationId = (name: string) => name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

/** The statuses an operation can answer with besides success, each with its possible codes. */
export function errorStatuses(def: OperationDef): Map<number, ErrorCode[]> {
  const http = def.http!;
  const codes = new Set<ErrorCode>(http.errors);
  if (http.idempotencyKey) codes.add('IDEMPOTENCY_KEY_REUSED');
  if (def.mutates) codes.add('STORAGE_FULL'); // a write can find the disk full
  const transport = http.auth === 'none' ? (['VALIDATION_FAILED', 'INTERNAL', 'FORBIDDEN', 'SERVICE_BUSY', ...REQUEST_ERRORS] as ErrorCode[]) : TRANSPORT_ERRORS;
  transport.forEach((code) => codes.add(code));
  // Any request but a GET may carry a body, which is parsed and limited even where none is expected.
  if (http.body || http.method !== 'GET') BODY_ERRORS.forEach((code) => codes.add(code));
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/**
 * The OpenAPI 3.0.3 document, generated from the contract: every operation with an HTTP binding,
 * its parameters, body, success and error answers with their schemas and headers.
 */
export function buildOpenApiDocument(options: { sunsetDate: string }): Json {
  const { convert, components, examplesOf } = createSchemaConverter();
  const errorSchema = convert(ErrorBody, 'output');
  const headers = createHeaders(convert);
  const paths: Record<string, Record<string, Json>> = {};

  for (const name of OPERATION_NAMES) {
    const def = operationDef(name);
    const http = def.http;
    if (!http) continue;
    const shape = (def.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const deprecationHeaders = def.deprecated
      ? deprecationHeaderObjects(def.deprecated, {
          deprecation: `RFC 9745: when this operation was deprecated, \`${deprecationDate(startOfDayUtc(def.deprecated.since))}\` (${def.deprecated.since}).`,
          sunset: `RFC 8594: when it stops working (an HTTP-date; now ${options.sunsetDate}).`,
        })
      : {};

    const parameters: Json[] = [];
    for (const param of pathParameters(http.path)) {
      const schema = convert(shape[param], 'input');
      parameters.push({ name: param, in: 'path', required: true, description: schema.description, schema: omitDescription(schema) });
    }
    for (const field of queryFields(def)) {
      const schema = convert(shape[field], 'input');
      // Required when leaving it out is refused (a report's `from` and `to`); a list's filters may all be left out.
      const parameter: Json = { name: field, in: 'query', required: !shape[field].safeParse(undefined).success, schema: omitDescription(schema) };
      if (schema.description) parameter.description = schema.description;
      if (schema.type === 'array') Object.assign(parameter, { style: 'form', explode: true });
      parameters.push(parameter);
    }

    if (http.stream === 'sse') {
      parameters.push({
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description:
          'The id of the last event received (a whole number up to 2^53−1): the stream resumes after it (as `after` does; the larger of the two wins).',
        schema: { type: 'string', maxLength: 16, pattern: '^[0-9]{1,16}$' },
      });
    }

    if (http.idempotencyKey) {
      parameters.push({
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        description:
          `Makes a retry safe: a request with a key this token sent in the last ${IDEMPOTENCY_WINDOW_MS / 3_600_000} hours, with the same body, ` +
          'creates nothing and gets the first answer again (with `Idempotent-Replayed: true`); the same key with another body is ' +
          '422 `IDEMPOTENCY_KEY_REUSED`. Refusals are not kept: a retry of a refused request runs again. A UUID per request is a good key.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
      });
    }

    // One resource by id is tagged: a client sending the tag back may be told 304 (entity-tag.ts).
    const tagged = isSingleResourceRead(def);
    if (tagged) parameters.push(ENTITY_TAG_DOCS.parameter);
    const responses: Record<string, Json> = {};
    const success: Json = { description: successDescription(def) };
    const successHeaders: Json = { ...deprecationHeaders };
    if (http.stream === 'sse') {
      // Each event's `data:` line is one of these, as JSON.
      success.content = { 'text/event-stream': { schema: convert(def.output, 'output') } };
    } else if (http.answerMedia) {
      success.content = fileContent(http.answerMedia);
    } else if (http.success !== 204) {
      // A page's body is its `items` array (a named one, such as `Pets`, is referenced).
      const output = convert(http.paged ? itemsSchema(def.output) : def.output, 'output');
      success.content = { 'application/json': { schema: output } };
    }
    if (http.paged) {
      successHeaders['X-Total-Count'] = headers.totalCount;
      successHeaders.Link = nextPageLink();
    }
    if (http.success === 201) successHeaders.Location = location(http.path, locationDescription(http.path));
    if (http.idempotencyKey) {
      successHeaders['Idempotent-Replayed'] = header('`true` when this is the first answer to the request\'s `Idempotency-Key`, given again to a retry (nothing was created).', {
        type: 'string',
        enum: ['true'],
      });
    }
    const rateLimitHeaders = http.auth === 'none' ? {} : headers.rateLimit;
    Object.assign(successHeaders, rateLimitHeaders);
    if (Object.keys(successHeaders).length) success.headers = successHeaders;
    responses[String(http.success)] = success;
    if (tagged) {
      success.headers = { ...(success.headers as Json), ETag: ENTITY_TAG_DOCS.header };
      responses['304'] = { description: ENTITY_TAG_DOCS.notModified, headers: success.headers };
    }

    for (const [status, codes] of [...errorStatuses(def)].sort(([a], [b]) => a - b)) {
      const response: Json = {
        description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].when}`).join(' '),
        content: { 'application/json': { schema: errorSchema } },
      };
      // A refusal after the token was accepted (a bad input, a conflict, the budget spent) carries the budget too;
      // one written on the raw socket before routing (408, 431) carries no header of ours.
      const beforeRouting = codes.every((code) => REQUEST_ERRORS.includes(code));
      const answerHeaders: Json = beforeRouting ? {} : { ...deprecationHeaders, ...(status === 401 ? {} : rateLimitHeaders) };
      if (status === 401) answerHeaders['WWW-Authenticate'] = header(`\`${BEARER_CHALLENGE}\``, { type: 'string', enum: [BEARER_CHALLENGE] });
      if (status === 429 || status === 503) answerHeaders['Retry-After'] = headers.retryAfter;
      if (Object.keys(answerHeaders).length) response.headers = answerHeaders;
      responses[String(status)] = response;
    }

    const operation: Json = {
      operationId: operationId(name),
      tags: [def.tag],
      summary: def.summary,
      description: describe(def, options.sunsetDate),
      parameters,
      responses,
    };
    if (!parameters.length) delete operation.parameters;
    if (!operation.description) delete operation.description;
    if (http.bodyMedia) {
      operation.requestBody = { required: true, description: `The file, at most ${sizeShown(http.bodyMedia.maxBytes)}.`, content: fileContent(http.bodyMedia) };
    } else if (http.body) {
      const body = convert(http.body === '*' ? def.input : shape[http.body], 'input', { defaults: false });
      const media: Json = { schema: body };
      const examples = examplesOf(body);
      if (examples.length) media.examples = Object.fromEntries(examples.map((value, index) => [`example${index + 1}`, { value }]));
      operation.requestBody = { required: true, content: { 'application/json': media } };
    }
    if (def.deprecated) operation.deprecated = true;
    if (def.stability !== 'stable') operation['x-stability'] = def.stability;
    if (http.auth === 'none') operation.security = [];
    (paths[http.path] ??= {})[http.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Pet Store Clerk API',
      version: API_VERSION,
      description:
        'The local REST API of Pet Store Clerk. Every operation under `/v1` needs `Authorization: Bearer <token>` ' +
        '(create tokens in the app\'s settings or with `petstore token create`). Lists page with `limit` ' +
        `(1–${PAGE_LIMIT_MAX}) and an opaque \`cursor\`: the next page is in the \`Link: rel="next"\` header, ` +
        'the total in `X-Total-Count`. Every failure is an Error object. This document is at `/v1/openapi.json` and, ' +
        'without a token, at `/openapi.json`; a readable reference is at `/docs` (and `/v1/docs`). ' +
        'Operations marked `x-stability: beta` or `experimental` may change. ' +
        `Each token may make ${DEFAULT_SETTINGS.rateLimitPerMinute.toLocaleString('en-US')} requests a minute unless the owner sets another limit; ` +
        '`X-RateLimit-Limit` and `X-RateLimit-Remaining` say where a token stands, and past the limit the answer is 429 `RATE_LIMITED` with `Retry-After`.',
    },
    // For integrators on this machine (`x-internal: false`: published, not hidden by documentation tools).
    servers: [{ url: '/v1', description: 'This local listener (http://127.0.0.1:<port>/v1)', 'x-internal': false }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Pets', description: 'The animals for sale.' },
      { name: 'Categories', description: 'Kinds of animals.' },
      { name: 'Store', description: 'Orders.' },
      { name: 'Inventory', description: 'Stock levels (beta).' },
      { name: 'Events', description: 'Live changes (experimental).' },
      { name: 'Service', description: 'Health.' },
      { name: 'Customers', description: 'The people the shop sells to (beta).' },
      { name: 'Sales', description: 'Sales (a basket of orders, paid), their cancels and refunds (beta).' },
      { name: 'Reports', description: "Sales and refunds added up over the shop's days, and the shop's overview now (beta)." },
    ],
    paths,
    components: {
      headers: headers.components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token; `read` tokens may only GET.' },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

/** A file body or answer: its bytes, as each of its media types (contract-types.ts, `BinaryMedia`). */
function fileContent(media: BinaryMedia): Json {
  const schema = { type: 'string', format: 'binary', maxLength: media.maxBytes };
  return Object.fromEntries(media.types.map((type) => [type, { schema }]));
}

function itemsSchema(page: z.ZodType): z.ZodType {
  return (page as unknown as z.ZodObject).shape.items as unknown as z.ZodType;
}

/** Where a created resource lives; when reading it there is deprecated, where to read it instead. */
function locationDescription(collectionPath: string): string {
  const reader = OPERATION_NAMES.map(operationDef).find(
    (def) => def.http?.method === 'GET' && def.deprecated && def.http.path.startsWith(`${collectionPath}/{`),
  );
  if (!reader) return 'The address of the created resource.';
  return (
    `The address of the created resource (\`/v1${collectionPath}/{id}\`), where PUT, PATCH and DELETE act on it. ` +
    `Its GET there is deprecated (answering 410 after the sunset date): read it at \`${reader.deprecated!.successor}\`.`
  );
}

function omitDescription(schema: Json): Json {
  const { description: _description, ...rest } = schema;
  return rest;
}

function successDescription(def: OperationDef): string {
  const http = def.http!;
  if (http.stream) return 'The event stream.';
  if (http.success === 201) return 'Created.';
  if (http.success === 204) return 'Done; no content.';
  return http.paged ? 'One page of results.' : 'OK.';
}

function describe(def: OperationDef, sunsetDate: string): string {
  // The summary is shown on its own; the description only adds to it.
  const parts = def.description ? [def.description] : [];
  if (def.http?.stream === 'sse') {
    parts.push(
      `A comment line (\`: heartbeat\`) comes every ${SSE_HEARTBEAT_MS / 1000} s while nothing changes: a read timeout of ` +
        `${(2 * SSE_HEARTBEAT_MS) / 1000} s or more keeps an idle stream open. The stream opens with \`retry: ${SSE_RETRY_MS}\` (ms). ` +
        `A token may hold ${MAX_STREAMS_PER_TOKEN} streams open at once (the next answers 429 \`RATE_LIMITED\`). ` +
        'Revoking the token ends its streams within a second. A browser\'s `EventSource` cannot send the `Authorization` header: ' +
        'in a page, read the stream with `fetch` (and allow the page\'s origin in the settings).',
    );
  }
  if (def.deprecated) {
    parts.push(
      `**Deprecated**: use \`GET ${def.deprecated.successor}\` instead. Sunset: ${sunsetDate}; from then on this ` +
        'operation answers 410 `OPERATION_SUNSET`. Every answer carries `Deprecation`, `Sunset` and ' +
        '`Link: rel="successor-version"` headers.',
    );
  }
  if (def.stability === 'beta') parts.push('**Beta**: may change in a minor version.');
  if (def.stability === 'experimental') parts.push('**Experimental**: may change or go away.');
  return parts.join('\n\n');
}
