import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { setOperatorGuards } from '../../http/access.js';
import type { AuditLog } from '../audit/audit.js';
import type { LiveBus } from '../events/live-bus.js';
import { announcementsRoutes } from './announcements.routes.js';
import { createAnnouncementsService } from './announcements.service.js';
import { exportsRoutes } from './exports.routes.js';
import { createExportsService } from './exports.service.js';
import { maintenanceRoutes } from './maintenance.routes.js';
import { createMaintenanceService } from './maintenance.service.js';
import { rolesRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';

/**
 * Operator controls (DESIGN D18) as app.ts wires them: the roles and the maintenance switch the access
 * check consults (http/access.ts), announcements and their job, the accounting exports, and their routes.
 */
export function createOperatorModule(deps: { db: Db; clock: Clock; audit: AuditLog; log: FastifyBaseLogger }) {
  const roles = createRolesService(deps);
  const maintenance = createMaintenanceService(deps);
  const announcements = createAnnouncementsService(deps);
  const exports = createExportsService(deps);

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(rolesRoutes(roles));
    await api.register(maintenanceRoutes(maintenance, roles));
    await api.register(announcementsRoutes(announcements, roles));
    await api.register(exportsRoutes(exports));
  };

  return {
    roles,
    maintenance,
    announcements,
    exports,
    routes,
    /**
     * Hands the access check its guards, follows the maintenance switch from the start (through the live bus's
     * connection), and runs the announcements job while the server listens (tests, which inject, run it
     * themselves: app.operator.announcements.runOnce()).
     */
    attach(app: FastifyInstance, bus: Pick<LiveBus, 'watchPlatform'>) {
      setOperatorGuards(app, {
        permissionsOf: (userId) => roles.permissionsOf(userId),
        permissionsOfSession: (tokenHash) => roles.permissionsOfSession(tokenHash),
        checkWritable: (request, reply) => maintenance.checkWritable(request, reply),
      });
      app.decorate('operator', { roles, maintenance, announcements, exports });
      app.addHook('onReady', async () => {
        // A database not reachable yet must not stop the start: the bus keeps trying, and until it hears changes
        // a request reads the switch itself.
        await maintenance.follow(bus).catch((error: unknown) => {
          deps.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'maintenance switch not followed yet',
          );
        });
      });
      app.addHook('onListen', async () => announcements.start());
      app.addHook('onClose', async () => announcements.stop());
    },
  };
}

export type OperatorModule = ReturnType<typeof createOperatorModule>;

declare module 'fastify' {
  interface FastifyInstance {
    operator: Pick<OperatorModule, 'roles' | 'maintenance' | 'announcements' | 'exports'>;
  }
}
