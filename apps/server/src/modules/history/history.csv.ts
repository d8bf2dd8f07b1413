import { Readable } from 'node:stream';
import { toDecimalString, type Asset } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { statementLinesOf, toTransactions } from './history.describe.js';
import { historyRepository as repo, NO_FILTERS, type EntryFilters, type PageCursor } from './history.repository.js';

/** The most entries one export holds (a statement, not a backup). */
export const CSV_MAX_ENTRIES = 100_000;
/** Entries read per page: the memory one export holds at a time, whatever the length of the history. */
const PAGE = 2_000;
export const CSV_HEADER = 'date,transaction,kind,account,asset,amount,description,memo';

const START: PageCursor = { transactionId: 2n ** 63n - 1n, entryId: 2n ** 63n - 1n };

/**
 * The CSV statement as a stream: one row per entry on the user's accounts that the filters keep (the History
 * page's view), newest first, with its exact
 * amount and the description of the History line it belongs to. Read a page at a time by keyset, so an
 * export of 100,000 entries holds one page in memory and the first bytes leave before the last are read.
 *
 * A History line can span transactions (a settlement's run of daily coins), and so a page boundary: the
 * entries of a page's oldest line are held back and described with the next page, so each line is
 * described from all of its entries, as the whole-history description would.
 */
export function csvStatement(db: Db, userId: string, pageSize = PAGE, filters: EntryFilters = NO_FILTERS): Readable {
  async function* rows(): AsyncGenerator<string> {
    yield CSV_HEADER + '\n';
    let cursor = START;
    let held: Awaited<ReturnType<typeof repo.page>> = [];
    let sent = 0;
    for (;;) {
      const want = Math.min(pageSize, CSV_MAX_ENTRIES - sent - held.length);
      const page = want > 0 ? await repo.page(db, userId, cursor, want, filters) : [];
      const last = page.at(-1);
      if (last) cursor = { transactionId: last.transactionId, entryId: last.entryId };
      const entries = [...held, ...page];
      const done = page.length < want || want <= 0;
      const lines = statementLinesOf(toTransactions(entries));
      const described = new Map<bigint, string>();
      for (const line of lines) for (const id of line.transactionIds) described.set(id, line.description);
      // Unless this is the end, the oldest line may go on in the next page: keep its entries for it (a line
      // longer than a page is kept whole until it ends: a settlement's run is at most a few hundred days).
      const hold = done || lines.length === 0 ? new Set<bigint>() : new Set(lines.at(-1)!.transactionIds);
      held = entries.filter((e) => hold.has(e.transactionId));
      const out = entries.filter((e) => !hold.has(e.transactionId));
      sent += out.length;
      if (out.length > 0) {
        yield (
          out
            .map((r) =>
              [
                r.createdAt.toISOString(),
                r.transactionId.toString(),
                r.kind,
                r.code,
                r.asset,
                toDecimalString(r.amount, r.asset as Asset),
                csvText(described.get(r.transactionId) ?? ''),
                csvText(r.memo ?? ''),
              ].join(','),
            )
            .join('\n') + '\n'
        );
      }
      if (done) return;
    }
  }
  return Readable.from(rows(), { objectMode: false });
}

/** A quoted CSV field; text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text. */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
