import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { withFiguresAge, type LagTolerantReads } from '../../db/read-replica.js';
import { statementLinesOf, toTransactions, type StatementLine } from './history.describe.js';
import { csvStatement } from './history.csv.js';
import { historyRepository as repo } from './history.repository.js';
import { entryFilters, ledgerDetail, ledgerPage } from './history-ledger.js';
import { errors } from '../../http/errors.js';
import type { LedgerFilters, LedgerQuery } from '@svp/shared';

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
/** Entries read per statement line wanted: a line is one transaction, which touches a user's accounts 1–4 times. */
const ENTRIES_PER_LINE = 4;
/**
 * At most this many entries are read for one set of lines. A settlement after a long absence posts one
 * daily-coin accrual per day (up to 400), all of which make a single line: the read grows (×4 each time)
 * until it holds the lines wanted, and stops here.
 */
const MAX_ENTRIES_READ = 4_096;
/** Users whose statements one process keeps; the oldest is dropped first. */
const CACHED_USERS = 10_000;

/** "2026-03-02 09:00 UTC — $97.00 top-up added to your balance (100.00 USDT received, $3.00 fee)". */
export const lineText = (line: StatementLine) => `${stamp(line.createdAt)} — ${line.description}`;

/**
 * The newest `limit` lines from the newest entries read. When the read was cut short (`complete` false),
 * its oldest line may be missing some of its entries (a transaction, or a settlement's run of daily coins,
 * that continues past the cut): it is shown only when there are no more than `limit` lines without it.
 */
export function statementLines(
  rows: Parameters<typeof toTransactions>[0],
  limit: number,
  complete = true,
): StatementLine[] {
  const lines = statementLinesOf(toTransactions(rows));
  if (!complete && lines.length > 1) lines.pop();
  return lines.slice(0, limit);
}

/**
 * The user's statement, from their own ledger accounts only (newest first).
 *
 * GET /me shows the newest lines on every dashboard load (DESIGN §7), so they are kept per user, keyed by
 * the number of entries on the user's accounts: entries are immutable and only ever added, so an
 * unchanged count means an unchanged statement. No invalidation, nothing shared between processes; a
 * posting raises the count and the next read builds the lines again.
 */
export function createHistoryService(db: Db, reads: LagTolerantReads) {
  const cache = new Map<string, { entriesTotal: string; lines: string[] }>();

  /** The newest `limit` lines as `from` (the primary, or the replica for the History page) has them. */
  async function collect(from: Db, userId: string, limit: number) {
    let wanted = limit * ENTRIES_PER_LINE;
    for (;;) {
      const { entriesTotal, entries } = await repo.newest(from, userId, wanted);
      const complete = entries.length < wanted;
      const found = statementLines(entries, limit + 1, complete);
      if (complete || found.length > limit || wanted >= MAX_ENTRIES_READ) {
        return { entriesTotal, lines: found.slice(0, limit).map(lineText) };
      }
      wanted = Math.min(wanted * 4, MAX_ENTRIES_READ);
    }
  }

  async function read(userId: string, limit: number) {
    const { entriesTotal, lines } = await collect(db, userId, limit);
    return remember(userId, limit, entriesTotal, lines);
  }

  function remember(userId: string, limit: number, entriesTotal: string, lines: string[]) {
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

    /**
     * The History page, a page of the ledger view under the query's filters. It may lag (DESIGN §8), so it reads
     * the replica when there is one, and says how old its figures are. Asked with no query at all, it also gives
     * the newest statement sentences (`lines`) as it always has. The dashboard's lines (`lines`, from /me) always
     * read the primary.
     */
    async page(userId: string, query: LedgerQuery = {}) {
      const plain = Object.values(query).every((v) => v === undefined);
      const read = await reads.run(async (from) => ({
        ...(await ledgerPage(from, userId, query)),
        ...(plain ? { lines: (await collect(from, userId, 200)).lines } : {}),
      }));
      return withFiguresAge(read);
    },

    /** One transaction of the user's ledger, with its references; 404 when none of it is theirs. */
    async entry(userId: string, transactionId: string) {
      return withFiguresAge(await reads.run((from) => ledgerDetail(from, userId, BigInt(transactionId))));
    },

    /** An admin's view of a user's ledger (DESIGN D18: `users.read`): the same page, for a user who exists. */
    async userPage(userId: string, query: LedgerQuery) {
      return withFiguresAge(
        await reads.run(async (from) => {
          if (!(await repo.userExists(from, userId))) throw errors.notFound();
          return ledgerPage(from, userId, query);
        }),
      );
    },

    async userEntry(userId: string, transactionId: string) {
      return withFiguresAge(await reads.run((from) => ledgerDetail(from, userId, BigInt(transactionId))));
    },

    /**
     * CSV statement of the filtered view, streamed a page at a time (history.csv.ts): one row per entry on the
     * user's accounts, with its exact amount and the description of the History line it belongs to. From the
     * replica when there is one, like the page.
     */
    csv: (userId: string, filters: LedgerFilters = {}): Promise<{ value: Readable; figuresAsOf?: string }> =>
      reads.run(async (from) => csvStatement(from, userId, undefined, entryFilters(filters))),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
