import { API, treasuryReportSchema, treasuryRunSchema, type TreasuryCommand } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from './console';

export type { TreasuryReport, TreasuryRun } from '@svp/shared';

export const treasuryKey = ['admin', 'treasury'] as const;

/**
 * The report is read from what the watcher stored, but it still sums the ledger: it is reloaded every 30 s
 * while the page is open, and never more often (a focus or a remount within 30 s reuses the last answer).
 */
export const TREASURY_REFRESH_MS = 30_000;

/** What the chain holds beside what the ledger owes (DESIGN D16). */
export function useTreasury() {
  return useQuery({
    queryKey: treasuryKey,
    queryFn: () => apiGet(API.adminTreasury, { schema: treasuryReportSchema }),
    staleTime: TREASURY_REFRESH_MS,
    refetchInterval: TREASURY_REFRESH_MS,
  });
}

/**
 * Development only (simulated chain, outside production): runs the operator's treasury command in the server.
 * After it, the report, the withdrawal queue and everything else the admin sees are reloaded: "payouts" has the
 * server run the watcher once, so the withdrawals it paid are already marked paid.
 */
export function useTreasuryCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: TreasuryCommand) =>
      apiPost(pathWith(API.devTreasury, { command }), {}, { schema: treasuryRunSchema }),
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}
