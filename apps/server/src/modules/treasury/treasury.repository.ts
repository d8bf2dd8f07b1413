import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { Tx } from '../../db/transaction.js';
import { treasurySnapshots, treasurySteps, treasuryTransfers, withdrawals } from '../../db/schema.js';
import { treasuryTransferIs, type TreasuryTransferKey } from '../../db/treasury-transfer-key.js';

export type TreasurySnapshotRow = typeof treasurySnapshots.$inferSelect;

/** Deposit addresses read per refresh: the addresses that received USDT since their last confirmed sweep. */
const UNSWEPT_SCAN_LIMIT = 1_000;
/**
 * Deposits looked at per refresh, newest first (ADR 0022: a refresh reads an index range, not every deposit).
 * An address paid and left unswept (below the sweep's --min) further back than this many deposits drops out of
 * the screen's unswept figure until it is paid again; `npm run treasury` still sweeps every address.
 */
const UNSWEPT_DEPOSITS_WINDOW = 10_000;

export const treasuryRepository = {
  async snapshot(db: Db, chainId: number): Promise<TreasurySnapshotRow | undefined> {
    const [row] = await db.select().from(treasurySnapshots).where(eq(treasurySnapshots.chainId, chainId));
    return row;
  },
  async saveSnapshot(db: Db, row: TreasurySnapshotRow): Promise<void> {
    await db
      .insert(treasurySnapshots)
      .values(row)
      .onConflictDoUpdate({ target: treasurySnapshots.chainId, set: { ...row } });
  },
  /**
   * Addresses with a credited deposit that no confirmed sweep has followed: the only ones that may hold USDT.
   * The newest UNSWEPT_DEPOSITS_WINDOW deposits (`deposits_chain_seen_idx`), each checked against the address's
   * confirmed sweeps (`treasury_steps_confirmed_sweeps_idx`, db/tables/treasury.ts).
   */
  async unsweptCandidates(db: Db, chainId: number): Promise<string[]> {
    const rows = await queryRows<{ address: string }>(
      db,
      sql`select distinct r.address from (
            select d.address from (
              select d.address, d.seen_at from deposits d where d.chain_id = ${chainId}
              order by d.seen_at desc limit ${UNSWEPT_DEPOSITS_WINDOW}) d
            where not exists (
              select 1 from treasury_steps s
              where s.chain_id = ${chainId} and s.kind = 'sweep' and s.status = 'confirmed'
                and s.from_address = d.address and s.updated_at >= d.seen_at)
            limit ${UNSWEPT_SCAN_LIMIT}) r`,
    );
    return rows.map((r) => r.address);
  },
  async approvedUnpaid(db: Db): Promise<{ total: bigint; count: number }> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${withdrawals.payout}), 0)::text`, count: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'approved'));
    return { total: BigInt(row?.total ?? '0'), count: row?.count ?? 0 };
  },
  unmatched: (db: Db, chainId: number) =>
    db
      .select()
      .from(treasuryTransfers)
      .where(
        and(
          eq(treasuryTransfers.chainId, chainId),
          isNull(treasuryTransfers.withdrawalId),
          isNull(treasuryTransfers.acknowledgedAt),
        ),
      )
      .orderBy(desc(treasuryTransfers.seenAt))
      .limit(50),
  /**
   * Marks an unmatched transfer explained, on the audited change's transaction; returns the row as it was, or
   * null when there is no such unmatched transfer (matched, or not on this chain). Explaining it twice keeps the
   * first note.
   */
  async acknowledge(tx: Tx, key: TreasuryTransferKey, by: { adminId: string; note: string; at: Date }) {
    const [row] = await tx
      .select()
      .from(treasuryTransfers)
      .where(and(treasuryTransferIs(key), isNull(treasuryTransfers.withdrawalId)))
      .for('update');
    if (!row) return null;
    if (row.acknowledgedAt) return { before: row, changed: false };
    await tx
      .update(treasuryTransfers)
      .set({ acknowledgedAt: by.at, acknowledgedBy: by.adminId, acknowledgedNote: by.note })
      .where(treasuryTransferIs(key));
    return { before: row, changed: true };
  },
  async payoutsInFlight(db: Db, chainId: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(treasurySteps)
      .where(
        and(
          eq(treasurySteps.chainId, chainId),
          eq(treasurySteps.kind, 'payout'),
          inArray(treasurySteps.status, ['signed', 'sent']),
        ),
      );
    return row?.count ?? 0;
  },
};
