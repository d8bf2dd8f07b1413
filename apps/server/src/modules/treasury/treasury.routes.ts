import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  MSG,
  okResponseSchema,
  treasuryCommandSchema,
  treasuryReportSchema,
  treasuryRunStatusSchema,
  unmatchedAcknowledgeSchema,
} from '@svp/shared';
import { errors } from '../../http/errors.js';
import { errorResponses } from '../../http/responses.js';
import { actorOf } from '../../http/session.js';
import type { DevTreasuryRuns } from '../../treasury-runner/dev-treasury.js';
import { presentsToken } from '../../treasury-runner/operator-token.js';
import type { TreasuryService } from './treasury.service.js';

const devRunBody = z
  .object({
    dryRun: z.boolean().default(false),
    /** Sweep only addresses holding at least this much USDT. */
    min: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be a USDT amount like 10 or 0.5')
      .optional(),
  })
  .default({ dryRun: false });

/**
 * The treasury screen's data and the explanation of unmatched transfers (admin), and, on the simulated chain
 * outside production only, the treasury command run inside the server: the screen's development buttons (an
 * admin session) and `npm run treasury` (the operator's token from the server's data directory) start a run,
 * which answers at once with its id (202), and read its progress by that id.
 */
export function treasuryRoutes(deps: {
  treasury: TreasuryService;
  /** Null unless the server runs the simulated chain outside production. */
  dev: { runs: DevTreasuryRuns; operatorToken: string } | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.adminTreasury,
      {
        config: { access: 'admin', permission: 'treasury.read' },
        schema: { tags: ['admin'], response: { 200: treasuryReportSchema, ...errorResponses } },
      },
      async () => deps.treasury.report(),
    );

    app.post(
      API.adminTreasuryAcknowledge,
      {
        config: { access: 'admin', permission: 'treasury.operate', idempotent: true },
        schema: {
          tags: ['admin'],
          params: z.object({
            txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, MSG.treasury.unmatchedNotFound),
            logIndex: z.coerce.number().int().min(0).max(1_000_000),
          }),
          body: unmatchedAcknowledgeSchema,
          response: { 200: okResponseSchema, ...errorResponses },
        },
      },
      async (request) => deps.treasury.acknowledgeUnmatched(actorOf(request), request.params, request.body.note),
    );

    const dev = deps.dev;
    if (!dev) return;
    // An admin's session, or the operator's token instead of one.
    const access = {
      access: 'admin' as const,
      operatorAccess: (request: { headers: { authorization?: string } }) =>
        presentsToken(request.headers.authorization, dev.operatorToken),
    };
    app.post(
      API.devTreasury,
      {
        config: { ...access, permission: 'treasury.operate' },
        schema: {
          tags: ['dev'],
          params: z.object({ command: treasuryCommandSchema }),
          body: devRunBody,
          response: { 202: treasuryRunStatusSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const run = await dev.runs.start(request.params.command, request.body, request.session?.userId ?? null);
        return reply.status(202).send(run);
      },
    );
    app.get(
      API.devTreasuryRun,
      {
        config: { ...access, permission: 'treasury.read' },
        schema: {
          tags: ['dev'],
          params: z.object({ runId: z.string().uuid(MSG.treasury.runNotFound) }),
          response: { 200: treasuryRunStatusSchema, ...errorResponses },
        },
      },
      async (request) => {
        const run = await dev.runs.get(request.params.runId);
        if (!run) throw errors.notFound(MSG.treasury.runNotFound);
        return run;
      },
    );
  };
}
