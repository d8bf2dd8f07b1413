import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, meResponseSchema, okResponseSchema, usernameSchema } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { errors } from '../../http/errors.js';
import type { SnapshotRow } from './users.repository.js';
import type { UsersService } from './users.service.js';
import { sessionOf } from '../../http/session.js';

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.me,
      {
        // The hottest route (DESIGN §7), and with /config the dashboard home's whole first screen (DESIGN §7):
        // the snapshot and the home's coin and bot boxes are read in the session look-up's own statement.
        config: { access: 'authenticated', sessionRead: users.snapshotWithSession },
        schema: { tags: ['users'], response: { 200: meResponseSchema, ...errorResponses } },
      },
      async (request) => {
        // The session decides whose data this is; no id ever comes from the client.
        const me = await users.meFrom((request.sessionData as SnapshotRow | null) ?? undefined);
        if (!me) throw errors.unauthenticated();
        return me;
      },
    );

    app.post(
      API.profileUsername,
      {
        config: { access: 'user', idempotent: true },
        schema: {
          tags: ['users'],
          body: usernameSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => users.changeUsername(sessionOf(request).userId, request.body.username, request.idempotency),
    );
  };
}
