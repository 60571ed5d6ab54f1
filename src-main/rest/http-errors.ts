import type { FastifyError, FastifyReply } from 'fastify';
import { StoreError, type ErrorBody } from '../../src-shared/errors';
import { toErrorBody } from '../service/errors';

export function sendError(reply: FastifyReply, error: ErrorBody | StoreError): FastifyReply {
  const body = error instanceof StoreError ? error.toBody() : error;
  return reply.code(body.status).header('Content-Type', 'application/json; charset=utf-8').send(body);
}

/** Fastify's own request errors (body parsing, limits) mapped onto the catalogue. */
const FRAMEWORK_ERRORS: Record<string, () => StoreError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new StoreError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new StoreError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON, sent as Content-Type: application/json'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new StoreError('MALFORMED_JSON', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new StoreError('MALFORMED_JSON', 'The request body is empty; send a JSON object'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new StoreError('VALIDATION_FAILED', 'The Content-Length header does not match the body'),
};

/** Any error raised while handling a request, as an Error object (never a stack trace). */
export function errorBodyFor(error: FastifyError | Error): ErrorBody {
  const code = (error as FastifyError).code;
  if (code && FRAMEWORK_ERRORS[code]) return FRAMEWORK_ERRORS[code]().toBody();
  if (error instanceof SyntaxError) return new StoreError('MALFORMED_JSON', 'The request body is not valid JSON').toBody();
  if (/prototype property/i.test(error.message)) {
    return new StoreError('VALIDATION_FAILED', 'The request body uses a forbidden field name (__proto__ or constructor)').toBody();
  }
  const status = (error as FastifyError).statusCode;
  if (status === 413) return FRAMEWORK_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE().toBody();
  if (status === 415) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE().toBody();
  if (status && status >= 400 && status < 500) return new StoreError('VALIDATION_FAILED', 'The request is malformed').toBody();
  return toErrorBody(error);
}
