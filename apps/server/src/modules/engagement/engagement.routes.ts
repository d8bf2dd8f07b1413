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

export function engagementRoutes(engagement: EngagementService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const mutating = { access: 'user' as const, idempotent: true };
    app.get(
      API.rewards,
      { config: user, schema: { tags: ['rewards'], response: { 200: rewardStatusSchema, ...errorResponses } } },
      async (request) => engagement.rewardStatus(request.session!.userId),
    );
    app.post(
      API.rewardsDaily,
      { config: mutating, schema: { tags: ['rewards'], response: { 200: claimResponseSchema, ...errorResponses } } },
      async (request) => engagement.claimDaily(request.session!.userId),
    );
    app.post(
      API.rewardsWelcome,
      { config: mutating, schema: { tags: ['rewards'], response: { 200: claimResponseSchema, ...errorResponses } } },
      async (request) => engagement.claimWelcome(request.session!.userId),
    );
    app.get(
      API.bot,
      { config: user, schema: { tags: ['bot'], response: { 200: botStatusSchema, ...errorResponses } } },
      async (request) => engagement.botStatus(request.session!.userId),
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
      async (request) => engagement.activateBot(request.session!.userId, request.body.method),
    );
    app.get(
      API.taps,
      { config: user, schema: { tags: ['taps'], response: { 200: tapsResponseSchema, ...errorResponses } } },
      async (request) => engagement.taps(request.session!.userId),
    );
    app.post(
      API.taps,
      {
        config: mutating,
        schema: { tags: ['taps'], body: tapsSaveSchema, response: { 200: tapsResponseSchema, ...errorResponses } },
      },
      async (request) => engagement.saveTaps(request.session!.userId, request.body.clicks),
    );
  };
}
