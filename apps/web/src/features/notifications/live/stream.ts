import {
  API_PREFIX,
  LIVE_EVENT_NOTIFICATION,
  LIVE_HEARTBEAT_MS,
  NOTIFICATIONS_API,
  type NotificationView,
} from '@svp/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeStoredIdentity } from '../../../lib/storedUser';
import { storedUserId } from '../../../lib/useStoredUser';
import { setLiveStreamUp } from '../../../shared/live-stream-state';
import { historyKeys, meKeys, planKeys, withdrawalKeys } from '../../../shared/query-keys';
import { readServerSentEvents } from './sse';

export { liveStreamUp, useLiveStreamUp } from '../../../shared/live-stream-state';

/**
 * The live stream (Server-Sent Events, GET /api/v1/events): one per tab, whatever mounts it. Each notification
 * it pushes marks stale the data its event changed, so the open screen refreshes itself; polling runs only while
 * the stream is down (`useLiveStreamUp`). Read with fetch rather than EventSource, which hides the server's
 * heartbeats: a stream that stays silent past a heartbeat is taken as down (polling resumes) and opened again.
 * A reconnect sends the last event id, and the server replays what was missed; after a refusal (signed out) it is
 * opened again a little later, and signing out closes it.
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
/** After a refusal (signed out, too many streams) or a failed connection. */
const REOPEN_MS = 30_000;
/** A heartbeat is late past this (the interval plus room for a slow network): the stream is dead. */
export const SILENCE_MS = LIVE_HEARTBEAT_MS + 10_000;

type State = 'connecting' | 'up' | 'down';
let state: State = 'down';
/** Aborts the open connection, if any. */
let connection: AbortController | null = null;
let reopenTimer: number | undefined;
let silenceTimer: number | undefined;
let lastEventId: string | null = null;
/** The server's `retry:` line: how soon to reconnect after the stream ended. */
let retryMs = 3_000;
let mounted = 0;
let client: QueryClient | null = null;
let unwatchIdentity: (() => void) | null = null;

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

function onNotification(data: string, id: string | null) {
  if (id !== null) lastEventId = id;
  let notification: Pick<NotificationView, 'type'>;
  try {
    notification = JSON.parse(data) as NotificationView;
  } catch {
    return;
  }
  refresh(NOTIFICATIONS_KEY);
  for (const queryKey of AFFECTS[notification.type] ?? []) refresh(queryKey);
}

/**
 * A heartbeat or an event: the stream is up (polling stops) until SILENCE_MS pass without one, then it is dropped
 * and opened again. Only these count, not the opening lines: a stream that connects and says nothing more keeps
 * the screens polling.
 */
function heard() {
  setState('up');
  listen();
}

function listen() {
  window.clearTimeout(silenceTimer);
  silenceTimer = window.setTimeout(() => {
    drop();
    reopenLater(retryMs);
  }, SILENCE_MS);
}

function reopenLater(ms: number) {
  window.clearTimeout(reopenTimer);
  if (mounted > 0) reopenTimer = window.setTimeout(open, ms);
}

async function open() {
  if (connection || storedUserId() === null) return;
  const controller = new AbortController();
  connection = controller;
  setState('connecting');
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  let again = REOPEN_MS;
  try {
    const res = await fetch(`${API_PREFIX}${NOTIFICATIONS_API.events}`, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!res.ok || !res.body) return; // refused: tried again later
    listen();
    await readServerSentEvents(res.body, {
      onAlive: heard,
      onRetry: (ms) => (retryMs = ms),
      onEvent: (event) => event.type === LIVE_EVENT_NOTIFICATION && onNotification(event.data, event.id),
    });
    again = retryMs; // the server ended it (a restart, the session's end): reconnect as a browser would
  } catch {
    // Offline or aborted; an abort of ours has already cleaned up.
  } finally {
    if (connection === controller) {
      drop();
      reopenLater(again);
    }
  }
}

/** Ends the connection (no reconnect of its own) and marks the stream down. */
function drop() {
  window.clearTimeout(silenceTimer);
  connection?.abort();
  connection = null;
  setState('down');
}

function close() {
  window.clearTimeout(reopenTimer);
  drop();
}

/** Keeps the tab's one stream open while at least one component using it is mounted (and `enabled`). */
export function useLiveStream(queryClient: QueryClient, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    client = queryClient;
    mounted += 1;
    if (mounted === 1) {
      // Signing out (or in as someone else) ends this session's stream at once: it would only be refused.
      unwatchIdentity = subscribeStoredIdentity(storedUserId, () => {
        close();
        lastEventId = null;
        void open();
      });
      void open();
    }
    return () => {
      mounted -= 1;
      if (mounted === 0) {
        unwatchIdentity?.();
        close();
      }
    };
  }, [queryClient, enabled]);
}
