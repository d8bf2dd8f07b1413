import { API, type BotStatus, type MeResponse } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { meQueryKey } from '../../../shared/query-keys';
import { useMeAnswer } from '../../../shared/session/me';

const botOf = (me: MeResponse): BotStatus | null => me.engagement?.bot ?? null;

/** The bot's state as GET /bot answers it, from the /me answer (the home needs no request of its own: DESIGN §7). */
export function useBotStatus() {
  return useMeAnswer(botOf);
}

/** SPEC §4: inactive → active, paid with 500,000 coins or $5 of balance. */
export function useActivateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: 'coins' | 'balance') =>
      apiPost(API.botActivate, { method }, { schema: lazySchema('botActivateResponseSchema') }),
    onSuccess: ({ botStatus, state, reason, paidThrough, botEarn }) =>
      // The box shows the new state at once; the refresh below brings the coins or balance it cost.
      queryClient.setQueryData<MeResponse>(meQueryKey, (me) =>
        me?.engagement
          ? { ...me, engagement: { ...me.engagement, bot: { botStatus, state, reason, paidThrough, botEarn } } }
          : me,
      ),
    // A failure may still have activated it (a lost answer): either way, show what the server says.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
