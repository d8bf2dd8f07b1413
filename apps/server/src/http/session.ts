import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@svp/shared';
import type { SessionInfo, SessionStore } from '../modules/auth/sessions.js';
import { enforceAccess } from './access.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

/** Loads the caller's session from the HttpOnly cookie, then applies the route's access rule. */
export function registerSessionLoading(app: FastifyInstance, store: SessionStore, apiPrefix: string): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(apiPrefix)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await store.resolve(token) : null;
    enforceAccess(request);
  });
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: maxAgeSeconds };
}
