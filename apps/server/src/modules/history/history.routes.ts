import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  FIGURES_AS_OF_HEADER,
  LEDGER_API,
  MSG,
  historyPageResponseSchema,
  ledgerDetailResponseSchema,
  ledgerEntryParamsSchema,
  ledgerFiltersSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
} from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import type { HistoryService } from './history.service.js';

const userParams = z.object({ id: z.string().uuid(MSG.admin.notFound) });

/** The user's statement: the history page (the ledger view), a transaction's details and the CSV. */
export function historyRoutes(history: HistoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.history,
      {
        config: { access: 'user' },
        schema: {
          tags: ['history'],
          querystring: ledgerQuerySchema,
          response: { 200: historyPageResponseSchema, ...errorResponses },
        },
      },
      async (request) => history.page(sessionOf(request).userId, request.query),
    );
    app.get(
      LEDGER_API.entry,
      {
        config: { access: 'user' },
        schema: {
          tags: ['history'],
          params: ledgerEntryParamsSchema,
          response: { 200: ledgerDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => history.entry(sessionOf(request).userId, request.params.transactionId),
    );
    app.get(
      API.historyCsv,
      { config: { access: 'user' }, schema: { tags: ['history'], querystring: ledgerFiltersSchema } },
      async (request, reply) => {
        const { value: csv, figuresAsOf } = await history.csv(sessionOf(request).userId, request.query);
        reply.header('content-disposition', 'attachment; filename="svp-statement.csv"');
        // Served from a read replica: how old its figures are (the file itself stays a plain table).
        if (figuresAsOf) reply.header(FIGURES_AS_OF_HEADER, figuresAsOf);
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );

    // An admin reads a user's ledger as the user does (DESIGN D18: looking a user up is `users.read`).
    app.get(
      LEDGER_API.adminUserHistory,
      {
        config: { access: 'admin', permission: 'users.read' },
        schema: {
          tags: ['admin'],
          params: userParams,
          querystring: ledgerQuerySchema,
          response: { 200: ledgerPageSchema, ...errorResponses },
        },
      },
      async (request) => history.userPage(request.params.id, request.query),
    );
    app.get(
      LEDGER_API.adminUserEntry,
      {
        config: { access: 'admin', permission: 'users.read' },
        schema: {
          tags: ['admin'],
          params: userParams.merge(ledgerEntryParamsSchema),
          response: { 200: ledgerDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => history.userEntry(request.params.id, request.params.transactionId),
    );
  };
}
