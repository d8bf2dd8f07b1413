import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  currentInvestmentResponseSchema,
  errorResponseSchema,
  investRequestSchema,
  investResponseSchema,
  plansResponseSchema,
} from '@svp/shared';
import type { InvestmentsService } from './investments.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

export function plansRoutes(investments: InvestmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.plans,
      { config: { access: 'authenticated' }, schema: { tags: ['plans'], response: { 200: plansResponseSchema } } },
      async () => investments.plans(),
    );
    app.get(
      API.investments,
      {
        config: { access: 'user' },
        schema: { tags: ['plans'], response: { 200: currentInvestmentResponseSchema, ...errors } },
      },
      async (request) => investments.current(request.session!.userId),
    );
    app.post(
      API.investments,
      {
        config: { access: 'user', idempotent: true },
        schema: { tags: ['plans'], body: investRequestSchema, response: { 200: investResponseSchema, ...errors } },
      },
      async (request) => investments.invest(request.session!.userId, request.body),
    );
  };
}
