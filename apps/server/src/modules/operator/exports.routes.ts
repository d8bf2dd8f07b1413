import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATOR_API, atDateQuerySchema, periodQuerySchema, reconciliationSchema } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
import { endOfDay, period, type ExportsService } from './exports.service.js';

const CSV = 'text/csv; charset=utf-8';

/** The accounting exports (finance and compliance): two CSV files and the reconciliation report. */
export function exportsRoutes(exports: ExportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OPERATOR_API.journalCsv,
      {
        config: { access: 'admin', permission: 'exports.read' },
        schema: { tags: ['admin'], querystring: periodQuerySchema },
      },
      async (request, reply) => {
        const { from, to } = period(request.query.from, request.query.to);
        const name = `svp-journal-${request.query.from}-to-${request.query.to}.csv`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
        return reply.type(CSV).send(exports.journal(from, to));
      },
    );
    app.get(
      OPERATOR_API.trialBalanceCsv,
      {
        config: { access: 'admin', permission: 'exports.read' },
        schema: { tags: ['admin'], querystring: atDateQuerySchema },
      },
      async (request, reply) => {
        const at = endOfDay(request.query.at);
        reply.header('content-disposition', `attachment; filename="svp-trial-balance-${request.query.at}.csv"`);
        return reply.type(CSV).send(exports.trialBalance(at));
      },
    );
    app.get(
      OPERATOR_API.reconciliation,
      {
        config: { access: 'admin', permission: 'exports.read' },
        schema: {
          tags: ['admin'],
          querystring: atDateQuerySchema,
          response: { 200: reconciliationSchema, ...errorResponses },
        },
      },
      async (request) => exports.reconciliation(endOfDay(request.query.at)),
    );
  };
}
