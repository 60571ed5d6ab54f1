import type { FastifyRequest } from 'fastify';
import { OPERATION_NAMES, operationDef } from '../../src-shared/contract';
import type { BinaryMedia, OperationDef } from '../../src-shared/contract-types';
import { StoreError } from '../../src-shared/errors';

/**
 * Bodies of bytes (contract-types.ts, `bodyMedia`): the media types any operation takes as a file,
 * read as a Buffer; each route then checks that the body is of the kind it takes (JSON or a file).
 */
export const BINARY_BODY_TYPES = [...new Set(OPERATION_NAMES.flatMap((name) => operationDef(name).http?.bodyMedia?.types ?? []))];

/** A size as messages say it: "2 MiB", "64 KiB". */
export const sizeShown = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`);

/** What a route that takes a file says of a body too large, or of another kind. */
export const mediaRefusal = (media: BinaryMedia, problem: 'size' | 'type'): StoreError =>
  problem === 'size'
    ? new StoreError('PAYLOAD_TOO_LARGE', `The request body is larger than ${sizeShown(media.maxBytes)}`)
    : new StoreError('UNSUPPORTED_MEDIA_TYPE', `The request body must be the file itself, sent as Content-Type: ${media.types.join(', ')}`);

/** The file a route's operation takes as its body, if it takes one. */
export const bodyMediaOf = (request: FastifyRequest): BinaryMedia | undefined => {
  const operation = request.routeOptions?.config?.operation;
  return operation ? operationDef(operation).http?.bodyMedia : undefined;
};

/** The parser of file bodies: the bytes as sent (uncompressed: a Content-Encoding is 415, as for JSON); empty is no body. */
export function parseBinaryBody(request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void): void {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return done(new StoreError('UNSUPPORTED_MEDIA_TYPE', `Content-Encoding "${encoding.slice(0, 40)}" is not supported; send the body uncompressed`));
  }
  done(null, body.length === 0 ? undefined : body);
}

/**
 * Refuses a body of the wrong kind for the operation: bytes where it takes JSON, JSON where it
 * takes a file (each parser accepts its types for every route).
 */
export function refuseBodyOfOtherKind(def: OperationDef, body: unknown): void {
  const media = def.http!.bodyMedia;
  if (media && body !== undefined && !Buffer.isBuffer(body)) throw mediaRefusal(media, 'type');
  if (!media && Buffer.isBuffer(body)) {
    throw new StoreError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON, sent as Content-Type: application/json');
  }
}
