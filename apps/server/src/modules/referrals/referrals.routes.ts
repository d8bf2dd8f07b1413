import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  FIGURES_AS_OF_HEADER,
  historyResponseSchema,
  referralRequestSchema,
  referralResponseSchema,
  referralSaveResponseSchema,
} from '@svp/shared';
import type { HistoryService } from '../history/history.service.js';
import type { ReferralsService } from './referrals.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';

/** Referral code and the user's statement. */
export function referralsRoutes(referrals: ReferralsService, history: HistoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.referral,
      {
        config: { access: 'user' },
        schema: { tags: ['referrals'], response: { 200: referralResponseSchema, ...errorResponses } },
      },
      async (request) => referrals.code(sessionOf(request).userId),
    );
    app.post(
      API.referral,
      {
        config: { access: 'user', idempotent: true },
        schema: {
          tags: ['referrals'],
          body: referralRequestSchema,
          response: { 200: referralSaveResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await referrals.setCode(
          sessionOf(request).userId,
          request.body.source,
          request.body.referralCode,
          request.idempotency,
        )),
      }),
    );
    app.get(
      API.history,
      {
        config: { access: 'user' },
        schema: { tags: ['history'], response: { 200: historyResponseSchema, ...errorResponses } },
      },
      async (request) => history.page(sessionOf(request).userId),
    );
    app.get(API.historyCsv, { config: { access: 'user' }, schema: { tags: ['history'] } }, async (request, reply) => {
      const { value: csv, figuresAsOf } = await history.csv(sessionOf(request).userId);
      reply.header('content-disposition', 'attachment; filename="svp-statement.csv"');
      // Served from a read replica: how old its figures are (the file itself stays a plain table).
      if (figuresAsOf) reply.header(FIGURES_AS_OF_HEADER, figuresAsOf);
      return reply.type('text/csv; charset=utf-8').send(csv);
    });
  };
}
