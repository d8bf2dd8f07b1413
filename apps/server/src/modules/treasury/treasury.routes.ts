import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, treasuryCommandSchema, treasuryReportSchema, treasuryRunSchema, type TreasuryRun } from '@svp/shared';
import { errorResponses } from '../../http/responses.js';
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
 * The treasury screen's data (admin), and, on the simulated chain outside production only, the treasury
 * command run inside the server: `npm run treasury` and the screen's development buttons call it.
 */
export function treasuryRoutes(deps: {
  treasury: TreasuryService;
  /** Null unless the server runs the simulated chain outside production. */
  runDev: ((command: 'sweep' | 'payouts', options: { dryRun: boolean; min?: string }) => Promise<TreasuryRun>) | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.adminTreasury,
      {
        config: { access: 'admin' },
        schema: { tags: ['admin'], response: { 200: treasuryReportSchema, ...errorResponses } },
      },
      async () => deps.treasury.report(),
    );

    const runDev = deps.runDev;
    if (!runDev) return;
    app.post(
      API.devTreasury,
      {
        config: { access: 'public' },
        schema: {
          tags: ['dev'],
          params: z.object({ command: treasuryCommandSchema }),
          body: devRunBody,
          response: { 200: treasuryRunSchema, ...errorResponses },
        },
      },
      async (request) => runDev(request.params.command, request.body),
    );
  };
}
