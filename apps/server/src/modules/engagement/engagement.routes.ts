import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  botActivateResponseSchema,
  botActivateSchema,
  botStatusSchema,
  claimResponseSchema,
  rewardStatusSchema,
  tapsResponseSchema,
  tapsSaveSchema,
} from '@svp/shared';
import type { EngagementService } from './engagement.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import { oneStatementRoute } from '../../http/one-statement.js';

export function engagementRoutes(engagement: EngagementService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const mutating = { access: 'user' as const, idempotent: true };
    /** Claiming the daily coins and saving taps run as one statement (docs/decisions/0026). */
    const inOneStatement = oneStatementRoute('user');
    app.get(
      API.rewards,
      { config: user, schema: { tags: ['rewards'], response: { 200: rewardStatusSchema, ...errorResponses } } },
      async (request) => engagement.rewardStatus(sessionOf(request).userId),
    );
    app.post(
      API.rewardsDaily,
      { ...inOneStatement, schema: { tags: ['rewards'], response: { 200: claimResponseSchema, ...errorResponses } } },
      async (request, reply) => app.inOneStatement(request, reply, () => engagement.claimDaily()),
    );
    app.post(
      API.rewardsWelcome,
      { config: mutating, schema: { tags: ['rewards'], response: { 200: claimResponseSchema, ...errorResponses } } },
      async (request) => engagement.claimWelcome(sessionOf(request).userId, request.idempotency),
    );
    app.get(
      API.bot,
      { config: user, schema: { tags: ['bot'], response: { 200: botStatusSchema, ...errorResponses } } },
      async (request) => engagement.botStatus(sessionOf(request).userId),
    );
    app.post(
      API.botActivate,
      {
        config: mutating,
        schema: {
          tags: ['bot'],
          body: botActivateSchema,
          response: { 200: botActivateResponseSchema, ...errorResponses },
        },
      },
      async (request) => engagement.activateBot(sessionOf(request).userId, request.body.method, request.idempotency),
    );
    app.get(
      API.taps,
      { config: user, schema: { tags: ['taps'], response: { 200: tapsResponseSchema, ...errorResponses } } },
      async (request) => engagement.taps(sessionOf(request).userId),
    );
    app.post(
      API.taps,
      {
        ...inOneStatement,
        schema: { tags: ['taps'], body: tapsSaveSchema, response: { 200: tapsResponseSchema, ...errorResponses } },
      },
      async (request, reply) => app.inOneStatement(request, reply, () => engagement.saveTaps(request.body.clicks)),
    );
  };
}
