import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

/**
 * Who may call a route. Every API route declares one in `config.access`; a route without it
 * refuses to register, so the authorization table is complete by construction.
 */
export type Access = 'public' | 'user' | 'admin' | 'authenticated' | 'admin-mfa';

export interface RouteTableEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    routeTable: RouteTableEntry[];
  }
}

export function registerAccessControl(app: FastifyInstance, apiPrefix: string): void {
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
}

/** Runs after the session is loaded: the server-side role check for every route (DESIGN D14). */
export function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (!access || access === 'public') return;
  const session = request.session;
  if (!session) throw errors.unauthenticated();
  // The second-factor routes are the only ones an admin reaches between password and code.
  if (access === 'admin-mfa') {
    if (session.role !== 'admin') throw errors.forbidden();
    return;
  }
  if (session.mfa === 'pending') throw errors.unauthenticated();
  if (access === 'authenticated') return;
  if (session.role !== access) throw errors.forbidden();
}
