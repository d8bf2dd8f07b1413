import { desc, eq, inArray } from 'drizzle-orm';
import { toDecimalString, type Asset } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema.js';

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

export interface StatementEntry {
  transactionId: bigint;
  createdAt: Date;
  kind: string;
  memo: string | null;
  code: string;
  asset: string;
  amount: bigint;
}

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

/** The user's statement, from their own ledger accounts only (newest first). */
export function createHistoryService(db: Db) {
  async function entries(userId: string, limit: number) {
    const own = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.owner, userId));
    if (own.length === 0) return [];
    return db
      .select({
        transactionId: ledgerTransactions.id,
        createdAt: ledgerTransactions.createdAt,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        code: accounts.code,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(
        inArray(
          ledgerEntries.accountId,
          own.map((a) => a.id),
        ),
      )
      .orderBy(desc(ledgerTransactions.id), desc(ledgerEntries.id))
      .limit(limit);
  }

  return {
    /** One line per transaction: "2026-03-02 09:00 UTC — Top-up received: … (balance +97)". */
    async lines(userId: string, limit = 200): Promise<string[]> {
      return statementLines(await entries(userId, limit * 4), limit);
    },

    /** CSV statement: one row per entry on the user's accounts. */
    async csv(userId: string): Promise<string> {
      const rows = await entries(userId, 100_000);
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
