import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@svp/shared';
import type { SessionInfo, SessionRead, SessionRow, SessionStore } from '../modules/auth/sessions.js';
import { enforceAccess } from './access.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    /** What the route's `sessionRead` returned with the session, once the session passed every check. */
    sessionData: SessionRow | null;
  }
  interface FastifyContextConfig {
    /** Read the route's own data in the session look-up's statement (see SessionRead). */
    sessionRead?: SessionRead;
  }
}

/** Loads the caller's session from the HttpOnly cookie, then applies the route's access rule. */
export function registerSessionLoading(app: FastifyInstance, store: SessionStore, apiPrefix: string): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionData', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(apiPrefix)) return;
    const token = request.cookies[SESSION_COOKIE];
    const resolved = token ? await store.resolve(token, request.routeOptions.config.sessionRead) : null;
    request.session = resolved?.session ?? null;
    request.sessionData = resolved?.data ?? null;
    enforceAccess(request);
  });
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: maxAgeSeconds };
}
