import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  OPERATOR_API,
  operatorAdminListSchema,
  operatorMeSchema,
  roleChangeResponseSchema,
  roleChangeSchema,
} from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { actorOf, sessionOf } from '../../http/session.js';
import type { RolesService } from './roles.service.js';

const idParams = z.object({ id: z.string().uuid(MSG.admin.notFound) });

/** Admin roles: the caller's own permissions (the console's navigation), the list, and a superadmin's changes. */
export function rolesRoutes(roles: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OPERATOR_API.me,
      {
        config: { access: 'admin', permission: 'console.use' },
        schema: { tags: ['admin'], response: { 200: operatorMeSchema, ...errorResponses } },
      },
      async (request) => roles.me(sessionOf(request).userId),
    );
    app.get(
      OPERATOR_API.admins,
      {
        config: { access: 'admin', permission: 'roles.read' },
        schema: { tags: ['admin'], response: { 200: operatorAdminListSchema, ...errorResponses } },
      },
      async () => roles.list(),
    );
    app.post(
      OPERATOR_API.adminRoles,
      {
        config: { access: 'admin', permission: 'roles.manage', idempotent: true },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: roleChangeSchema,
          response: { 200: roleChangeResponseSchema, ...errorResponses },
        },
      },
      async (request) => roles.change(actorOf(request), request.params.id, request.body.role, request.body.granted),
    );
  };
}
