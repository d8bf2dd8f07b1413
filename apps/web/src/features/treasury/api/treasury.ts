import { API, treasuryReportSchema, treasuryRunSchema, type TreasuryCommand } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { adminKeys } from '../../../shared/query-keys';

export type { TreasuryReport, TreasuryRun } from '@svp/shared';

/** Under the admin key, so every admin change (a payout recorded, a withdrawal rejected) reloads it. */
export const treasuryKeys = { all: [...adminKeys.all, 'treasury'] as const };

/**
 * The report is read from what the watcher stored, but it still sums the ledger: it is reloaded every 30 s
 * while the page is open, and never more often (a focus or a remount within 30 s reuses the last answer).
 */
export const TREASURY_REFRESH_MS = 30_000;

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
