import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, referralRequestSchema, referralResponseSchema, referralSaveResponseSchema } from '@svp/shared';
import type { ReferralsService } from './referrals.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';

/** The user's referral code: read it, and set it once. */
export function referralsRoutes(referrals: ReferralsService): FastifyPluginAsyncZod {
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
  };
}
