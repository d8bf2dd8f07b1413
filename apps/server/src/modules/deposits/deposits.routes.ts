import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  devChainPayResponseSchema,
  devChainPaySchema,
  parseAmount,
  testPaymentRequestSchema,
  topupRequestSchema,
  topupResponseSchema,
  topupStatusSchema,
} from '@svp/shared';
import type { SimulatedChain } from '../../chain/simulated.js';
import type { DepositWatcher } from '../../chain/watcher.js';
import { errors } from '../../http/errors.js';
import type { DepositsService } from './deposits.service.js';
import { errorResponses } from '../../http/responses.js';

/** Top-up panel (SPEC §2, §7). `simulated` is set only on the simulated chain outside production. */
export function depositsRoutes(deps: {
  deposits: DepositsService;
  watcher: DepositWatcher;
  simulated: SimulatedChain | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API.topup,
      {
        config: { access: 'user', idempotent: true },
        schema: {
          tags: ['deposits'],
          body: topupRequestSchema,
          response: { 200: topupResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deps.deposits.createTopup(request.session!.userId, request.body.amount)),
      }),
    );

    app.get(
      API.topupStatus,
      {
        config: { access: 'user' },
        schema: {
          tags: ['deposits'],
          params: z.object({ requestId: z.string().uuid(MSG.common.notFound) }),
          response: { 200: topupStatusSchema, ...errorResponses },
        },
      },
      async (request) => deps.deposits.status(request.session!.userId, request.params.requestId),
    );

    const simulated = deps.simulated;
    if (!simulated) return;

    // Development only: both paths append to the simulated chain; the watcher credits as for real payments.
    app.post(
      API.topupTestPayment,
      {
        config: { access: 'user' },
        schema: {
          tags: ['deposits'],
          body: testPaymentRequestSchema,
          response: { 200: topupStatusSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId = request.session!.userId;
        const quote = await deps.deposits.createTopupQuote(userId, request.body.requestId);
        const amount =
          request.body.amount === undefined ? quote.amountToPay : parseAmount(request.body.amount, 'USD', 2);
        if (amount === null || amount <= 0n)
          throw errors.validation(MSG.topup.invalidAmount, { amount: MSG.topup.invalidAmount });
        await simulated.pay(quote.address, amount);
        await deps.watcher.runOnce();
        return deps.deposits.status(userId, request.body.requestId);
      },
    );

    app.post(
      API.devChainPay,
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          body: devChainPaySchema,
          response: { 200: devChainPayResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const amount = parseAmount(request.body.amount, 'USD', 6);
        if (amount === null || amount <= 0n)
          throw errors.validation(MSG.topup.invalidAmount, { amount: MSG.topup.invalidAmount });
        const txHash = await simulated.pay(request.body.to, amount);
        return { txHash, credited: await deps.watcher.runOnce() };
      },
    );
  };
}
