import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * CSP, frame-ancestors, nosniff, referrer policy and the rest of helmet's headers on every response.
 * The middleware is built once here: @fastify/helmet rebuilt it (re-parsing the CSP) on every request,
 * a measurable share of GET /me (DESIGN §7).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: options.hsts,
  });
  app.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}
