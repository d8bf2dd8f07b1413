import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, outboxListSchema } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import type { OutboxService } from '../mail/outbox.js';

/** GET /admin/outbox: the newest outgoing mails, for admins only (codes never in production). */
export function adminOutboxRoutes(outbox: OutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.adminOutbox,
      {
        config: { access: 'admin', permission: 'outbox.read' },
        schema: { tags: ['admin'], response: { 200: outboxListSchema, ...errorResponses } },
      },
      async () => outbox.list(),
    );
  };
}
