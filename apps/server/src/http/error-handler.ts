import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, MSG, type ErrorCode } from '@svp/shared';
import { AppError } from './errors.js';
import { errorBody } from './error-body.js';
import { IdempotencyClaimLost } from '../db/transaction.js';
import { pgErrorCode } from '../db/pg-errors.js';

/** Text PostgreSQL cannot store (a NUL character, in text or jsonb): the caller's input, not our fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Sends an error in DESIGN §4's shape with its code's one status (ERROR_STATUS). */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, fields?: Record<string, string>) {
  // A request still being worked on under the same key: the answer is worth asking for again shortly.
  if (code === 'IDEMPOTENCY_IN_PROGRESS') reply.header('retry-after', '1');
  return reply.status(ERROR_STATUS[code]).send(errorBody(code, message, fields));
}

/**
 * Every failure leaves the server in the shape of DESIGN §4. Bad input is always a 4xx with the
 * spec's words; anything unexpected is a 500 that shows no internals (the log has the details).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, error.message, error.fields);
    }
    if (error instanceof IdempotencyClaimLost) {
      // A retry took this request's key over while it was presumed dead; that retry does the work.
      return sendError(reply, 'IDEMPOTENCY_IN_PROGRESS', MSG.common.requestInProgress);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] ?? '';
        fields[field || '_'] ??= issue.message ?? MSG.common.invalidInput;
      }
      const first = error.validation[0]?.message ?? MSG.common.invalidInput;
      return sendError(reply, 'VALIDATION_ERROR', first, fields);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 'PAYLOAD_TOO_LARGE', MSG.common.payloadTooLarge);
    }
    const code = pgErrorCode(error);
    if (code && UNSTORABLE_TEXT.has(code)) return sendError(reply, 'VALIDATION_ERROR', MSG.common.invalidInput);
    const status = error.statusCode ?? 500;
    // Malformed JSON, wrong content type and the like: the caller's mistake, said plainly.
    if (status >= 400 && status < 500) return sendError(reply, 'VALIDATION_ERROR', MSG.common.invalidInput);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', MSG.common.internal);
  });

  // Unmatched paths: other methods on a page, unknown API paths, and pages when no web build is served.
  app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND', MSG.common.notFound));
}
