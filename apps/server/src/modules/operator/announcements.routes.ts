import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPERATOR_API,
  announcementCreatedSchema,
  announcementDraftSchema,
  announcementListSchema,
  announcementPreviewSchema,
} from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { actorOf } from '../../http/session.js';
import type { AnnouncementsService } from './announcements.service.js';
import type { RolesService } from './roles.service.js';

/** Announcements: the sent ones, a preview (text and recipient count) and the send, which the job carries out. */
export function announcementsRoutes(announcements: AnnouncementsService, roles: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OPERATOR_API.announcements,
      {
        config: { access: 'admin', permission: 'announcements.read' },
        schema: { tags: ['admin'], response: { 200: announcementListSchema, ...errorResponses } },
      },
      async () => announcements.list(),
    );
    app.post(
      OPERATOR_API.announcementPreview,
      {
        config: { access: 'admin', permission: 'announcements.send' },
        schema: {
          tags: ['admin'],
          body: announcementDraftSchema,
          response: { 200: announcementPreviewSchema, ...errorResponses },
        },
      },
      async (request) => announcements.preview(request.body),
    );
    app.post(
      OPERATOR_API.announcements,
      {
        config: { access: 'admin', permission: 'announcements.send', idempotent: true },
        schema: {
          tags: ['admin'],
          body: announcementDraftSchema,
          response: { 200: announcementCreatedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        // It reaches every user's inbox: behind a fresh second factor, so a stolen session cannot phish them all.
        roles.requireFreshFactor(actor);
        return announcements.create(actor, request.body);
      },
    );
  };
}
