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

const response = { 200: stakingActionResponseSchema, ...errorResponses };

export function stakingRoutes(staking: StakingService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    const mutating = { access: 'user' as const, idempotent: true };
    app.get(
      API.staking,
      { config: user, schema: { tags: ['staking'], response: { 200: stakingSummarySchema, ...errorResponses } } },
      async (request) => staking.summary(request.session!.userId),
    );
    app.get(
      API.stakingLeaderboard,
      { config: user, schema: { tags: ['staking'], response: { 200: leaderboardSchema, ...errorResponses } } },
      async (request) => staking.leaderboard(request.session!.userId),
    );
    app.post(
      API.stakingConvert,
      { config: mutating, schema: { tags: ['staking'], body: convertSchema, response } },
      async (request) => staking.convert(request.session!.userId, request.body.direction, request.body.amount),
    );
    app.post(
      API.stakingBuy,
      { config: mutating, schema: { tags: ['staking'], body: buySvpSchema, response } },
      async (request) => staking.buy(request.session!.userId, request.body.amount),
    );
    app.post(
      API.stakingSell,
      { config: mutating, schema: { tags: ['staking'], body: sellSvpSchema, response } },
      async (request) => staking.sell(request.session!.userId, request.body.tokens),
    );
    app.post(
      API.stakingStake,
      { config: mutating, schema: { tags: ['staking'], body: stakeSchema, response } },
      async (request) => staking.stake(request.session!.userId, request.body.tokens),
    );
    app.post(
      API.stakingWithdrawEarned,
      { config: mutating, schema: { tags: ['staking'], response } },
      async (request) => staking.withdrawEarned(request.session!.userId),
    );
    app.post(
      API.stakingTransfer,
      { config: mutating, schema: { tags: ['staking'], body: transferSchema, response } },
      async (request) => staking.transfer(request.session!.userId, request.body.recipient, request.body.amount),
    );
  };
}
