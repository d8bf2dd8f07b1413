import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  currentInvestmentResponseSchema,
  investRequestSchema,
  investResponseSchema,
  plansResponseSchema,
} from '@svp/shared';
import type { InvestmentsService } from './plans.service.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import { oneStatementRoute } from '../../http/one-statement.js';

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
        schema: { tags: ['plans'], response: { 200: currentInvestmentResponseSchema, ...errorResponses } },
      },
      async (request) => investments.current(sessionOf(request).userId),
    );
    app.post(
      API.investments,
      {
        ...oneStatementRoute('user'),
        schema: {
          tags: ['plans'],
          body: investRequestSchema,
          response: { 200: investResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => app.inOneStatement(request, reply, () => investments.invest(request.body)),
    );
  };
}
