import { toDecimalString, type Asset } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { historyRepository as repo, type StatementEntry } from './history.repository.js';

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
/** Entries read per statement line wanted: a line is one transaction, which touches a user's accounts 1–4 times. */
const ENTRIES_PER_LINE = 4;
/** Users whose statements one process keeps; the oldest is dropped first. */
const CACHED_USERS = 10_000;

/** One line per transaction, newest first: "2026-03-02 09:00 UTC — Top-up received: … (balance +97)". */
export function statementLines(rows: StatementEntry[], limit: number): string[] {
  const byTx = new Map<bigint, { createdAt: Date; memo: string; changes: string[] }>();
  for (const r of rows) {
    const line = byTx.get(r.transactionId) ?? { createdAt: r.createdAt, memo: r.memo ?? r.kind, changes: [] };
    const amount = toDecimalString(r.amount, r.asset as Asset);
    line.changes.push(`${r.code.split('.')[1]} ${r.amount > 0n ? '+' : ''}${amount}`);
    byTx.set(r.transactionId, line);
  }
  return [...byTx.values()].slice(0, limit).map((l) => `${stamp(l.createdAt)} — ${l.memo} (${l.changes.join(', ')})`);
}

/**
 * The user's statement, from their own ledger accounts only (newest first).
 *
 * GET /me shows the newest lines on every dashboard load (DESIGN §7), so they are kept per user, keyed by
 * the number of entries on the user's accounts: entries are immutable and only ever added, so an
 * unchanged count means an unchanged statement. No invalidation, nothing shared between processes; a
 * posting raises the count and the next read builds the lines again.
 */
export function createHistoryService(db: Db) {
  const cache = new Map<string, { entriesTotal: string; lines: string[] }>();

  async function read(userId: string, limit: number) {
    const { entriesTotal, entries } = await repo.newest(db, userId, limit * ENTRIES_PER_LINE);
    const lines = statementLines(entries, limit);
    const key = `${userId}:${limit}`;
    cache.delete(key);
    if (cache.size >= CACHED_USERS) cache.delete(cache.keys().next().value!);
    cache.set(key, { entriesTotal, lines });
    return lines;
  }

  return {
    /**
     * The newest `limit` lines. `entriesTotal`, when the caller read it already (the /me snapshot does),
     * names the statement wanted: a cached one with the same count is answered without a query.
     */
    async lines(userId: string, limit = 200, entriesTotal?: string): Promise<string[]> {
      const cached = cache.get(`${userId}:${limit}`);
      if (cached && entriesTotal !== undefined && cached.entriesTotal === entriesTotal) return cached.lines;
      return read(userId, limit);
    },

    /** CSV statement: one row per entry on the user's accounts. */
    async csv(userId: string): Promise<string> {
      const rows = await repo.all(db, userId);
      const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
      const lines = ['date,transaction,kind,account,asset,amount,memo'];
      for (const r of rows) {
        lines.push(
          [
            r.createdAt.toISOString(),
            r.transactionId.toString(),
            r.kind,
            r.code,
            r.asset,
            toDecimalString(r.amount, r.asset as Asset),
            quote(r.memo ?? ''),
          ].join(','),
        );
      }
      return lines.join('\n') + '\n';
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
