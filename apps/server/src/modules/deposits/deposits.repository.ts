import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES } from '@svp/shared';
import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { functionCall } from '../../db/sql-functions.js';
import { depositAddresses, deposits, rejectedDeposits, topupRequests } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type DepositRow = typeof deposits.$inferSelect;
export type RejectedDepositInsert = typeof rejectedDeposits.$inferInsert;
/** A transfer's identity on chain: one deposit or one rejection at most. */
export interface TransferKey {
  chainId: number;
  txHash: string;
  logIndex: number;
}

/** One deposit to credit, as api_credit_deposits reads it: numbers as text, the legs computed by the service. */
export interface DepositCredit {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: string;
  address: string;
  amountRaw: string;
  received: string;
  fee: string;
  credited: string;
  key: string;
  memo: string;
  legs: { owners: string[]; codes: string[]; assets: string[]; amounts: string[]; allowNegative: boolean[] };
}

/** What api_credit_deposits did with one transfer; 'failed' names the database's refusal of its values. */
const creditResult = z.discriminatedUnion('result', [
  z.object({ result: z.literal('credited') }),
  z.object({ result: z.literal('duplicate') }),
  z.object({ result: z.literal('ignored') }),
  z.object({ result: z.literal('failed'), userId: z.string(), code: z.string(), message: z.string() }),
]);
export type CreditResult = z.infer<typeof creditResult>;

/** A chunk's transfers credited in one call (sql/functions/deposits/api_credit_deposits.sql). */
const creditCall = functionCall(
  'api_credit_deposits',
  'o_results as results',
  {
    p_transfers: 'jsonb',
    p_now: 'timestamptz',
    p_ledger_kind: 'text',
    p_notification_type: 'text',
    p_notification_category: 'text',
  },
  z.object({ results: z.array(creditResult) }),
);

/** Queries only (DESIGN §2). */
export const depositsRepository = {
  async addressOf(db: Executor, userId: string) {
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
    return row;
  },
  async ownerOf(db: Executor, address: string) {
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.address, address.toLowerCase()));
    return row;
  },
  /** Serialises address allocation until the transaction ends (a transaction-scoped advisory lock). */
  async lockAllocation(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('svp:deposit-address-allocation'))`);
  },
  async nextIndex(db: Executor): Promise<number> {
    const [row] = await db
      .select({ next: sql<number>`coalesce(max(${depositAddresses.derivationIndex}), -1)::int + 1` })
      .from(depositAddresses);
    return row?.next ?? 0;
  },
  async insertAddress(db: Executor, values: typeof depositAddresses.$inferInsert): Promise<boolean> {
    const rows = await db.insert(depositAddresses).values(values).onConflictDoNothing().returning();
    return rows.length === 1;
  },
  /**
   * Which of `candidates` (lower-case addresses) are deposit addresses: the watcher's one look-up per scanned
   * range, through the unique index on the address. One text parameter (no commas in an address), so any number
   * of candidates binds, on PostgreSQL and PGlite alike.
   */
  async depositAddressesAmong(db: Executor, candidates: string[]): Promise<string[]> {
    if (candidates.length === 0) return [];
    const rows = await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(sql`${depositAddresses.address} = any(string_to_array(${candidates.join(',')}::text, ','))`);
    return rows.map((r) => r.address);
  },
  async insertTopupRequest(db: Executor, values: typeof topupRequests.$inferInsert) {
    const [row] = await db.insert(topupRequests).values(values).returning();
    return row!;
  },
  async topupRequest(db: Executor, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(topupRequests)
      .where(and(eq(topupRequests.userId, userId), eq(topupRequests.id, id)));
    return row;
  },
  /** Whether this transfer was credited (or seen and credited nothing) already. */
  async hasDeposit(db: Executor, key: TransferKey): Promise<boolean> {
    const [row] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(eq(deposits.chainId, key.chainId), eq(deposits.txHash, key.txHash), eq(deposits.logIndex, key.logIndex)),
      )
      .limit(1);
    return Boolean(row);
  },
  /** Records the rejection once per (chain, tx, log); false when it was recorded before. */
  async insertRejection(tx: Tx, values: RejectedDepositInsert): Promise<boolean> {
    const rows = await tx
      .insert(rejectedDeposits)
      .values(values)
      .onConflictDoNothing({ target: [rejectedDeposits.chainId, rejectedDeposits.txHash, rejectedDeposits.logIndex] })
      .returning({ id: rejectedDeposits.id });
    return rows.length === 1;
  },
  /** Credits a chunk's transfers in one call (api_credit_deposits): one result per transfer, in order. */
  async creditDeposits(db: Executor, transfers: DepositCredit[], now: Date): Promise<CreditResult[]> {
    const [row] = await creditCall(db, {
      p_transfers: JSON.stringify(transfers),
      p_now: now.toISOString(),
      p_ledger_kind: 'deposit',
      p_notification_type: 'deposit.credited',
      p_notification_category: NOTIFICATION_TYPES['deposit.credited'],
    });
    return row!.results;
  },
  async depositsSince(db: Executor, userId: string, since: Date) {
    return db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), gte(deposits.seenAt, since)))
      .orderBy(desc(deposits.seenAt));
  },
};
