import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@svp/shared';
import type { Config } from '../config.js';
import { unusualPathRefusal } from './paths.js';
import { requestIds } from './request-ids.js';
import { securityHeaders } from './security-headers.js';
import { errorBody } from './error-body.js';
import { responseSerializerCompiler } from './serializer.js';

/** Paths pino must never print: credentials, one-time codes and session tokens (point 10). */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.otp',
  '*.token',
];

/**
 * A request as its log lines show it: the path without its query. Links carry their secrets there (an e-mail
 * verification token, and whatever a later link carries), and no log line may hold one, in any mode.
 */
const requestForLog = (request: FastifyRequest) => {
  const cut = request.url.indexOf('?');
  return {
    method: request.method,
    url: cut < 0 ? request.url : `${request.url.slice(0, cut)}?[query not logged]`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
};

/**
 * The Fastify instance every route is registered on: logging, proxies, the body limit, request ids, validation
 * and the compiled response whitelist, and the one hook every request runs (app.ts registers the rest).
 */
export function createFastify(config: Config, logStream?: { write(line: string): void }) {
  const everyAnswer = securityHeaders({ hsts: config.isProduction });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT,
      serializers: { req: requestForLog },
      ...(logStream ? { stream: logStream } : {}),
    },
    // A hop count trusts that many proxies nearest the app (proxy-addr's own rule for a number).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    genReqId: requestIds(),
    requestIdHeader: false,
    // Errors the router raises before any hook (a path parameter over 100 characters, a broken
    // %-encoding) answer in the shared error shape too, not Fastify's own.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const body = JSON.stringify(errorBody('VALIDATION_ERROR', MSG.common.invalidInput));
      // The router's reply is untyped here (no route matched yet); the raw response is plain HTTP. No hook ran,
      // so the headers every answer carries are set here.
      void (reply as unknown as FastifyReply)
        .headers(everyAnswer)
        .header('x-request-id', request.id)
        .code(status)
        .type('application/json')
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod: config.NODE_ENV === 'test' }));

  // The one hook every request runs, matched or not, before any other: the headers every answer carries (the
  // request id among them, for a report to quote), then an unusual spelling of the path is refused.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(everyAnswer).header('x-request-id', request.id);
    done(unusualPathRefusal(request.raw.url));
  });
  return app;
}
