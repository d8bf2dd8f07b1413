import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  devChainPayResponseSchema,
  devChainPaySchema,
  testPaymentRequestSchema,
  topupRequestSchema,
  topupResponseSchema,
  topupStatusSchema,
} from '@svp/shared';
import type { SimulatedChain } from '../../chain/simulated.js';
import type { DepositWatcher } from '../../chain/watcher.js';
import type { DepositsService } from './deposits.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';

/** Top-up panel (SPEC §2, §7). `simulated` is set only on the simulated chain outside production. */
export function depositsRoutes(deps: {
  deposits: DepositsService;
  watcher: DepositWatcher;
  simulated: SimulatedChain | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * Credits what the simulated chain now holds. The payment is on the chain whatever happens here: when the
     * scan fails, the background watcher credits it on its next pass, so the caller is not told it failed.
     */
    const scanNow = (log: FastifyBaseLogger) =>
      deps.watcher.runFresh().catch((error: unknown) => {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'deposit watcher scan failed');
        return 0;
      });

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
        ...(await deps.deposits.createTopup(sessionOf(request).userId, request.body.amount, request.idempotency)),
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
      async (request) => deps.deposits.status(sessionOf(request).userId, request.params.requestId),
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
        const userId = sessionOf(request).userId;
        const quote = await deps.deposits.createTopupQuote(userId, request.body.requestId);
        await simulated.pay(quote.address, request.body.amount ?? quote.amountToPay);
        await scanNow(request.log);
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
        const txHash = await simulated.pay(request.body.to, request.body.amount);
        return { txHash, credited: await scanNow(request.log) };
      },
    );
  };
}
