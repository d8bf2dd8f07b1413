import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  buySvpSchema,
  convertSchema,
  leaderboardSchema,
  sellSvpSchema,
  stakeSchema,
  stakingActionResponseSchema,
  stakingSummarySchema,
  transferSchema,
} from '@svp/shared';
import type { StakingService } from './staking.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';

const response = { 200: stakingActionResponseSchema, ...errorResponses };

export function stakingRoutes(staking: StakingService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const mutating = { access: 'user' as const, idempotent: true };
    app.get(
      API.staking,
      { config: user, schema: { tags: ['staking'], response: { 200: stakingSummarySchema, ...errorResponses } } },
      async (request) => staking.summary(sessionOf(request).userId),
    );
    app.get(
      API.stakingLeaderboard,
      { config: user, schema: { tags: ['staking'], response: { 200: leaderboardSchema, ...errorResponses } } },
      async (request) => staking.leaderboard(sessionOf(request).userId),
    );
    app.post(
      API.stakingConvert,
      { config: mutating, schema: { tags: ['staking'], body: convertSchema, response } },
      async (request) => staking.convert(sessionOf(request).userId, request.body.direction, request.body.amount),
    );
    app.post(
      API.stakingBuy,
      { config: mutating, schema: { tags: ['staking'], body: buySvpSchema, response } },
      async (request) => staking.buy(sessionOf(request).userId, request.body.amount),
    );
    app.post(
      API.stakingSell,
      { config: mutating, schema: { tags: ['staking'], body: sellSvpSchema, response } },
      async (request) => staking.sell(sessionOf(request).userId, request.body.tokens),
    );
    app.post(
      API.stakingStake,
      { config: mutating, schema: { tags: ['staking'], body: stakeSchema, response } },
      async (request) => staking.stake(sessionOf(request).userId, request.body.tokens),
    );
    app.post(
      API.stakingWithdrawEarned,
      { config: mutating, schema: { tags: ['staking'], response } },
      async (request) => staking.withdrawEarned(sessionOf(request).userId),
    );
    app.post(
      API.stakingTransfer,
      { config: mutating, schema: { tags: ['staking'], body: transferSchema, response } },
      async (request) => staking.transfer(sessionOf(request).userId, request.body.recipient, request.body.amount),
    );
  };
}
