import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@svp/shared';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The double-submit CSRF token (checked for every unsafe method in http/access.ts): a readable cookie the
 * SPA echoes in a header. Reuses the caller's token if it has one.
 */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && TOKEN_PATTERN.test(existing)) return existing;
  return rotateCsrfToken(reply, secure);
}

/** A new token, at sign-in: a token planted or read before the login is worth nothing after it. */
export function rotateCsrfToken(reply: FastifyReply, secure: boolean): string {
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  return token;
}
