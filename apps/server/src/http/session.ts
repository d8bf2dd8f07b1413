import type { FastifyRequest } from 'fastify';
import type { SessionInfo, SessionRead, SessionRow } from '../db/session-row.js';
import type { IdempotencyClaim } from '../db/transaction.js';
import { errors } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded by the route's access check (http/access.ts); null on public routes. */
    session: SessionInfo | null;
    /** What the route's `sessionRead` returned with the session, once the session passed every check. */
    sessionData: SessionRow | null;
  }
  interface FastifyContextConfig {
    /** Read the route's own data in the session look-up's statement (see SessionRead). */
    sessionRead?: SessionRead;
  }
}

/**
 * The caller's session on a route that requires one. The access check has already refused a request
 * without it; should a route be declared wrongly, the caller is refused (401) rather than the server failing.
 */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw errors.unauthenticated();
  return request.session;
}

/**
 * The signed-in caller as a service takes them: who, from where, and the request's Idempotency-Key (null on
 * routes without one), which the service's transaction marks as acted on.
 */
export interface Actor {
  userId: string;
  ip: string;
  claim: IdempotencyClaim | null;
}

/** An actor and when they last gave the second factor on this session (null: not on it). */
export interface SignedInActor extends Actor {
  verifiedAt: number | null;
}

export function actorOf(request: FastifyRequest): SignedInActor {
  const session = sessionOf(request);
  return { userId: session.userId, ip: request.ip, claim: request.idempotency, verifiedAt: session.verifiedAt };
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: maxAgeSeconds };
}
