import { timingSafeEqual } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  MSG,
  OPERATOR_MSG,
  SESSION_COOKIE,
  isPermission,
  type Permission,
  type Role,
} from '@svp/shared';
import type { SessionInfo, SessionRead, SessionRow } from '../db/session-row.js';
import { AppError, errors } from './errors.js';

/**
 * Who may call a route. Every route declares one in `config.access`; the app refuses to start with a
 * route that declares none, so the authorization table is complete by construction.
 */
export type Access = 'public' | 'user' | 'admin' | 'authenticated' | 'admin-mfa' | 'user-mfa';

export interface RouteTableEntry {
  method: string;
  url: string;
  access: Access;
  /** What an admin route needs of the admin's roles (DESIGN D18); absent on every other route. */
  permission?: Permission;
}

/**
 * What the access check needs of the operator controls (modules/operator, wired in app.ts), which the http layer
 * cannot import: an admin's permissions, read on every admin request so a revoked role stops working at once, and
 * the maintenance switch, which refuses a user's write while the platform is read-only.
 */
export interface OperatorGuards {
  permissionsOf(userId: string): Promise<ReadonlySet<Permission>>;
  /**
   * The same for a one-statement route, by the session cookie's hash, in one read: null when no signed-in admin
   * session has it (the route's statement checks the session's timeouts itself).
   */
  permissionsOfSession(tokenHash: string): Promise<ReadonlySet<Permission> | null>;
  /** Throws (503, with Retry-After) when this user request may not write now; called only for users' writes. */
  checkWritable(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route checks its (user) session inside its own SQL statement (http/one-statement.ts): the access hook
     * only requires a well-formed session cookie, so the request costs no separate look-up.
     */
    sessionInStatement?: boolean;
    /**
     * A credential other than a session that this route also accepts (the operator's treasury token): true
     * lets the request through whatever its session. The route's access rule applies to everyone else.
     */
    operatorAccess?: (request: FastifyRequest) => boolean;
    /** The permission an admin route needs (DESIGN D18): every 'admin' route declares one, and only they do. */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** Every route the router holds (HEAD twins aside), with its access rule; complete once the app is ready. */
    routeTable: RouteTableEntry[];
    /** The session rules for routes that check the session in their own statement (http/one-statement.ts). */
    sessionCheck: SessionCheck;
    /** The operator controls the access check consults; set once by setOperatorGuards, before the app is ready. */
    operatorGuards: { current: OperatorGuards | null };
  }
}

/** What the access check needs of the session store (the auth module's store is one). */
export interface SessionResolver {
  resolve(token: string, read?: SessionRead): Promise<{ session: SessionInfo; data: SessionRow } | null>;
  statementSession(token: string | undefined, role: Role): StatementSession | null;
}

/** A session as a statement checks it: the token's hash and the limits of a session of the route's role. */
export interface StatementSession {
  tokenHash: string;
  idleMs: number;
  touchMs: number;
}

export interface SessionCheck {
  /** The request's session cookie, ready for a statement, or null when there is none. */
  statementSession(request: FastifyRequest): StatementSession | null;
  /** The ordinary check (look-up, expiry, touch, role), for a request the statement did not vouch for: throws 401/403. */
  authorize(request: FastifyRequest): Promise<void>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Set on a plugin scope whose third-party routes cannot declare access themselves (see registerWithAccess). */
const scopeAccess = Symbol('scopeAccess');

/**
 * Access, CSRF and the session are attached to each route as it is registered (DESIGN §4), so they run for
 * the route the router matched, whatever spelling of its path reached it: nothing here looks at the URL.
 * Call before any route is registered.
 */
export function registerAccessControl(app: FastifyInstance, sessions: SessionResolver): void {
  const routes: RouteOptions[] = [];
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  const guards: { current: OperatorGuards | null } = { current: null };
  app.decorate('operatorGuards', guards);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionData', null);
  const authorize = authorizer(sessions, guards);
  app.decorate('sessionCheck', {
    statementSession: (request) =>
      sessions.statementSession(request.cookies[SESSION_COOKIE], statementRole(request.routeOptions.config.access)),
    authorize: (request) => resolveAndEnforce(sessions, guards, request),
  } satisfies SessionCheck);

  app.addHook('onRoute', function (route) {
    const inherited = (this as unknown as Record<symbol, Access | undefined>)[scopeAccess];
    if (!route.config?.access && inherited) route.config = { ...route.config, access: inherited };
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    // A statement vouches for a session of one role (api_session_open): a user's or an admin's.
    if (route.config.sessionInStatement && route.config.access !== 'user' && route.config.access !== 'admin') {
      throw new Error(
        `Route ${String(route.method)} ${route.url}: sessionInStatement is for 'user' and 'admin' routes`,
      );
    }
    checkPermissionDeclared(route);
    routes.push(route);
    route.onRequest = [authorize, ...[route.onRequest ?? []].flat()];
  });
  app.addHook('onReady', async () => {
    // Fail closed: permissions declared and nobody to check them is a start-up error, not an open console.
    if (routes.some((route) => route.config?.permission) && !guards.current)
      throw new Error('Admin routes declare permissions but no operator guards were set (setOperatorGuards)');
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const permission = route.config!.permission;
        table.push({ method, url: route.url, access: route.config!.access!, ...(permission ? { permission } : {}) });
      }
    }
  });
}

/** Hands the access check the operator controls (app.ts, once the operator module exists). */
export function setOperatorGuards(app: FastifyInstance, operatorGuards: OperatorGuards): void {
  if (app.operatorGuards.current) throw new Error('Operator guards are already set');
  app.operatorGuards.current = operatorGuards;
}

/** Every admin route names the permission it needs, and no other route names one: the table is complete. */
function checkPermissionDeclared(route: RouteOptions): void {
  const { access, permission } = route.config!;
  const name = `Route ${String(route.method)} ${route.url}`;
  if (access === 'admin' && !isPermission(permission)) throw new Error(`${name} declares no admin permission`);
  if (access !== 'admin' && permission !== undefined) throw new Error(`${name}: a permission is for 'admin' routes`);
}

/**
 * Registers a third-party plugin (API docs) whose routes cannot carry our config, in a scope where every
 * route it adds gets `access`. Only for plugins whose decorators nothing outside them needs.
 */
export async function registerWithAccess<Options extends object>(
  app: FastifyInstance,
  access: Access,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): Promise<void> {
  await app.register(async (scope) => {
    (scope as unknown as Record<symbol, Access>)[scopeAccess] = access;
    await scope.register(plugin, options);
  });
}

/** The role whose session a one-statement route's statement checks (only 'user' and 'admin' routes have one). */
const statementRole = (access: Access | undefined): Role => (access === 'admin' ? 'admin' : 'user');

/** The hook every route runs first: CSRF for unsafe methods, then the session and the route's access rule. */
function authorizer(sessions: SessionResolver, guards: { current: OperatorGuards | null }): onRequestHookHandler {
  return async function authorize(request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config;
    // Answers that depend on who asks are never stored by a browser or a proxy.
    reply.header('cache-control', 'no-store');
    if (UNSAFE.has(request.method)) checkCsrf(request);
    if (config.access === 'public') return;
    if (config.operatorAccess?.(request)) return;
    if (config.sessionInStatement) {
      // No cookie, no statement: refused at once. Otherwise the route's statement checks the session.
      const session = sessions.statementSession(request.cookies[SESSION_COOKIE], statementRole(config.access));
      if (!session) throw errors.unauthenticated();
      // A statement vouches for a session, not for an admin's permissions: those are read here, before it runs.
      // No signed-in admin session under the cookie: the ordinary check says why (401 or 403).
      if (config.permission && !(await enforceSessionPermission(guards, session.tokenHash, config.permission)))
        await resolveAndEnforce(sessions, guards, request);
      await checkWritable(guards, request, reply);
      return;
    }
    await resolveAndEnforce(sessions, guards, request);
    await checkWritable(guards, request, reply);
  };
}

/** Maintenance mode (DESIGN D18): a user's write waits; reads, sign-in and the console go on. */
async function checkWritable(guards: { current: OperatorGuards | null }, request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.config.access !== 'user' || !UNSAFE.has(request.method)) return;
  await guards.current?.checkWritable(request, reply);
}

async function resolveAndEnforce(
  sessions: SessionResolver,
  guards: { current: OperatorGuards | null },
  request: FastifyRequest,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  const resolved = token ? await sessions.resolve(token, request.routeOptions.config.sessionRead) : null;
  request.session = resolved?.session ?? null;
  request.sessionData = resolved?.data ?? null;
  enforceAccess(request);
  const permission = request.routeOptions.config.permission;
  if (permission) await enforcePermission(guards, request.session!.userId, permission);
}

/**
 * enforcePermission for a one-statement route, in one read by the cookie's hash; false when the cookie is no
 * signed-in admin's session (the caller then runs the ordinary check, which refuses it with the right status).
 */
async function enforceSessionPermission(
  guards: { current: OperatorGuards | null },
  tokenHash: string,
  permission: Permission,
): Promise<boolean> {
  const held = guards.current ? await guards.current.permissionsOfSession(tokenHash) : new Set<Permission>();
  if (held === null) return false;
  if (!held.has(permission)) throw new AppError('FORBIDDEN', OPERATOR_MSG.permissionDenied(permission));
  return true;
}

/** The admin's roles give the route's permission, read now (a revoked role stops at the next request), or 403. */
async function enforcePermission(guards: { current: OperatorGuards | null }, userId: string, permission: Permission) {
  const held = guards.current ? await guards.current.permissionsOf(userId) : new Set<Permission>();
  if (!held.has(permission)) throw new AppError('FORBIDDEN', OPERATOR_MSG.permissionDenied(permission));
}

/**
 * Double-submit CSRF token: a readable cookie the SPA echoes in a header. A cross-site page can neither read
 * our cookie nor set the header, so a forged form post fails here.
 */
function checkCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE] ?? '';
  const header = request.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : '';
  const ok =
    cookie.length > 0 && sent.length === cookie.length && timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  if (!ok) throw new AppError('CSRF_FAILED', MSG.common.csrf);
}

/** The server-side role check (DESIGN D14), once the session is loaded. */
function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  const session = request.session;
  if (!session) throw errors.unauthenticated();
  // The second-factor routes are the only ones reached between password and code, each by its own role.
  if (access === 'admin-mfa' || access === 'user-mfa') {
    if (session.role !== (access === 'admin-mfa' ? 'admin' : 'user')) throw errors.forbidden();
    return;
  }
  if (session.mfa === 'pending') throw errors.unauthenticated();
  if (access === 'authenticated') return;
  if (session.role !== access) throw errors.forbidden();
}
