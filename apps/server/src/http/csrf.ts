import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, MSG } from '@svp/shared';
import { AppError } from './errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit CSRF token: a readable cookie the SPA echoes in a header. A cross-site page can
 * neither read our cookie nor set the header, so a forged form post fails here.
 */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  return token;
}

export function registerCsrfCheck(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith(apiPrefix)) return done();
    const cookie = request.cookies[CSRF_COOKIE] ?? '';
    const header = request.headers[CSRF_HEADER];
    const sent = typeof header === 'string' ? header : '';
    const ok =
      cookie.length > 0 && sent.length === cookie.length && timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
    done(ok ? undefined : new AppError(403, 'CSRF_FAILED', MSG.common.csrf));
  });
}
