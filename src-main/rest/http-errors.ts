import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply } from 'fastify';
import { StoreError, type ErrorBody } from '../../src-shared/errors';
import { toErrorBody } from '../service/errors';
import type { BinaryMedia } from '../../src-shared/contract-types';
import { mediaRefusal } from './binary-body';

/**
 * The headers on every answer (a route may still set its own Cache-Control). One call per header
 * (no key list per answer, as `reply.headers(object)` makes), names in lower case as Fastify stores them.
 */
export const setEveryAnswerHeaders = (reply: FastifyReply): FastifyReply =>
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');

export function sendError(reply: FastifyReply, error: ErrorBody | StoreError): FastifyReply {
  const body = error instanceof StoreError ? error.toBody() : error;
  // Also here: errors found before routing (a broken URL) never reach a route's guard.
  return setEveryAnswerHeaders(reply.code(body.status)).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Fastify's own request errors (body parsing, limits) mapped onto the catalogue. */
const FRAMEWORK_ERRORS: Record<string, () => StoreError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new StoreError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new StoreError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON, sent as Content-Type: application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new StoreError('VALIDATION_FAILED', 'The Content-Length header does not match the body'),
  FST_ERR_BAD_URL: () => new StoreError('VALIDATION_FAILED', 'The URL is not valid (broken percent-encoding)'),
  FST_ERR_MAX_PARAM_LENGTH: () => new StoreError('VALIDATION_FAILED', 'A path parameter is too long to be an id'),
};

/**
 * Any error raised while handling a request, as an Error object (never a stack trace). `media`: the
 * file the route takes as its body, whose size and types a refusal of the body names.
 */
export function errorBodyFor(error: FastifyError | Error, media?: BinaryMedia): ErrorBody {
  if (error instanceof StoreError) return error.toBody();
  const code = (error as FastifyError).code;
  const status = (error as FastifyError).statusCode;
  if (media && (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)) return mediaRefusal(media, 'size').toBody();
  if (media && (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)) return mediaRefusal(media, 'type').toBody();
  if (code && Object.hasOwn(FRAMEWORK_ERRORS, code)) return FRAMEWORK_ERRORS[code]().toBody();

  if (status === 413) return FRAMEWORK_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE().toBody();
  if (status === 415) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE().toBody();
  if (status && status >= 400 && status < 500) return new StoreError('VALIDATION_FAILED', 'The request is malformed').toBody();
  return toErrorBody(error);
}

/**
 * Node's HTTP parser refused the request before Fastify saw it (a header line without a colon, a
 * request line that is not HTTP, headers over 16 KiB, a client too slow to send its request):
 * answer with an Error object on the raw socket, then close it.
 */
export function answerUnparsableRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new StoreError('HEADERS_TOO_LARGE', 'The request line and headers are larger than 16 KiB; send long inputs in a body or in several requests')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new StoreError('REQUEST_TIMEOUT', 'The request did not arrive in time')
        : new StoreError('MALFORMED_REQUEST', 'The request is not valid HTTP/1.1');
  const body = JSON.stringify(refusal.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
