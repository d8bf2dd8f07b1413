import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  adminPaySchema,
  adminRejectSchema,
  adminWithdrawalListSchema,
  earningsResponseSchema,
  moveToBalanceResponseSchema,
  toDecimalString,
  withdrawalListSchema,
  withdrawalQuoteSchema,
  withdrawalRequestSchema,
  withdrawalResponseSchema,
  withdrawalSchema,
  WITHDRAWAL_CONTROLS_API,
  lateWithdrawalListSchema,
  withdrawalLimitsSchema,
  withdrawalLimitsSetSchema,
} from '@svp/shared';
import type { Ledger } from '../ledger/ledger.service.js';
import type { WithdrawalsService } from './withdrawals.service.js';
import { errorResponses } from '../../http/responses.js';
import { actorOf, sessionOf } from '../../http/session.js';
import { oneStatementRoute } from '../../http/one-statement.js';

const idParams = z.object({ id: z.string().uuid(MSG.common.notFound) });

export function withdrawalsRoutes(withdrawals: WithdrawalsService, ledger: Ledger): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.earnings,
      {
        config: { access: 'user' },
        schema: { tags: ['withdrawals'], response: { 200: earningsResponseSchema, ...errorResponses } },
      },
      async (request) => {
        const earnings = (await ledger.balances(sessionOf(request).userId)).get('usd.earnings') ?? 0n;
        return { success: true as const, earnings: toDecimalString(earnings, 'USD'), message: 'Earnings fetched.' };
      },
    );
    app.get(
      API.withdrawalQuote,
      {
        config: { access: 'user' },
        schema: { tags: ['withdrawals'], response: { 200: withdrawalQuoteSchema, ...errorResponses } },
      },
      async (request) => withdrawals.quote(sessionOf(request).userId),
    );
    app.get(
      API.withdrawals,
      {
        config: { access: 'user' },
        schema: { tags: ['withdrawals'], response: { 200: withdrawalListSchema, ...errorResponses } },
      },
      async (request) => withdrawals.list(sessionOf(request).userId),
    );
    app.post(
      API.withdrawals,
      {
        // Priced and made in one statement (docs/decisions/0038).
        ...oneStatementRoute('user'),
        schema: {
          tags: ['withdrawals'],
          body: withdrawalRequestSchema,
          response: { 200: withdrawalResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => app.inOneStatement(request, reply, () => withdrawals.request(request.body.kind)),
    );
    app.post(
      API.withdrawalToBalance,
      {
        config: { access: 'user', idempotent: true },
        schema: { tags: ['withdrawals'], response: { 200: moveToBalanceResponseSchema, ...errorResponses } },
      },
      async (request) => withdrawals.moveToBalance(sessionOf(request).userId, request.idempotency),
    );

    app.get(
      API.adminWithdrawals,
      {
        config: { access: 'admin', permission: 'withdrawals.read' },
        schema: { tags: ['admin'], response: { 200: adminWithdrawalListSchema, ...errorResponses } },
      },
      async () => withdrawals.pending(),
    );
    app.post(
      API.adminWithdrawalApprove,
      {
        // One statement: sql/functions/withdrawals/api_withdrawal_decide.sql.
        ...oneStatementRoute('admin', 'withdrawals.decide'),
        schema: { tags: ['admin'], params: idParams, response: { 200: withdrawalSchema, ...errorResponses } },
      },
      async (request, reply) =>
        app.inOneStatement(request, reply, () => withdrawals.approve(request.params.id, request.ip)),
    );
    app.post(
      API.adminWithdrawalPay,
      {
        config: { access: 'admin', permission: 'withdrawals.decide', idempotent: true },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: adminPaySchema,
          response: { 200: withdrawalSchema, ...errorResponses },
        },
      },
      async (request) => withdrawals.payByHash(actorOf(request), request.params.id, request.body.txHash),
    );
    app.post(
      API.adminWithdrawalReject,
      {
        ...oneStatementRoute('admin', 'withdrawals.decide'),
        schema: {
          tags: ['admin'],
          params: idParams,
          body: adminRejectSchema,
          response: { 200: withdrawalSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        app.inOneStatement(request, reply, () =>
          withdrawals.reject(request.params.id, request.body.reason, request.ip),
        ),
    );

    app.get(
      WITHDRAWAL_CONTROLS_API.late,
      {
        config: { access: 'admin', permission: 'withdrawals.read' },
        schema: { tags: ['admin'], response: { 200: lateWithdrawalListSchema, ...errorResponses } },
      },
      async () => withdrawals.late(),
    );

    // Caps per user (ADR 0044): finance reads and sets a user's own; compliance reads them.
    app.get(
      WITHDRAWAL_CONTROLS_API.limits,
      {
        config: { access: 'admin', permission: 'withdrawals.read' },
        schema: { tags: ['admin'], params: idParams, response: { 200: withdrawalLimitsSchema, ...errorResponses } },
      },
      async (request) => withdrawals.limits.get(request.params.id),
    );
    app.post(
      WITHDRAWAL_CONTROLS_API.limits,
      {
        config: { access: 'admin', permission: 'withdrawals.limits', idempotent: true },
        schema: {
          tags: ['admin'],
          params: idParams,
          body: withdrawalLimitsSetSchema,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), limits: withdrawalLimitsSchema }),
            ...errorResponses,
          },
        },
      },
      async (request) => withdrawals.limits.set(actorOf(request), request.params.id, request.body),
    );
  };
}
