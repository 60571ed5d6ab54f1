import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationDef } from '../../src-shared/contract-types';

/**
 * Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2) for the answers worth revalidating:
 * the OpenAPI document and its page (tagged once per build) and single resources (a pet, a
 * category, an order, an inventory entry: hashed per answer, about 1 µs). Lists and writes are not
 * tagged, so the answers that carry the load pay nothing.
 */

/** A GET of one resource by its id: `/pets/{petId}`, `/categories/{categoryId}`, `/store/orders/{orderId}`, `/store/inventory/{petId}`. */
export const isSingleResourceRead = (def: OperationDef): boolean =>
  def.http?.method === 'GET' && !def.http.paged && !def.http.stream && def.http.path.includes('{');

/** A strong tag of a body (text, or a file's bytes): its SHA-1 in base64url (the one-shot `crypto.hash`, no Hash object). */
export const entityTag = (body: string | Buffer): string => `"${hash('sha1', body, 'base64url')}"`;

/** Whether `If-None-Match` names the tag: `*`, or a list holding it, W/ or not (weak comparison). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/**
 * Tags an answer that may be kept and revalidated (`no-cache`: a client keeps it and asks again
 * with `If-None-Match`; `private` for what a token reads). Returns true when it answered 304.
 */
export function answerNotModified(request: FastifyRequest, reply: FastifyReply, tag: string, cacheControl: string): boolean {
  reply.header('etag', tag).header('cache-control', cacheControl);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return false;
  reply.code(304).send();
  return true;
}

/** What the OpenAPI document says of them (openapi/document.ts, on single-resource reads). */
export const ENTITY_TAG_DOCS = {
  header: {
    description:
      'A tag of this answer (RFC 9110): send it back in `If-None-Match` to be told `304 Not Modified` instead of the same body again.',
    schema: { type: 'string', maxLength: 64, pattern: '^(W/)?"[A-Za-z0-9_-]{1,60}"$' },
  },
  parameter: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of the copy the client has (or a list of them, or `*`): while it is still current, the answer is 304 with no body.',
    schema: { type: 'string', maxLength: 1000 },
  },
  notModified: 'Not modified: the copy whose `ETag` was sent in `If-None-Match` is still current (no body).',
};
