import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { simulatedTransfers } from '../db/schema.js';
import { inTransaction, type Tx } from '../db/transaction.js';
import type { TreasuryChain } from '../treasury-runner/types.js';
import type { ChainScanner, ObservedTransfer } from './types.js';

/** Chain id used for the in-process simulated chain (not a real network). */
export const SIMULATED_CHAIN_ID = 31_337_001;
/** Simulated USDT uses BSC's 18 decimals so the same conversion path runs as for real payments. */
export const SIMULATED_DECIMALS = 18;
/** The development treasury when TREASURY_ADDRESS is unset: an address nobody holds a key to (no gas there). */
export const SIMULATED_TREASURY = '0x5e7e000000000000000000000000000000000001';

type TransferRow = typeof simulatedTransfers.$inferSelect;

const observed = (r: TransferRow): ObservedTransfer => ({
  chainId: SIMULATED_CHAIN_ID,
  txHash: r.txHash,
  logIndex: 0,
  blockNumber: r.blockNumber,
  from: r.fromAddress ?? '0x0000000000000000000000000000000000000000',
  to: r.toAddress,
  amountRaw: BigInt(r.amountRaw),
  decimals: SIMULATED_DECIMALS,
});

/** What stands for a signed transaction on the simulated chain. */
interface SimulatedRawTx {
  from: string;
  to: string;
  amountRaw: string;
  nonce: number;
  txHash: string;
}

/**
 * A chain kept in a database table: each transfer is one block, and every block is final (no confirmations,
 * no reorgs, no gas). The watcher reads it exactly as it reads BSC, so `npm run chain:pay`, the "Send test
 * payment" button and the treasury's sweeps and payouts exercise the real ingestion and confirmation.
 */
export function createSimulatedChain(db: Db, clock: Clock) {
  async function tokenBalance(address: string, on: Db | Tx = db): Promise<bigint> {
    const a = address.toLowerCase();
    const [row] = await on
      .select({
        balance: sql<string>`(coalesce(sum(case when ${simulatedTransfers.toAddress} = ${a} then ${simulatedTransfers.amountRaw}::numeric else 0 end), 0)
          - coalesce(sum(case when ${simulatedTransfers.fromAddress} = ${a} then ${simulatedTransfers.amountRaw}::numeric else 0 end), 0))::text`,
      })
      .from(simulatedTransfers)
      .where(
        and(
          eq(simulatedTransfers.reverted, false),
          sql`(${simulatedTransfers.toAddress} = ${a} or ${simulatedTransfers.fromAddress} = ${a})`,
        ),
      );
    return BigInt(row?.balance ?? '0');
  }

  /** Transfers that moved money (not reverted) in blocks [fromBlock, toBlock] matching `which`. */
  async function confirmedIn(fromBlock: bigint, toBlock: bigint, which?: SQL): Promise<ObservedTransfer[]> {
    const rows = await db
      .select()
      .from(simulatedTransfers)
      .where(
        and(
          gte(simulatedTransfers.blockNumber, fromBlock),
          lte(simulatedTransfers.blockNumber, toBlock),
          eq(simulatedTransfers.reverted, false),
          which,
        ),
      );
    return rows.map(observed);
  }

  /**
   * Mines one block. Its number is drawn from the sequence under the table's lock: drawn freely, numbers follow
   * call order while rows commit in any order, so a scan could read block n + 1 while block n was still being
   * written, move its cursor past n, and never credit it (a CI stress run lost a test payment so). Under the
   * lock a block is numbered and committed before the next is numbered. A transfer from a sender reverts when
   * the sender holds less than it sends, judged under the same lock.
   */
  async function append(values: Omit<typeof simulatedTransfers.$inferInsert, 'blockNumber' | 'reverted'>) {
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`lock table simulated_transfers in share row exclusive mode`);
      const from = values.fromAddress;
      const reverted = from != null && (await tokenBalance(from, tx)) < BigInt(values.amountRaw);
      await tx
        .insert(simulatedTransfers)
        .values({ ...values, reverted })
        .onConflictDoNothing({ target: simulatedTransfers.txHash });
    });
  }

  const scanner: ChainScanner = {
    name: 'simulated',
    chainId: SIMULATED_CHAIN_ID,
    maxRange: 5_000n,
    confirmations: 0,
    async safeHead() {
      const [row] = await db
        .select({ head: sql<string>`coalesce(max(${simulatedTransfers.blockNumber}), 0)::text` })
        .from(simulatedTransfers);
      return BigInt(row?.head ?? '0');
    },
    // Every transfer in the range (a primary-key range read): the watcher asks which recipients are ours.
    transfers: (fromBlock, toBlock) => confirmedIn(fromBlock, toBlock),
    outgoing: (fromBlock, toBlock, from) =>
      confirmedIn(fromBlock, toBlock, eq(simulatedTransfers.fromAddress, from.toLowerCase())),
    async transaction(txHash) {
      const [row] = await db
        .select()
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.txHash, txHash.toLowerCase()));
      if (!row) return null;
      if (row.reverted) return { succeeded: false, blockNumber: row.blockNumber, confirmations: 1, transfers: [] };
      return { succeeded: true, blockNumber: row.blockNumber, confirmations: 1, transfers: [observed(row)] };
    },
    async holdings(addresses) {
      const token = new Map<string, bigint>();
      for (const address of addresses) token.set(address.toLowerCase(), await tokenBalance(address));
      return { token, gasWei: 0n, sweepGasWei: 0n, decimals: SIMULATED_DECIMALS };
    },
  };

  /** The treasury command's view of the same table: transfers are signed by address alone, and cost no gas. */
  const treasuryChain: TreasuryChain = {
    name: 'simulated',
    chainId: SIMULATED_CHAIN_ID,
    decimals: SIMULATED_DECIMALS,
    tokenBalance,
    nativeBalance: async () => 0n,
    gasCosts: async () => ({ tokenTransfer: 0n, nativeTransfer: 0n }),
    async minedNonce(address) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.fromAddress, address.toLowerCase()));
      return row?.count ?? 0;
    },
    async signTokenTransfer(signer, to, amountRaw, nonce) {
      const from = signer.address.toLowerCase();
      // One hash per (sender, nonce): signing the same slot twice cannot make two transactions.
      const txHash = `0x${createHash('sha256').update(`${SIMULATED_CHAIN_ID}:${from}:${nonce}`).digest('hex')}`;
      const raw: SimulatedRawTx = { from, to: to.toLowerCase(), amountRaw: amountRaw.toString(), nonce, txHash };
      return { txHash, rawTx: JSON.stringify(raw), nonce, from, to: raw.to, amountRaw };
    },
    signNativeTransfer() {
      return Promise.reject(new Error('The simulated chain has no gas: nothing to top up.'));
    },
    async broadcast(rawTx) {
      const tx = JSON.parse(rawTx) as SimulatedRawTx;
      if ((await treasuryChain.receipt(tx.txHash)) !== null) return;
      // As on a real chain, a transfer of more than the sender holds is mined and reverts: its nonce is used.
      await append({
        txHash: tx.txHash,
        fromAddress: tx.from,
        nonce: tx.nonce,
        toAddress: tx.to,
        amountRaw: tx.amountRaw,
        createdAt: clock.now(),
      });
    },
    async receipt(txHash) {
      const found = await scanner.transaction(txHash);
      return found === null ? null : found.succeeded ? 'success' : 'reverted';
    },
  };

  return {
    scanner,
    treasuryChain,
    /** Appends a payment of `usdtMicro` (USD micro-units) to `to` from outside; returns its transaction hash. */
    async pay(to: string, usdtMicro: bigint): Promise<string> {
      const txHash = `0x${randomBytes(32).toString('hex')}`;
      await append({
        txHash,
        toAddress: to.toLowerCase(),
        amountRaw: (usdtMicro * 10n ** BigInt(SIMULATED_DECIMALS - 6)).toString(),
        createdAt: clock.now(),
      });
      return txHash;
    },
  };
}

export type SimulatedChain = ReturnType<typeof createSimulatedChain>;
