import type { Attempt, OpRecord } from '../stress/driver.js';

/** A change of the cluster under the load: the primary switched over, killed, or a standby back. */
export interface DrillEvent {
  name: string;
  /** What happened, for the report (e.g. "node1 → node2"). */
  detail: string;
  /** When it began (ms since the epoch). */
  at: number;
  /** From `at` until HAProxy reached a writable primary again (ms); absent when the primary never moved. */
  primaryMs?: number;
  /** From `at` until Patroni showed a synchronous standby again (ms). */
  syncStandbyMs?: number;
}

export interface EventFigures {
  event: DrillEvent;
  /** Attempts that ended in the event's window. */
  requests: number;
  /** Attempts in the window without an answer or with a 5xx. */
  failed: number;
  /** When the first and the last failed attempt ended, from `at` (ms). */
  firstFailureMs: number | null;
  lastFailureMs: number | null;
  /**
   * From `at` until every app instance had answered a write (an op with an Idempotency-Key) with a 2xx, sent after
   * the last failed attempt of the window: the app serving again, without a restart. Null: it never did.
   */
  servingMs: number | null;
  perInstance: (number | null)[];
}

const failed = (a: Attempt) => a.status === undefined || a.status >= 500;
const succeeded = (a: Attempt) => a.status !== undefined && a.status >= 200 && a.status < 300;

/** The attempts that ended (answered, failed or timed out) in [from, to), with their op. */
function attemptsEndedIn(records: OpRecord[], from: number, to: number) {
  const list: { op: OpRecord; a: Attempt }[] = [];
  for (const op of records) {
    for (const a of op.attempts) if (a.at + a.ms >= from && a.at + a.ms < to) list.push({ op, a });
  }
  return list;
}

/**
 * The figures of one event over the attempts that ended from its start until `until` (the next event, or the end of
 * the load): a request in flight when the primary died counts for that event, however long it then took to fail.
 */
export function eventFigures(records: OpRecord[], event: DrillEvent, until: number, instances: number): EventFigures {
  const window = attemptsEndedIn(records, event.at, until);
  const failures = window.filter(({ a }) => failed(a));
  const perInstance = Array.from({ length: instances }, (_, instance) => {
    const mine = failures.filter(({ a }) => a.instance === instance);
    const lastFailureStart = Math.max(event.at, ...mine.map(({ a }) => a.at));
    const served = window
      .filter(({ op, a }) => op.key !== null && a.instance === instance && succeeded(a) && a.at >= lastFailureStart)
      .map(({ a }) => a.at + a.ms);
    return served.length ? Math.round(Math.min(...served) - event.at) : null;
  });
  const servingMs = perInstance.some((ms) => ms === null) ? null : Math.max(...(perInstance as number[]));
  const ends = failures.map(({ a }) => a.at + a.ms - event.at);
  return {
    event,
    requests: window.length,
    failed: failures.length,
    firstFailureMs: failures.length ? Math.round(Math.min(...ends)) : null,
    lastFailureMs: failures.length ? Math.round(Math.max(...ends)) : null,
    servingMs,
    perInstance,
  };
}

/**
 * True once, since `since`, every instance has answered a write with a 2xx sent after the last failed attempt, and no
 * attempt has failed for `quietMs`.
 */
export function servingAgain(records: OpRecord[], since: number, instances: number, quietMs: number): boolean {
  const now = Date.now();
  const figures = eventFigures(records, { name: '', detail: '', at: since }, now + 1, instances);
  const lastFailure = figures.lastFailureMs === null ? null : since + figures.lastFailureMs;
  return figures.servingMs !== null && (lastFailure === null || now - lastFailure >= quietMs);
}

const s = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

/** One line per event for the report. */
export function formatEvent(f: EventFigures): string {
  const e = f.event;
  const parts = [
    `${e.name} (${e.detail}):`,
    e.primaryMs !== undefined ? `writable primary behind HAProxy after ${s(e.primaryMs)};` : '',
    `${f.failed} of ${f.requests} requests failed (5xx or no answer)`,
    f.failed ? `ending between +${s(f.firstFailureMs)} and +${s(f.lastFailureMs)};` : ';',
    `every app instance served writes again after ${s(f.servingMs)}`,
    `(per instance ${f.perInstance.map(s).join(', ')})`,
    e.syncStandbyMs !== undefined ? `; synchronous standby again after ${s(e.syncStandbyMs)}` : '',
  ];
  return parts.filter(Boolean).join(' ').replace(' ;', ';');
}
