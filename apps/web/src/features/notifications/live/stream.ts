import { API_PREFIX, LIVE_EVENT_NOTIFICATION, NOTIFICATIONS_API, type NotificationView } from '@svp/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLiveStreamUp } from '../../../shared/live-stream-state';
import { historyKeys, meKeys, planKeys, withdrawalKeys } from '../../../shared/query-keys';

export { liveStreamUp, useLiveStreamUp } from '../../../shared/live-stream-state';

/**
 * The live stream (Server-Sent Events, GET /api/v1/events): one per tab, whatever mounts it. Each notification
 * it pushes marks stale the data its event changed, so the open screen refreshes itself; polling runs only while
 * the stream is down (`useLiveStreamUp`). The browser reconnects by itself and sends the last event id, and the
 * server replays what was missed; after a refusal (signed out) it is opened again a little later.
 */

/**
 * The screens' data each event changes. Deposits, tickets, staking and referrals keep their keys in their own
 * features (deposits/api/topup.ts `depositKeys`, tickets/api/tickets.ts `ticketKeys`, staking/api/staking.ts
 * `stakingKeys`, referrals/api/referrals.ts `referralKeys`): their roots are named here so the top bar does not
 * download those modules.
 */
const AFFECTS: Record<string, QueryKey[]> = {
  'deposit.credited': [['deposits'], meKeys.all, historyKeys.all],
  'plan.started': [planKeys.all, withdrawalKeys.all, meKeys.all, historyKeys.all],
  'plan.matured': [planKeys.all, withdrawalKeys.all, meKeys.all],
  'withdrawal.requested': [withdrawalKeys.all, meKeys.all, historyKeys.all],
  'withdrawal.approved': [withdrawalKeys.all],
  'withdrawal.paid': [withdrawalKeys.all, meKeys.all, historyKeys.all],
  'withdrawal.rejected': [withdrawalKeys.all, meKeys.all, historyKeys.all],
  'referral.bonus': [['referrals'], meKeys.all, historyKeys.all],
  'ticket.answered': [['tickets']],
  'bot.paused': [meKeys.all],
  'stake.ended': [['staking'], meKeys.all, historyKeys.all],
};
const NOTIFICATIONS_KEY = ['notifications'];
/** Data that is polled when the stream is down: refetched when the stream's state changes, so polling stops or starts. */
const POLLED: QueryKey[] = [['deposits'], NOTIFICATIONS_KEY];
const REOPEN_MS = 30_000;

type State = 'connecting' | 'up' | 'down';
let state: State = 'down';
let source: EventSource | null = null;
let reopenTimer: number | undefined;
let lastEventId: string | null = null;
let mounted = 0;
let client: QueryClient | null = null;

/**
 * Refetches what an event changed. A fetch already in flight started before the event and may answer with the
 * state before it; TanStack Query joins a first fetch (no data yet) instead of restarting it, so the panel that
 * was loading when the payment landed kept the unpaid answer. Cancelling first makes the refetch start now.
 */
function refresh(queryKey: QueryKey) {
  if (!client) return;
  const target = client;
  void target.cancelQueries({ queryKey }).then(() => target.invalidateQueries({ queryKey }));
}

function setState(next: State) {
  if (state === next) return;
  const wasUp = state === 'up';
  state = next;
  setLiveStreamUp(next === 'up');
  // Going up: catch up on what polling would have shown; going down: start polling again.
  if (wasUp !== (next === 'up')) for (const queryKey of POLLED) refresh(queryKey);
}

function onNotification(event: MessageEvent<string>) {
  lastEventId = event.lastEventId || lastEventId;
  let notification: Pick<NotificationView, 'type'>;
  try {
    notification = JSON.parse(event.data) as NotificationView;
  } catch {
    return;
  }
  refresh(NOTIFICATIONS_KEY);
  for (const queryKey of AFFECTS[notification.type] ?? []) refresh(queryKey);
}

function open() {
  if (typeof EventSource === 'undefined' || source) return;
  setState('connecting');
  const after = lastEventId ? `?after=${encodeURIComponent(lastEventId)}` : '';
  const stream = new EventSource(`${API_PREFIX}${NOTIFICATIONS_API.events}${after}`, { withCredentials: true });
  source = stream;
  stream.addEventListener('open', () => setState('up'));
  stream.addEventListener(LIVE_EVENT_NOTIFICATION, onNotification as EventListener);
  stream.addEventListener('error', () => {
    // CONNECTING: the browser is retrying by itself. CLOSED: refused (signed out, server gone): try later.
    setState('down');
    if (stream.readyState === EventSource.CLOSED) {
      close();
      reopenTimer = window.setTimeout(open, REOPEN_MS);
    }
  });
}

function close() {
  window.clearTimeout(reopenTimer);
  source?.close();
  source = null;
  setState('down');
}

/** Keeps the tab's one stream open while at least one component using it is mounted (and `enabled`). */
export function useLiveStream(queryClient: QueryClient, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    client = queryClient;
    mounted += 1;
    if (mounted === 1) open();
    return () => {
      mounted -= 1;
      if (mounted === 0) close();
    };
  }, [queryClient, enabled]);
}
