import {
  API,
  okResponseSchema,
  treasuryReportSchema,
  treasuryRunStatusSchema,
  type TreasuryCommand,
  type TreasuryRunStatus,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { adminKeys } from '../../../shared/query-keys';

export type { TreasuryReport, TreasuryRun, TreasuryRunStatus } from '@svp/shared';

/** Under the admin key, so every admin change (a payout recorded, a withdrawal rejected) reloads it. */
export const treasuryKeys = { all: [...adminKeys.all, 'treasury'] as const };
/** A run's progress: not under the admin key (an admin change does not move a run that has ended). */
const runKey = (runId: string | null) => ['treasury-run', runId] as const;

/**
 * The report is read from what the watcher stored, but it still sums the ledger: it is reloaded every 30 s
 * while the page is open, and never more often (a focus or a remount within 30 s reuses the last answer).
 */
export const TREASURY_REFRESH_MS = 30_000;
/** How often a run's progress is read while it is queued or running. */
export const RUN_POLL_MS = 500;

/** What the chain holds beside what the ledger owes (DESIGN D16). */
export const treasuryQueryOptions = queryOptions({
  queryKey: treasuryKeys.all,
  queryFn: () => apiGet(API.adminTreasury, { schema: treasuryReportSchema }),
  staleTime: TREASURY_REFRESH_MS,
  refetchInterval: TREASURY_REFRESH_MS,
});

export function useTreasury() {
  return useQuery(treasuryQueryOptions);
}

const ongoing = (run: TreasuryRunStatus | undefined) => run?.status === 'queued' || run?.status === 'running';

/**
 * Development only (simulated chain, outside production): runs the operator's treasury command in the server.
 * The server answers at once with the run (202); its progress is read every RUN_POLL_MS until it has ended.
 * Then the report, the withdrawal queue and everything else the admin sees are reloaded: "payouts" has the
 * server run the watcher once, so the withdrawals it paid are already marked paid.
 */
export function useTreasuryCommand() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (command: TreasuryCommand) =>
      apiPost(pathWith(API.devTreasury, { command }), {}, { schema: treasuryRunStatusSchema }),
    onSuccess: (run) => {
      queryClient.setQueryData(runKey(run.runId), run);
      setRunId(run.runId);
    },
  });
  const run = useQuery({
    queryKey: runKey(runId),
    queryFn: () => apiGet(pathWith(API.devTreasuryRun, { runId: runId! }), { schema: treasuryRunStatusSchema }),
    enabled: runId !== null,
    staleTime: Infinity,
    refetchInterval: (query) => (ongoing(query.state.data) ? RUN_POLL_MS : false),
  });
  const ended = run.data !== undefined && !ongoing(run.data);
  useEffect(() => {
    if (ended) refreshAfterAdminChange(queryClient);
  }, [ended, runId, queryClient]);
  return {
    start: (command: TreasuryCommand) => start.mutate(command),
    /** The command being started or carried out, if any. */
    busy: start.isPending ? start.variables : ongoing(run.data) ? run.data!.command : null,
    startError: start.error,
    pollError: run.error,
    run: run.data ?? null,
  };
}

/** An admin explains an unmatched transfer out of the treasury: it stops raising the alert (audited). */
export function useAcknowledgeUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { txHash: string; logIndex: number; note: string }) =>
      apiPost(
        pathWith(API.adminTreasuryAcknowledge, { txHash: input.txHash, logIndex: String(input.logIndex) }),
        { note: input.note },
        { schema: okResponseSchema },
      ),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}
