import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATIONS_API,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSavedSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationUnreadSchema,
} from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import type { RateLimiter, RateRule } from '../../http/rate-limit.js';
import type { NotificationsService } from './notifications.service.js';

/** Changing e-mail settings: generous for a person, a wall for a script. */
const preferencesRule = (userId: string): RateRule => ({
  bucket: `notification-prefs:acct:${userId}`,
  limit: 30,
  windowMs: 15 * 60_000,
});

/** The bell and the e-mail settings; a user's own notifications only (the user id is the session's). */
export function notificationsRoutes(service: NotificationsService, rateLimiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const tags = ['notifications'];
    app.get(
      NOTIFICATIONS_API.list,
      {
        config: user,
        schema: {
          tags,
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errorResponses },
        },
      },
      async (request) => service.list(sessionOf(request).userId, request.query),
    );
    app.get(
      NOTIFICATIONS_API.unread,
      { config: user, schema: { tags, response: { 200: notificationUnreadSchema, ...errorResponses } } },
      async (request) => service.unread(sessionOf(request).userId),
    );
    app.post(
      NOTIFICATIONS_API.read,
      {
        config: user,
        schema: {
          tags,
          params: notificationIdParamsSchema,
          response: { 200: notificationUnreadSchema, ...errorResponses },
        },
      },
      async (request) => service.markRead(sessionOf(request).userId, request.params.id),
    );
    app.post(
      NOTIFICATIONS_API.readAll,
      { config: user, schema: { tags, response: { 200: notificationUnreadSchema, ...errorResponses } } },
      async (request) => service.markAllRead(sessionOf(request).userId),
    );
    app.get(
      NOTIFICATIONS_API.preferences,
      { config: user, schema: { tags, response: { 200: notificationPreferencesSchema, ...errorResponses } } },
      async (request) => service.preferences(sessionOf(request).userId),
    );
    app.put(
      NOTIFICATIONS_API.preferences,
      {
        config: user,
        schema: {
          tags,
          body: notificationPreferencesUpdateSchema,
          response: { 200: notificationPreferencesSavedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = sessionOf(request);
        await rateLimiter.consume(preferencesRule(userId));
        return service.setPreferences(userId, request.body.email);
      },
    );
  };
}
