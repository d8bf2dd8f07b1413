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
import { oneStatementRoute } from '../../http/one-statement.js';

const response = { 200: stakingActionResponseSchema, ...errorResponses };

export function stakingRoutes(staking: StakingService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = { access: 'user' as const };
    /**
     * Convert, buy, sell, stake, transfer and Withdraw Earned run in one statement (Withdraw Earned after a read) (docs/decisions/0021): the session and the key are checked
     * inside it, and a body the schema refuses is reported by the handler, once "who are you?" is answered.
     */
    const inOneStatement = oneStatementRoute('user');
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
      { ...inOneStatement, schema: { tags: ['staking'], body: convertSchema, response } },
      async (request, reply) =>
        app.inOneStatement(request, reply, () => staking.convert(request.body.direction, request.body.amount)),
    );
    app.post(
      API.stakingBuy,
      { ...inOneStatement, schema: { tags: ['staking'], body: buySvpSchema, response } },
      async (request, reply) => app.inOneStatement(request, reply, () => staking.buy(request.body.amount)),
    );
    app.post(
      API.stakingSell,
      { ...inOneStatement, schema: { tags: ['staking'], body: sellSvpSchema, response } },
      async (request, reply) => app.inOneStatement(request, reply, () => staking.sell(request.body.tokens)),
    );
    app.post(
      API.stakingStake,
      { ...inOneStatement, schema: { tags: ['staking'], body: stakeSchema, response } },
      async (request, reply) => app.inOneStatement(request, reply, () => staking.stake(request.body.tokens)),
    );
    app.post(
      API.stakingWithdrawEarned,
      { ...inOneStatement, schema: { tags: ['staking'], response } },
      async (request, reply) => app.inOneStatement(request, reply, () => staking.withdrawEarned()),
    );
    app.post(
      API.stakingTransfer,
      { ...inOneStatement, schema: { tags: ['staking'], body: transferSchema, response } },
      async (request, reply) =>
        app.inOneStatement(request, reply, () => staking.transfer(request.body.recipient, request.body.amount)),
    );
  };
}
