import { API } from '@svp/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet, serverAnswer } from '../../../lib/api';
import { adminKeys } from '../../../shared/query-keys';

/** What the console's home needs of the withdrawal queue: each waiting withdrawal's state and due time. */
interface QueueAnswer {
  withdrawals: { id: string; status: string; requestedAt: string; dueAt: string }[];
}

/**
 * The queue in figures for the console's home: how many wait for a decision, how many are being paid, and which
 * are late against the promise (48 hours to 3 days, DESIGN D7): past their due time and not paid. Its own key
 * under the admin key (the queue screen keeps its list under another), so every admin change refreshes it.
 */
export function useQueueSummary(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.all, 'home', 'queue'],
    enabled,
    queryFn: () => apiGet(API.adminWithdrawals, { schema: serverAnswer<QueueAnswer>() }),
    select: ({ withdrawals }) => {
      const now = Date.now();
      const waiting = withdrawals.filter((w) => w.status === 'pending' || w.status === 'approved');
      const late = waiting.filter((w) => Date.parse(w.dueAt) < now);
      const oldestLate = late.reduce<string | null>((a, w) => (a && a < w.dueAt ? a : w.dueAt), null);
      return {
        pending: waiting.filter((w) => w.status === 'pending').length,
        approved: waiting.filter((w) => w.status === 'approved').length,
        late: late.length,
        oldestLate,
      };
    },
  });
}
