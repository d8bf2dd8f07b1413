import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_API, maintenanceSetSchema, maintenanceStateSchema } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { actorOf } from '../../http/session.js';
import type { MaintenanceService } from './maintenance.service.js';
import type { RolesService } from './roles.service.js';

const setResponse = z.object({ success: z.literal(true), message: z.string(), state: maintenanceStateSchema });

/** Maintenance mode: its state for everyone (the web app's banner polls it), the switch for a superadmin. */
export function maintenanceRoutes(maintenance: MaintenanceService, roles: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OPERATOR_API.maintenance,
      {
        config: { access: 'public' },
        schema: { tags: ['system'], response: { 200: maintenanceStateSchema, ...errorResponses } },
      },
      async () => maintenance.current(),
    );
    app.post(
      OPERATOR_API.maintenanceSet,
      {
        config: { access: 'admin', permission: 'maintenance.manage', idempotent: true },
        schema: { tags: ['admin'], body: maintenanceSetSchema, response: { 200: setResponse, ...errorResponses } },
      },
      async (request) => {
        const actor = actorOf(request);
        // A platform-wide switch: behind a fresh second factor, like a role change.
        roles.requireFreshFactor(actor);
        return maintenance.set(actor, request.body);
      },
    );
  };
}
