import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, FIGURES_AS_OF_HEADER, historyResponseSchema } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import type { HistoryService } from './history.service.js';

/** The user's statement: the history page and its CSV. */
export function historyRoutes(history: HistoryService): FastifyPluginAsyncZod {
  return async (app) => {
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
