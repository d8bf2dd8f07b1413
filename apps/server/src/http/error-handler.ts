import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_PREFIX, MSG, type ErrorResponse } from '@svp/shared';
import { AppError } from './errors.js';
import { IdempotencyClaimLost } from '../db/transaction.js';
import { pgErrorCode } from '../modules/ledger/ledger.errors.js';

/** Text PostgreSQL cannot store (a NUL character, in text or jsonb): the caller's input, not our fault. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function body(code: ErrorResponse['error']['code'], message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message } };
}

/**
 * Every failure leaves the server in the shape of DESIGN §4. Bad input is always a 4xx with the
 * spec's words; anything unexpected is a 500 that shows no internals (the log has the details).
 */
export function registerErrorHandling(app: FastifyInstance, options: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (error instanceof IdempotencyClaimLost) {
      // A retry took this request's key over while it was presumed dead; that retry does the work.
      return reply.status(409).send(body('IDEMPOTENCY_MISMATCH', MSG.common.requestInProgress));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] ?? '';
        fields[field || '_'] ??= issue.message ?? MSG.common.invalidInput;
      }
      const first = error.validation[0]?.message ?? MSG.common.invalidInput;
      return reply.status(400).send(body('VALIDATION_ERROR', first, fields));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MSG.common.payloadTooLarge));
    }
    const code = pgErrorCode(error);
    if (code && UNSTORABLE_TEXT.has(code)) {
      return reply.status(400).send(body('VALIDATION_ERROR', MSG.common.invalidInput));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the caller's mistake, said plainly.
      return reply.status(status).send(body('VALIDATION_ERROR', MSG.common.invalidInput));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', MSG.common.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || request.method !== 'GET') {
      return reply.status(404).send(body('NOT_FOUND', MSG.common.notFound));
    }
    if (options.spa) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).type('text/plain').send('Not found');
  });
}
